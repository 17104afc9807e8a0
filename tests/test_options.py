"""Every option is defined once (modlinseq_print/options.py): the command line's default and choices, the
library's keyword default and the studio's field default are the definition's own objects, read by
introspection of the parser, the signatures and the served page, never copies of the same words."""

from __future__ import annotations

import argparse
import ast
import inspect
import sys
import textwrap
from html.parser import HTMLParser

import pytest

import modlinseq_print as mp
from modlinseq_print import options as opt
from modlinseq_print import options_pieces as pieces_opt
from modlinseq_print import options_play as play_opt
from modlinseq_print.api import BoardPrint, KitPrint, PiecesPrint, PlaytestPrint, PositionPrint
from modlinseq_print.cli import build_parser
from modlinseq_print.commands.spec_flags import flag_of, help_of
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.kits.piece_files import PieceRequest
from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.studio import pieces3d_api, play_api, position_api
from modlinseq_print.studio.app import StudioApp
from modlinseq_print.studio.design import design_from
from modlinseq_print.studio.exchange import Request
from modlinseq_print.studio.option_fields import PAGE_OPTIONS



def solid_field(name: str):
    """The studio's reading of an empty 3D choice (the kit builder's pieces part): its value for `name`."""
    return lambda: pieces3d_api._solid_choices(Request({}, {}))[name]


def play_field(name: str):
    """The studio's reading of an empty game request on the Play page: the variant's value for `name`."""
    from modlinseq_print.geometry.boards import parse_board

    return lambda: getattr(play_api._variant({}, parse_board("hex:3")), name)


def diagram_field(name: str):
    """The studio's reading of an empty request for a position diagram: the style's value for `name`."""
    return lambda: getattr(position_api.diagram_style({}), name)


RULES_COMMANDS = ("check", "score", "position", "moves", "review")
PRINTED = ((mp.board, "lang"), (mp.tiles, "lang"), (mp.markers, "lang"), (mp.position, "lang"))
SHEET_SAVES = (PiecesPrint.save, PieceRequest)  # the library's keywords, and the request both front ends build


#: option -> (the commands that take it, the library functions and their keyword, where the studio shows it: a
#: page whose controls are filled in, or what the studio reads for an empty field)
SOURCES: dict[opt.Option, tuple[tuple[str, ...], tuple[tuple[object, str], ...], object]] = {
    opt.BOARD_SPEC: (("board", "describe"), ((mp.board, "spec"),), "board.html"),
    opt.PATTERN: (("board", "describe"), ((mp.board, "pattern"),), "board.html"),
    opt.THEME: (("board", "position", "tiles", "markers"),
                ((mp.board, "theme"), (mp.tiles, "theme"), (mp.markers, "theme")), "board.html"),
    opt.TILE_WIDTH: (("board", "tiles", "markers"), ((mp.board, "tile_width"), (mp.tiles, "width"),
                                                     (mp.markers, "width")), "board.html"),
    opt.TILE_SHAPE: (("board", "position", "tiles", "markers"),
                     ((mp.board, "tile_shape"), (mp.tiles, "shape"), (mp.markers, "shape")), "board.html"),
    opt.CLEARANCE: (("board",), ((mp.board, "clearance"),), None),
    opt.CELL_SIZE: (("board",), ((mp.board, "cell_size"),), None),
    opt.LABELS: (("board", "position"), ((mp.board, "labels"),), "board.html"),
    opt.LABEL_SIZE: (("board",), ((mp.board, "label_size"),), None),
    opt.CENTRE_DOTS: (("board",), ((mp.board, "centre_dots"),), "board.html"),
    opt.TITLE: (("board", "position"), ((mp.board, "title"),), "board.html"),
    opt.MODULUS_NOTE: (("board",), ((mp.board, "modulus"),), "board.html"),
    opt.ARROWS: (("board",), ((mp.board, "arrows"),), "board.html"),
    opt.ORIENTATION: (("board",), (), "board.html"),
    opt.OVERLAP: (("board",), (), "board.html"),
    opt.FIT: (("board",), (), "board.html"),
    opt.PIECE_STYLE: (("pieces3d", "rack"), ((mp.pieces3d, "style"), (mp.rack, "style")), solid_field("style")),
    opt.THICKNESS: (("pieces3d", "rack"), ((mp.pieces3d, "thickness"), (mp.rack, "thickness")), None),
    opt.NUMBER: (("pieces3d",), ((mp.pieces3d, "number"),), solid_field("number")),
    opt.RELIEF: (("pieces3d",), ((mp.pieces3d, "relief"),), None),
    opt.CHAMFER: (("pieces3d",), ((mp.pieces3d, "chamfer"),), None),
    opt.TOP_CHAMFER: (("pieces3d",), ((mp.pieces3d, "top_chamfer"),), None),
    opt.NOZZLE: (("pieces3d",), ((mp.pieces3d, "nozzle"),), None),
    opt.HAND: (("rack",), ((mp.rack, "hand"),), solid_field("hand")),
    opt.RACKS: (("rack",), ((mp.rack, "copies"),), None),
    # a press-ready PDF (the library takes a PressOptions, whose defaults opt.press_options checks below)
    opt.PRESS: (("board", "kit", "tiles", "markers", "box"), (), None),
    opt.PRESS_BLEED: (("board", "kit", "tiles"), (), None),
    opt.DIELINE_NAME: (("board", "kit", "tiles"), (), None),
    opt.DIE_SPACING: (("board", "kit", "tiles"), (), None),
    opt.PDFX: (("board", "kit", "tiles"), (), None),
    opt.OUTPUT_INTENT: (("board", "kit", "tiles"), (), None),
    opt.DIELINE_BOARD: (("board",), ((mp.board, "dieline_board"),), None),
    # a kit
    opt.PRESET: (("kit", "box", "tts"), ((mp.kit, "preset"), (mp.simulate, "preset"), (playtest_setup, "preset")),
                 None),
    opt.EXERCISES: (("kit",), ((mp.kit, "exercises"),), None),
    opt.WORKSHEET_SEED: (("kit",), ((mp.kit, "seed"),), None),
    opt.KIT_LANG: (("kit", "box", "tts"), ((mp.kit, "lang"),), None),
    # shared by every front end
    opt.LANG: (("board", "tiles", "markers", "position", "reference"), PRINTED, None),
    opt.PAPER: (("board", "tiles", "markers", "reference"),
                ((BoardPrint.save, "paper"), *((save, "paper") for save in SHEET_SAVES)),
                lambda: design_from({}).paper),
    opt.DPI: (("board", "position", "simulate", "reference"),
              tuple((save, "dpi") for save in (BoardPrint.save, KitPrint.save, PlaytestPrint.save, PositionPrint.save)),
              None),
    # tiles and markers
    pieces_opt.MODULUS: (("tiles",), ((mp.tiles, "modulus"),), None),
    pieces_opt.COPIES: (("tiles",), ((mp.tiles, "copies"),), None),
    pieces_opt.WILD: (("tiles",), ((mp.tiles, "wild"),), None),
    pieces_opt.BLOCKERS: (("tiles",), ((mp.tiles, "blockers"),), None),
    pieces_opt.UNDERLINE: (("tiles",), ((mp.tiles, "underline"),), None),
    pieces_opt.MARKERS: (("tiles",), ((mp.tiles, "markers"),), None),
    pieces_opt.RANGE: (("markers",), ((mp.markers, "range"),), None),
    pieces_opt.MARKER_COPIES: (("markers",), ((mp.markers, "copies"),), None),
    **{option: (("tiles", "markers"), ((mp.tiles, option.name), (mp.markers, option.name)), None)
       for option in pieces_opt.LOOK.options},
    **{option: (("tiles", "markers"), tuple((save, option.name) for save in SHEET_SAVES), None)
       for option in (pieces_opt.MARGIN, pieces_opt.SHEET_ORIENTATION)},
    **{option: (("tiles", "markers"), ((PiecesPrint.save, option.name),), None)
       for option in (pieces_opt.LAYOUT, pieces_opt.GAP, pieces_opt.CROP_MARKS, pieces_opt.GUTTER,
                      pieces_opt.BACK_OFFSET)},
    **{option: (("tiles", "markers", *(("box",) if option is pieces_opt.CUTTER else ())),
                ((PiecesPrint.save, option.name),), None)
       for option in (pieces_opt.FLIP, pieces_opt.CUT_MODE, pieces_opt.CUTTER, pieces_opt.KERF)},
    # games, reviews and diagrams
    play_opt.WILD_POLICY: ((*RULES_COMMANDS, "simulate"),
                           tuple((function, "wild_policy") for function in (mp.check, mp.moves, mp.review, mp.position,
                                                                             mp.simulate, playtest_setup)),
                           play_field("policy")),
    play_opt.HASH_SWAP: (("moves", "review", "simulate"),
                         tuple((function, "hash_swap") for function in (mp.moves, mp.review, mp.simulate,
                                                                         playtest_setup)),
                         play_field("hash_swap")),
    play_opt.GAMES: (("simulate",), ((mp.simulate, "games"), (playtest_setup, "games")), None),
    play_opt.PLAYERS: (("simulate", "review"), ((mp.simulate, "players"), (mp.review, "players"),
                                                (playtest_setup, "players")), None),
    play_opt.HAND: (("simulate",), ((mp.simulate, "hand"), (playtest_setup, "hand")), None),
    play_opt.AI: (("simulate",), ((mp.simulate, "ai"), (playtest_setup, "ai")), None),
    play_opt.SHUFFLE_NUMBER: (("simulate",), ((mp.simulate, "seed"), (playtest_setup, "seed")), None),
    play_opt.JOBS: (("simulate",), ((mp.simulate, "jobs"),), None),
    play_opt.LEGEND: (("position",), ((mp.position, "legend"),), diagram_field("legend")),
    play_opt.CROP_MARGIN: (("position",), ((mp.position, "crop_margin"),), diagram_field("crop_margin")),
    play_opt.DIAGRAM_WIDTH: (("position",), ((mp.position, "tile_width"),), None),
}
#: The position diagram's options that the board's definitions give too.
for _option in (opt.THEME, opt.TILE_SHAPE, opt.LABELS, opt.TITLE):
    _commands, _library, _studio = SOURCES[_option]
    SOURCES[_option] = (_commands, (*_library, (mp.position, _option.name)), _studio)
MODULES = (opt, pieces_opt, play_opt)
#: The commands that word an option's help for their own use (the default and choices still the definition's).
OWN_HELP = {pieces_opt.CUTTER: ("box",), play_opt.PLAYERS: ("review",), play_opt.AI: ("simulate",),
            opt.PAPER: ("board",), opt.THEME: ("position",), opt.PRESET: ("kit", "box", "tts")}
#: Every option the modules define, whether a group lists it or not.
ALL = list(dict.fromkeys(value for module in MODULES for value in vars(module).values()
                         if isinstance(value, opt.Option)))


def command_action(command: str, option: opt.Option) -> argparse.Action:
    """The action of a command's parser that sets the option."""
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    return next(action for action in sub._actions if action.dest == option.name)


class _Controls(HTMLParser):
    """Each named control of a page: an input's value (or whether it is ticked), a list's chosen entry and
    its entries' values."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, object] = {}
        self.entries: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "input" and found.get("name"):
            ticked = found.get("type") == "checkbox"
            self.values[found["name"]] = "checked" in found if ticked else found.get("value")
            self.values[found["name"] + ":range"] = (found.get("min"), found.get("max"))
        elif tag == "select":
            self._select = found.get("name")
            self.entries[self._select] = []
        elif tag == "option" and self._select:
            self.entries[self._select].append(found["value"])
            if "selected" in found:
                self.values[self._select] = found["value"]

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


@pytest.fixture(scope="module")
def served() -> dict[str, _Controls]:
    files = StudioApp("127.0.0.1", 8000).files
    pages = {}
    for page in PAGE_OPTIONS:
        pages[page] = _Controls()
        pages[page].feed(files[page][0].decode("utf-8"))
    return pages


def test_every_option_is_listed_here_and_has_words():
    assert set(SOURCES) == set(ALL) and len(ALL) == 73
    grouped = {option for module in MODULES for group in module.GROUPS for option in group.options}
    assert grouped == set(ALL)  # every option belongs to the group of its request
    for option in ALL:
        assert option.help and option.label and option.kind in opt.KINDS, option.name
        assert (option.kind == "choice") == bool(option.choices), option.name


@pytest.mark.parametrize("option", ALL, ids=lambda option: option.name)
def test_the_command_line_takes_default_and_choices_from_the_definition(option):
    for command in SOURCES[option][0]:
        action = command_action(command, option)
        assert action.default is option.default, (command, option.name)
        assert flag_of(option) in action.option_strings or not action.option_strings  # or a positional
        if option.choices:
            assert action.choices is option.choices, (command, option.name)
        own = OWN_HELP.get(option, ())  # a command that words the option for its own use
        assert action.help == help_of(option) or command in own, (command, action.help)


def _default_node(function, keyword: str) -> ast.expr:
    """The expression a function's source (or a dataclass's) writes as the keyword's default."""
    source = inspect.getsource(inspect.unwrap(function))
    node = ast.parse(textwrap.dedent(source)).body[0]
    if isinstance(node, ast.ClassDef):
        return next(field.value for field in node.body if isinstance(field, ast.AnnAssign)
                    and isinstance(field.target, ast.Name) and field.target.id == keyword and field.value)
    assert isinstance(node, ast.FunctionDef)
    arguments = node.args
    positional = arguments.posonlyargs + arguments.args
    pairs = list(zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults))
    pairs += [(a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None]
    return {argument.arg: default for argument, default in pairs}[keyword]


@pytest.mark.parametrize("option", [o for o in ALL if SOURCES[o][1]], ids=lambda option: option.name)
def test_the_library_keyword_default_is_the_definition(option):
    for function, keyword in SOURCES[option][1]:
        assert inspect.signature(function).parameters[keyword].default is option.default, function.__qualname__
        node = _default_node(function, keyword)  # an expression naming the definition, not a literal
        assert isinstance(node, ast.Attribute) and node.attr == "default", ast.unparse(node)
        module = sys.modules[inspect.unwrap(function).__module__]
        named = eval(ast.unparse(node.value), vars(module))  # noqa: S307 (our own source)
        assert named is option, (function.__qualname__, keyword)


@pytest.mark.parametrize("option", [o for o in ALL if isinstance(SOURCES[o][2], str)], ids=lambda option: option.name)
def test_the_studio_page_default_is_the_definition(served, option):
    controls = served[SOURCES[option][2]]
    shown = controls.values.get(option.name)
    if option.kind == "switch":
        assert shown is option.default
    else:
        assert shown == ("" if option.default is None and option.kind == "choice" else option.default)
    if option.choices:
        assert [entry for entry in controls.entries[option.name] if entry] == list(option.choices)
    if option.kind == "whole":
        assert controls.values[option.name + ":range"] == (str(option.low), str(option.high))


@pytest.mark.parametrize("option", [o for o in ALL if callable(SOURCES[o][2])], ids=lambda option: option.name)
def test_the_studio_field_default_is_the_definition(option):
    assert SOURCES[option][2]() is option.default
    if option.choices and option in opt.SOLIDS.options:
        listed = pieces3d_api.options(Request({}, {}))
        assert option.choices in [tuple(choices) for choices in listed.values() if isinstance(choices, list)]


def test_the_studio_reads_an_empty_design_as_the_defaults():
    design = design_from({})
    assert design.spec is opt.BOARD_SPEC.default
    assert design.style == opt.board_style({}) == mp.board("hex:1").drawing.style
    assert (design.orientation, design.overlap, design.fit) == (opt.ORIENTATION.default, opt.OVERLAP.default,
                                                                opt.FIT.default)
    assert design.style.tile_width == 25.0 and design.style.clearance == 1.5 and design.style.cell_size is None


def test_a_changed_definition_changes_every_front_end(served):
    """The proof by change: another default in the definition is the default of the command line, of the
    studio's reading of a design and of the style each front end builds."""
    original = opt.TILE_WIDTH.default
    object.__setattr__(opt.TILE_WIDTH, "default", "1in")
    try:
        assert command_action("board", opt.TILE_WIDTH).default == "1in"
        assert command_action("board", opt.TILE_WIDTH).help == "tile width, any unit (default 1in)"
        assert opt.board_style({}).tile_width == pytest.approx(25.4)
        assert design_from({}).style.tile_width == pytest.approx(25.4)
    finally:
        object.__setattr__(opt.TILE_WIDTH, "default", original)
    assert design_from({}).style.tile_width == 25.0


def test_an_option_reads_what_a_person_gives():
    assert opt.TILE_WIDTH.value("1in") == pytest.approx(25.4) and opt.TILE_WIDTH.value(None) == 25.0
    assert opt.TILE_WIDTH.value("  ") == 25.0 and opt.CELL_SIZE.value(None) is None and opt.CELL_SIZE.value(30) == 30
    assert opt.TITLE.value("") is None and opt.LABELS.value(False) is False
    with pytest.raises(ModlinseqError, match="bad tile width 'wide'"):
        opt.TILE_WIDTH.value("wide")
    assert help_of(opt.TILE_WIDTH) == "tile width, any unit (default 25mm)"
    assert help_of(opt.CELL_SIZE) == "cell size across flats (default: the smallest that holds the tile, 28mm)"
    assert help_of(opt.LABELS) == "print each cell's address (default on)"
    assert help_of(opt.ARROWS) == opt.ARROWS.help and help_of(opt.TITLE) == opt.TITLE.help
    with pytest.raises(ValueError, match="kind 'choice'"):
        opt.Option(name="x", kind="choice", default="a", help="x", label="X")


@pytest.mark.parametrize("command, formats", [("board", opt.PAGE_FORMATS), ("box", opt.PAGE_FORMATS),
                                              ("kit", opt.PAGE_FORMATS), ("tiles", opt.PIECE_FORMATS),
                                              ("pieces3d", opt.SOLID_FORMATS), ("rack", opt.RACK_FORMATS)])
def test_each_kind_of_file_lists_its_formats_once(command, formats):
    assert command_action(command, opt.Option(name="format", kind="text", default=None, help="", label="")).choices \
        is formats
    from modlinseq_print.solids import files

    assert files.FORMATS is opt.SOLID_FORMATS and opt.RACK_FORMATS[:2] == opt.SOLID_FORMATS


def test_the_solids_defaults_are_the_definitions():
    from modlinseq_print.solids.pieces import NUMBER_STYLES, THICKNESS, SolidSpec

    spec = SolidSpec()
    assert spec.number is opt.NUMBER.default and NUMBER_STYLES is opt.NUMBER.choices
    assert (spec.relief, spec.top_chamfer, spec.nozzle) == (0.6, 0.0, 0.4) == tuple(
        option.value(None) for option in (opt.RELIEF, opt.TOP_CHAMFER, opt.NOZZLE))
    assert spec.thickness == THICKNESS[opt.PIECE_STYLE.default] == 3.0
    assert tuple(THICKNESS) == opt.PIECE_STYLE.choices


def test_the_presets_and_the_piece_sets_default_to_the_definitions():
    from modlinseq_print.kits.piece_sets import chosen_set
    from modlinseq_print.kits.presets import BoardSection, Preset, TilesSection

    assert TilesSection().width is opt.TILE_WIDTH.default and TilesSection().shape is opt.TILE_SHAPE.default
    board = BoardSection()
    assert (board.spec, board.clearance, board.orientation, board.labels) == (
        opt.BOARD_SPEC.default, opt.CLEARANCE.default, opt.ORIENTATION.default, opt.LABELS.default)
    assert board.clearance is opt.CLEARANCE.default and Preset.theme is opt.THEME.default
    from modlinseq_print.studio.kit_form import CHOICES

    assert all(CHOICES[key] is option.choices for key, option in (
        ("theme", opt.THEME), ("tiles.shape", opt.TILE_SHAPE), ("board.pattern", opt.PATTERN),
        ("board.orientation", opt.ORIENTATION)))
    chosen = chosen_set(None, modulus=3, copies=1)
    assert (chosen.width, chosen.shape) == (opt.TILE_WIDTH.default, opt.TILE_SHAPE.default)


def test_the_press_options_are_made_from_the_definitions():
    from modlinseq_print.render.press import DEFAULT_BLEED, PressOptions

    assert opt.press_options({}) == PressOptions()
    assert opt.press_options({"press_bleed": "0.125in", "pdfx": "1a"}) == PressOptions(bleed=3.175, pdfx="1a")
    assert (command_action("kit", opt.PRESS_BLEED).help
            == f"bleed past the trim of every page (default: {DEFAULT_BLEED:g}mm)")
    assert "--bleed" in command_action("kit", opt.PRESS_BLEED).option_strings  # the page bleed's second name


def test_a_changed_play_definition_changes_the_command_line_and_the_studio():
    original = play_opt.WILD_POLICY.default
    object.__setattr__(play_opt.WILD_POLICY, "default", "A")
    try:
        assert command_action("moves", play_opt.WILD_POLICY).default == "A"
        assert command_action("simulate", play_opt.WILD_POLICY).default == "A"
        assert play_field("policy")() == "A" and position_api.start_position({}).policy == "A"
    finally:
        object.__setattr__(play_opt.WILD_POLICY, "default", original)
