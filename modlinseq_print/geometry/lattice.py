"""The index-7 bonus sublattice (u = (1, 2), v = (-2, 3)), bonus/malus rings and tess-n reduction."""

from __future__ import annotations

from modlinseq_print.geometry.hexgrid import ORIGIN, Cell, distance, neighbours, rotate_cw

U = Cell(1, 2)
V = Cell(-2, 3)  # U rotated 60 degrees clockwise, so (a, b) in basis (U, V) are axial coordinates


def is_sublattice(cell: Cell) -> bool:
    """True for the cells of the bonus sublattice (rules, page 3, section 9)."""
    return (3 * cell.q + 2 * cell.r) % 7 == 0


def to_sublattice(cell: Cell) -> Cell:
    """Sublattice axial coordinates (a, b) of a sublattice cell: cell = a*U + b*V."""
    return Cell((3 * cell.q + 2 * cell.r) // 7, (-2 * cell.q + cell.r) // 7)


def from_sublattice(ab: Cell) -> Cell:
    """The plane cell a*U + b*V."""
    return U.scaled(ab.q) + V.scaled(ab.r)


def flower_centre(cell: Cell) -> Cell:
    """The sublattice cell that is the cell itself or touches it (there is exactly one)."""
    if is_sublattice(cell):
        return cell
    return next(n for n in neighbours(cell) if is_sublattice(n))


def sublattice_ring(cell: Cell) -> int:
    """Hex distance from A0 in sublattice steps, for a sublattice cell."""
    return distance(to_sublattice(cell))


def bonus_malus(cell: Cell) -> str | None:
    """'bonus' on even sublattice rings, 'malus' on odd ones, None off the sublattice (table 9B)."""
    if not is_sublattice(cell):
        return None
    return "bonus" if sublattice_ring(cell) % 2 == 0 else "malus"


def tess_translations(n: int) -> tuple[Cell, ...]:
    """The six plane translations under which the tess-n board tiles the plane."""
    first = U.scaled(2 * n - 1) - V.scaled(n - 1)
    return tuple(rotate_cw(first, k) for k in range(6))


def _sub_translation(n: int) -> tuple[Cell, Cell]:
    """Two sublattice translations generating the tess-n period lattice."""
    t1 = Cell(2 * n - 1, -(n - 1))
    return t1, rotate_cw(t1)


def tess_home(cell: Cell, n: int) -> Cell:
    """The cell of the tess-n board that a plane cell stands for (itself when on the board)."""
    centre = flower_centre(cell)
    ab = to_sublattice(centre)
    if distance(ab) <= n - 1:
        return cell
    t1, t2 = _sub_translation(n)
    det = t1.q * t2.r - t1.r * t2.q
    x = (ab.q * t2.r - ab.r * t2.q) / det
    y = (t1.q * ab.r - t1.r * ab.q) / det
    for i in (int(x) - 1, int(x), int(x) + 1, int(x) + 2):
        for j in (int(y) - 1, int(y), int(y) + 1, int(y) + 2):
            shift = t1.scaled(i) + t2.scaled(j)
            if distance(ab - shift) <= n - 1:
                return cell - from_sublattice(shift)
    raise AssertionError(f"no tess-{n} home for {cell}")  # unreachable: hexagons tile the sublattice


def tess_cells(n: int) -> frozenset[Cell]:
    """The tess-n board: the flowers around sublattice points within sublattice distance n-1."""
    cells = set()
    for a in range(-(n - 1), n):
        for b in range(-(n - 1), n):
            if distance(Cell(a, b)) <= n - 1:
                centre = from_sublattice(Cell(a, b))
                cells.add(centre)
                cells.update(neighbours(centre))
    return frozenset(cells)


__all__ = [
    "ORIGIN", "U", "V", "bonus_malus", "flower_centre", "from_sublattice", "is_sublattice",
    "sublattice_ring", "tess_cells", "tess_home", "tess_translations", "to_sublattice",
]
