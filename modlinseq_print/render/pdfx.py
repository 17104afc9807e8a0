"""PDF/X from the PDF writer's press-ready output, with pikepdf: the die line's spot colour, overprint and
layer, the output intent (the PressOptions' printing condition) with its embedded CMYK profile, the
identification (Info and XMP) and the trailer ID.

reportlab writes the pages (content streams that name the resources DIE_COLOUR_SPACE, DIE_STATE and
DIE_LAYER); this module opens that file with pikepdf, adds those resources to every page and form that
draws a die line, and saves a file that claims the PressOptions' PDF/X level. Everything is derived from
the content: the XMP document ID is a hash of reportlab's bytes, the trailer /ID a hash of the saved file
(pikepdf's deterministic_id), the dates those reportlab wrote; so the same command writes the same bytes.
"""

from __future__ import annotations

import hashlib
import io

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.output_intents import OUTPUT_INTENTS, OutputIntent
from modlinseq_print.render.press import CREASE_NAME, PressOptions

#: Resource names the content streams use for the die line: its Separation colour space, its overprinting
#: graphics state, and (PDF/X-4) its optional-content group.
DIE_COLOUR_SPACE, DIE_STATE, DIE_LAYER = "CSDie", "GSDie", "OCDie"
#: Likewise for the crease (fold) line, in a spot colour of its own (CREASE_NAME) sharing the die's state.
CREASE_COLOUR_SPACE, CREASE_LAYER = "CSCrease", "OCCrease"
CREATOR = "modlinseq-print"


class PdfxUnavailable(ModlinseqError):
    """pikepdf, which PDF/X files and their preflight need, is not installed."""


def pikepdf_module():
    """pikepdf (the optional extra `press`), or a one-line error saying how to install it."""
    try:
        import pikepdf
    except ImportError:
        raise PdfxUnavailable("press-ready PDF/X files and preflight need pikepdf, an optional extra: install it "
                              "beside the tool (in a checkout: .venv/bin/pip install 'pikepdf>=8'; with pipx: "
                              "pipx install '.[press]')") from None
    return pikepdf


def press_ready(data: bytes, press: PressOptions) -> bytes:
    """The PDF/X file made from reportlab's press-ready `data`: die-line resources, output intent, Info and
    XMP identification, PDF version of the level, trailer /ID; deterministic."""
    pikepdf = pikepdf_module()

    digest = hashlib.sha256(data).digest()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _die_resources(pdf, press)
        _output_intent(pdf, OUTPUT_INTENTS[press.output_intent])
        _identify(pdf, press, digest)
        del pdf.trailer.ID  # reportlab's invariant ID is the same for every file: both halves from the content
        out = io.BytesIO()
        pdf.save(out, force_version=".".join(map(str, press.level.pdf_version)), fix_metadata_version=False,
                 deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 compress_streams=True, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return out.getvalue()


def _die_objects(pdf, press: PressOptions, creases: bool = False) -> dict:
    """The die line's shared objects: a Separation colour space (magenta as its stand-in in proofs), an
    overprinting graphics state and, when the level allows layers, an optional-content group; with `creases`,
    the crease line's colour space (cyan as its stand-in) and layer as well."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name

    def separation(name: str, tint: list[int]):
        function = Dictionary(FunctionType=2, Domain=Array([0, 1]), C0=Array([0, 0, 0, 0]), C1=Array(tint), N=1)
        return pdf.make_indirect(Array([Name.Separation, Name("/" + name), Name.DeviceCMYK,
                                        pdf.make_indirect(function)]))

    objects = {DIE_COLOUR_SPACE: separation(press.dieline_name, [0, 1, 0, 0]),
               DIE_STATE: pdf.make_indirect(Dictionary(Type=Name.ExtGState, OP=True, op=True, OPM=1))}
    layers = [(DIE_LAYER, press.dieline_name)]
    if creases:
        objects[CREASE_COLOUR_SPACE] = separation(CREASE_NAME, [1, 0, 0, 0])
        layers.append((CREASE_LAYER, CREASE_NAME))
    if press.level.layers:
        groups = []
        for key, name in layers:
            objects[key] = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=pikepdf.String(name)))
            groups.append(objects[key])
        pdf.Root.OCProperties = Dictionary(OCGs=Array(groups), D=Dictionary(
            Name=pikepdf.String("Default"), Order=Array(groups), ON=Array(groups), OFF=Array([])))
    return objects


def _content(owner) -> bytes:
    """The decoded content of a page (its one stream or array of streams) or of a form XObject."""
    import pikepdf

    contents = owner.obj.get("/Contents") if isinstance(owner, pikepdf.Page) else owner
    if contents is None:
        return b""
    parts = contents if isinstance(contents, pikepdf.Array) else [contents]
    return b"\n".join(part.read_bytes() for part in parts)


def _drawers(pdf, colour_space: str = DIE_COLOUR_SPACE) -> list:
    """Every page and form XObject whose content stream names the colour space (the die line's), once each."""
    marker = b"/" + colour_space.encode()
    seen: set[tuple[int, int]] = set()
    found = []

    def visit(owner, resources):
        if marker in _content(owner):
            found.append(owner)
        for form in (resources.get("/XObject", {}) if resources is not None else {}).values():
            if form.objgen not in seen and form.get("/Subtype") == "/Form":
                seen.add(form.objgen)
                visit(form, form.get("/Resources"))

    for page in pdf.pages:
        visit(page, page.obj.get("/Resources"))
    return found


def _die_resources(pdf, press: PressOptions) -> None:
    """List the die and crease lines' colour spaces, graphics state and layers in the resources of everything
    that draws them."""
    import pikepdf

    drawers = _drawers(pdf)
    creasers = _drawers(pdf, CREASE_COLOUR_SPACE)
    owners = {id(o): o for o in drawers + creasers}
    if not owners:
        return
    objects = _die_objects(pdf, press, creases=bool(creasers))
    kinds = {DIE_COLOUR_SPACE: "/ColorSpace", DIE_STATE: "/ExtGState", DIE_LAYER: "/Properties",
             CREASE_COLOUR_SPACE: "/ColorSpace", CREASE_LAYER: "/Properties"}
    for owner in owners.values():
        target = owner.obj if isinstance(owner, pikepdf.Page) else owner
        if "/Resources" not in target:
            target.Resources = pikepdf.Dictionary()
        for name, obj in objects.items():
            kind = kinds[name]
            if kind not in target.Resources:
                target.Resources[kind] = pikepdf.Dictionary()
            target.Resources[kind]["/" + name] = obj


def _output_intent(pdf, intent: OutputIntent) -> None:
    """The GTS_PDFX output intent: the printing condition and its CMYK profile embedded."""
    from pikepdf import Array, Dictionary, Name, String

    profile = pdf.make_stream(intent.profile)
    profile.N = 4
    pdf.Root.OutputIntents = Array([pdf.make_indirect(Dictionary(
        Type=Name.OutputIntent, S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(intent.identifier), OutputCondition=String(intent.condition),
        RegistryName=String(intent.registry), Info=String(intent.info), DestOutputProfile=profile))])


def _xmp_date(pdf_date: str) -> str:
    """An XMP date (2000-01-01T00:00:00+00:00) from a PDF date (D:20000101000000+00'00')."""
    text = pdf_date[2:] if pdf_date.startswith("D:") else pdf_date
    stamp = f"{text[0:4]}-{text[4:6]}-{text[6:8]}T{text[8:10]}:{text[10:12]}:{text[12:14]}"
    zone = text[14:].replace("'", "")
    if zone in ("", "Z"):
        return stamp + "Z"
    return f"{stamp}{zone[0]}{zone[1:3]}:{zone[3:5] or '00'}"


def _identify(pdf, press: PressOptions, digest: bytes) -> None:
    """Info and XMP: the PDF/X version, title, creator and producer, the same dates in both, Trapped False,
    and document and instance IDs derived from the content."""
    import uuid  # here, not at the top: every PDF imports this module, and only press-ready ones need it

    from pikepdf import Name, String

    info = pdf.docinfo
    version = press.level.name
    info.GTS_PDFXVersion = String(version)
    info.Trapped = Name("/False")
    info.Creator = String(CREATOR)
    created, modified = str(info.get("/CreationDate")), str(info.get("/ModDate"))
    document = uuid.UUID(bytes=digest[:16], version=5)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = str(info.get("/Title", ""))
        meta["dc:creator"] = [CREATOR]
        meta["xmp:CreatorTool"] = CREATOR
        meta["xmp:CreateDate"] = _xmp_date(created)
        meta["xmp:ModifyDate"] = _xmp_date(modified)
        meta["xmp:MetadataDate"] = _xmp_date(modified)
        meta["pdf:Producer"] = str(info.get("/Producer", CREATOR))
        meta["pdf:Trapped"] = "False"
        meta["xmpMM:DocumentID"] = f"uuid:{document}"
        meta["xmpMM:InstanceID"] = f"uuid:{uuid.UUID(bytes=digest[16:32], version=5)}"
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdfxid:GTS_PDFXVersion"] = version
