"""The boxes: their inner size, read back from the generated nets, fits the pieces with 1 to 2 mm of play;
cut and fold lines stay distinct in plain, press-ready and print-and-cut output; bad values are one line."""

from __future__ import annotations

import math
import subprocess
import xml.etree.ElementTree as ET

import pytest

from modlinseq_print.printables.box_pages import CUT, FOLD
from modlinseq_print.printables.box_sets import DECK_CARD, deck_box, piece_size, pieces_box
from modlinseq_print.printables.boxes import BoxError, card_thickness
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Polygon

from cli_helpers import assert_one_line_error

A4 = make_sheet("a4", "10mm")
CARD = 300
THICK = card_thickness(CARD)


def _key(point):
    return round(point[0], 3), round(point[1], 3)


def base_rectangle(net):
    """The base of a tray net: the four folds that close a rectangle. Its length (across the folds that hinge
    the glue tabs: the long walls carry the tabs), its width, and the depth (the length of those hinges)."""
    folds = [(_key(a), _key(b)) for a, b in net.folds]
    ends = {}
    for fold in folds:
        for point in fold:
            ends.setdefault(point, []).append(fold)
    for first in folds:
        for second in ends[first[1]] + ends[first[0]]:
            corners = {first[0], first[1], *second}
            xs, ys = sorted({x for x, _ in corners}), sorted({y for _, y in corners})
            if len(xs) == 2 and len(ys) == 2:
                edges = {((xs[0], y), (xs[1], y)) for y in ys} | {((x, ys[0]), (x, ys[1])) for x in xs}
                if edges <= {tuple(sorted(f)) for f in folds}:
                    hinges = [f for f in folds if tuple(sorted(f)) not in edges and set(f) & corners]
                    depth = math.dist(*hinges[0])
                    upright = hinges[0][0][0] == hinges[0][1][0]  # hinges along y: the length runs along x
                    width, height = xs[1] - xs[0], ys[1] - ys[0]
                    return (width, height, depth) if upright else (height, width, depth)
    raise AssertionError("no base in the net")


@pytest.mark.parametrize("count, width", [(130, 25.0), (130, 25.4), (147, 25.0), (38, 25.4), (990, 25.0)])
def test_the_tile_box_holds_its_pieces_with_one_to_two_mm_of_play(count, width):
    piece = piece_size(width, "pentagon", CARD)
    box = pieces_box(count, piece, CARD, 1.5, A4, "plain", "MODLINSEQ")
    tray, lid = (part.net for part in box.parts)
    length, width_, depth = base_rectangle(tray)
    tabs_inside = 3 * THICK  # half a card at each fold and a glued tab inside each wall across the length
    inner = (length - tabs_inside, width_ - THICK, depth)
    w, h, t = piece
    for across, along in ((w, h), (h, w)):  # the stacks lie either way round in the tray
        columns, rows = math.floor(inner[0] / across), math.floor(inner[1] / along)
        if columns and rows and 1.0 - 1e-6 <= inner[0] - columns * across <= 2.0 and \
                1.0 - 1e-6 <= inner[1] - rows * along <= 2.0:
            break
    else:
        raise AssertionError(f"no arrangement of {w} x {h} mm stacks leaves 1-2 mm in {inner}")
    per_stack = math.ceil(count / (columns * rows))
    assert 1.0 - 1e-6 <= inner[2] - per_stack * t <= 2.0
    assert inner == pytest.approx(box.inner, abs=1e-3)
    lid_length, lid_width, lid_depth = base_rectangle(lid)
    lid_inner = (lid_length - tabs_inside, lid_width - THICK)
    tray_outer = (length + THICK, width_ + THICK)  # half a card outside each fold
    assert all(0.5 <= a - b <= 2.5 for a, b in zip(lid_inner, tray_outer))
    assert min(12.0, inner[2]) - 1e-6 <= lid_depth <= inner[2] + 1e-6


def test_the_tuck_box_holds_the_mod13_deck_with_one_to_two_mm_of_play():
    box = deck_box(52, CARD, 1.5, A4, "plain")
    net = box.parts[0].net
    full = max(abs(a[1] - b[1]) for a, b in net.folds)
    uprights = sorted({_key(a)[0] for a, b in net.folds if a[0] == b[0] and abs(a[1] - b[1]) == pytest.approx(full)})
    left = min(x for x, _ in net.outline)
    panels = [b - a for a, b in zip([left] + uprights, uprights)]  # side, front, side, back
    assert panels[0] == pytest.approx(panels[2]) and panels[1] == pytest.approx(panels[3])
    inner = (panels[1] - THICK, full - THICK, panels[0] - 2 * THICK)
    need = (DECK_CARD[0], DECK_CARD[1], 52 * THICK)
    assert all(1.0 - 1e-6 <= have - want <= 2.0 for have, want in zip(inner, need)), (inner, need)
    assert inner == pytest.approx(box.inner, abs=1e-3)


def _lines(scene, style):
    return [i for layer in scene.layers for i in layer.items if isinstance(i, Polygon) and i.style == style]


def test_plain_output_draws_cut_lines_solid_and_folds_dashed():
    box = pieces_box(130, piece_size(25, "pentagon", CARD), CARD, 1.5, A4, "plain", "T")
    cuts, folds = _lines(box.scene, CUT), _lines(box.scene, FOLD)
    assert len(cuts) == 2 and all(c.closed and c.style.dash is None and c.style.die for c in cuts)
    assert len(folds) == sum(len(p.net.folds) for p in box.parts) and all(f.style.dash and f.style.crease
                                                                          for f in folds)
    xs = [x for c in cuts for x, _ in c.points]
    ys = [y for c in cuts for _, y in c.points]
    area = A4.printable
    assert area.x - 1e-6 <= min(xs) and max(xs) <= area.right + 1e-6 and area.y <= min(ys) and max(ys) <= area.bottom


def test_press_output_puts_the_die_line_and_the_crease_on_spot_colours_of_their_own(tmp_path, cli, require_tool):
    pikepdf = pytest.importorskip("pikepdf")
    qpdf = require_tool("qpdf")
    out = tmp_path / "box.pdf"
    assert cli("mod13", "box", "--press", "--dieline-name", "Dieline", "-o", out).status == 0
    subprocess.run([qpdf, "--check", str(out)], check=True, capture_output=True)
    pdf = pikepdf.open(out)
    names = sorted(str(group.Name) for group in pdf.Root.OCProperties.OCGs)
    assert names == ["Crease", "Dieline"]
    page = pdf.pages[0]
    spaces = {str(value[1]) for value in page.Resources.ColorSpace.values()}
    assert {"/Dieline", "/Crease"} <= spaces
    content = page.Contents.read_bytes().decode("latin-1")
    die = content[content.index("/OCDie BDC"):]
    crease = content[content.index("/OCCrease BDC"):]
    assert "[] 0 d" in die.split("EMC")[0]  # the die line solid
    assert "[3 2] 0 d" in crease.split("EMC")[0]  # the crease dashed, 3 mm on, 2 mm off


def test_print_and_cut_writes_registration_marks_and_a_cut_file_with_cut_and_score_layers(tmp_path, cli):
    out, cut = tmp_path / "box.pdf", tmp_path / "box.svg"
    result = cli("box", "standard", "--cut-file", cut, "-o", out)
    assert result.status == 0 and out.exists() and cut.exists()
    root = ET.fromstring(cut.read_bytes())
    layers = {g.get("{http://www.inkscape.org/namespaces/inkscape}label"): g for g in root.iter()
              if g.get("{http://www.inkscape.org/namespaces/inkscape}groupmode") == "layer"}
    assert {"Cut", "Score", "Registration"} <= set(layers)
    count = lambda g: sum(1 for e in g.iter() if e.tag.endswith(("polygon", "polyline", "path", "line")))  # noqa: E731
    assert count(layers["Cut"]) == 2 and count(layers["Score"]) == 16  # tray and lid: 8 folds each
    box = pieces_box(147, piece_size(25, "pentagon", CARD), CARD, 1.5, A4, "print-and-cut", "T")
    assert _lines(box.scene, CUT) == []  # the cutter cuts: no printed cut line to miss
    assert box.scene.layer("registration").items


@pytest.mark.parametrize("argv, words", [
    (["box", "--card", "90"], "a card of 90 g/m² is out of range: use 120 to 450"),
    (["box", "--play", "5mm"], "a play of 5 mm is out of range: use 1 to 2 mm"),
    (["box", "--press", "--cut-file", "x.svg"], "give one of them"),
    (["box", "--cut-file", "x.pdf"], "name it .svg or .dxf"),
    (["mod13", "box", "--cards", "500"], "give 1 to 200"),
    (["mod13", "box", "--paper", "100x150mm"], "do not fit"),
])
def test_bad_box_options_are_one_line_and_write_nothing(tmp_path, cli, argv, words):
    assert_one_line_error(cli(*argv, "-o", tmp_path / "out.pdf"), words, folder=tmp_path)


def test_too_many_pieces_for_the_paper_is_one_line():
    with pytest.raises(BoxError, match="use larger paper"):
        pieces_box(4000, piece_size(25, "pentagon", CARD), CARD, 1.5, make_sheet("a5", "10mm"), "plain", "T")
