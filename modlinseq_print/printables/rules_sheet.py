"""The rules sheet that teaches the game: players and hands, setting up, the first turn, a turn, scoring with
a worked example, blocked cells, the end and this kit's variations, with three diagrams of an example
game drawn by the position renderer (rules, page 1, sections 2 and 3)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.printables import reference_text as card_words
from modlinseq_print.printables import rules_text as words
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.printables.position import diagram_style, position_scene
from modlinseq_print.printables.rules_help import ADDRESS_MM, add_addresses, faq, named_cells, reading_box, \
    reading_example
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.rules.examples import ExampleGame, ExampleTurn, blocking_lines, example_game, lesson_board, \
    lesson_start
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.report import tilde_notation
from modlinseq_print.rules.setup import hand_sizes
from modlinseq_print.rules.sequences import points
from modlinseq_print.rules.turns import ScoredSequence
from modlinseq_print.wording import _, plural

HEAD = 10.5 * PT  # section headings
BODY = 8.5 * PT  # body text and tables
CAPTION = 7.5 * PT
FALLBACK_BOARD = "hex:9"  # the diagrams' board when the kit's own cannot hold the example game
DIAGRAM_HEIGHT = 62.0  # mm: the tallest a diagram is drawn
NARROWEST = 75.0  # mm: the narrowest column the sheet is set in


@dataclass(frozen=True)
class ReferenceSpec:
    """What the rules sheet and reference card describe: the modulus, the variation, the pieces and the board
    the diagrams are drawn on."""

    modulus: int
    wrap: str | None = None  # None: the board's own
    pattern: str | None = None  # None: the board's own
    wild: int = 0
    markers: bool = True
    title: str = "MODLINSEQ"
    board: str = "hex:9"
    tiles: int | None = None  # tiles in the stock (numbers and wild tiles); None: ten of each number
    blockers: bool = False
    theme: str = "green"
    tile_shape: str = "pentagon"

    @property
    def stock(self) -> int:
        """The tiles players draw from: the number tiles and the wild tiles."""
        return self.tiles if self.tiles is not None else 10 * self.modulus + self.wild


def example_for(spec: ReferenceSpec) -> ExampleGame:
    """The example game on the kit's board, or on an order-9 board when the kit's cannot hold it (a small,
    square or odd-shaped board): played by the rules engine, so every caption is a fact."""
    board = parse_board(spec.board)
    wrap = spec.wrap
    if not lesson_board(board):
        board, wrap = parse_board(FALLBACK_BOARD), None
    try:
        start = lesson_start(board, spec.modulus, wrap, spec.markers)
    except ModlinseqError:  # a wrap rule this board has no use for: the example never reaches an edge
        start = lesson_start(board, spec.modulus, None, spec.markers)
    return example_game(start, spec.pattern if spec.pattern is not None else board.default_pattern)


def diagram(flow: Flow, spec: ReferenceSpec, game: ExampleGame, turn: ExampleTurn, caption: str) -> Scene:
    """A turn's position cropped around the tiles, its new tiles outlined, without a legend; of the cell
    addresses only those its caption names, printed ADDRESS_MM high at the scale the flow draws it."""
    style = diagram_style(crop=True, legend="none", theme=spec.theme, tile_shape=spec.tile_shape,
                          pattern=game.pattern, labels=False)
    drawing = position_scene(turn.after, replace(style, highlight=frozenset(turn.result.placed)))
    add_addresses(drawing, named_cells(drawing, caption), ADDRESS_MM / flow.figure_scale(drawing.scene,
                                                                                      DIAGRAM_HEIGHT))
    return drawing.scene


def teach(flow: Flow, spec: ReferenceSpec, game: ExampleGame, facts: str = "") -> None:
    """Lay out the rules sheet on the flow: a title, the players, age and playing time (`facts`, when given)
    and an introduction, then two columns."""
    flow.heading(_("How to play MODLINSEQ"), size=15 * PT)
    flow.paragraph(_("{title} · modulus {modulus} · board ({board})").format(
        title=spec.title, modulus=spec.modulus, board=board_shape(parse_board(spec.board))), size=BODY)
    if facts:
        flow.paragraph(facts, size=BODY, font="Helvetica-Bold")
    flow.paragraph(_(words.INTRO), size=BODY)
    flow.set_columns(columns_for(flow), gap=0.0)
    first = game.lesson[0]
    sequence = " ~ ".join(str(t.known) for t in _line_tiles(first))
    reading_box(flow, BODY, CAPTION, HEAD, transcript=first.transcript, sequence=sequence,
                example=reading_example(first.after.position, _line_cells(first)), modulus=spec.modulus,
                markers=spec.markers, theme=spec.theme, shape=spec.tile_shape)
    _rule(flow, spec, game)
    _players(flow, spec)
    _setup(flow, spec)
    flow.heading(_("The first turn"), size=HEAD)
    flow.paragraph(_(words.FIRST_TURN_MARKER if spec.markers else words.FIRST_TURN), size=BODY)
    caption = first_caption(spec, first)
    flow.figure(diagram(flow, spec, game, first, caption), caption, CAPTION, DIAGRAM_HEIGHT, shrink=False)
    flow.heading(_("A turn"), size=HEAD)
    flow.bullets([_(step) for step in words.TURN], size=BODY)
    flow.heading(_("Scoring"), size=HEAD)
    flow.paragraph(_(words.SCORING), size=BODY)
    flow.table(scoring_rows(), widths=[16, 16, 16, 16], size=BODY)
    _worked_example(flow, spec, game)
    flow.heading(_("Frozen players and the end"), size=HEAD)
    for paragraph in words.END:
        flow.paragraph(_(paragraph), size=BODY)
    text = _(words.BLOCKED) + (_(words.BLOCKED_BLOCKERS) if spec.blockers else "")
    caption = blocked_caption(game)
    figure = diagram(flow, spec, game, game.lesson[-1], caption)
    flow.ensure(HEAD * 1.7 + flow.paragraph_height(text, BODY) + flow.figure_height(figure, caption, CAPTION,
                                                                                     DIAGRAM_HEIGHT))
    flow.heading(_("Blocked cells"), size=HEAD)
    flow.paragraph(text, size=BODY)
    flow.figure(figure, caption, CAPTION, DIAGRAM_HEIGHT, shrink=False)
    if flow.column == 0 and flow.columns == 2:  # the variations beside the blocked cells, not under them
        flow.next_column()
    variations(flow, spec)
    faq(flow, BODY, HEAD, spec.wild)


def columns_for(flow: Flow) -> int:
    """Two columns when each is at least NARROWEST wide (A4 and Letter), else one (A5)."""
    return 2 if (flow.page_width - 2 * flow.margin - flow.gutter) / 2 >= NARROWEST else 1


def _worked_example(flow: Flow, spec: ReferenceSpec, game: ExampleGame) -> None:
    """Figure 2 and the table of what its turn scores, kept together."""
    turn = game.lesson[2]
    caption = worked_caption(game)
    figure = diagram(flow, spec, game, turn, caption)
    rows, widths = _fitted(worked_rows(turn), flow.column_width)
    lines = sum(max(len(c) if isinstance(c, tuple) else 1 for c in row) for row in rows)
    flow.ensure(flow.figure_height(figure, caption, CAPTION, DIAGRAM_HEIGHT) + lines * CAPTION * 1.45 + 2.0)
    flow.figure(figure, caption, CAPTION, DIAGRAM_HEIGHT, shrink=False)
    flow.table(rows, widths=widths, size=CAPTION)


def _fitted(rows: list[list[str]], room: float) -> tuple[list[list], list[float]]:
    """The worked example's rows and column widths in `room` mm: the other columns as wide as their words,
    the sequences in what is left, a long one broken after a `~` onto further lines."""
    def natural(j: int) -> float:
        return max(text_width(row[j], "Helvetica-Bold", CAPTION) for row in rows) + 2.5

    widths = [natural(0), 0.0, natural(2), natural(3)]
    widths[1] = room - widths[0] - widths[2] - widths[3]
    fitted: list[list[str | tuple[str, ...]]] = [
        [*row[:1], row[1] if i == 0 else _broken(row[1], widths[1] - 1.5), *row[2:]] for i, row in enumerate(rows)]
    return fitted, widths


def _broken(sequence: str, width: float) -> str | tuple[str, ...]:
    """A tilde sequence as one line, or broken after a `~` into lines no wider than `width` mm."""
    if text_width(sequence, "Helvetica", CAPTION) <= width:
        return sequence
    lines, line = [], ""
    for term in sequence.split(" ~ "):
        candidate = f"{line} ~ {term}" if line else term
        if line and text_width(candidate + " ~", "Helvetica", CAPTION) > width:
            lines.append(line + " ~")
            line = term
        else:
            line = candidate
    return tuple(lines + [line])


def _rule(flow: Flow, spec: ReferenceSpec, game: ExampleGame) -> None:
    flow.heading(_("The modular-linear rule"), size=HEAD)
    values = [t.known for t in _line_tiles(game.lesson[0])]
    m = spec.modulus
    step = (values[1] - values[0]) % m
    text = " ~ ".join(map(str, values))
    turn = next((i for i in range(len(values) - 1) if values[i] + step >= m), None)
    if turn is None:
        example = _(words.RULE_EXAMPLE).format(modulus=m, values=text, step=step)
    else:
        example = _(words.RULE_WRAP).format(modulus=m, values=text, step=step, last=values[turn],
                                            sum=values[turn] + step, next=values[turn + 1])
    flow.paragraph(f"{_(card_words.RULE)} {example}", size=BODY)


def _line_cells(turn: ExampleTurn):
    """The cells of a turn's primary sequence, in order."""
    return turn.result.sequences[0].report.chain.cells


def _line_tiles(turn: ExampleTurn):
    """The tiles of a turn's primary sequence, in order."""
    position = turn.after.position
    return [position.tiles[c] for c in _line_cells(turn)]


def _players(flow: Flow, spec: ReferenceSpec) -> None:
    flow.heading(_("Players and hands"), size=HEAD)
    sizes = hand_sizes(spec.stock)
    if not sizes:
        flow.paragraph(_(words.PLAYERS_FEW).format(tiles=plural(spec.stock, "tile")), size=BODY)
        return
    flow.paragraph(_(words.PLAYERS).format(tiles=plural(spec.stock, "tile")), size=BODY)
    rows = [[_(head) for head in words.HANDS_HEAD]]
    rows += [[str(s.players), str(s.hand), f"{s.smallest}-{s.largest}" if s.largest > s.smallest else str(s.largest)]
             for s in sizes]
    flow.table(rows, size=BODY)


def _setup(flow: Flow, spec: ReferenceSpec) -> None:
    flow.heading(_("Setting up"), size=HEAD)
    steps = [_(words.SETUP[0]).format(modulus=spec.modulus, top=spec.modulus - 1)]
    if spec.markers:
        steps.append(_(words.SETUP_MARKER).format(modulus=spec.modulus))
    steps.append(_(words.SETUP[1]) + (" " + _(words.SETUP_WILD).format(wild=spec.wild) if spec.wild else ""))
    steps.append(_(words.SETUP[2]))
    flow.bullets(steps, size=BODY)


def scoring_rows(longest: int = 12) -> list[list[str]]:
    """Table 2A as rows: length and points, in two column pairs."""
    half = (longest + 1) // 2
    rows = [[_("length"), _("points"), _("length"), _("points")]]
    for n in range(1, half + 1):
        rows.append([str(n), str(points(n)), str(n + half), str(points(n + half))])
    return rows


def variations(flow: Flow, spec: ReferenceSpec) -> None:
    """The paragraphs for the variations this kit uses."""
    flow.heading(_("This kit's variations"), size=HEAD)
    flow.paragraph(_(card_words.WRAP[spec.wrap or "none"]), size=BODY)
    pattern_words = card_words.PATTERN.get(spec.pattern or "none")
    if pattern_words:
        flow.paragraph(_(pattern_words), size=BODY)
    if spec.wild:
        flow.paragraph(_(card_words.WILD), size=BODY)
    if spec.markers:
        flow.paragraph(_(card_words.MARKER), size=BODY)


# ---- captions: what the rules engine found, in words ---------------------------------------------------


def _length(scored: ScoredSequence) -> str:
    """'4 tiles', or '3 tiles + 1 bonus' / '3 tiles - 1 malus' on bonus and malus cells."""
    tiles = plural(scored.report.tiles, "tile")
    if scored.bonus > 0:
        return _(words.BONUS_LENGTH).format(tiles=tiles, bonus=scored.bonus)
    if scored.bonus < 0:
        return _(words.MALUS_LENGTH).format(tiles=tiles, malus=-scored.bonus)
    return tiles


def _sequence(turn: ExampleTurn, scored: ScoredSequence) -> str:
    return tilde_notation(turn.after.position, scored.report, short=False)


def first_caption(spec: ReferenceSpec, turn: ExampleTurn) -> str:
    """Figure 1's caption: the first turn, its length, step and points."""
    values = [t.known for t in _line_tiles(turn)]
    primary = turn.result.sequences[0]
    text = _(words.FIGURE_FIRST_MARKER if spec.markers else words.FIGURE_FIRST)
    return text.format(transcript=turn.transcript, tiles=_length(primary),
                       step=(values[1] - values[0]) % spec.modulus, points=plural(turn.result.points, "point"))


def worked_caption(game: ExampleGame) -> str:
    """Figure 2's caption: the crossing turn, and the worked example's turn."""
    crossing, turn = game.lesson[1], game.lesson[2]
    return _(words.FIGURE_WORKED).format(crossing=crossing.transcript,
                                         crossing_points=plural(crossing.result.points, "point"),
                                         transcript=turn.transcript)


def worked_rows(turn: ExampleTurn) -> list[list[str]]:
    """The worked example as a table: each sequence the turn scores (primary first), then the total."""
    rows = [[""] + [_(head) for head in words.WORKED_HEAD]]
    for scored in turn.result.sequences:
        rows.append([_("primary") if scored.primary else _("secondary"), _sequence(turn, scored), _length(scored),
                     plural(scored.points, "point")])
    rows.append([_("the turn"), "", "", plural(turn.result.points, "point")])
    return rows


def blocked_caption(game: ExampleGame) -> str:
    """Figure 3's caption: the extension and its points, the turn that blocks a cell, and why it is blocked."""
    extension, turn = game.lesson[3], game.lesson[4]
    primary = extension.result.sequences[0]
    parts = [_(words.FIGURE_BLOCKED).format(sequence=_sequence(extension, primary), tiles=_length(primary),
                                            points=plural(primary.points, "point"), transcript=turn.transcript,
                                            turn_points=plural(turn.result.points, "point"))]
    position = turn.after.position
    blocked = sorted(turn.after.blocked, key=lambda c: (not _joins(position, c), c.r, c.q))
    if blocked:
        parts.append(_why_blocked(position, blocked[0]))
    parts += [_(words.BLOCKED_TOO).format(cell=position.board.address(c)) for c in blocked[1:]]
    return " ".join(parts)


def _joins(position: Position, cell: Cell) -> bool:
    lines = blocking_lines(position, cell)
    return bool(lines) and not lines[0].allows


def _why_blocked(position: Position, cell: Cell) -> str:
    """Why a cell is blocked: a line whose two sides no number joins, or two lines needing different numbers."""
    address = position.board.address(cell)
    lines = blocking_lines(position, cell)

    def tilde(cells) -> str:
        return " ~ ".join(position.notation(c) for c in cells)

    if lines and not lines[0].allows:
        return _(words.BLOCKED_JOIN).format(cell=address, before=tilde(lines[0].before), after=tilde(lines[0].after))
    if len(lines) < 2:
        return _(words.BLOCKED_PLAIN).format(cell=address)
    first, second = lines[0], lines[1]
    return _(words.BLOCKED_DISAGREE).format(
        cell=address, first=tilde(first.before + first.after), first_value=_values(first.allows),
        second=tilde(second.before + second.after), second_value=_values(second.allows))


def _values(values: tuple[int, ...]) -> str:
    return f" {_('or')} ".join(map(str, values))

