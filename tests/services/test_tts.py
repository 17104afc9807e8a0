"""Tabletop Simulator export: the JSON parses and keeps to the published field definitions, every image it
names exists at the stated size, the bags hold the preset's counts, and the deck is a 10 x 7 sheet of 52."""

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from cli_helpers import assert_one_line_error
from modlinseq_print.cli import main
from modlinseq_print.kits.build import kit_pieces
from modlinseq_print.kits.preset_loading import load_preset
from tts_format import save_problems


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tts")
    assert main(["tts", "standard", "-o", str(folder / "tts")]) == 0
    (path,) = (folder / "tts").glob("*.json")
    return folder / "tts", json.loads(path.read_text())


def objects(save, name):
    return [o for o in save["ObjectStates"] if o["Name"] == name]


def image_path(url):
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


def test_the_json_keeps_to_the_published_field_definitions(export):
    _, save = export
    assert save_problems(save) == []
    assert [o["Name"] for o in save["ObjectStates"]] == ["Custom_Board", "Bag", "Bag", "Bag", "DeckCustom"]
    guids = []

    def walk(obj):
        guids.append(obj["GUID"])
        for inner in obj.get("ContainedObjects", []):
            walk(inner)
    for obj in save["ObjectStates"]:
        walk(obj)
    assert len(guids) == len(set(guids)) and all(len(g) == 6 for g in guids)


def test_the_validator_can_fail():
    from tts_format import save_problems as check

    assert check({"SaveName": "x", "ObjectStates": [{"Name": "Custom_Token", "Transform": {}, "Colour": 1}]})


def test_every_image_named_exists_at_its_size_and_tokens_are_transparent_pentagons(export):
    folder, save = export
    (board,) = objects(save, "Custom_Board")
    board_image = Image.open(image_path(board["CustomImage"]["ImageURL"]))
    width_mm, height_mm = (float(v) for v in board["Description"].split(" mm")[0].split(" x "))
    assert max(board_image.size) == 4096  # true proportions at the largest side we give
    assert board_image.size[0] / board_image.size[1] == pytest.approx(width_mm / height_mm, abs=0.002)
    urls = set()
    for bag in objects(save, "Bag"):
        for token in bag["ContainedObjects"]:
            urls |= {token["CustomImage"]["ImageURL"], token["CustomImage"]["ImageSecondaryURL"]}
    sizes = {Image.open(image_path(url)).size for url in urls}
    assert len(sizes) == 1  # every face and back the same size
    for url in urls:
        image = Image.open(image_path(url)).convert("RGBA")
        w, h = image.size
        assert image.getpixel((0, 0))[3] == 0 and image.getpixel((w - 1, h - 1))[3] == 0  # outside the pentagon
        assert image.getpixel((w // 2, h // 2))[3] == 255 and image.getpixel((w // 2, h // 10))[3] == 255  # body, apex
    files = {p.name for p in (folder / "images").iterdir()}
    stem = next(folder.glob("*.json")).stem  # every image is named after the saved object's file
    assert files == {image_path(u).name for u in urls} | {f"{stem}.{name}" for name in
                                                          ("board.png", "deck-faces.png", "deck-back.png")}


def test_the_bags_hold_the_presets_counts(export):
    _, save = export
    pieces = kit_pieces(load_preset("standard"))
    counts = {kind: sum(p.kind == kind for p in pieces) for kind in ("number", "wild", "blocker", "marker")}
    bags = {bag["Nickname"]: bag["ContainedObjects"] for bag in objects(save, "Bag")}
    assert {name: len(tokens) for name, tokens in bags.items()} == {
        "Number tiles": counts["number"], "Wild tiles": counts["wild"], "Modulus markers": counts["marker"]}
    assert counts["blocker"] == 0 and "Blockers" not in bags
    numbers = sorted(int(t["Nickname"]) for t in bags["Number tiles"])
    assert numbers == sorted(p.value for p in pieces if p.kind == "number")
    sevens = {t["CustomImage"]["ImageURL"] for t in bags["Number tiles"] if t["Nickname"] == "7"}
    assert len(sevens) == 1 and sevens.pop().endswith(".number-7.png")


def test_the_deck_is_a_10_by_7_sheet_of_52_cards(export):
    _, save = export
    (deck,) = objects(save, "DeckCustom")
    (custom,) = deck["CustomDeck"].values()
    assert (custom["NumWidth"], custom["NumHeight"]) == (10, 7)
    assert deck["DeckIDs"] == list(range(100, 152)) == [c["CardID"] for c in deck["ContainedObjects"]]
    sheet = Image.open(image_path(custom["FaceURL"])).convert("L")
    back = Image.open(image_path(custom["BackURL"]))
    assert max(sheet.size) <= 4096 and sheet.size == (10 * back.size[0], 7 * back.size[1])
    cell_w, cell_h = back.size
    for index in range(70):  # a card in each of the first 52 cells, the rest blank
        cell = sheet.crop(((index % 10) * cell_w, (index // 10) * cell_h, (index % 10 + 1) * cell_w,
                           (index // 10 + 1) * cell_h))
        assert (min(cell.get_flattened_data()) < 100) == (index < 52), index


def test_base_url_names_every_image_by_the_address_and_the_same_preset_writes_the_same_files(tmp_path):
    for name in ("a", "b"):
        assert main(["tts", "starter", "-o", str(tmp_path / name), "--base-url", "https://example.org/mod/"]) == 0
    (path,) = (tmp_path / "a").glob("*.json")
    text = path.read_text()
    assert "file://" not in text and text.count("https://example.org/mod/") > 10
    assert f'"https://example.org/mod/{path.stem}.board.png"' in text
    for file in (tmp_path / "a").rglob("*.*"):
        assert file.read_bytes() == (tmp_path / "b" / file.relative_to(tmp_path / "a")).read_bytes()


@pytest.mark.parametrize("argv, words", [
    (["--base-url", "ftp://x.org/a"], ["--base-url", "http"]),
    (["--base-url", "https://x.org/a b"], ["--base-url"]),
    (["nosuchpreset"], ["nosuchpreset"]),
])
def test_bad_tts_input_is_one_line(tmp_path, cli, argv, words):
    assert_one_line_error(cli("tts", *argv, "-o", tmp_path / "out"), *words, folder=tmp_path / "out")
