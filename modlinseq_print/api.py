"""The front door: a small API over the boards, pieces, kits, position diagrams and the rules engine.

    import modlinseq_print as mp

    mp.board("hex:9", pattern="bonus").save("board.pdf", paper="a4")
    mp.kit("standard").save("kit.pdf")
    mp.tiles(modulus=13, wild=4).save("tiles.pdf", layout="duplex")
    mp.markers("8-20").save("markers.svg")
    mp.position("hex:6", 13, "4B2, 6B1, 1A0").save("position.svg")
    mp.check("hex:9", 13, "4B2, 6B1, 1A0")  # the object `check --json` prints
    mp.moves("hex:9", 13, "3,5,5,8,11,#,0", "4B2, 6B1, 8A0")  # the legal turns of a hand, as `moves --json`
    mp.simulate("standard", games=20).save("playtest.pdf")  # computer players' games and their figures
    mp.review("hex:9", 13, "4B2, 6B1, 1A0; ...", hands="3,4,6,#\n...").save("review.pdf")  # a game reviewed
    mp.pieces3d(preset="standard").save("pieces.3mf")  # solids for 3D printers (the [3d] extra)
    mp.rack(hand=7, copies=4).save("rack.svg")  # .3mf/.stl to print, .svg/.dxf to laser-cut

Each `save` picks the format from the file's extension (.pdf, .svg, .png; .dxf for cut paths of pieces),
writes the same bytes as the matching command, and returns the files written: a PDF holds every page,
SVG and PNG write one file per page (`board-1.svg`, `board-2.svg`, ...). Lengths are strings with a unit
('25mm', '1in') or numbers of millimetres. Bad values raise `modlinseq_print.errors.ModlinseqError` (a
`FieldError` when one value is at fault: its message names the keyword argument, or a kit preset's key).
`lang` ("en", "de", "fr", "es", "el", "ru") prints the words on the pages in that language, as `--lang`.
`press` (a PressOptions, e.g. PressOptions(pdfx="1a"), or True for the defaults) makes a press-ready PDF/X
file as `--press` does; `preflight(path)` checks one as the `preflight` command does.
"""

from __future__ import annotations

import builtins
import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from modlinseq_print import options as opt
from modlinseq_print import options_pieces as pieces_opt
from modlinseq_print import options_play as play_opt
from modlinseq_print.errors import FieldError, ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.i18n import using
from modlinseq_print.render.output import format_for, write_output
from modlinseq_print.render.press import PressOptions
from modlinseq_print.units import parse_length

if TYPE_CHECKING:  # the result classes' types, imported where they are used
    from modlinseq_print.kits.build import Kit
    from modlinseq_print.kits.presets import Preset
    from modlinseq_print.printables.board import BoardDrawing
    from modlinseq_print.printables.markers import MarkerFaces
    from modlinseq_print.printables.pieces import PieceFaces
    from modlinseq_print.printables.position import PositionDrawing
    from modlinseq_print.printables.rack import RackSize
    from modlinseq_print.printables.tiles import Piece, TileLook
    from modlinseq_print.rules.playtest import Findings, GameSummary
    from modlinseq_print.rules.playtest_text import Setup
    from modlinseq_print.rules.position import Analysis
    from modlinseq_print.rules.review import GameReview
    from modlinseq_print.solids.pieces import SolidSpec

__all__ = ["board", "kit", "tiles", "markers", "position", "check", "moves", "simulate", "review", "preflight",
           "pieces3d",
           "rack", "PressOptions", "ModlinseqError"]


def _keywords(**names: str):
    """A front door whose keyword arguments have other names than the fields they set: its errors name them as
    its caller wrote them (tile_width="width" for tiles(width=...))."""
    def wrap(function):
        @functools.wraps(function)
        def call(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except FieldError as error:
                raise error.named(names) from None
        return call
    return wrap


def _mm(value, what: str) -> float | None:
    """A length in mm from '25mm', '1in' or a number (None stays None)."""
    return None if value is None else parse_length(value, what)


def _length(value, what: str) -> float:
    """A length in mm from '25mm', '1in' or a number, which must be given."""
    return parse_length(value, what)


def _press(press) -> PressOptions | None:
    """PressOptions from a PressOptions, True (the defaults) or None/False (no press-ready file)."""
    if press is True:
        return PressOptions()
    if press in (None, False) or isinstance(press, PressOptions):
        return press or None
    raise ModlinseqError(f"press must be a PressOptions, True or None, not {type(press).__name__}")


@dataclass
class BoardPrint:
    """A drawn board (`drawing.scene` is the whole board at true size), ready to lay out on paper."""

    drawing: BoardDrawing
    lang: str = opt.LANG.default
    press: PressOptions | None = None

    def save(self, path, *, paper: str = opt.PAPER.default, margin=None, overlap=opt.OVERLAP.default,
             orientation: str = opt.ORIENTATION.default, fit: bool = opt.FIT.default, format: str | None = None,
             dpi: float = opt.DPI.default) -> list[Path]:
        """Write the board as the `board` command does: tiled over sheets of `paper` at true size (after an
        assembly page), on one page with paper="poster", or scaled onto one sheet with `fit`."""
        from modlinseq_print.printables.board_pages import board_document

        format_for(path, format)  # a bad name or format fails before the pages are laid out
        with using(self.lang):
            document, _ = board_document(self.drawing, paper, margin, overlap, orientation, fit)
        return write_output(document, path, format, dpi, self.press)


@_keywords(board="spec")
def board(spec: str = opt.BOARD_SPEC.default, pattern: str | None = opt.PATTERN.default, *,
          theme: str = opt.THEME.default, tile_width=opt.TILE_WIDTH.default, tile_shape: str = opt.TILE_SHAPE.default,
          clearance=opt.CLEARANCE.default, cell_size=opt.CELL_SIZE.default, labels: bool = opt.LABELS.default,
          label_size=opt.LABEL_SIZE.default, centre_dots: bool = opt.CENTRE_DOTS.default,
          title: str | None = opt.TITLE.default, modulus: int | None = opt.MODULUS_NOTE.default,
          arrows: bool = opt.ARROWS.default, lang: str = opt.LANG.default, press=None,
          dieline_board: bool = opt.DIELINE_BOARD.default) -> BoardPrint:
    """A board (hex:N, rect:CxR, tess:N, square:CxR or file:PATH) drawn with the `board` command's options;
    `press` for a press-ready file, `dieline_board` (with press) for a die line round the board."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import board_scene

    given = {"theme": theme, "tile_width": tile_width, "tile_shape": tile_shape, "clearance": clearance,
             "cell_size": cell_size, "labels": labels, "label_size": label_size, "pattern": pattern,
             "centre_dots": centre_dots, "title": title, "modulus": modulus, "arrows": arrows}
    press = _press(press)
    if dieline_board and press is None:
        raise ModlinseqError("dieline_board sets up a press-ready PDF: give press too")
    style = opt.board_style(given, die_outline=dieline_board, die_bleed=press.bleed if dieline_board else 0.0)
    with using(lang):
        return BoardPrint(board_scene(parse_board(spec), style), lang, press)


@dataclass
class KitPrint:
    """A built kit: `kit.document` holds its pages, `kit.sections` its parts."""

    kit: Kit
    press: PressOptions | None = None

    def save(self, path, *, format: str | None = None, dpi: float = opt.DPI.default) -> list[Path]:
        """Write the kit (a PDF with bookmarks, press-ready when the kit was built with press, or one
        SVG/PNG per page)."""
        return write_output(self.kit.document, path, format, dpi, self.press)


def kit(preset: str | Preset = opt.PRESET.default, *, exercises: int | None = opt.EXERCISES.default,
        seed: int | None = opt.WORKSHEET_SEED.default, progress: Callable[[str], None] | None = None,
        lang: str | None = opt.KIT_LANG.default, press: PressOptions | bool | None = None) -> KitPrint:
    """The kit of a preset (a shipped name such as "standard", a FILE.toml, or a Preset already loaded, which
    `exercises`, `seed` and `lang` then leave as it is); `exercises` and `seed` set its worksheet; `progress`, if
    given, is called with a label after each build step; `lang` replaces the preset's language; `press` builds it
    press-ready (pieces spaced and bled for the die)."""
    from modlinseq_print.kits.build import build_kit
    from modlinseq_print.kits.preset_loading import chosen_preset

    chosen = chosen_preset(preset, exercises, seed, lang) if isinstance(preset, str) else preset
    pressed = _press(press)
    return KitPrint(build_kit(chosen, progress=progress, press=pressed), pressed)


@dataclass
class PiecesPrint:
    """A run of pieces (number tiles, wild tiles, blockers, modulus markers) and how their faces look."""

    pieces: list[Piece]
    faces: PieceFaces | MarkerFaces
    title: str
    lang: str = opt.LANG.default

    @_keywords(output="path")
    def save(self, path, *, paper: str = opt.PAPER.default, margin=pieces_opt.MARGIN.default,
             orientation: str = pieces_opt.SHEET_ORIENTATION.default, layout: str | None = pieces_opt.LAYOUT.default,
             gap=pieces_opt.GAP.default, nest: bool = True, crop_marks: bool = pieces_opt.CROP_MARKS.default,
             gutter=pieces_opt.GUTTER.default, back_offset: str = pieces_opt.BACK_OFFSET.default,
             flip: str = pieces_opt.FLIP.default, format: str | None = None, dpi: float | None = None, cut_file=None,
             cut_mode: str | None = pieces_opt.CUT_MODE.default, bed: str | None = None,
             kerf=pieces_opt.KERF.default, per_piece=None, per_piece_bleed=None, press=None,
             cutter: str | None = pieces_opt.CUTTER.default) -> list[Path]:
        """Write the sheets and their manifest (NAME.manifest.csv and .json) as the `tiles` command does;
        `cut_file` adds a cutting file (.svg or .dxf), a .dxf `path` writes the cut paths nested on `bed`,
        `cutter` ("silhouette", "cricut", "scanncut", "summa") picks the print-and-cut marks and area,
        `per_piece` a folder of one PNG per distinct face (bleed `per_piece_bleed`, default 1/8 in) for
        print-on-demand services; `press` (a render.press.PressOptions) makes the sheets a press-ready PDF/X."""
        from modlinseq_print.printables.cutfile import CutSpec
        from modlinseq_print.kits.piece_files import PieceRequest, piece_files, piece_output
        from modlinseq_print.printables.per_piece import POD_BLEED
        from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, LAYOUTS, SheetOptions, parse_back_offset

        options = SheetOptions(gap=_length(gap, "gap"), nest=nest, layout=layout or LAYOUTS[0], crop_marks=crop_marks,
                               gutter=DEFAULT_GUTTER if gutter is None else _length(gutter, "gutter"),
                               back_offset=parse_back_offset(back_offset), title=self.title, flip=flip)
        request = PieceRequest(
            path=str(path), options=options, fmt=format, paper=paper, margin=margin, orientation=orientation, dpi=dpi,
            cut_file=None if cut_file is None else str(cut_file), cut_mode=cut_mode,
            cut_spec=CutSpec(kerf=_length(kerf, "kerf"), gap=options.gap, nest=nest), bed=bed,
            per_piece=None if per_piece is None else str(per_piece),
            per_piece_bleed=POD_BLEED if per_piece_bleed is None else _length(per_piece_bleed, "bleed"),
            press=_press(press), cutter=cutter)
        out = piece_output(request)
        with using(self.lang):
            files = piece_files(self.pieces, self.faces, out)
        return write_files_atomic(files)


def _look(width, shape: str, underline: str | bool, bleed, safe, cut_lines: str, back_text: str) -> TileLook:
    """The look of tiles and markers from lengths given as strings or mm."""
    from modlinseq_print.printables.tiles import TileLook

    underline = underline if isinstance(underline, str) else "ambiguous" if underline else "none"
    return TileLook(width=_length(width, "tile width"), shape=shape, underline=underline,
                    bleed=_mm(bleed, "bleed") or 0.0, cut_line=cut_lines, back_text=back_text,
                    safe=_mm(safe, "safe zone"))


@_keywords(tile_width="width", tile_shape="shape", range="markers")
def tiles(modulus: int = pieces_opt.MODULUS.default, copies: int = pieces_opt.COPIES.default, *,
          no_zero: bool = False, wild: int = pieces_opt.WILD.default, blockers: int = pieces_opt.BLOCKERS.default,
          markers: str | None = pieces_opt.MARKERS.default, counts=None,
          underline: str | bool = pieces_opt.UNDERLINE.default, width=opt.TILE_WIDTH.default,
          shape: str = opt.TILE_SHAPE.default, theme: str = opt.THEME.default, bleed=pieces_opt.BLEED.default,
          safe=pieces_opt.SAFE.default, cut_lines: str = pieces_opt.CUT_LINES.default,
          back_text: str = pieces_opt.BACK_TEXT.default, lang: str = opt.LANG.default) -> PiecesPrint:
    """Number tiles 0 to modulus-1 (`copies` of each, or per-value `counts` from a .toml or .csv file), wild
    tiles, blockers and, with `markers` (a range such as "8-20"), modulus markers on the same sheets; `underline`
    "ambiguous" (a bar under each number that reads as another turned round: 6 and 9, 16 and 91...), "all" or
    "none"."""
    from modlinseq_print.printables.pieces import PieceFaces, set_with_markers
    from modlinseq_print.printables.tiles import read_counts
    from modlinseq_print.render.theme import get_theme

    look = _look(width, shape, underline, bleed, safe, cut_lines, back_text)
    per_value = read_counts(str(counts)) if counts is not None else None
    pieces = set_with_markers(modulus, copies, no_zero, per_value, wild, blockers, markers)
    title = "MODLINSEQ tiles and markers" if markers else "MODLINSEQ tiles"
    return PiecesPrint(pieces, PieceFaces(look, get_theme(theme), pieces), title, lang)


@_keywords(tile_width="width", tile_shape="shape")
def markers(range: str = pieces_opt.RANGE.default, copies: int = pieces_opt.MARKER_COPIES.default, *,
            width=opt.TILE_WIDTH.default, shape: str = opt.TILE_SHAPE.default, theme: str = opt.THEME.default,
            bleed=pieces_opt.BLEED.default, safe=pieces_opt.SAFE.default,
            cut_lines: str = pieces_opt.CUT_LINES.default, back_text: str = pieces_opt.BACK_TEXT.default,
            lang: str = opt.LANG.default) -> PiecesPrint:
    """Modulus markers, `copies` of each modulus of a range such as "8-20", as the `markers` command makes."""
    from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
    from modlinseq_print.render.theme import get_theme

    low, high = parse_range(range)
    look = _look(width, shape, "none", bleed, safe, cut_lines, back_text)
    faces = MarkerFaces(look, get_theme(theme), list(builtins.range(low, high + 1)))
    return PiecesPrint(marker_set(low, high, copies), faces, "MODLINSEQ modulus markers", lang)


def preflight(path, pdfx: str | None = None, max_ink: float = 300):
    """Check a PDF against PDF/X-4 or PDF/X-1a ("4" or "1a"; None: the level it claims) as the `preflight`
    command does: a report whose `checks` each have a name, `passed` and a detail, and `passed` overall."""
    from modlinseq_print.render.preflight import preflight as check

    return check(path, pdfx, max_ink)


def _analysis(spec: str, modulus: int, transcript: str, wrap, diagonals, wild_policy, marker):
    """The judged position of a transcript played onto an empty board (or the marker alone on A0)."""
    from modlinseq_print.rules.position import analyse
    from modlinseq_print.rules.start import start_position
    from modlinseq_print.rules.transcript import build_position

    start = start_position(spec, modulus, wrap, diagonals, wild_policy, marker)
    return analyse(build_position(transcript, start)[0])


def check(board: str, modulus: int, transcript: str, *, wrap: str | None = None, diagonals: bool = False,
          wild_policy: str = play_opt.WILD_POLICY.default, marker: bool = False) -> dict:
    """Judge a position (a transcript such as "4B2, 6B1, 1A0"): the object `check --json` prints, with its
    sequences, legality ("legal"), blocked cells, wild-tile values and problems."""
    from modlinseq_print.rules.report import analysis_json

    return analysis_json(_analysis(board, modulus, transcript, wrap, diagonals, wild_policy, marker))


def moves(board: str, modulus: int, hand: str, transcript: str = "", *, pattern: str | None = None,
          wrap: str | None = None, diagonals: bool = False, wild_policy: str = play_opt.WILD_POLICY.default,
          marker: bool = False, hash_swap: bool = play_opt.HASH_SWAP.default, top: int = 10) -> dict:
    """Every legal turn a hand (such as "3,5,5,8,11,#,0"; # a wild tile) allows on the position of a transcript
    (empty: the first turn), the best first: the object `moves --json` prints, with the best `top` turns (0:
    every one), each with its tiles, points and sequences."""
    from modlinseq_print.rules.move_report import moves_json
    from modlinseq_print.rules.moves import generate_turns, parse_hand, require_legal
    from modlinseq_print.rules.start import start_position
    from modlinseq_print.rules.transcript import build_position

    if not isinstance(top, int) or isinstance(top, bool) or top < 0:
        raise FieldError(f"bad count {top!r}: give how many turns to list, 0 for every one", "top")
    start = start_position(board, modulus, wrap, diagonals, wild_policy, marker)
    position = build_position(transcript, start)[0] if transcript.strip() else start
    held = parse_hand(hand, position.modulus)
    turns = generate_turns(require_legal(position), held, pattern, hash_swap, listed=top)
    return moves_json(position, held, turns, top)


@dataclass
class PlaytestPrint:
    """Simulated games (`games`, one summary each) and their figures (`findings`), as `simulate` plays them."""

    setup: Setup
    games: list[GameSummary]
    findings: Findings

    @property
    def report(self) -> dict:
        """The object `simulate --json` prints: the set-up, the figures, the heat map and every game."""
        from modlinseq_print.rules.playtest_text import findings_json

        return findings_json(self.setup, self.findings, self.games, self.setup.variant.board)

    @property
    def text(self) -> str:
        """The table `simulate` prints on the terminal."""
        from modlinseq_print.rules.playtest_text import findings_text

        return findings_text(self.setup, self.findings)

    def save(self, path, *, format: str | None = None, dpi: float = opt.DPI.default) -> list[Path]:
        """Write the one-page report with its charts and heat map (PDF, SVG or PNG), as `simulate -o` does."""
        from modlinseq_print.printables.playtest_report import report_document

        format_for(path, format)
        return write_output(report_document(self.setup, self.findings, self.games), path, format, dpi)


def simulate(preset: str = opt.PRESET.default, *, games: int = play_opt.GAMES.default,
             players: int = play_opt.PLAYERS.default, hand: int = play_opt.HAND.default, ai: str = play_opt.AI.default,
             board: str | None = None, modulus: int | None = None, copies: int | None = None,
             wild: int | None = None, wrap: str | None = None, pattern: str | None = None,
             marker: bool | None = None, wild_policy: str = play_opt.WILD_POLICY.default,
             hash_swap: bool = play_opt.HASH_SWAP.default, seed: int = play_opt.SHUFFLE_NUMBER.default,
             jobs: int = play_opt.JOBS.default, progress: Callable[[int], None] | None = None) -> PlaytestPrint:
    """Play `games` seeded games between computer players (`ai`: a level of rules.players.AI_PLAYERS, from the
    one that thinks least: "beginner", "greedy", "careful", "strong" or "strong:N" for N searches a turn; or one
    per seat such as "careful,greedy") on a preset's kit, as `simulate` does; the other keywords change the kit
    as its options do, `jobs` plays games in that many processes, and `progress`, if given, is called with the
    number of games done after each."""
    from modlinseq_print.kits.playtest_setup import playtest_setup, whole_number
    from modlinseq_print.rules.playtest import findings, playtest

    setup, tiles = playtest_setup(preset, board=board, modulus=modulus, copies=copies, wild=wild, wrap=wrap,
                                  pattern=pattern, marker=marker, wild_policy=wild_policy, hash_swap=hash_swap,
                                  hand=hand, players=players, ai=ai, games=games, seed=seed)
    played = playtest(setup.variant, setup.kinds, tiles, games, seed, whole_number(jobs, "jobs"), progress)
    return PlaytestPrint(setup, played, findings(played, len(setup.variant.board.cells)))


@dataclass
class ReviewPrint:
    """A reviewed game (`review`: rules.review.GameReview), as the `review` command makes it."""

    review: GameReview

    @property
    def report(self) -> dict:
        """The object `review -o FILE.json` writes: every turn (`points`, `best`, `best_turn`, `left`, the cells
        it blocked, the lines it left open), each player's accuracy and the turning points."""
        from modlinseq_print.rules.review_text import review_json

        return review_json(self.review)

    @property
    def text(self) -> str:
        """The summary `review` prints on the terminal."""
        from modlinseq_print.rules.review_text import review_text

        return review_text(self.review)

    def save(self, path, *, format: str | None = None) -> list[Path]:
        """Write the review: a printable PDF, an HTML page or JSON, by `format` or the file's extension."""
        import json

        kind = (format or Path(path).suffix.lstrip(".")).lower()
        if kind not in opt.REVIEW_FORMATS:
            raise FieldError(f"cannot write a review as {Path(path).name!r}: name it .pdf, .html or .json",
                             "format", opt.REVIEW_FORMATS)
        if kind == "json":
            return list(write_files_atomic([(path, json.dumps(self.report, indent=1) + "\n")]))
        if kind == "html":
            from modlinseq_print.printables.review_html import review_html
            from modlinseq_print.render.svg_writer import scene_to_svg

            return list(write_files_atomic([(path, review_html(self.review, scene_to_svg))]))
        from modlinseq_print.printables.review_pages import review_document

        return write_output(review_document(self.review), path, "pdf")


def review(board: str, modulus: int, transcript: str, hands: str | None = None, *, pattern: str | None = None,
           wrap: str | None = None, diagonals: bool = False, wild_policy: str = play_opt.WILD_POLICY.default,
           marker: bool = False, hash_swap: bool = play_opt.HASH_SWAP.default,
           players: int = play_opt.PLAYERS.default) -> ReviewPrint:
    """Review a game: each turn of `transcript` (one line per turn, as `score` reads it) with its points and,
    where `hands` (the text of a hands file: one line per turn, the hand held before it, '-' where not known)
    gives the hand, the best turn that hand allowed and the points left; the cells each turn blocked and the
    lines it left open; each player's accuracy and the turning points. `players` names unnamed turns in
    rotation."""
    from modlinseq_print.rules.review import parse_hands, review_game
    from modlinseq_print.rules.start import start_position
    from modlinseq_print.rules.transcript import parse_transcript

    start = start_position(board, modulus, wrap, diagonals, wild_policy, marker)
    turns = parse_transcript(transcript, start.topology, start.modulus)
    known = None if hands is None else parse_hands(hands, start.modulus)
    return ReviewPrint(review_game(turns, start, known, pattern, players, hash_swap))


@dataclass
class PositionPrint:
    """A judged position (`analysis`) and its diagram (`drawing.scene`), as the `position` command draws it."""

    analysis: Analysis
    drawing: PositionDrawing

    def save(self, path, *, format: str | None = None, dpi: float = opt.DPI.default) -> list[Path]:
        """Write the diagram (one page) as SVG, PDF or PNG."""
        from modlinseq_print.printables.position import position_document

        return write_output(position_document(self.drawing), path, format, dpi)


def position(board: str, modulus: int, transcript: str, *, pattern: str | None = None, wrap: str | None = None,
             diagonals: bool = False, wild_policy: str = play_opt.WILD_POLICY.default, marker: bool = False,
             crop: bool | None = None,
             crop_margin: int = play_opt.CROP_MARGIN.default, legend: str = play_opt.LEGEND.default,
             modulus_note: str | None = None, show_blocked: bool = True, theme: str = opt.THEME.default,
             tile_width=play_opt.DIAGRAM_WIDTH.default, tile_shape: str = opt.TILE_SHAPE.default,
             labels: bool = opt.LABELS.default, title: str | None = opt.TITLE.default,
             lang: str = opt.LANG.default) -> PositionPrint:
    """A position diagram: the board, the tiles, blocked cells in red and a legend of the sequences
    (`tile_width` by default the diagrams' own, smaller than a printed tile). `crop` True draws only the cells
    around the tiles, False the whole board, None (the default) crops when the tiles fill at most half of it."""
    from modlinseq_print.printables.position import diagram_style, position_scene

    width = _length(tile_width if tile_width is not None else play_opt.DIAGRAM_WIDTH.default, "tile width")
    style = diagram_style(width, crop, crop_margin, legend, modulus_note, show_blocked,
                          theme=theme, tile_shape=tile_shape, labels=labels, pattern=pattern, title=title)
    analysis = _analysis(board, modulus, transcript, wrap, diagonals, wild_policy, marker)
    with using(lang):
        return PositionPrint(analysis, position_scene(analysis, style))


def _preview(preview) -> str | None:
    """The picture's path, which must name a .png."""
    if preview is not None and Path(str(preview)).suffix.lower() != ".png":
        raise ModlinseqError(f"preview writes a PNG picture: name it .png, not {Path(str(preview)).name!r}")
    return None if preview is None else str(preview)


@dataclass
class SolidsPrint:
    """Pieces as solids for a 3D printer (`pieces`, their `look` and `spec`), as the `pieces3d` command makes them."""

    pieces: list[Piece]
    look: TileLook
    spec: SolidSpec

    @_keywords(tile_width="width", tile_shape="shape")
    def save(self, path, *, format: str | None = None, bed="256x256mm", spacing="3mm", layer_height="0.2mm",
             first_layer_height="0.2mm", colors: tuple[str, str] = ("#ffd54f", "#222222"),
             preview=None) -> list[Path]:
        """Write the plates (.3mf: a file per plate; .stl: a file per plate and filament) and the manifests
        (NAME.manifest.csv and .json) as `pieces3d` does, with a shaded picture of the first plate in `preview`
        (a .png) when given; `bed` is the printer's bed ('256x256mm'), `colors` the two filaments' display
        colours (light, dark)."""
        from modlinseq_print.solids import kernel

        kernel.manifold3d()  # the optional extra, or one line saying how to install it
        from modlinseq_print.solids.files import PrintJob, piece_run, run_files
        from modlinseq_print.units import parse_size

        fmt = format_for(path, format, opt.SOLID_FORMATS)
        picture = _preview(preview)
        job = PrintJob(bed=parse_size(bed, "bed"), spacing=_length(spacing, "spacing"),
                       layer=_length(layer_height, "layer height"),
                       first_layer=_length(first_layer_height, "first layer height"),
                       colours=cast("tuple[str, str]", tuple(colors)))  # PrintJob checks there are two
        return write_files_atomic(run_files(piece_run(self.pieces, self.look, self.spec, job), str(path), fmt, picture))


@_keywords(tile_width="width", tile_shape="shape")
def pieces3d(modulus: int | None = None, copies: int | None = None, *, preset: str | None = None,
             no_zero: bool = False, wild: int | None = None, blockers: int | None = None, markers: str | None = None,
             counts=None, width=None, shape: str | None = None, style: str = opt.PIECE_STYLE.default,
             thickness=opt.THICKNESS.default, number: str = opt.NUMBER.default, relief=opt.RELIEF.default,
             chamfer=opt.CHAMFER.default, top_chamfer=opt.TOP_CHAMFER.default, nozzle=opt.NOZZLE.default,
             cue: str | None = None) -> SolidsPrint:
    """Number tiles, wild tiles, blockers and modulus markers as solids, chosen as `tiles` chooses them or taken
    from a `preset` (a name or FILE.toml; the set arguments given override it); `style` "flat" (3 mm) or
    "standing" (9 mm) unless `thickness`; `number` "raised", "sunk" or "inlay"; `cue` "underline", "dot" or
    "none" for the numbers that read as another turned round, 6 and 9, 16 and 91... (None: none when the preset's
    underline is "none", else "underline")."""
    from modlinseq_print.kits.piece_sets import chosen_set
    from modlinseq_print.printables.tiles import read_counts
    from modlinseq_print.solids.pieces import solid_look, solid_spec

    loaded = None
    if preset is not None:
        from modlinseq_print.kits.preset_loading import load_preset

        loaded = load_preset(preset)
    chosen = chosen_set(loaded, modulus=modulus, copies=copies,
                        counts=read_counts(str(counts)) if counts is not None else None, no_zero=no_zero, wild=wild,
                        blockers=blockers, markers=markers, width=None if width is None else str(width), shape=shape)
    look = solid_look(_length(chosen.width, "tile width"), chosen.shape)
    given = {"style": style, "thickness": thickness, "number": number, "relief": relief, "chamfer": chamfer,
             "top_chamfer": top_chamfer, "nozzle": nozzle}
    return SolidsPrint(chosen.pieces, look,
                       solid_spec(given, cue if cue is not None else "underline" if chosen.underline else "none"))


@dataclass
class RackPrint:
    """Racks for a hand of tiles (`size`: printables.rack.RackSize; `look`: the tiles'), as the `rack` command
    makes them."""

    size: RackSize
    look: TileLook
    copies: int = 1

    @_keywords(tile_width="width", tile_shape="shape")
    def save(self, path, *, format: str | None = None, bed=None, spacing="3mm", preview=None, material=None,
             kerf=None, cut_color=None, engrave_color=None, hairline=None, no_engrave: bool = False,
             no_reference: bool = False, reference_size=None) -> list[Path]:
        """Write the racks as `rack` does: .3mf or .stl to 3D-print (on a `bed`, default 256x256mm), .svg or .dxf
        to laser-cut (default bed 600x400mm) from sheet `material` (default 3mm) with the laser's `kerf`,
        colours, `hairline`, engraved part numbers (unless `no_engrave`) and kerf reference square (unless
        `no_reference`) of `reference_size`; `preview` a .png picture of the rack holding a hand. The laser's
        arguments are refused for a printed rack."""
        from modlinseq_print.solids.rack_files import RackJob, rack_files

        laser = {"material": material, "kerf": kerf, "cut_color": cut_color, "engrave_color": engrave_color,
                 "hairline": hairline, "reference_size": reference_size, "no_engrave": no_engrave,
                 "no_reference": no_reference}
        job = RackJob(path=str(path), fmt=format_for(path, format, opt.RACK_FORMATS), bed=bed, spacing=spacing,
                      preview=_preview(preview), laser=laser)
        return write_files_atomic(rack_files(self.size, self.look, self.copies, job))


@_keywords(tile_width="width", tile_shape="shape")
def rack(hand: int = opt.HAND.default, copies: int = opt.RACKS.default, *, preset: str | None = None, width=None,
         shape: str | None = None, style: str = opt.PIECE_STYLE.default, thickness=opt.THICKNESS.default) -> RackPrint:
    """`copies` racks (one per player, 1 to 20) for a `hand` of tiles (1 to 30) of the preset's or the given
    `width` and `shape` (default 25mm pentagon) and thickness (`style` "flat" 3 mm or "standing" 9 mm, unless
    `thickness`), as the `rack` command sizes them."""
    from modlinseq_print.printables.rack import check_copies
    from modlinseq_print.solids.rack import rack_for

    tiles = None
    if preset is not None:
        from modlinseq_print.kits.preset_loading import load_preset

        tiles = load_preset(preset).tiles
    size, look = rack_for(hand, {"tile_width": width, "tile_shape": shape, "style": style, "thickness": thickness},
                          tiles)
    return RackPrint(size, look, check_copies(copies))
