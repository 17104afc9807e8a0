"""A corpus of press files for the preflight: good tiles files (PDF/X-4 and PDF/X-1a) made by the command line,
and copies each changed in exactly one way with pikepdf, hiding a colour, a layer, transparency or an older
fault somewhere a page paints from (content, forms, shadings, patterns, soft masks, groups, Type 3 glyphs,
inline and XObject images, annotation appearances), or a good variant that must still pass.

Each new colour is painted in the same patch (PATCH), in the corner of the page outside the bleed, where
the good file paints nothing: a renderer shows whether the fault really paints.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pikepdf
from pikepdf import Array, Dictionary, Name

from modlinseq_print.cli import main

PATCH_PT = (4, 4, 8, 8)  # x, y, width, height in points from the MediaBox's lower left corner
PATCH = b"4 4 8 8 re f"
GREEN_RGB = [0, 1, 0]


@dataclass(frozen=True)
class Case:
    """One file of the corpus: a good file at `level` changed by `edit`; `check` is the one check that must
    fail (None: the file must pass), and the failure's detail must hold every one of `words`."""

    name: str
    level: str
    edit: Callable[[pikepdf.Pdf], None]
    check: str | None
    words: tuple[str, ...] = ()
    paints_rgb: bool = False  # the fault paints RGB colour in the patch
    passwords: tuple[str, str] | None = None  # saved encrypted with these owner and user passwords


def good_files(folder: Path) -> dict[str, Path]:
    """The tiles as PDF/X-4 and PDF/X-1a press files (two pages each), made with the command line."""
    paths = {}
    for level in ("4", "1a"):
        paths[level] = folder / f"good-{level}.pdf"
        assert main(["tiles", "--press", "--pdfx", level, "-o", str(paths[level])]) == 0
    return paths


def build(case: Case, good: dict[str, Path], target: Path) -> Path:
    """The case's file: its good file with its one change, saved at `target`."""
    with pikepdf.open(good[case.level]) as pdf:
        case.edit(pdf)
        if case.passwords:  # AES-128 (R=4) keeps PDF 1.6, as PDF/X-4
            owner, user = case.passwords
            pdf.save(target, encryption=pikepdf.Encryption(owner=owner, user=user, R=4))
        else:
            pdf.save(target)
    return target


# The pieces the changes are made of.

def paint(page: int, operators: bytes, **resources):
    """An edit that paints `operators` on page `page` (1-based) after the page's own content (wrapped in q/Q
    so the page's transformations end first), adding `resources` ({"XObject": {"/Fm1": form}, ...})."""
    def edit(pdf):
        target = pdf.pages[page - 1]
        target.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        target.contents_add(pdf.make_stream(b"\nQ\n" + operators), prepend=False)
        add_resources(pdf, target.obj.Resources, resources)
    return edit


def add_resources(pdf, into: Dictionary, resources: dict) -> None:
    """Merge {"Category": {"/Name": object}} into a resource dictionary (objects made indirect)."""
    for category, entries in resources.items():
        key = f"/{category}"
        if key not in into:
            into[key] = Dictionary()
        for name, obj in entries.items():
            into[key][name] = obj(pdf) if callable(obj) else obj


def form(content: bytes, resources: dict | None = None, **extra):
    """A form XObject over the whole page (made when the edit runs, in that PDF)."""
    def make(pdf):
        stream = pdf.make_stream(content, Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 700, 1000], **extra)
        stream.Resources = Dictionary()
        add_resources(pdf, stream.Resources, resources or {})
        return pdf.make_indirect(stream)
    return make


def stream(content: bytes, **keys):
    """Any stream object (an ICC profile, an image, a pattern)."""
    def make(pdf):
        made = pdf.make_stream(content)
        for key, value in keys.items():
            made[f"/{key}"] = value(pdf) if callable(value) else value
        return made
    return make


def axial(space, c0, c1):
    """An axial shading across the patch from colour c0 to c1."""
    def make(pdf):
        function = Dictionary(FunctionType=2, Domain=[0, 1], C0=c0, C1=c1, N=1)
        return pdf.make_indirect(Dictionary(ShadingType=2, ColorSpace=_space(pdf, space), Coords=[4, 4, 12, 12],
                                            Function=function, Extend=[True, True]))
    return make


def _space(pdf, space):
    return space(pdf) if callable(space) else space


def image(space, data: bytes):
    """A 1 x 1 image in `space`."""
    def make(pdf):
        return pdf.make_indirect(pdf.make_stream(data, Type=Name.XObject, Subtype=Name.Image, Width=1, Height=1,
                                                 BitsPerComponent=8, ColorSpace=_space(pdf, space)))
    return make


def icc(components: int, alternate: str):
    """An ICCBased colour space whose profile has `components` channels."""
    return lambda pdf: Array([Name.ICCBased, pdf.make_indirect(
        pdf.make_stream(b"\0" * 128, N=components, Alternate=Name(alternate)))])


def tiling(content: bytes, paint_type: int = 1, resources: dict | None = None):
    """A tiling pattern of 4 pt cells whose cell paints `content`."""
    def make(pdf):
        made = pdf.make_stream(content, Type=Name.Pattern, PatternType=1, PaintType=paint_type, TilingType=1,
                               BBox=[0, 0, 4, 4], XStep=4, YStep=4)
        made.Resources = Dictionary()
        add_resources(pdf, made.Resources, resources or {})
        return pdf.make_indirect(made)
    return make


def shading_pattern(shading):
    return lambda pdf: pdf.make_indirect(Dictionary(Type=Name.Pattern, PatternType=2, Shading=shading(pdf)))


def soft_mask(group_space: str, content: bytes):
    """A graphics state with a luminosity soft mask whose group blends in `group_space`."""
    def make(pdf):
        group = form(content, Group=Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name(group_space)))(pdf)
        return Dictionary(Type=Name.ExtGState, SMask=Dictionary(Type=Name.Mask, S=Name.Luminosity, G=group))
    return make


def type3(glyph: bytes, resources: dict | None = None):
    """A Type 3 font with one glyph, "a", one unit wide, drawn by `glyph`."""
    def make(pdf):
        font = Dictionary(Type=Name.Font, Subtype=Name.Type3, FontBBox=[0, 0, 1, 1], FontMatrix=[1, 0, 0, 1, 0, 0],
                          CharProcs=Dictionary(a=pdf.make_stream(glyph)), FirstChar=97, LastChar=97, Widths=[1],
                          Encoding=Dictionary(Type=Name.Encoding, Differences=[97, Name.a]), Resources=Dictionary())
        add_resources(pdf, font.Resources, resources or {})
        return pdf.make_indirect(font)
    return make


def annotate(page: int, appearances: dict, **keys):
    """An edit that adds a printing Square annotation over the patch, with appearances
    {"/N": form or {"/On": form, ...}, "/D": ..., "/R": ...} and any other `keys`."""
    def edit(pdf):
        made = Dictionary()
        for key, value in appearances.items():
            made[key] = (Dictionary({state: f(pdf) for state, f in value.items()}) if isinstance(value, dict)
                         else value(pdf))
        annot = Dictionary(Type=Name.Annot, Subtype=Name.Square, Rect=[4, 4, 12, 12], F=4, AP=made,
                           **{k: (v(pdf) if callable(v) else v) for k, v in keys.items()})
        if any(isinstance(value, dict) for value in appearances.values()):
            annot.AS = Name.On
        target = pdf.pages[page - 1].obj
        target.Annots = Array([*target.get("/Annots", []), pdf.make_indirect(annot)])
    return edit


def optional_group(pdf):
    """A new optional-content group, listed in the document's OCProperties (made if missing), on."""
    group = pdf.make_indirect(Dictionary(Type=Name.OCG, Name="Extra"))
    if "/OCProperties" not in pdf.Root:
        pdf.Root.OCProperties = Dictionary(OCGs=Array(), D=Dictionary(ON=Array(), Order=Array()))
    pdf.Root.OCProperties.OCGs.append(group)
    pdf.Root.OCProperties.D.ON.append(group)
    return group


def appearance(content: bytes, resources: dict | None = None):
    """An annotation's appearance stream over the patch: a form with a 0 0 8 8 box."""
    def make(pdf):
        made = form(content, resources)(pdf)
        made.BBox = [0, 0, 8, 8]
        return made
    return make


def cycle(content: bytes):
    """An edit that draws a form which draws itself, through a tiling pattern which fills with itself."""
    def edit(pdf):
        made = form(b"/Pattern cs /P1 scn 0 0 8 8 re f /Fm1 Do " + content)(pdf)
        pattern = tiling(b"/Pattern cs /P1 scn 0 0 4 4 re f /Fm1 Do")(pdf)
        pattern.Resources.Pattern = Dictionary(P1=pattern)
        pattern.Resources.XObject = Dictionary(Fm1=made)
        made.Resources.XObject = Dictionary(Fm1=made)
        made.Resources.Pattern = Dictionary(P1=pattern)
        paint(1, b"/Fm1 Do", XObject={"/Fm1": made})(pdf)
    return edit


def page_group(page: int, space: str):
    def edit(pdf):
        pdf.pages[page - 1].obj.Group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name(space))
    return edit


def no_output_intent(pdf):
    del pdf.Root["/OutputIntents"]


def no_trim_box(pdf):
    del pdf.pages[1].obj["/TrimBox"]


SEPARATION_RGB = [Name.Separation, Name.Green, Name.DeviceRGB,
                  Dictionary(FunctionType=2, Domain=[0, 1], C0=[1, 1, 1], C1=GREEN_RGB, N=1)]
DEVICEN_RGB = [Name.DeviceN, [Name.Green], Name.DeviceRGB,
               Dictionary(FunctionType=2, Domain=[0, 1], C0=[1, 1, 1], C1=GREEN_RGB, N=1)]


def devicen_rgb_process(pdf):
    """A DeviceN space over CMYK whose attributes say its first three colourants are RGB process colours."""
    tint = pdf.make_stream(b"{}", FunctionType=4, Domain=[0, 1] * 4, Range=[0, 1] * 4)
    process = Dictionary(ColorSpace=Name.DeviceRGB, Components=[Name.Red, Name.Green, Name.Blue])
    return Array([Name.DeviceN, [Name.Red, Name.Green, Name.Blue, Name.Orange], Name.DeviceCMYK, tint,
                  Dictionary(Subtype=Name.NChannel, Process=process)])


SEPARATION_CYAN = [Name.Separation, Name.Cyan, Name.DeviceCMYK,
                   Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 0, 0, 0], N=1)]
LAB = [Name.Lab, Dictionary(WhitePoint=[0.9505, 1, 1.089])]
CAL_RGB = [Name.CalRGB, Dictionary(WhitePoint=[0.9505, 1, 1.089])]
CAL_GRAY = [Name.CalGray, Dictionary(WhitePoint=[0.9505, 1, 1.089])]
INDEXED_RGB = [Name.Indexed, Name.DeviceRGB, 0, pikepdf.String(b"\x00\xff\x00")]
RGB_FILL = b"0 1 0 rg " + PATCH
CMYK_FILL = b"0.2 0 0.2 0 k " + PATCH
INLINE = b"q 8 0 0 8 4 4 cm BI /W 1 /H 1 /BPC 8 %s ID %s EI Q"
RGB_SH = {"Shading": {"/Sh1": axial(Name.DeviceRGB, [1, 1, 1], GREEN_RGB)}}
CLIPPED_SH = b"q 4 4 8 8 re W n /Sh1 sh Q"
FONT_HELVETICA = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)


def _rgb(name, edit, *words):
    """A fault that paints RGB colour in the patch: the colour check must fail naming `words`."""
    return Case(name, "4", edit, "CMYK and spot only", words, paints_rgb=True)


def _colour(name, edit, *words, level="4"):
    return Case(name, level, edit, "CMYK and spot only", words)


def _good(name, edit, level="4"):
    return Case(name, level, edit, None)


CASES = [
    # colour set in the content
    _rgb("rg in the page", paint(1, RGB_FILL), "page 1: the page's content sets an RGB colour (rg)"),
    _rgb("RG stroke on page 2", paint(2, b"0 1 0 RG 2 w 4 4 8 8 re S"), "page 2:", "(RG)"),
    _rgb("DeviceRGB cs", paint(1, b"/DeviceRGB cs 0 1 0 sc " + PATCH), "page 1", "colour space /DeviceRGB",
         "DeviceRGB"),
    _rgb("rg in a form 3 deep", paint(1, b"/Fm1 Do", XObject={"/Fm1": form(b"/Fm2 Do", {"XObject": {
        "/Fm2": form(b"/Fm3 Do", {"XObject": {"/Fm3": form(RGB_FILL)}})}})}),
        "page 1: content in form /Fm3 in form /Fm2 in form /Fm1 sets an RGB colour (rg)"),
    _rgb("rg in an optional-content section", lambda pdf: paint(
        1, b"/OC /MCx BDC " + RGB_FILL + b" EMC", Properties={"/MCx": optional_group(pdf)})(pdf),
        "page 1: the page's content sets an RGB colour"),
    # shadings
    _rgb("sh with an RGB shading", paint(2, CLIPPED_SH, Shading=RGB_SH["Shading"]),
         "page 2: shading /Sh1 uses DeviceRGB"),
    _rgb("sh in a form", paint(2, b"/Fm3 Do", XObject={"/Fm3": form(CLIPPED_SH, RGB_SH)}),
         "page 2: shading /Sh1 in form /Fm3 uses DeviceRGB"),
    _rgb("RGB shading pattern as a fill", paint(1, b"/Pattern cs /P1 scn " + PATCH, Pattern={
        "/P1": shading_pattern(axial(Name.DeviceRGB, [1, 1, 1], GREEN_RGB))}),
        "page 1: shading pattern /P1 uses DeviceRGB"),
    _rgb("RGB shading pattern as a stroke", paint(2, b"/Pattern CS /P1 SCN 2 w 4 4 8 8 re S", Pattern={
        "/P1": shading_pattern(axial(Name.DeviceRGB, [1, 1, 1], GREEN_RGB))}), "page 2: shading pattern /P1"),
    # patterns
    _rgb("rg in a tiling pattern", paint(1, b"/Pattern cs /P1 scn " + PATCH, Pattern={
        "/P1": tiling(b"0 1 0 rg 0 0 4 4 re f")}), "page 1: content in tiling pattern /P1 sets an RGB colour"),
    _rgb("sh in a tiling pattern", paint(1, b"/Pattern cs /P1 scn " + PATCH, Pattern={
        "/P1": tiling(b"q 0 0 4 4 re W n /Sh1 sh Q", resources=RGB_SH)}),
        "page 1: shading /Sh1 in tiling pattern /P1 uses DeviceRGB"),
    _rgb("uncoloured pattern over RGB", paint(1, b"/CSP cs 0 1 0 /P2 scn " + PATCH, ColorSpace={
        "/CSP": Array([Name.Pattern, Name.DeviceRGB])}, Pattern={"/P2": tiling(b"0 0 4 4 re f", paint_type=2)}),
        "page 1: colour space /CSP uses Pattern over DeviceRGB"),
    _colour("RGB image in an uncoloured pattern", paint(2, b"/CSP cs 0 0 0 1 /P2 scn " + PATCH, ColorSpace={
        "/CSP": Array([Name.Pattern, Name.DeviceCMYK])}, Pattern={"/P2": tiling(
            b"q 4 0 0 4 0 0 cm /Im1 Do Q", paint_type=2, resources={"XObject": {"/Im1": image(Name.DeviceRGB,
                                                                                            b"\0\xff\0")}})}),
        "page 2: image /Im1 in tiling pattern /P2 uses DeviceRGB"),
    # annotations
    _rgb("annotation appearance", annotate(1, {"/N": appearance(b"0 1 0 rg 0 0 8 8 re f")}),
         "page 1: content in the normal appearance of annotation 1 (Square) sets an RGB colour"),
    _rgb("annotation appearance state", annotate(2, {"/N": {"/On": appearance(b"0 1 0 rg 0 0 8 8 re f"),
                                                            "/Off": appearance(b"")}}),
         "page 2: content in the normal appearance /On of annotation 1 (Square)"),
    _colour("annotation down appearance", annotate(1, {"/N": appearance(b""), "/D": appearance(RGB_FILL)}),
            "page 1:", "the down appearance of annotation 1"),
    _colour("annotation rollover appearance", annotate(1, {"/N": appearance(b""), "/R": appearance(RGB_FILL)}),
            "page 1:", "the rollover appearance of annotation 1"),
    _colour("annotation drawing a form", annotate(2, {"/N": appearance(b"/Fm1 Do", {"XObject": {
        "/Fm1": form(RGB_FILL)}})}), "page 2: content in form /Fm1 in the normal appearance of annotation 1"),
    # transparency groups and soft masks
    _colour("page group in RGB", page_group(2, "/DeviceRGB"), "page 2: the page's transparency group uses DeviceRGB"),
    _rgb("form group in RGB", paint(1, b"/Fm1 Do", XObject={"/Fm1": form(CMYK_FILL, Group=Dictionary(
        Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB))}),
        "page 1: transparency group in form /Fm1 uses DeviceRGB"),
    _colour("soft mask group in RGB", paint(1, b"q /GS1 gs " + CMYK_FILL + b" Q", ExtGState={
        "/GS1": soft_mask("/DeviceRGB", b"1 g 0 0 700 1000 re f")}),
        "page 1: transparency group in the soft mask of graphics state /GS1 uses DeviceRGB"),
    _colour("rg in a soft mask", paint(1, b"q /GS1 gs " + CMYK_FILL + b" Q", ExtGState={
        "/GS1": soft_mask("/DeviceGray", b"0 1 0 rg 0 0 700 1000 re f")}),
        "page 1: content in the soft mask of graphics state /GS1 sets an RGB colour"),
    # Type 3 glyphs
    _rgb("rg in a Type 3 glyph", paint(1, b"BT /T3 8 Tf 4 4 Td (a) Tj ET", Font={
        "/T3": type3(b"1 0 d0 0 1 0 rg 0 0 1 1 re f")}), "page 1: content in glyph /a of Type 3 font /T3"),
    _colour("RGB image in a Type 3 glyph", paint(2, b"BT /T3 8 Tf 4 4 Td (a) Tj ET", Font={
        "/T3": type3(b"1 0 d0 /Im1 Do", {"XObject": {"/Im1": image(Name.DeviceRGB, b"\0\xff\0")}})}),
        "page 2: image /Im1 in glyph /a of Type 3 font /T3 uses DeviceRGB"),
    # images
    _rgb("inline image /CS /RGB", paint(1, INLINE % (b"/CS /RGB", b"\0\xff\0")),
         "page 1: an inline image uses DeviceRGB"),
    _rgb("inline image /ColorSpace /DeviceRGB", paint(2, INLINE % (b"/ColorSpace /DeviceRGB", b"\0\xff\0")),
         "page 2: an inline image uses DeviceRGB"),
    _rgb("inline image /I over /RGB", paint(1, INLINE % (b"/CS [/I /RGB 0 <00ff00>]", b"\0")),
         "page 1: an inline image uses Indexed over DeviceRGB"),
    _colour("inline image named space", paint(1, INLINE % (b"/CS /CSr", b"\0\xff\0"), ColorSpace={
        "/CSr": icc(3, "/DeviceRGB")}), "page 1: an inline image uses an RGB ICC profile"),
    _rgb("RGB image XObject", paint(2, b"q 8 0 0 8 4 4 cm /Im1 Do Q", XObject={
        "/Im1": image(Name.DeviceRGB, b"\0\xff\0")}), "page 2: image /Im1 uses DeviceRGB"),
    _rgb("Indexed-over-RGB image", paint(1, b"q 8 0 0 8 4 4 cm /Im1 Do Q", XObject={
        "/Im1": image(Array(INDEXED_RGB), b"\0")}), "page 1: image /Im1 uses Indexed over DeviceRGB"),
    # colour spaces
    _rgb("Lab", paint(1, b"/CSL cs 80 -80 60 sc " + PATCH, ColorSpace={"/CSL": Array(LAB)}),
         "page 1: colour space /CSL uses Lab"),
    _rgb("CalRGB", paint(1, b"/CSc cs 0 1 0 sc " + PATCH, ColorSpace={"/CSc": Array(CAL_RGB)}),
         "page 1: colour space /CSc uses CalRGB"),
    _colour("ICCBased with 3 components", paint(2, b"/CSi cs 0 1 0 scn " + PATCH, ColorSpace={
        "/CSi": icc(3, "/DeviceRGB")}), "page 2: colour space /CSi uses an RGB ICC profile"),
    _rgb("Separation with an RGB alternate", paint(1, b"/CSs cs 1 scn " + PATCH, ColorSpace={
        "/CSs": Array(SEPARATION_RGB)}), "page 1: colour space /CSs uses Separation /Green with a DeviceRGB"),
    _rgb("DeviceN with an RGB alternate", paint(1, b"/CSn cs 1 scn " + PATCH, ColorSpace={
        "/CSn": Array(DEVICEN_RGB)}), "page 1: colour space /CSn uses DeviceN /Green with a DeviceRGB"),
    _colour("DeviceN with RGB process colours", paint(1, b"/CSn cs 0 1 0 0 scn " + PATCH, ColorSpace={
        "/CSn": devicen_rgb_process}),
        "page 1: colour space /CSn uses DeviceN /Red /Green /Blue /Orange with DeviceRGB process colours"),
    _colour("a colour space that is not one", paint(1, b"/Nope cs 1 sc " + PATCH), "page 1", "/Nope"),
    _colour("CMYK ICC profile in PDF/X-1a", paint(1, b"/CSi cs 0 0 0 1 scn " + PATCH, ColorSpace={
        "/CSi": icc(4, "/DeviceCMYK")}), "page 1: colour space /CSi uses a CMYK ICC profile", level="1a"),
    _colour("CalGray in PDF/X-1a", paint(2, b"/CSg cs 0.5 sc " + PATCH, ColorSpace={"/CSg": Array(CAL_GRAY)}),
            "page 2: colour space /CSg uses CalGray", level="1a"),
    # optional content and transparency in PDF/X-1a
    Case("marked optional content in PDF/X-1a", "1a", lambda pdf: paint(
        2, b"/OC /MCx BDC " + CMYK_FILL + b" EMC", Properties={"/MCx": optional_group(pdf)})(pdf),
        "no optional content", ("page 2: the page's content is marked as optional content",)),
    Case("optional form in PDF/X-1a", "1a", paint(1, b"/Fm1 Do", XObject={"/Fm1": lambda pdf: form(
        CMYK_FILL, OC=optional_group(pdf))(pdf)}), "no optional content", ("page 1: XObject /Fm1 belongs",)),
    Case("optional annotation in PDF/X-1a", "1a", lambda pdf: annotate(
        1, {"/N": appearance(b"")}, OC=optional_group(pdf))(pdf), "no optional content",
        ("page 1: annotation 1 (Square) belongs",)),
    Case("soft mask in PDF/X-1a", "1a", paint(1, b"q /GS1 gs " + CMYK_FILL + b" Q", ExtGState={
        "/GS1": soft_mask("/DeviceGray", b"1 g 0 0 700 1000 re f")}), "no transparency",
        ("page 1: graphics state /GS1 has a soft mask",)),
    Case("page group in PDF/X-1a", "1a", page_group(2, "/DeviceCMYK"), "no transparency",
         ("page 2: the page's transparency group makes transparency",)),
    # the older checks
    Case("no output intent", "4", no_output_intent, "output intent", ("0 GTS_PDFX output intents",)),
    Case("no TrimBox", "4", no_trim_box, "page boxes", ("page 2 has no TrimBox",)),
    Case("font not embedded", "4", paint(1, b"BT 0 0 0 1 k /Hv 8 Tf 4 4 Td (a) Tj ET", Font={
        "/Hv": FONT_HELVETICA}), "fonts embedded", ("page 1: font Helvetica is not embedded",)),
    Case("total ink 400 %", "4", paint(1, b"1 1 1 1 k " + PATCH), "total ink", ("400 % on page 1",)),
    Case("rich black text in a form", "4", lambda pdf: paint(2, b"/Fm1 Do", XObject={"/Fm1": form(
        b"BT 0.5 0.4 0.4 1 k /F1+0 8 Tf 4 4 Td (1) Tj ET", {"Font": {"/F1+0": pdf.pages[1].Resources.Font[
            "/F1+0"]}})})(pdf), "no rich black text", ("page 2: content in form /Fm1 sets text in rich black",)),
    Case("spot-colour fill", "4", paint(1, b"/CSDie cs 1 scn " + PATCH), "die lines overprint",
         ("page 1: the page's content fills a shape with a spot colour",)),
    Case("spot named Cyan", "4", paint(2, b"q /GSo gs /CSC CS 1 SCN 4 4 8 8 re S Q", ColorSpace={
        "/CSC": Array(SEPARATION_CYAN)}, ExtGState={"/GSo": Dictionary(Type=Name.ExtGState, OP=True)}),
        "spot names", ("page 2: colour space /CSC uses a spot colour named Cyan",)),
    Case("encrypted, no password to open", "4", lambda pdf: None, "no encryption", ("the file is encrypted",),
         passwords=("owner", "")),
    # good variants: these must pass
    _good("the good PDF/X-4 file", lambda pdf: None),
    _good("the good PDF/X-1a file", lambda pdf: None, level="1a"),
    _good("gray fill", paint(1, b"0.5 g " + PATCH)),
    _good("inline image /CS /G", paint(1, INLINE % (b"/CS /G", b"\x80"))),
    _good("inline image /CS /CMYK in PDF/X-1a", paint(1, INLINE % (b"/CS /CMYK", b"\0\0\0\x80")), level="1a"),
    _good("inline image /I over /CMYK", paint(1, INLINE % (b"/CS [/I /CMYK 0 <00000080>]", b"\0"))),
    _good("CMYK shading with sh in a form", paint(2, b"/Fm3 Do", XObject={"/Fm3": form(CLIPPED_SH, {"Shading": {
        "/Sh1": axial(Name.DeviceCMYK, [0, 0, 0, 0], [0.5, 0, 0.5, 0])}})})),
    _good("CMYK tiling pattern", paint(1, b"/Pattern cs /P1 scn " + PATCH, Pattern={
        "/P1": tiling(b"0.5 0 0.5 0 k 0 0 4 4 re f")})),
    _good("CMYK annotation appearance", annotate(1, {"/N": appearance(b"0.5 0 0.5 0 k 0 0 8 8 re f")})),
    _good("CMYK Type 3 glyph", paint(1, b"BT /T3 8 Tf 4 4 Td (a) Tj ET", Font={
        "/T3": type3(b"1 0 d0 0.5 0 0.5 0 k 0 0 1 1 re f")})),
    _good("CMYK ICC profile in PDF/X-4", paint(1, b"/CSi cs 0 0 0 1 scn " + PATCH, ColorSpace={
        "/CSi": icc(4, "/DeviceCMYK")})),
    _good("CalGray in PDF/X-4", paint(2, b"/CSg cs 0.5 sc " + PATCH, ColorSpace={"/CSg": Array(CAL_GRAY)})),
    _good("a form drawn twice", paint(1, b"/Fm1 Do /Fm1 Do", XObject={"/Fm1": form(CMYK_FILL)})),
    _good("a form and a pattern that draw themselves", cycle(CMYK_FILL)),
    _colour("rg in a form that draws itself", cycle(RGB_FILL), "page 1: content in form /Fm1 sets an RGB colour"),
]
