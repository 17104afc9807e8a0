"""Positions: tiles on a board, judged as a whole: sequences, legality, blocked cells and wild-tile values."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Iterable, Mapping

from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell, in_reading_order
from modlinseq_print.rules.chains import Chain, Topology, all_chains, chains_through, topology_of
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.sequences import (ALL, Residue, check_modulus, is_prime, msa_options, points,
                                             step_class, value_class)
from modlinseq_print.rules.wilds import MAX_WILD_TILES, Constraint, WildPolicy, WildSolution


@dataclass(frozen=True)
class Tile:
    """A tile on the board: a natural with its number, or a wild tile (`value` None), maybe declared."""

    value: int | None = None
    declared: int | None = None  # a wild tile's value written down (policy D)
    marker: bool = False  # the modulus marker on A0, counting as 0

    @property
    def wild(self) -> bool:
        """True for a wild tile."""
        return self.value is None

    @property
    def known(self) -> int | None:
        """The number the tile stands for when fixed: its value, or a wild tile's declared value."""
        return self.value if self.value is not None else self.declared

    @property
    def label(self) -> str:
        """How the tile is written: its number, or '#'."""
        return "#" if self.wild else str(self.value)


@dataclass
class Position:
    """A board, a modulus, a wrap mode and the tiles by cell."""

    board: Board
    modulus: int
    tiles: dict[Cell, Tile]
    wrap: str | None = None
    diagonals: bool = False
    policy: WildPolicy = WildPolicy.E  # a letter is read as its policy
    topology: Topology = field(init=False, repr=False)

    def __post_init__(self) -> None:
        check_modulus(self.modulus)
        self.policy = WildPolicy.parse(self.policy)
        if self.policy.prime_only and not is_prime(self.modulus):
            raise RulesError(f"wild-tile policy B needs a prime modulus, not {self.modulus}; use policy A, C, D or E")
        self.topology = topology_of(self.board, self.wrap, self.diagonals)
        self.wrap = self.topology.wrap
        for cell, tile in self.tiles.items():
            self._check_tile(cell, tile)
        wild = sum(1 for tile in self.tiles.values() if tile.value is None)
        if wild > MAX_WILD_TILES:
            raise RulesError(f"{wild:,} wild tiles on the board: a position may hold at most {MAX_WILD_TILES:,} "
                             "(a set has a handful); write the others as numbers")

    def _check_tile(self, cell: Cell, tile: Tile) -> None:
        if cell not in self.board.cells:
            raise RulesError(f"cell {self.board.address(cell)} is not on board {self.board.spec}")
        for number in (tile.value, tile.declared):
            if number is not None and not 0 <= number < self.modulus:
                raise RulesError(f"tile {number} at {self.board.address(cell)} is not below the modulus "
                                 f"{self.modulus}: use values 0 to {self.modulus - 1}")

    def with_tiles(self, extra: Mapping[Cell, Tile]) -> "Position":
        """A copy with more tiles (replacing any on the same cells)."""
        return Position(self.board, self.modulus, {**self.tiles, **extra}, self.wrap, self.diagonals, self.policy)

    def notation(self, cell: Cell) -> str:
        """A tile as a transcript writes it, e.g. '4B2' or '#E1'."""
        return f"{self.tiles[cell].label}{self.board.address(cell)}"

    @property
    def first_turn(self) -> bool:
        """True when the first turn is next: no tile on the board but the modulus marker."""
        return all(t.marker for t in self.tiles.values())

    @property
    def centre_rule(self) -> bool:
        """True when the next turn must keep the first-turn rule (`through_centre`): the first turn, on a
        board with A0."""
        return self.board.has_centre and self.first_turn

    def open_wilds(self) -> list[Cell]:
        """Wild tiles without a declared value."""
        return [c for c, t in self.tiles.items() if t.wild and t.declared is None]


@dataclass(frozen=True)
class Problem:
    """Why a position is illegal: a kind, the cells concerned and a readable message."""

    kind: str
    cells: tuple[Cell, ...]
    message: str


@dataclass(frozen=True)
class SequenceReport:
    """One chain of two or more tiles with what the rules say about it."""

    chain: Chain
    labels: tuple[str, ...]  # '4', '#', ... per cell of the chain
    msa: str | None  # None when the step or anchor is not fixed (wild tiles)
    msa_options: tuple[str, ...]
    tiles: int  # wild tiles excluded; a tile passed twice counts twice
    points: int
    legal: bool


@dataclass
class Analysis:
    """The judgement of a position."""

    position: Position
    sequences: list[SequenceReport]
    problems: list[Problem]
    wild: dict[Cell, tuple[int, ...]]
    blocked: list[Cell]

    @property
    def legal(self) -> bool:
        """True when the position breaks no rule."""
        return not self.problems


def chain_constraint(tiles: Mapping[Cell, Tile], chain: Chain) -> Constraint:
    """A chain as a constraint on its unknown cells: open wild tiles, and empty cells being tried."""
    values: list[int | None] = []
    slots: dict[Cell, list[int]] = {}
    for i, cell in enumerate(chain.cells):
        tile = tiles.get(cell)
        known = None if tile is None else tile.known
        values.append(known)
        if known is None:
            slots.setdefault(cell, []).append(i)
    return Constraint(tuple(values), tuple((c, tuple(p)) for c, p in slots.items()), chain.loop)


def _constraint(position: Position, chain: Chain) -> Constraint:
    return chain_constraint(position.tiles, chain)


def _break_message(position: Position, chain: Chain) -> str:
    """Where a chain stops being modular-linear, for a problem message."""
    values = [position.tiles[c].known for c in chain.cells]
    text = " ~ ".join(position.notation(c) for c in chain.cells)
    m = position.modulus
    for k in range(3, len(values) + 1):
        if step_class(values[:k], m) is None:
            where = position.board.address(chain.cells[k - 1])
            return f"{text} is not modular-linear modulo {m}: it breaks at {where}"
    if chain.loop:
        return f"{text} closes into a loop of {len(values)} that no step modulo {m} fits"
    return f"{text} is not modular-linear modulo {m}: the wild tiles in it can take no value"


def wild_support(tiles: Mapping[Cell, Tile], chains: list[Chain], cell: Cell, need_adjacent: bool) -> bool:
    """True when some chain through a wild tile holds two naturals (adjacent ones if asked)."""
    for chain in chains:
        if cell not in chain.cells:
            continue
        natural = [tiles[c].value is not None for c in chain.cells]
        if need_adjacent:
            pairs = zip(natural, natural[1:] + (natural[:1] if chain.loop else []))
            if any(a and b for a, b in pairs):
                return True
        elif len({c for c, n in zip(chain.cells, natural) if n}) >= 2:
            return True
    return False


def _policy_problems(position: Position, chains: list[Chain], wild: dict[Cell, tuple[int, ...]]) -> list[Problem]:
    """Problems with wild tiles under the position's policy (page 3, section 7-2)."""
    problems = []
    for cell in sorted(c for c, t in position.tiles.items() if t.wild):
        where = position.board.address(cell)
        tile = position.tiles[cell]
        values = wild.get(cell, ())
        policy = position.policy
        if policy.declares and tile.declared is None:
            problems.append(Problem("wild-undeclared", (cell,), f"wild tile at {where} has no declared value; "
                                    f"policy D writes it down, e.g. #=5{where}"))
        elif policy.unique and len(values) > 1:
            listed = " or ".join(map(str, values))
            problems.append(Problem("wild-ambiguous", (cell,),
                                    f"wild tile at {where} could be {listed}; policy C needs a unique value"))
        elif policy.supported and tile.declared is None:
            if not wild_support(position.tiles, chains, cell, policy.adjacent):
                problems.append(Problem("wild-unsupported", (cell,), f"wild tile at {where} lies in no "
                                        f"sequence with {policy.support}, as policy {policy} requires"))
    return problems


def _report(position: Position, chain: Chain, wild: Mapping[Cell, tuple[int, ...]], legal: bool) -> SequenceReport:
    m = position.modulus
    values = []
    for cell in chain.cells:
        tile = position.tiles[cell]
        fixed = wild.get(cell, ())
        values.append(tile.known if tile.known is not None else (fixed[0] if len(fixed) == 1 else None))
    options = msa_options(values, m, chain.loop, limit=12) if legal else []
    count = sum(1 for c in chain.cells if not position.tiles[c].wild)
    labels = tuple(position.tiles[c].label for c in chain.cells)
    return SequenceReport(chain, labels, options[0] if len(options) == 1 else None,
                          tuple(options[:12]), count, points(count) if legal else 0, legal)


def solve_wilds(position: Position, chains: list[Chain] | None = None) -> WildSolution:
    """The open wild tiles solved over the chains (all of the position's when None): values and empty cells."""
    chains = all_chains(position.topology, position.tiles) if chains is None else chains
    open_cells = position.open_wilds()
    wanted = set(open_cells)
    constraints = [_constraint(position, ch) for ch in chains if wanted.intersection(ch.cells)] if wanted else []
    return WildSolution(constraints, sorted(open_cells), position.modulus)


def wild_values(position: Position, chains: list[Chain] | None = None) -> dict[Cell, tuple[int, ...]]:
    """The values each open wild tile can take so that every line stays modular-linear (empty: none)."""
    solved = solve_wilds(position, chains)
    m = position.modulus
    return {c: () if r is None else tuple(r.members(m)) for c, r in solved.values.items()}


def allowed_class(position: Position, cell: Cell, solved: WildSolution | None = None,
                  chains: list[Chain] | None = None) -> Residue | None:
    """The values an empty cell can take, a residue class (None if blocked), wild tiles solved as `solved` says
    (all of the position's chains when None); `chains` are those through the cell, when already traced."""
    chains = chains_through(position.topology, position.tiles, cell) if chains is None else chains
    tiles, m = position.tiles, position.modulus
    if all(tiles[c].known is not None for ch in chains for c in ch.cells if c != cell):
        allowed: Residue | None = ALL  # no wild tile on these lines: each allows a residue class
        for chain in chains:
            values = [None if c == cell else tiles[c].known for c in chain.cells]
            tied = [tuple(i for i, c in enumerate(chain.cells) if c == cell)]
            here = value_class(values, m, tied[0][0], chain.loop, tied)
            allowed = None if here is None or allowed is None else allowed.intersect(here)
        return allowed
    solved = solve_wilds(position) if solved is None else solved
    return solved.allowed([_constraint(position, ch) for ch in chains], cell)


def allowed_values(position: Position, cell: Cell) -> list[int]:
    """The values that an empty cell can hold without breaking any line through it."""
    if cell in position.tiles:
        raise RulesError(f"cell {position.board.address(cell)} already holds a tile")
    allowed = allowed_class(position, cell)
    return [] if allowed is None else allowed.members(position.modulus)


def blocked_cells(position: Position, solved: WildSolution | None = None) -> list[Cell]:
    """The empty cells that no value can fill (page 1, section 2-2), in reading order."""
    topo = position.topology
    candidates = {n for c in position.tiles for n in topo.neighbours(c)} - position.tiles.keys()
    if solved is None and position.open_wilds():
        solved = solve_wilds(position)
    return [cell for cell in in_reading_order(candidates)
            if allowed_class(position, cell, solved) is None]


def analyse(position: Position, find_blocked: bool = True) -> Analysis:
    """Judge a position: every chain with its MSA and points, the problems, wild values and blocked cells."""
    chains = all_chains(position.topology, position.tiles)
    problems, legal_chain = [], {}
    m = position.modulus
    for chain in chains:
        constraint = _constraint(position, chain)
        legal_chain[chain] = constraint.satisfied(m)
        if not legal_chain[chain]:
            problems.append(Problem("not-linear", tuple(chain.cells), _break_message(position, chain)))
    legal = [ch for ch in chains if legal_chain[ch]]
    solved = solve_wilds(position, legal)
    wild = {c: () if r is None else tuple(r.members(m)) for c, r in solved.values.items()}
    for cell, values in wild.items():
        if not values:
            problems.append(Problem("wild-conflict", (cell,), f"wild tile at {position.board.address(cell)} "
                                    "can take no value that fits every line through it"))
    problems.extend(_policy_problems(position, chains, wild))
    reports = [_report(position, ch, wild, legal_chain[ch]) for ch in chains]
    if find_blocked and len(legal) < len(chains):
        solved = solve_wilds(position, chains)  # a line that is not modular-linear blocks the cells beside it
    blocked = blocked_cells(position, solved) if find_blocked else []
    return Analysis(position, reports, problems, wild, blocked)


def through_centre(changed: Collection[Cell], holding: Iterable[Collection[Cell]], marker: bool) -> bool:
    """The first-turn rule, where `centre_rule` says it applies: the first turn installs a sequence through the
    centre cell A0: its tiles (`changed`) cover A0, or, with the modulus marker on A0, one of the lines holding
    all of them (the cells of each in `holding`) passes through it."""
    return any(ORIGIN in cells for cells in holding) if marker else ORIGIN in changed


def marker_tile() -> tuple[Cell, Tile]:
    """The modulus marker on A0, standing for 0 (page 3, section 8)."""
    return ORIGIN, Tile(0, marker=True)
