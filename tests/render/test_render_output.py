"""Choosing the writer from the extension, one file per page for SVG/PNG, and nothing left behind on error."""

import os

import pytest

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.output import FormatError, format_for, formats, page_paths, write_output
from modlinseq_print.render.scene import Document, Page, Polygon, Scene


def document(pages=2):
    scenes = []
    for k in range(pages):
        scene = Scene(50.0, 40.0)
        scene.add(Polygon(((5, 5), (20 + k, 5), (20, 30))))
        scenes.append(Page(scene, bookmark=f"page {k + 1}"))
    return Document(scenes)


def test_format_from_extension_and_override():
    assert formats() == ("pdf", "svg", "png")
    assert format_for("a/b.PDF") == "pdf" and format_for("b.svg") == "svg" and format_for("x.png") == "png"
    assert format_for("x.dat", "svg") == "svg"
    with pytest.raises(FormatError, match="extension"):
        format_for("board.jpg")
    with pytest.raises(FormatError, match="unknown format"):
        format_for("board.pdf", "tiff")


def test_pdf_is_one_file_svg_and_png_one_per_page(tmp_path):
    assert write_output(document(), tmp_path / "doc.pdf") == [tmp_path / "doc.pdf"]
    svgs = write_output(document(), tmp_path / "doc.svg")
    assert svgs == [tmp_path / "doc-1.svg", tmp_path / "doc-2.svg"]
    assert svgs[0].read_bytes() != svgs[1].read_bytes()
    assert write_output(document(1), tmp_path / "one.png", dpi=30) == [tmp_path / "one.png"]
    assert page_paths("out/b.svg", 3, "svg")[2].name == "b-3.svg"
    assert sorted(os.listdir(tmp_path)) == ["doc-1.svg", "doc-2.svg", "doc.pdf", "one.png"]


def test_unwritable_path_is_an_error_and_leaves_nothing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(ModlinseqError) as caught:
        write_output(document(), blocker / "doc.svg")
    assert "\n" not in str(caught.value)
    assert sorted(os.listdir(tmp_path)) == ["file"]
    with pytest.raises(ModlinseqError, match="directory"):
        write_output(document(1), tmp_path, "svg")
