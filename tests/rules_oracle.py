"""An independent model of the rules for the tests: lines read by walking the board, sequences checked by
trying every start and step, wild tiles and empty cells settled by exhaustive search (no congruences).

Only the bounce reuses the engine's chains (its walk is tested against table 13A on its own); everything
else here is written without the engine's rules code.
"""

from __future__ import annotations

from modlinseq_print.geometry.wrap import line_through
from modlinseq_print.rules.chains import all_chains


def fits(values, m, loop):
    """Brute force: some step (each tried) and start give these values (None free), closing the loop if asked;
    the start is the one that puts the first known value in place."""
    n = len(values)
    known = [(i, v) for i, v in enumerate(values) if v is not None]
    if not known:
        return any(not loop or n * s % m == 0 for s in range(m))
    i0, v0 = known[0]
    return any(all(v == (v0 + (i - i0) * s) % m for i, v in known) and (not loop or n * s % m == 0)
               for s in range(m))


def board_lines(position):
    """Every straight line of the board once, as (cells in order, closed), read by walking it."""
    board, topo = position.board, position.topology
    found, seen = [], set()
    for cell in board.cells:
        for d in topo.forward:
            line, closed = line_through(board, cell, d, position.wrap)
            key = frozenset(line), d
            if key not in seen and len(line) >= 2:
                seen.add(key)
                found.append((line, closed))
    return found


def runs(position, occupied=None, lines=None):
    """Every maximal run of two or more tiles along each line, read by walking the board (wrap none/lines/tess);
    under the bounce, the engine's chains. `lines` caches board_lines(position)."""
    occupied = position.tiles if occupied is None else occupied
    if position.wrap == "bounce":
        return [(list(ch.cells), ch.loop) for ch in all_chains(position.topology, occupied)]
    found = []
    for line, closed in board_lines(position) if lines is None else lines:
        filled = [c in occupied for c in line]
        if closed and all(filled):
            found.append((list(line), True))
            continue
        if closed:  # start just after an empty cell so no run is split
            start = filled.index(False)
            line, filled = line[start:] + line[:start], filled[start:] + filled[:start]
        run = []
        for c, f in zip(list(line) + [None], filled + [False]):
            if f:
                run.append(c)
            else:
                if len(run) >= 2:
                    found.append((run, False))
                run = []
    return found


def oracle_legal(position):
    """True when every run fits some arithmetic progression modulo m."""
    m = position.modulus
    return all(fits([position.tiles[c].value for c in run], m, loop) for run, loop in runs(position))


class WildModel:
    """Wild tiles and empty cells by exhaustive search over the values of the unknown cells."""

    def __init__(self, position):
        self.position = position
        self.m = position.modulus
        self.known = {c: t.known for c, t in position.tiles.items()}
        self._memo = {}
        self._lines = None if position.wrap == "bounce" else board_lines(position)

    def _search(self, order, lines, fixed):
        """True when the unknown cells in `order` (those in `fixed` given) can take values that make every line
        fit: depth first, each choice narrowing the other cells of its lines to the values that still fit."""
        values = {c: v for c, v in self.known.items() if v is not None}
        by_cell = {c: [line for line in lines if c in line[0]] for c in order}
        settled = [line for line in lines if not set(order).intersection(line[0])]
        if not all(self._fits(run, loop, values) for run, loop in settled):
            return False

        def narrow(cell, domains):
            for run, loop in by_cell[cell]:
                for other in {c for c in run if c in domains and c not in values}:
                    kept = []
                    for v in domains[other]:
                        values[other] = v
                        if self._fits(run, loop, values):
                            kept.append(v)
                    del values[other]
                    if not kept:
                        return False
                    domains[other] = kept
            return True

        def go(domains):
            open_cells = [c for c in order if c not in values]
            if not open_cells:
                return True
            cell = min(open_cells, key=lambda c: (len(domains[c]), order.index(c)))
            for v in domains[cell]:
                values[cell] = v
                narrowed = dict(domains)
                if all(self._fits(run, loop, values) for run, loop in by_cell[cell]) and narrow(cell, narrowed) \
                        and go(narrowed):
                    return True
                del values[cell]
            return False

        return go({c: [fixed[c]] if c in fixed else list(range(self.m)) for c in order})

    def _fits(self, run, loop, values):
        key = (tuple(values.get(c) for c in run), loop)
        if key not in self._memo:
            self._memo[key] = fits(key[0], self.m, loop)
        return self._memo[key]

    def _groups(self, lines, unknown):
        """The unknown cells grouped by the lines they share."""
        parent = {c: c for c in unknown}

        def find(c):
            while parent[c] != c:
                c = parent[c]
            return c

        for run, _ in lines:
            cells = [c for c in run if c in parent]
            for c in cells[1:]:
                parent[find(c)] = find(cells[0])
        groups = {}
        for c in sorted(unknown):
            groups.setdefault(find(c), []).append(c)
        return list(groups.values())

    def fits_alone(self, line):
        """True when the line fits with its own unknown cells filled somehow (a cell met twice, one value)."""
        return self._search(sorted({c for c in line[0] if self.known.get(c) is None}), [line], {})

    def legal(self):
        """True when every line fits on its own and every wild tile has a value."""
        return (all(self.fits_alone(line) for line in runs(self.position, lines=self._lines))
                and all(self.wild_values().values()))

    def wild_values(self, every_line=False):
        """Each open wild tile's values: those in some filling of its group that makes every line fit (only the
        lines that fit on their own, unless `every_line`; a group with no filling gives its tiles none)."""
        unknown = {c for c, v in self.known.items() if v is None}
        lines = [line for line in runs(self.position, lines=self._lines)
                 if unknown.intersection(line[0]) and (every_line or self.fits_alone(line))]
        result = {}
        for group in self._groups(lines, unknown):
            mine = [line for line in lines if set(group).intersection(line[0])]
            found = {c: [v for v in range(self.m) if self._search([c] + [x for x in group if x != c], mine, {c: v})]
                     for c in group}
            empty = any(not v for v in found.values())
            result.update({c: () if empty else tuple(v) for c, v in found.items()})
        return dict(sorted(result.items()))

    def allowed(self, cell):
        """The values an empty cell can take: some filling of the wild tiles linked to it by lines makes the
        lines through it, and theirs, fit."""
        occupied = {**self.position.tiles, cell: None}
        lines = runs(self.position, occupied, self._lines)
        through = [line for line in lines if cell in line[0]]
        linked = {c for run, _ in through for c in run if c != cell and self.known[c] is None}
        pending = set(linked)
        while pending:
            wild = pending.pop()
            for run, _ in lines:
                if wild in run:
                    fresh = {c for c in run if c != cell and self.known[c] is None} - linked
                    linked |= fresh
                    pending |= fresh
        mine = [line for line in lines if cell in line[0] or linked.intersection(line[0])]
        order = [cell] + sorted(linked)
        return [v for v in range(self.m) if self._search(order, mine, {cell: v})]
