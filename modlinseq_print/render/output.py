"""Choosing the writer from the file extension and writing every output file atomically.

A PDF holds every page of a document. SVG and PNG hold one page each, so a document of several pages
becomes one file per page, numbered from 1: `board.svg` -> `board-1.svg`, `board-2.svg`, ... A name
without an extension gets the format's (`kit` in PNG -> `kit-1.png`, ...). Numbered pages of the
same name left by an earlier, bigger run (`board-5.svg`, ...) are removed in the same all-or-nothing write.

WRITERS is the one writer table, chosen by extension: each writer turns a Document into the bytes of its
files (PDF: one file; SVG, PNG, DXF: one per page); save() writes them to a path or a binary file object.
An SVG or PNG page holds only what shows on it (render/culling.py): a tiled board page, which a PDF draws
through a window onto the one copy of the board it stores, keeps just the cells of its window.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import BinaryIO, Callable

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.fileio import leftovers, write_files_atomic
from modlinseq_print.inputs import excerpt, short_path
from modlinseq_print.render.culling import Indexes, culled
from modlinseq_print.render.scene import Document

FORMATS = ("pdf", "svg", "png")


class FormatError(FieldError):
    """An output format that is unknown or cannot be inferred (its field: format)."""


def formats() -> tuple[str, ...]:
    """The output formats, for a command line's choices."""
    return FORMATS


def format_for(path: str | Path, fmt: str | None = None, formats: tuple[str, ...] = FORMATS) -> str:
    """The output format, one of `formats` (the pages' by default): `fmt` when given (it must agree with the
    file's extension), else the file's extension."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if fmt:
        name = fmt.lower().lstrip(".")
        if name not in formats:
            raise FormatError(f"unknown format {excerpt(fmt)}: use one of {', '.join(formats)}", "format", formats)
        if suffix in formats + ("dxf",) and suffix != name:
            raise FormatError(f"{mention('format', name)} contradicts the file name {short_path(path)!r}: "
                              f"name it .{name} or leave out {mention('format')}", "format", formats)
        return name
    if suffix not in formats:
        names = [f".{name}" for name in formats]
        raise FormatError(f"cannot tell the format of {short_path(path)!r} from its extension: "
                          f"name it {', '.join(names[:-1])} or {names[-1]}, or give {mention('format')}", "format",
                          formats)
    return suffix


def page_paths(path: str | Path, count: int, fmt: str) -> list[Path]:
    """The files a document of `count` pages is written to in a one-page-per-file format.

    A name without an extension gets the format's: `kitpng` in PNG is written as kitpng-1.png, ...
    """
    target = Path(path)
    if not target.suffix and not target.is_dir():  # x.tmp stays x.tmp; a directory stays an error
        target = target.with_name(target.name + "." + fmt)
    if count <= 1:
        return [target]
    return [target.with_name(f"{target.stem}-{n}{target.suffix}") for n in range(1, count + 1)]


def stale_pages(path: str | Path, count: int, fmt: str) -> list[Path]:
    """The files of this write's name set that it does not write, left by an earlier run: numbered pages
    NAME-K.ext beyond this run's (or all of them, for one page) and, for several pages, the single NAME.ext
    of a one-page run; they are removed with the write (fileio.leftovers)."""
    first = page_paths(path, 1, fmt)[0]
    keep = set(page_paths(path, count, fmt)) if count > 1 else {first}
    stem, suffix = re.escape(first.stem), re.escape(first.suffix)
    return leftovers(first.parent, re.compile(f"{stem}(?:-[1-9][0-9]*)?{suffix}"), keep)


def page_files(path: str | Path, payloads: list[bytes], fmt: str) -> list[tuple[Path, bytes | None]]:
    """The (path, bytes) of each page file, then (stale page, None) for each stale page to remove."""
    files: list[tuple[Path, bytes | None]] = list(zip(page_paths(path, len(payloads), fmt), payloads))
    if fmt != "pdf":
        files += [(stale, None) for stale in stale_pages(path, len(payloads), fmt)]
    return files


PageCallback = Callable[[str], None] | None  # called with a label after each page is rendered (a progress bar's step)


def _each(pages, progress: PageCallback, render) -> list[bytes]:
    """render(page) for every page, calling progress after each."""
    out = []
    for number, page in enumerate(pages, start=1):
        out.append(render(page))
        if progress:
            progress(f"page {number}")
    return out


def _pdf(document: Document, dpi: float, press, progress: PageCallback = None, **_) -> list[bytes]:
    from modlinseq_print.render.pdf_writer import document_to_pdf

    return [document_to_pdf(document, press, progress)]


def _svg(document: Document, dpi: float, press, progress: PageCallback = None, **_) -> list[bytes]:
    from modlinseq_print.render.svg_writer import scene_to_svg

    indexes = Indexes()  # each page holds only what shows on it (render/culling.py)
    return _each(document.pages, progress, lambda page: scene_to_svg(culled(page.scene, indexes)))


def _png(document: Document, dpi: float, press, progress: PageCallback = None,
         background: str | None = "#ffffff") -> list[bytes]:
    from modlinseq_print.render.png_writer import check_resolution, scene_to_png

    for page in document.pages:  # every page's size is checked before the first is drawn
        check_resolution(page.scene, dpi)
    indexes = Indexes()
    return _each(document.pages, progress, lambda page: scene_to_png(culled(page.scene, indexes), dpi, background))


def _dxf(document: Document, dpi: float, press, progress: PageCallback = None, **_) -> list[bytes]:
    from modlinseq_print.render.dxf_writer import scene_to_dxf

    return _each(document.pages, progress, lambda page: scene_to_dxf(page.scene))


#: The writer of each format, by extension: Document, dpi, press options (and, optionally, a progress
#: callback called after each page, and a PNG background) -> the bytes of each file.
WRITERS: dict[str, Callable[..., list[bytes]]] = {
    "pdf": _pdf, "svg": _svg, "png": _png, "dxf": _dxf}


def render_pages(document: Document, fmt: str, dpi: float = 150.0, press=None,
                 progress: PageCallback = None, background: str | None = "#ffffff") -> list[bytes]:
    """The bytes of each output file: one PDF (press-ready with `press`, a PressOptions), or one SVG/PNG/DXF
    per page; `progress`, when given, is called with a label after each page; PNG pages get `background`
    (None: transparent)."""
    if fmt not in WRITERS:
        raise FormatError(f"unknown format {fmt!r}: use one of {', '.join(WRITERS)}")
    return WRITERS[fmt](document, dpi, press, progress, background=background)


def save(document: Document, out: str | Path | BinaryIO, fmt: str | None = None, dpi: float = 150.0,
         press=None) -> list[Path]:
    """Write a document to a path (as write_output) or to a binary file object (`fmt` required unless
    the object has a .name with an extension; one file only: a PDF, or a one-page SVG/PNG/DXF)."""
    if isinstance(out, (str, Path)):
        return write_output(document, out, fmt, dpi, press)
    name = getattr(out, "name", "")
    kind = (fmt or Path(str(name)).suffix.lstrip(".")).lower()
    if kind not in WRITERS:
        raise FormatError(f"cannot tell the format of a file object: give fmt, one of {', '.join(WRITERS)}")
    payloads = render_pages(document, kind, dpi, press)
    if len(payloads) != 1:
        raise FormatError(f"{len(payloads)} pages of {kind.upper()} make {len(payloads)} files: "
                          f"write to a path, or use PDF")
    out.write(payloads[0])
    return []


def write_output(document: Document, path: str | Path, fmt: str | None = None, dpi: float = 150.0,
                 press=None, progress: PageCallback = None) -> list[Path]:
    """Write a document as PDF, SVG or PNG (from the extension unless `fmt` is given); return the files written.

    All or nothing (see fileio): on error every file is as it was; stale numbered pages are removed.
    `progress`, when given, is called with a label after each page is rendered.
    """
    kind = format_for(path, fmt)
    if not document.pages:
        raise FormatError("nothing to write: the document has no pages")
    payloads = render_pages(document, kind, dpi, press, progress)
    return write_files_atomic(page_files(path, payloads, kind))
