"""Every use of reportlab's internals, in one place: what the PDF writer needs beyond the public Canvas API.

reportlab 4 (pyproject.toml pins `reportlab>=4.0,<5`) gives no public way to reach the document a canvas
is writing, the name it gives a form XObject or the page object just finished, and no per-document switch
for ASCII85 streams. The PDF writer needs each of these (compact content streams of our own, UserUnit for
huge posters); press-ready structures (the die line's resources, the output intent, the metadata) are added
afterwards with pikepdf (render/pdfx.py). Each function below names the internal it relies on, so that a
reportlab upgrade is checked here (tests/render/test_render_pdf.py and the PDF golden files in tests/golden,
compared by structure, fail if any of them changes).
"""

from __future__ import annotations

from contextlib import contextmanager

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas


def _doc(canvas: Canvas):
    """The PDFDocument a canvas writes (Canvas._doc; no public accessor)."""
    return canvas._doc


def subset_font_name(ttf, canvas: Canvas, subset: int) -> str:
    """The resource name (e.g. /F2+0) of a 256-glyph subset of an embedded TrueType font in this document."""
    return ttf.getSubsetInternalName(subset, _doc(canvas))


def split_text(ttf, canvas: Canvas, text: str) -> list[tuple[int, bytes]]:
    """(subset, codes) runs of a text in an embedded TrueType font, as reportlab's text objects set them."""
    return ttf.splitString(text, _doc(canvas))


def escape(canvas: Canvas, codes) -> str:
    """Codes escaped for a PDF string literal (Canvas._escape)."""
    return canvas._escape(codes)


def form_resource_name(canvas: Canvas, form: str) -> str:
    """The name a page's resources give the form XObject `form` (PDFDocument.getXObjectName)."""
    return _doc(canvas).getXObjectName(form)


def last_page(canvas: Canvas):
    """The page object of the page just ended by showPage (PDFDocument.Pages.pages)."""
    return _doc(canvas).Pages.pages[-1]


def end_form(canvas: Canvas, name: str) -> None:
    """End the form begun with beginForm, as Canvas.endForm does, but encode its content quickly.

    reportlab joins the form's operators (Canvas._preamble and Canvas._code) and encodes them with its
    PDFDocEncoding codec (PDFFormXObject.setStreamList), a character map that takes a quarter of a second for a
    large board's 5 MB. Our streams are ASCII (strings are escaped), which that codec leaves as they are, so
    the text is taken out before endForm and set as the form's stream (PDFFormXObject.stream, found under its
    name in PDFDocument.idToObject) encoded as ASCII after; a stream that is not plain ASCII is left to reportlab.
    """
    text = "\n".join([canvas._preamble, *canvas._code])
    if not text.isascii() or any(chr(code) in text for code in range(0x18, 0x20)):  # not PDFDocEncoding's ASCII
        canvas.endForm()
        return
    canvas._code = []
    canvas.endForm()
    _doc(canvas).idToObject[_doc(canvas).getXObjectName(name)].stream = text.encode("ascii")


def _add_key(target, key: str, value) -> None:
    """Set a dictionary entry reportlab does not write by default (listed in the object's __NoDefault__)."""
    target.__NoDefault__ = list(target.__NoDefault__) + [key]
    setattr(target, key, value)


def set_user_unit(page, unit: int) -> None:
    """Give a page object a /UserUnit (PDF 1.6): reportlab has no setting for it."""
    _add_key(page, "UserUnit", unit)


@contextmanager
def binary_streams():
    """Write compressed streams as binary, not ASCII85 (a quarter smaller): reportlab reads the global
    rl_config.useA85 when it saves, so it is switched off for the save and restored after."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved
