"""The objects a page paints with, found for the preflight's interpreter (render/preflight_content.py): form
and image XObjects, inline images, shadings (`sh` and shading patterns), tiling patterns, soft masks,
transparency groups, Type 3 glyphs, annotation appearances and optional content.

Each stream is read once (the Survey remembers the objects it has read), so shared and cyclic resources
cost one reading; colour spaces met again are judged again, which is cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from modlinseq_print.render.preflight_colour import entry, number, resolve

if TYPE_CHECKING:  # the interpreter (preflight_content) calls these; they reach back through the Survey
    from pikepdf import Dictionary, Stream

    from modlinseq_print.render.preflight_content import Place, Survey

APPEARANCES = {"/N": "normal", "/D": "down", "/R": "rollover"}


def inherited(page, key: str):
    """A page's entry, or the nearest one up its tree of pages (resources and boxes may be inherited); None
    when missing or past 32 parents (a loop of parents)."""
    for _ in range(32):
        if key in page:
            return page.get(key)
        parent = page.get("/Parent")
        if not _dictionary(parent):
            return None
        page = parent
    return None


def _dictionary(obj: Any) -> TypeGuard[Dictionary | Stream]:
    import pikepdf

    return isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream))


def operator(op: str, operands, state, resources, place: Place, found: Survey) -> None:
    """Follow an operator that draws or selects an object: Do, sh, gs, Tf, inline images, marked content."""
    if op == "Do" and operands:
        xobject(entry(resources, "/XObject", operands[0]), str(operands[0]), resources, place, found)
    elif op == "sh" and operands:
        shading(entry(resources, "/Shading", operands[0]), f"shading {operands[0]}", place, found)
    elif op == "gs" and operands:
        graphics_state(entry(resources, "/ExtGState", operands[0]), str(operands[0]), state, place, found)
    elif op == "Tf" and operands:
        type3_font(entry(resources, "/Font", operands[0]), str(operands[0]), resources, place, found)
    elif op == "INLINE IMAGE" and operands:
        inline_image(operands[0].obj, resources, place, found)
    elif op in ("BDC", "BMC") and operands and str(operands[0]) == "/OC":
        found.optional_content.append(place.say(place.content(), "is marked as optional content (BDC /OC)"))


def xobject(obj, name: str, resources, place: Place, found: Survey) -> None:
    """An image or form XObject drawn with Do, read once."""
    if not _dictionary(obj) or not found.first_time(obj):
        return
    if "/OC" in obj:
        found.optional_content.append(place.say(f"XObject {name}", "belongs to optional content (/OC)"))
    if obj.get("/Subtype") == "/Image":
        image(obj, f"image {name}", resources, place, found)
    elif obj.get("/Subtype") == "/Form":
        form(obj, place.inside(f"form {name}"), resources, found)


def form(obj, place: Place, resources, found: Survey) -> None:
    """A form (an XObject, a soft mask's group or an appearance): its group, then its content."""
    group(obj, "transparency group", place, found)
    found.walk(obj, obj.get("/Resources", resources), place)


def image(obj, subject: str, resources, place: Place, found: Survey) -> None:
    """An image XObject: its colour space (none for a stencil mask) and its soft mask."""
    if "/SMask" in obj:
        found.transparency.append(place.say(subject, "has a soft mask"))
    if "/ColorSpace" in obj and not obj.get("/ImageMask", False):
        found.note_space(resolve(obj.ColorSpace, resources), subject, place)


def inline_image(obj, resources, place: Place, found: Survey) -> None:
    """An inline image (BI ... ID ... EI): its colour space, written in full, abbreviated or by resource name."""
    space = obj.get("/ColorSpace", obj.get("/CS"))
    if space is not None and not obj.get("/ImageMask", obj.get("/IM", False)):
        found.note_space(resolve(space, resources), "an inline image", place)


def shading(obj, subject: str, place: Place, found: Survey) -> None:
    """A shading, painted with `sh` or through a shading pattern: its colour space."""
    if _dictionary(obj) and "/ColorSpace" in obj:
        found.note_space(resolve(obj.ColorSpace, None), subject, place)


def pattern(name, resources, place: Place, found: Survey) -> None:
    """A pattern set as a colour (scn /P1): a shading pattern's shading, a tiling pattern's content. An
    uncoloured tiling pattern paints in the colour given with it, judged with its colour space; colour in its
    content is against the rules of PDF, and counts as colour all the same."""
    import pikepdf

    obj = entry(resources, "/Pattern", name)
    if not _dictionary(obj):
        return
    if number(obj.get("/PatternType")) == 2:
        shading(obj.get("/Shading"), f"shading pattern {name}", place, found)
        graphics_state(obj.get("/ExtGState"), f"of pattern {name}", None, place, found)
    elif isinstance(obj, pikepdf.Stream) and found.first_time(obj):
        found.walk(obj, obj.get("/Resources"), place.inside(f"tiling pattern {name}"))


def graphics_state(obj, name: str, state, place: Place, found: Survey) -> None:
    """A graphics state (gs): overprint, and transparency (soft masks, whose groups are read, opacity, blend)."""
    if not _dictionary(obj):
        return
    if "/OP" in obj and state is not None:
        # pikepdf gives a PDF boolean as Python's bool; its stubs type every entry as an Object
        state.overprint_stroke = obj.OP is True  # type: ignore[comparison-overlap]
    mask = obj.get("/SMask")
    if _dictionary(mask):
        found.transparency.append(place.say(f"graphics state {name}", "has a soft mask"))
        if _dictionary(mask.get("/G")) and found.first_time(mask.G):
            form(mask.G, place.inside(f"the soft mask of graphics state {name}"), None, found)
    for key in ("/CA", "/ca"):
        if key in obj and number(obj[key], 1.0) < 1:
            found.transparency.append(place.say(f"graphics state {name}", f"sets opacity {number(obj[key]):g} "
                                                                          f"({key})"))
    if str(obj.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
        found.transparency.append(place.say(f"graphics state {name}", f"sets blend mode {obj.BM}"))


def group(owner, subject: str, place: Place, found: Survey) -> None:
    """A page's or form's transparency group: itself (transparency) and the colour space it blends in."""
    obj = owner.get("/Group")
    if not _dictionary(obj) or obj.get("/S") != "/Transparency":
        return
    found.transparency.append(place.say(subject, "makes transparency"))
    if "/CS" in obj:
        found.note_space(resolve(obj.CS, None), subject, place)


def type3_font(font, name: str, resources, place: Place, found: Survey) -> None:
    """A Type 3 font selected with Tf: each glyph's content, with the font's resources, read once."""
    if not _dictionary(font) or font.get("/Subtype") != "/Type3" or not found.first_time(font):
        return
    glyphs = font.get("/CharProcs")
    if not _dictionary(glyphs):
        return
    for glyph, stream in glyphs.items():
        if _dictionary(stream) and found.first_time(stream):
            found.walk(stream, font.get("/Resources", resources), place.inside(f"glyph {glyph} of Type 3 font {name}"))


def annotation_appearances(page, place: Place, found: Survey) -> None:
    """Every annotation's appearances (normal, down, rollover; every state of each), read as forms."""
    import pikepdf

    annots = page.get("/Annots")
    for index, annot in enumerate(annots if isinstance(annots, pikepdf.Array) else [], start=1):
        if not _dictionary(annot):
            continue
        label = f"annotation {index} ({str(annot.get('/Subtype', '/unknown')).lstrip('/')})"
        if "/OC" in annot:
            found.optional_content.append(place.say(label, "belongs to optional content (/OC)"))
        states = annot.get("/AP")
        for key, words in APPEARANCES.items():
            entry = states.get(key) if _dictionary(states) else None
            streams = [(None, entry)] if isinstance(entry, pikepdf.Stream) else \
                list(entry.items()) if _dictionary(entry) else []
            for state, stream in streams:
                if isinstance(stream, pikepdf.Stream) and found.first_time(stream):
                    which = f"the {words} appearance" + (f" {state}" if state else "")
                    form(stream, place.inside(f"{which} of {label}"), None, found)


def note_fonts(resources, place: Place, found: Survey) -> None:
    """Record every font a resource dictionary lists, by base font name: whether its program is embedded and
    the first place that lists it."""
    import pikepdf

    fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    for font in (fonts.values() if isinstance(fonts, pikepdf.Dictionary) else []):
        if _dictionary(font):
            name = str(font.get("/BaseFont", font.get("/Name", "(unnamed)"))).lstrip("/")
            found.fonts.setdefault(name, (_embedded(font), place.label()))


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # its glyphs are content streams
    if font.get("/Subtype") == "/Type0":
        descendants = font.get("/DescendantFonts")
        font = descendants[0] if descendants else font
    descriptor = font.get("/FontDescriptor")
    return _dictionary(descriptor) and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
