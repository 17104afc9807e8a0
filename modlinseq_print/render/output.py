"""Choosing the writer from the file extension and writing every output file atomically.

A PDF holds every page of a document. SVG and PNG hold one page each, so a document of several pages
becomes one file per page, numbered from 1: `board.svg` -> `board-1.svg`, `board-2.svg`, ... A name
without an extension gets the format's (`-o kit --format png` -> `kit-1.png`, ...).
"""

from __future__ import annotations

from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.render.scene import Document

FORMATS = ("pdf", "svg", "png")


class FormatError(ModlinseqError):
    """An output format that is unknown or cannot be inferred."""


def formats() -> tuple[str, ...]:
    """The output formats, for a CLI's --format choices."""
    return FORMATS


def format_for(path: str | Path, fmt: str | None = None) -> str:
    """The output format: `fmt` when given, else the file extension."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if fmt:
        name = fmt.lower().lstrip(".")
        if name not in FORMATS:
            raise FormatError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")
        if suffix in FORMATS + ("dxf",) and suffix != name:
            raise FormatError(f"--format {name} contradicts the file name {str(path)!r}: "
                              f"name it .{name} or leave out --format")
        return name
    if suffix not in FORMATS:
        raise FormatError(f"cannot tell the format of {str(path)!r} from its extension: "
                          f"name it .pdf, .svg or .png, or give --format")
    return suffix


def page_paths(path: str | Path, count: int, fmt: str) -> list[Path]:
    """The files a document of `count` pages is written to in a one-page-per-file format.

    A name without an extension gets the format's: `-o kitpng --format png` writes kitpng-1.png, ...
    """
    target = Path(path)
    if not target.suffix and not target.is_dir():  # x.tmp stays x.tmp; a directory stays an error
        target = target.with_name(target.name + "." + fmt)
    if count <= 1:
        return [target]
    return [target.with_name(f"{target.stem}-{n}{target.suffix}") for n in range(1, count + 1)]


def render_pages(document: Document, fmt: str, dpi: float = 150.0, press=None) -> list[bytes]:
    """The bytes of each output file: one PDF (press-ready with `press`, a PressOptions), or one SVG/PNG per page."""
    if fmt == "pdf":
        from modlinseq_print.render.pdf_writer import document_to_pdf

        return [document_to_pdf(document, press)]
    if fmt == "svg":
        from modlinseq_print.render.svg_writer import scene_to_svg

        return [scene_to_svg(page.scene) for page in document.pages]
    from modlinseq_print.render.png_writer import scene_to_png

    return [scene_to_png(page.scene, dpi) for page in document.pages]


def write_output(document: Document, path: str | Path, fmt: str | None = None, dpi: float = 150.0,
                 press=None) -> list[Path]:
    """Write a document as PDF, SVG or PNG (from the extension unless `fmt` is given); return the files written.

    Nothing is left behind on error: each file is written atomically, and files already written by this
    call are removed if a later one fails.
    """
    kind = format_for(path, fmt)
    if not document.pages:
        raise FormatError("nothing to write: the document has no pages")
    payloads = render_pages(document, kind, dpi, press)
    return write_files_atomic(list(zip(page_paths(path, len(payloads), kind), payloads)))
