"""The front door's solids: mp.pieces3d and mp.rack write the bytes the `pieces3d` and `rack` commands write, and
refuse what the commands refuse, in one line."""

import pytest

import modlinseq_print as mp
from modlinseq_print.errors import ModlinseqError
from test_api import dirs, same_files  # noqa: F401 (dirs: the fixture of an api and a cli folder)

pytest.importorskip("manifold3d")


def test_the_front_door_lists_the_solids():
    assert {"pieces3d", "rack"} <= set(dir(mp)) and {"pieces3d", "rack"} <= set(mp.__all__)
    assert callable(mp.pieces3d) and callable(mp.rack)


@pytest.mark.parametrize("call, args, name", [
    (lambda: mp.pieces3d(5, 1, markers="5-6", wild=1), ["--modulus", "5", "--copies", "1", "--markers", "5-6",
                                                        "--wild", "1"], "set.3mf"),
    (lambda: mp.pieces3d(preset="starter", copies=1, style="standing", number="inlay", cue="dot", width="30mm"),
     ["--preset", "starter", "--copies", "1", "--style", "standing", "--number", "inlay", "--dot",
      "--tile-width", "30mm"], "set.stl"),
], ids=["3mf with markers and a picture", "stl from a preset"])
def test_pieces3d_writes_what_the_command_writes(call, args, name, cli, dirs):
    api, out = dirs
    preview = ["--preview", str(out / "plate.png")] if name.endswith("3mf") else []
    written = call().save(api / name, bed="200x180mm", spacing="4mm",
                          preview=api / "plate.png" if preview else None)
    assert cli("pieces3d", *args, "--bed", "200x180mm", "--spacing", "4mm", "-o", out / name, *preview).status == 0
    assert sorted(p.name for p in written) == sorted(p.name for p in api.iterdir())
    same_files(api, out)


@pytest.mark.parametrize("name, laser, flags", [
    ("rack.3mf", {}, []),
    ("rack.stl", {}, []),
    ("rack.svg", {"material": "4mm", "kerf": "0.15mm", "cut_color": "#0000ff", "no_engrave": True},
     ["--material", "4mm", "--kerf", "0.15mm", "--cut-color", "#0000ff", "--no-engrave"]),
    ("rack.dxf", {"no_reference": True}, ["--no-reference"]),
])
def test_rack_writes_what_the_command_writes(name, laser, flags, cli, dirs):
    api, out = dirs
    mp.rack(hand=5, copies=2, preset="starter", style="standing").save(api / name, spacing="5mm", **laser)
    assert cli("rack", "--hand", "5", "--copies", "2", "--preset", "starter", "--style", "standing",
               "--spacing", "5mm", *flags, "-o", out / name).status == 0
    same_files(api, out)


@pytest.mark.parametrize("make, words", [
    (lambda p: mp.rack().save(p / "rack.3mf", kerf="0.1mm"), "kerf is an option of the laser-cut rack"),
    (lambda p: mp.rack().save(p / "rack.obj"), "rack.obj' from its extension: name it .3mf, .stl, .svg or .dxf"),
    (lambda p: mp.rack().save(p / "rack.svg", format="dxf"), "contradicts the file name"),
    (lambda p: mp.rack(copies=21), "make 1 to 20"),
    (lambda p: mp.rack(hand=31), "a hand of 1 to 30"),
    (lambda p: mp.rack(hand=9).save(p / "rack.3mf"), "use a larger bed or a smaller hand"),
    (lambda p: mp.pieces3d(5, 1, width="120mm").save(p / "set.3mf", bed="100x100mm"), "or a smaller width"),
    (lambda p: mp.rack(hand=20).save(p / "rack.svg", bed="200x200mm"), "use a larger bed or a smaller hand"),
    (lambda p: mp.pieces3d(5, 1).save(p / "set.3mf", preview=p / "plate.jpg"), "name it .png"),
    (lambda p: mp.pieces3d(5, 1, style="lying"), "use one of flat, standing"),
    (lambda p: mp.pieces3d(5, 1, thickness="41mm"), "1 to 40 mm"),
    (lambda p: mp.pieces3d(5, 1).save(p / "set.3mf", bed="10x10mm"), "20 to 1000 mm"),
    (lambda p: mp.pieces3d(5, 1, width="8mm").save(p / "set.3mf"), "tile width"),
])
def test_what_the_commands_refuse_is_refused_in_one_line(make, words, tmp_path):
    with pytest.raises(ModlinseqError) as error:
        make(tmp_path)
    assert words in str(error.value) and "\n" not in str(error.value) and "--" not in str(error.value)
    assert list(tmp_path.iterdir()) == []
