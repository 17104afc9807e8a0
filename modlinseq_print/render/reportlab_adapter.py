"""Every use of reportlab's internals, in one place: what the PDF writer needs beyond the public Canvas API.

reportlab 4 (pyproject.toml pins `reportlab>=4.0,<5`) gives no public way to reach the document a canvas
is writing, the name it gives a form XObject, the page object just finished, or the resources of a page or
form, and no per-document switch for ASCII85 streams. The PDF writer needs each of these (compact content
streams of our own, UserUnit for huge posters, die lines as a spot colour). Each function below names the
internal it relies on, so that a reportlab upgrade is checked here (tests/render/test_render_pdf.py and the
PDF golden files in tests/golden, compared by structure, fail if any of them changes).
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


def form_object(canvas: Canvas, form: str):
    """The form XObject written for `form` (PDFDocument.idToObject under pdfdoc.xObjectName)."""
    from reportlab.pdfbase.pdfdoc import xObjectName

    return _doc(canvas).idToObject[xObjectName(form)]


def last_page(canvas: Canvas):
    """The page object of the page just ended by showPage (PDFDocument.Pages.pages)."""
    return _doc(canvas).Pages.pages[-1]


def _add_key(target, key: str, value) -> None:
    """Set a dictionary entry reportlab does not write by default (listed in the object's __NoDefault__)."""
    target.__NoDefault__ = list(target.__NoDefault__) + [key]
    setattr(target, key, value)


def set_user_unit(page, unit: int) -> None:
    """Give a page object a /UserUnit (PDF 1.6): reportlab has no setting for it."""
    _add_key(page, "UserUnit", unit)


def add_to_catalog(canvas: Canvas, key: str, value) -> None:
    """An entry of the document catalog, e.g. OCProperties (PDFDocument.Catalog)."""
    _add_key(_doc(canvas).Catalog, key, value)


def reference(canvas: Canvas, obj, name: str):
    """An indirect reference to `obj`, written once in the document under `name` (PDFDocument.Reference)."""
    return _doc(canvas).Reference(obj, name)


def resources_with(target, ext_states: dict, colour_spaces: dict, properties: dict):
    """A resource dictionary for a page or form object listing what reportlab would list (its fonts,
    images, XObjects, graphics states, shadings and colour spaces, read from its private records) plus
    the given graphics states, colour spaces and properties; set it as the target's Resources."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    resources = PDFResourceDictionary()
    resources.basicFonts()
    if getattr(target, "hasImages", False):
        resources.allProcs()
    if target.XObjects:
        resources.XObject = target.XObjects
    states = getattr(target, "ExtGState", None)
    resources.ExtGState = {**(dict(states.dict) if states else {}), **ext_states}
    resources.setShading(getattr(target, "_shadingUsed", None) or {})
    resources.setColorSpace(getattr(target, "_colorsUsed", None) or {})
    resources.ColorSpace.update(colour_spaces)
    resources.Properties = dict(properties)
    target.Resources = resources


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
