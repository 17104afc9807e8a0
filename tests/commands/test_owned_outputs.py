"""A run that writes a set of files owns the set: what an earlier run of the same name left and this run does not
write is removed, and said; Tabletop Simulator exports of several presets share a folder without mixing images."""

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

from cli_helpers import files_in

OLD = b"an earlier run"


def test_a_multi_page_run_removes_the_single_page_of_an_earlier_run(cli, tmp_path):
    (tmp_path / "b.svg").write_bytes(OLD)
    result = cli("board", "--board", "hex:5", "-o", tmp_path / "b.svg")
    assert result.status == 0, result
    assert files_in(tmp_path) == ["b-1.svg", "b-2.svg", "b-3.svg"]
    assert "removed 1 stale page of an earlier run (" in result.out and "b.svg)" in result.out


def test_a_three_plate_run_after_a_one_plate_run_leaves_no_old_plate(cli, tmp_path):
    one = cli("pieces3d", "--modulus", "5", "--copies", "1", "-o", tmp_path / "p.3mf")
    assert one.status == 0 and "p.3mf" in files_in(tmp_path), one
    three = cli("pieces3d", "--bed", "120x120mm", "-o", tmp_path / "p.3mf")
    assert three.status == 0, three
    plates = [name for name in files_in(tmp_path) if name.endswith(".3mf")]
    assert "p.3mf" not in plates and len(plates) > 1
    assert "removed 1 stale file of an earlier run" in three.out
    again = cli("pieces3d", "--modulus", "5", "--copies", "1", "-o", tmp_path / "p.3mf")
    assert [n for n in files_in(tmp_path) if n.endswith(".3mf")] == ["p.3mf"]
    assert f"removed {len(plates)} stale files of an earlier run" in again.out


def image_files(save: dict) -> set[Path]:
    """Every image file a saved object names by its file:/// address."""
    text = json.dumps(save)
    urls = {word for word in text.split('"') if word.startswith("file:///")}
    return {Path(unquote(urlparse(url).path)) for url in urls}


def test_two_presets_in_one_tts_folder_keep_their_own_images(cli, tmp_path):
    alone = tmp_path / "alone"
    assert cli("tts", "standard", "-o", alone).status == 0
    shared = tmp_path / "shared"
    for preset in ("standard", "starter"):
        assert cli("tts", preset, "-o", shared).status == 0
    saves = {path.stem: json.loads(path.read_text()) for path in shared.glob("*.json")}
    assert len(saves) == 2
    named = {stem: image_files(save) for stem, save in saves.items()}
    for stem, images in named.items():
        assert all(path.is_file() for path in images), stem
    assert not set.intersection(*named.values())  # no image is named by both
    standard = next(stem for stem in saves if "standard" in stem)
    for path in named[standard]:  # the first preset's images are still its own
        assert path.read_bytes() == (alone / "images" / path.name).read_bytes()
    assert set(files_in(shared / "images")) == {path.name for images in named.values() for path in images}


def test_a_tts_rerun_removes_its_own_stale_images_and_no_others(cli, tmp_path):
    assert cli("tts", "standard", "-o", tmp_path).status == 0
    (stem,) = (path.stem for path in tmp_path.glob("*.json"))
    (tmp_path / "images" / f"{stem}.number-99.png").write_bytes(OLD)  # as a bigger set of this preset left it
    (tmp_path / "images" / "photo.png").write_bytes(OLD)  # not the preset's
    result = cli("tts", "standard", "-o", tmp_path)
    assert result.status == 0, result
    assert f"removed 1 stale image of an earlier run ({tmp_path / 'images' / stem}.number-99.png)" in result.out
    assert (tmp_path / "images" / "photo.png").read_bytes() == OLD
    assert not (tmp_path / "images" / f"{stem}.number-99.png").exists()


def test_a_folder_name_too_long_for_the_system_is_one_line(cli, tmp_path):
    """Looking for what an earlier run left must not fail on a folder the system cannot name (it was exit 70)."""
    from cli_helpers import assert_one_line_error

    result = cli("tts", "-o", tmp_path / ("x" * 5000))
    assert_one_line_error(result, "cannot write ...", "File name too long", folder=tmp_path)
