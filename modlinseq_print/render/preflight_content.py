"""What a PDF's pages paint, read with pikepdf for the preflight: colour spaces and values, overprint on
spot-colour strokes, total ink, the colour of text, transparency, optional content and fonts.

A small interpreter walks every content stream (pages, and the forms they draw, depth first, each once)
keeping the graphics state that matters here (colour spaces, colours, overprint, a q/Q stack), and
records findings in a Survey that render/preflight.py turns into pass/fail rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PROCESS = {"/DeviceCMYK"}
FORBIDDEN_SPACES = {"/DeviceRGB": "RGB", "/CalRGB": "RGB", "/DeviceGray": "gray", "/CalGray": "gray", "/Lab": "Lab"}
PROCESS_NAMES = {"Cyan", "Magenta", "Yellow", "Black"}
_FILL_OPS = {"f", "F", "f*", "B", "B*", "b", "b*"}
_STROKE_OPS = {"S", "s", "B", "B*", "b", "b*"}
_TEXT_SHOW = {"Tj", "TJ", "'", '"'}
_ABBREVIATED = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK"}  # inline images' names
RICH_BLACK_K = 0.9  # a colour this dark in black counts as black; with any C, M or Y under it, a rich black


@dataclass
class Survey:
    """What the content streams do: each list holds (where, detail) findings."""

    colour: list[tuple[str, str]] = field(default_factory=list)  # RGB, gray, Lab or unknown spaces
    spots: set[str] = field(default_factory=set)  # Separation and DeviceN colourant names
    spot_problems: list[tuple[str, str]] = field(default_factory=list)
    overprint: list[tuple[str, str]] = field(default_factory=list)  # spot strokes without overprint, spot fills
    spot_strokes: int = 0
    ink: float = 0.0  # the largest C+M+Y+K painted, 0 to 4
    ink_at: str = ""
    rich_black_text: list[tuple[str, str]] = field(default_factory=list)
    transparency: list[tuple[str, str]] = field(default_factory=list)
    optional_content: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _State:
    fill_space: object = "/DeviceGray"
    stroke_space: object = "/DeviceGray"
    fill: tuple = (0.0,)
    stroke: tuple = (0.0,)
    overprint_stroke: bool = False

    def copy(self) -> "_State":
        return _State(self.fill_space, self.stroke_space, self.fill, self.stroke, self.overprint_stroke)


def space_kind(space) -> str:
    """'process', 'spot', or the name of a forbidden kind ('RGB', 'gray', 'Lab', 'unknown ...')."""
    import pikepdf

    if isinstance(space, pikepdf.Name) or isinstance(space, str):
        name = str(space)
        return "process" if name in PROCESS else FORBIDDEN_SPACES.get(name, "pattern" if name == "/Pattern"
                                                                       else f"unknown {name}")
    family = str(space[0])
    if family in ("/Separation", "/DeviceN"):
        return "spot"
    if family == "/ICCBased":
        components = int(space[1].get("/N", 0))
        return {4: "process", 3: "RGB", 1: "gray"}.get(components, "unknown ICC")
    if family == "/Indexed":
        return space_kind(space[1])
    return FORBIDDEN_SPACES.get(family, f"unknown {family}")


def survey(pdf) -> Survey:
    """Walk every page and form of the PDF and record what they paint."""
    found = Survey()
    seen: set[tuple[int, int]] = set()
    for number, page in enumerate(pdf.pages, start=1):
        _resources_checks(page.obj, f"page {number}", found)
        _walk(page, page.obj.get("/Resources"), f"page {number}", found, seen)
    return found


def _resources_checks(owner, where: str, found: Survey) -> None:
    group = owner.get("/Group")
    if group is not None and group.get("/S") == "/Transparency":
        found.transparency.append((where, "a transparency group"))


def _resolve_space(name, resources):
    import pikepdf

    text = _ABBREVIATED.get(str(name), str(name))
    if text in PROCESS or text in FORBIDDEN_SPACES or text == "/Pattern":
        return pikepdf.Name(text)
    spaces = resources.get("/ColorSpace", {}) if resources is not None else {}
    return spaces.get(text, pikepdf.Name(text))


def _note_space(space, where: str, found: Survey) -> None:
    kind = space_kind(space)
    if kind == "spot":
        names = [space[1]] if str(space[0]) == "/Separation" else list(space[1])
        for name in names:
            text = str(name).lstrip("/")
            found.spots.add(text)
            if text in PROCESS_NAMES:
                found.spot_problems.append((where, f"spot colour named {text}, a process plate"))
        if str(space[0]) == "/Separation" and str(space[2]) not in PROCESS:
            found.spot_problems.append((where, f"spot colour {str(space[1]).lstrip('/')} falls back to {space[2]}"))
    elif kind not in ("process", "pattern"):
        found.colour.append((where, f"{kind} colour space"))


def _cmyk(space, values) -> tuple | None:
    """The C, M, Y, K of a colour set in a process space, else None."""
    if space_kind(space) == "process" and len(values) == 4:
        return tuple(float(v) for v in values)
    return None


def _paint(colour: tuple | None, where: str, found: Survey) -> None:
    if colour is not None and sum(colour) > found.ink + 1e-9:
        found.ink, found.ink_at = sum(colour), where


def _walk(owner, resources, where: str, found: Survey, seen: set) -> None:
    import pikepdf

    state, stack, in_text = _State(), [], False
    for operands, operator in pikepdf.parse_content_stream(owner):
        op = str(operator)
        if op == "q":
            stack.append(state.copy())
        elif op == "Q" and stack:
            state = stack.pop()
        elif op in ("rg", "RG", "g", "G"):
            found.colour.append((where, f"{'RGB' if op.lower() == 'rg' else 'gray'} colour ({op})"))
        elif op in ("k", "K"):
            values = tuple(float(v) for v in operands)
            if op == "k":
                state.fill_space, state.fill = pikepdf.Name.DeviceCMYK, values
            else:
                state.stroke_space, state.stroke = pikepdf.Name.DeviceCMYK, values
        elif op in ("cs", "CS"):
            space = _resolve_space(operands[0], resources)
            _note_space(space, where, found)
            if op == "cs":
                state.fill_space, state.fill = space, ()
            else:
                state.stroke_space, state.stroke = space, ()
        elif op in ("sc", "scn"):
            state.fill = tuple(operands)
        elif op in ("SC", "SCN"):
            state.stroke = tuple(operands)
        elif op == "gs":
            _graphics_state(resources, operands[0], state, where, found)
        elif op in ("BDC", "BMC") and operands and str(operands[0]) == "/OC":
            found.optional_content.append((where, "content marked as optional (BDC /OC)"))
        elif op == "BT":
            in_text = True
        elif op == "ET":
            in_text = False
        elif op in _TEXT_SHOW and in_text:
            _text_colour(state, where, found)
        elif op in _FILL_OPS or op in _STROKE_OPS:
            _painted(op, state, where, found)
        elif op == "Do":
            _draw(resources, operands[0], where, found, seen)
        elif op == "INLINE IMAGE":
            _image_space(operands[0].obj.get("/ColorSpace", operands[0].obj.get("/CS")), resources, where, found)


def _painted(op: str, state: _State, where: str, found: Survey) -> None:
    if op in _FILL_OPS:
        if space_kind(state.fill_space) == "spot":
            found.overprint.append((where, "a shape filled with a spot colour (die lines are strokes only)"))
        _paint(_cmyk(state.fill_space, state.fill), where, found)
    if op in _STROKE_OPS:
        if space_kind(state.stroke_space) == "spot":
            found.spot_strokes += 1
            if not state.overprint_stroke:
                found.overprint.append((where, "a spot-colour stroke without overprint"))
        _paint(_cmyk(state.stroke_space, state.stroke), where, found)


def _text_colour(state: _State, where: str, found: Survey) -> None:
    colour = _cmyk(state.fill_space, state.fill)
    _paint(colour, where, found)
    if colour is not None and colour[3] >= RICH_BLACK_K and sum(colour[:3]) > 0:
        found.rich_black_text.append((where, "text in rich black " + "/".join(f"{v * 100:g}" for v in colour)))


def _graphics_state(resources, name, state: _State, where: str, found: Survey) -> None:
    states = resources.get("/ExtGState", {}) if resources is not None else {}
    gs = states.get(str(name))
    if gs is None:
        return
    if "/OP" in gs:
        state.overprint_stroke = bool(gs.OP)
    if str(gs.get("/SMask", "/None")) != "/None":
        found.transparency.append((where, "a soft mask"))
    for key in ("/CA", "/ca"):
        if key in gs and float(gs[key]) < 1:
            found.transparency.append((where, f"opacity {float(gs[key]):g} ({key})"))
    if str(gs.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
        found.transparency.append((where, f"blend mode {gs.BM}"))


def _image_space(space, resources, where: str, found: Survey) -> None:
    import pikepdf

    if space is not None:
        _note_space(_resolve_space(space, resources) if isinstance(space, pikepdf.Name) else space, where, found)


def _draw(resources, name, where: str, found: Survey, seen: set) -> None:
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    xobject = xobjects.get(str(name))
    if xobject is None or xobject.objgen in seen:
        return
    seen.add(xobject.objgen)
    if "/OC" in xobject:
        found.optional_content.append((where, f"an XObject in an optional-content group ({name})"))
    if xobject.get("/Subtype") == "/Image":
        if "/SMask" in xobject:
            found.transparency.append((where, f"an image with a soft mask ({name})"))
        _image_space(xobject.get("/ColorSpace"), resources, where, found)
    elif xobject.get("/Subtype") == "/Form":
        _resources_checks(xobject, f"{where}, form {name}", found)
        _walk(xobject, xobject.get("/Resources", resources), f"{where}, form {name}", found, seen)


def font_embedding(pdf) -> dict[str, bool]:
    """Every font the pages and their forms list, by base font name: True when its program is embedded."""
    fonts: dict[str, bool] = {}
    seen: set[tuple[int, int]] = set()

    def visit(resources):
        if resources is None:
            return
        for font in resources.get("/Font", {}).values():
            fonts[str(font.get("/BaseFont", "(unnamed)")).lstrip("/")] = _embedded(font)
        for xobject in resources.get("/XObject", {}).values():
            if xobject.objgen not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(xobject.objgen)
                visit(xobject.get("/Resources"))

    for page in pdf.pages:
        visit(page.obj.get("/Resources"))
    return fonts


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # its glyphs are content streams
    if font.get("/Subtype") == "/Type0":
        font = font.DescendantFonts[0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
