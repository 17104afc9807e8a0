"""What a PDF's pages paint, read with pikepdf for the preflight: colour spaces and values, overprint on
spot-colour strokes, total ink, the colour of text, transparency, optional content and fonts.

A small interpreter walks every content stream a page can paint with: the page's, the forms it draws, tiling
patterns, soft masks, Type 3 glyphs and annotation appearances (render/preflight_objects.py finds them),
each stream once however often it is used. It keeps the graphics state that matters here (colour spaces,
colours, overprint, a q/Q stack) and records findings, each naming its page and the object, in a Survey that
render/preflight.py turns into pass/fail rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from modlinseq_print.render import preflight_objects as objects
from modlinseq_print.render.preflight_budget import Budget, Unreadable, read_content
from modlinseq_print.render.preflight_colour import Judgement, colourant_names, four_inks, judge, resolve

PROCESS_NAMES = {"Cyan", "Magenta", "Yellow", "Black"}
_FILL_OPS = {"f", "F", "f*", "B", "B*", "b", "b*"}
_STROKE_OPS = {"S", "s", "B", "B*", "b", "b*"}
_TEXT_SHOW = {"Tj", "TJ", "'", '"'}
RICH_BLACK_K = 0.9  # a colour this dark in black counts as black; with any C, M or Y under it, a rich black
_COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc", "scn", "SC", "SCN"}
_OBJECT_OPS = {"Do", "sh", "gs", "Tf", "INLINE IMAGE", "BDC", "BMC"}
MAX_NESTING = 32  # objects inside objects (forms in forms, patterns in glyphs...) read this deep, no deeper


@dataclass(frozen=True)
class Place:
    """Where something is: a page number and the objects inside it, outermost first ("form /Fm3")."""

    page: int
    within: tuple[str, ...] = ()

    def inside(self, label: str) -> "Place":
        """This place, one object further in."""
        return Place(self.page, (*self.within, label))

    def say(self, subject: str, verb: str) -> str:
        """"page 2: shading /Sh1 in form /Fm3 uses DeviceRGB" for subject "shading /Sh1", verb "uses ..."."""
        return f"page {self.page}: {subject}{''.join(f' in {label}' for label in reversed(self.within))} {verb}"

    def label(self) -> str:
        """"page 2" or "page 2, in form /Fm3"."""
        return f"page {self.page}" + "".join(f"{',' if i == 0 else ''} in {label}"
                                              for i, label in enumerate(reversed(self.within)))

    def content(self) -> str:
        """The words for this place's own content: "content in form /Fm3", or "the page's content"."""
        return "content" if self.within else "the page's content"


@dataclass
class Survey:
    """What the content streams do: each list holds findings in words that name the page and the object."""

    colour: list[tuple[str, str]] = field(default_factory=list)  # (kind, finding): RGB, Lab, managed, unknown
    spots: set[str] = field(default_factory=set)  # Separation and DeviceN colourant names
    spot_problems: list[str] = field(default_factory=list)
    overprint: list[str] = field(default_factory=list)  # spot strokes without overprint, spot fills
    spot_strokes: int = 0
    ink: float = 0.0  # the largest C+M+Y+K painted, 0 to 4
    ink_at: str = ""
    rich_black_text: list[str] = field(default_factory=list)
    transparency: list[str] = field(default_factory=list)
    optional_content: list[str] = field(default_factory=list)
    fonts: dict[str, tuple[bool, str]] = field(default_factory=dict)  # base font name: (embedded, where)
    seen: set[tuple[int, int]] = field(default_factory=set)  # the objects already read
    budget: Budget = field(default_factory=Budget)  # decompressed bytes and operators read so far

    def walk(self, owner, resources, place: Place) -> None:
        """Interpret a content stream the objects (render/preflight_objects.py) lead to, into this survey."""
        walk(owner, resources, place, self)

    def note_space(self, space, subject: str, place: Place) -> Judgement:
        """Record a colour space an object uses (note_space), in this survey."""
        return note_space(space, subject, place, self)

    def first_time(self, obj) -> bool:
        """True the first time an (indirect) object is met; direct objects have no identity and always are."""
        key = obj.objgen
        if key == (0, 0):
            return True
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


@dataclass
class _State:
    fill_kind: str = ""  # the kind of the colour space: INKS, SPOT or "" (any other; DeviceGray at first)
    stroke_kind: str = ""
    fill: tuple = (0.0,)
    stroke: tuple = (0.0,)
    overprint_stroke: bool = False

    def copy(self) -> "_State":
        return _State(self.fill_kind, self.stroke_kind, self.fill, self.stroke, self.overprint_stroke)


def note_space(space, subject: str, place: Place, found: Survey) -> Judgement:
    """Record a resolved colour space that `subject` (e.g. "shading /Sh1") uses at `place`; its judgement."""
    verdict = judge(space)
    if verdict.kind == "spot":
        for name in (name.lstrip("/") for name in colourant_names(space)):
            found.spots.add(name)
            if name in PROCESS_NAMES:
                found.spot_problems.append(place.say(subject, f"uses a spot colour named {name}, a process plate"))
        if str(space[0]) == "/Separation" and judge(space[2]).words != "DeviceCMYK":
            found.spot_problems.append(place.say(subject, f"uses spot colour {space[1]}, which falls back to "
                                                          f"{judge(space[2]).words}, not DeviceCMYK"))
    elif verdict.kind not in ("process", "gray", "pattern"):
        found.colour.append((verdict.kind, place.say(subject, f"uses {verdict.words}")))
    return verdict


def survey(pdf, budget: Budget | None = None) -> Survey:
    """Walk every page, everything it draws and its annotations, and record what they paint (spending from
    `budget`, a new one when None)."""
    found = Survey(budget=budget or Budget())
    for page_number, page in enumerate(pdf.pages, start=1):
        place = Place(page_number)
        resources = objects.inherited(page.obj, "/Resources")
        objects.group(page.obj, "the page's transparency group", place, found)
        walk(page, resources, place, found)
        objects.annotation_appearances(page.obj, place, found)
    return found


def walk(owner, resources, place: Place, found: Survey) -> None:
    """Interpret one content stream (a page, or a form, pattern or glyph stream) and record what it paints."""
    if len(place.within) > MAX_NESTING:
        found.colour.append(("unknown", place.say("content", f"is nested more than {MAX_NESTING} objects deep")))
        return
    objects.note_fonts(resources, place, found)
    interpreter = _Interpreter(resources, place, found)
    try:
        what = place.say("content", "").strip() if place.within else f"page {place.page}'s content"
        read_content(owner, what, found.budget, interpreter.step)
    except Unreadable as problem:
        found.colour.append(("unknown", place.say(place.content(), f"cannot be read ({str(problem)[:100]})")))
    except UnicodeDecodeError:  # pikepdf gives names and operators as text
        found.colour.append(("unknown", place.say(place.content(), "cannot be read (it holds a name or an "
                                                                   "operator that is not UTF-8 text)")))


class _Interpreter:
    """The graphics state of one content stream, changed instruction by instruction."""

    def __init__(self, resources, place: Place, found: Survey):
        self.resources, self.place, self.found = resources, place, found
        self.state, self.in_text = _State(), False
        self.stack: list[_State] = []

    def step(self, operands, op: str) -> None:
        """Follow one instruction."""
        state, place, found = self.state, self.place, self.found
        if op == "q":
            self.stack.append(state.copy())
        elif op == "Q" and self.stack:
            self.state = self.stack.pop()
        elif op in ("BT", "ET"):
            self.in_text = op == "BT"
        elif op in _TEXT_SHOW and self.in_text:
            _text_colour(state, place, found)
        elif op in _FILL_OPS or op in _STROKE_OPS:
            _painted(op, state, place, found)
        elif op in _COLOUR_OPS:
            _colour_operator(op, operands, state, self.resources, place, found)
        elif op in _OBJECT_OPS:
            objects.operator(op, operands, state, self.resources, place, found)


INKS, SPOT = "inks", "spot"  # a space whose four values are C, M, Y, K; a spot colour space


def _ink_kind(verdict: Judgement) -> str:
    """INKS for DeviceCMYK and CMYK ICC profiles, SPOT for spot colours, else "" (judged once, when set)."""
    return INKS if four_inks(verdict) else SPOT if verdict.kind == "spot" else ""


def _colour_operator(op: str, operands, state: _State, resources, place: Place, found: Survey) -> None:
    """Set the colour space or colour of a colour operator, judging the space (and a pattern's colours)."""
    import pikepdf

    fill, values = op.islower(), tuple(operands)
    if op in ("sc", "scn", "SC", "SCN"):
        if operands and isinstance(operands[-1], pikepdf.Name):
            objects.pattern(operands[-1], resources, place, found)
        kind = state.fill_kind if fill else state.stroke_kind  # the same space, new values
    elif op in ("cs", "CS"):
        if not operands:
            return
        kind, values = _ink_kind(note_space(resolve(operands[0], resources), f"colour space {operands[0]}",
                                             place, found)), ()
    else:
        if op in ("rg", "RG"):
            found.colour.append(("RGB", place.say(place.content(), f"sets an RGB colour ({op})")))
        kind = INKS if op in ("k", "K") else ""
    if fill:
        state.fill_kind, state.fill = kind, values
    else:
        state.stroke_kind, state.stroke = kind, values


def _cmyk(kind: str, values) -> tuple | None:
    """The C, M, Y, K of a colour set in a process space, else None."""
    if kind == INKS and len(values) == 4:
        try:
            return tuple(float(v) for v in values)
        except (TypeError, ValueError):
            return None
    return None


def _paint(colour: tuple | None, place: Place, found: Survey) -> None:
    if colour is not None and sum(colour) > found.ink + 1e-9:
        found.ink = sum(colour)
        found.ink_at = place.label()


def _painted(op: str, state: _State, place: Place, found: Survey) -> None:
    if op in _FILL_OPS:
        if state.fill_kind == SPOT:
            found.overprint.append(place.say(place.content(), "fills a shape with a spot colour (die lines are "
                                                              "strokes only)"))
        _paint(_cmyk(state.fill_kind, state.fill), place, found)
    if op in _STROKE_OPS:
        if state.stroke_kind == SPOT:
            found.spot_strokes += 1
            if not state.overprint_stroke:
                found.overprint.append(place.say(place.content(), "strokes a spot colour without overprint"))
        _paint(_cmyk(state.stroke_kind, state.stroke), place, found)


def _text_colour(state: _State, place: Place, found: Survey) -> None:
    colour = _cmyk(state.fill_kind, state.fill)
    _paint(colour, place, found)
    if colour is not None and colour[3] >= RICH_BLACK_K and sum(colour[:3]) > 0:
        found.rich_black_text.append(place.say(place.content(), "sets text in rich black "
                                               + "/".join(f"{v * 100:g}" for v in colour)))
