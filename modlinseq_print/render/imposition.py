"""Imposition: identical shapes packed densely on sheets (nested by half turns), grids, duplex and fold mirroring.

Everything is in millimetres, y downward. A shape is a convex outline around its own origin; a slot is
where one copy goes: the page, where its origin lands, and its rotation (0 or 180 degrees).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.rect import Rect

Point = tuple[float, float]

_EPS = 1e-9
FLIPS = ("long", "short")  # the edge a duplex printer turns the sheet over
_ROW_SHIFTS = 32  # row shifts tried per lattice
_OFFSETS = 17  # vertical offsets of the turned copy tried, then refined


class ImpositionError(ModlinseqError):
    """A shape that does not fit the sheet, or a bad count."""


@dataclass(frozen=True)
class Slot:
    """Where one copy goes: the page (from 0), where its origin lands in mm, its rotation in degrees."""

    page: int
    x: float
    y: float
    rotation: int = 0


@dataclass(frozen=True)
class PackingLattice:
    """A periodic arrangement: motif copies (dx, dy, rotation) repeated by (px, 0) and (sx, py)."""

    motif: tuple[tuple[float, float, int], ...]
    px: float
    sx: float
    py: float

    @property
    def area_per_copy(self) -> float:
        """Sheet area each copy takes, the inverse of the density."""
        return self.px * self.py / len(self.motif)


# ---- convex polygons --------------------------------------------------------------------------------------

def convex_hull(points) -> list[Point]:
    """The convex hull of points, counter-clockwise on paper (y downward), without collinear points."""
    pts = sorted(set((float(x), float(y)) for x, y in points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= _EPS:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= _EPS:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _outward_normals(points: list[Point]) -> list[Point]:
    """Unit outward normals of the edges points[i] -> points[i+1] of a simple polygon, either way round."""
    n = len(points)
    turn = 1.0 if sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
                      for i in range(n)) > 0 else -1.0
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        normals.append((turn * (y1 - y0) / length, -turn * (x1 - x0) / length))
    return normals


def offset_convex(points, distance: float) -> list[Point]:
    """A polygon with every edge moved outward by `distance` (inward when negative), corners mitred: exact for
    a convex polygon, and for any simple one whose edges are longer than the distance (a laser part's fingers)."""
    pts = [(float(x), float(y)) for x, y in points]
    if distance == 0:
        return pts
    normals = _outward_normals(pts)
    n = len(pts)
    result = []
    for i in range(n):
        (ax, ay), (bx, by) = normals[i - 1], normals[i]  # the edges meeting at vertex i
        scale = distance / (1 + ax * bx + ay * by)
        result.append((pts[i][0] + (ax + bx) * scale, pts[i][1] + (ay + by) * scale))
    return result


def half_turn(points) -> list[Point]:
    """The outline turned by 180 degrees about its origin."""
    return [(-x, -y) for x, y in points]


def bounding_box(points) -> Rect:
    """The smallest rectangle holding the points."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def place_outline(points, slot: Slot) -> list[Point]:
    """An outline centred on the origin, turned by the slot's rotation and moved to its centre."""
    turned = half_turn(points) if slot.rotation % 360 == 180 else points
    return [(slot.x + x, slot.y + y) for x, y in turned]


def polygons_gap(a, b) -> float:
    """The distance between two convex polygons; negative (minus the penetration depth) when they overlap."""
    return _signed_distance(convex_hull([(ax - bx, ay - by) for ax, ay in a for bx, by in b]), (0.0, 0.0))


def _signed_distance(hull: list[Point], point: Point) -> float:
    """Signed distance from a point to a convex polygon: positive outside, negative inside."""
    normals = _outward_normals(hull)
    inside = max((point[0] - p[0]) * n[0] + (point[1] - p[1]) * n[1] for p, n in zip(hull, normals))
    if inside <= 0:
        return inside
    return min(_segment_distance(point, hull[i], hull[(i + 1) % len(hull)]) for i in range(len(hull)))


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


# ---- the lattice search -----------------------------------------------------------------------------------

class _Clearance:
    """A Minkowski difference A - B grown by the gap: where B's centre may not go relative to A's."""

    def __init__(self, hull: list[Point], gap: float):
        self.gap = gap
        self.vertices = hull
        self.edges = [(p[0] + gap * n[0], p[1] + gap * n[1], q[0] + gap * n[0], q[1] + gap * n[1])
                      for p, q, n in zip(hull, hull[1:] + hull[:1], _outward_normals(hull))]
        self.low = (min(x for x, _ in hull) - gap, min(y for _, y in hull) - gap)
        self.high = (max(x for x, _ in hull) + gap, max(y for _, y in hull) + gap)

    def extent(self, level: float, axis: int, sign: float = 1.0) -> float | None:
        """The largest (sign 1) or smallest (sign -1) coordinate `axis` of the region on the line where
        the other coordinate equals `level`; None when the line misses the region."""
        other = 1 - axis
        if not self.low[other] - _EPS <= level <= self.high[other] + _EPS:
            return None
        values = []
        for edge in self.edges:
            a0, a1, b0, b1 = (edge[axis], edge[other], edge[axis + 2], edge[other + 2])
            if abs(b1 - a1) < _EPS:
                if abs(level - a1) < _EPS:
                    values += [a0, b0]
            elif min(a1, b1) - _EPS <= level <= max(a1, b1) + _EPS:
                values.append(a0 + (level - a1) / (b1 - a1) * (b0 - a0))
        for p in self.vertices:
            if abs(level - p[other]) <= self.gap:
                values.append(p[axis] + sign * math.sqrt(self.gap ** 2 - (level - p[other]) ** 2))
        if not values:
            return None
        return max(values) if sign > 0 else min(values)

    def through(self, level: float, axis: int, sign: float = 1.0) -> float:
        """The extent on a line known to cross the region."""
        found = self.extent(level, axis, sign)
        if found is None:
            raise ValueError(f"the line at {level} misses the clearance region")
        return found


@lru_cache(maxsize=64)
def _clearances(outline: tuple[Point, ...], gap: float) -> dict[tuple[int, int], _Clearance]:
    """The clearance regions for every pair of rotations of the outline."""
    turned = {0: list(outline), 180: half_turn(outline)}
    return {(ra, rb): _Clearance(convex_hull([(ax - bx, ay - by) for ax, ay in turned[ra] for bx, by in turned[rb]]),
                                 gap)
            for ra in (0, 180) for rb in (0, 180)}


def _row_pitch(clear, motif, px: float, sx: float) -> float:
    """The least vertical distance between two rows of the motif when the lower one is shifted by sx."""
    pitch = 0.0
    for ax, ay, ra in motif:
        for bx, by, rb in motif:
            region = clear[ra, rb]
            base = sx + bx - ax
            for k in range(math.ceil((region.low[0] - base) / px - _EPS), math.floor((region.high[0] - base) / px) + 1):
                reach = region.extent(base + k * px, 1)
                if reach is not None:
                    pitch = max(pitch, reach - (by - ay))
    return pitch


def _best_rows(clear, motif, px: float, shifts: int = _ROW_SHIFTS) -> PackingLattice:
    """The lattice of rows of the motif with the smallest row pitch over the row shifts tried."""
    tried = [PackingLattice(tuple(motif), px, sx, _row_pitch(clear, motif, px, sx))
             for sx in [px * i / shifts for i in range(shifts)]]
    best = tried[0]
    for lattice in tried[1:]:
        if lattice.py < best.py - _EPS:
            best = lattice
    for k in range(-7, 8):  # refine between the shifts tried
        sx = (best.sx + px * k / (8 * shifts)) % px
        lattice = PackingLattice(tuple(motif), px, sx, _row_pitch(clear, motif, px, sx))
        if lattice.py < best.py - _EPS:
            best = lattice
    return best


def _turned_positions(clear, dy: float, px_same: float) -> list[tuple[float, float]]:
    """(row period, x) pairs for the turned copy at height dy between upright copies of a row."""
    right = clear[0, 180].extent(dy, 0, 1.0)
    if right is None:
        return [(px_same, px_same * k / 4) for k in range(4)]
    left = clear[0, 180].through(dy, 0, -1.0)  # the line meets the region: its right end was found
    px = max(px_same, right - left)
    slack = left + px - right
    return [(px, right + slack * k / 2) for k in range(3)] if slack > _EPS else [(px, right)]


def _nested_lattices(clear, px_same: float, offsets) -> list[PackingLattice]:
    found = []
    for dy in offsets:
        found += [_best_rows(clear, ((0.0, 0.0, 0), (dx, dy, 180)), px)
                  for px, dx in _turned_positions(clear, dy, px_same)]
    return found


@lru_cache(maxsize=64)
def candidate_lattices(outline: tuple[Point, ...], gap: float, nest: bool = True) -> tuple[PackingLattice, ...]:
    """Dense lattices of the outline with `gap` between copies, best first; with `nest`, also lattices
    whose rows alternate the outline and its half turn."""
    clear = _clearances(outline, gap)
    px_same = clear[0, 0].through(0.0, 0)  # the region of one copy against another holds the origin
    found = [_best_rows(clear, ((0.0, 0.0, 0),), px_same)]
    if nest:
        reach = bounding_box(outline).height + gap
        step = 2 * reach / (_OFFSETS - 1)
        found += _nested_lattices(clear, px_same, [-reach + step * j for j in range(_OFFSETS)])
        for _ in range(2):  # refine around the best offsets, eight times finer each round
            found.sort(key=lambda lattice: lattice.area_per_copy)
            step /= 8
            for dy in {lattice.motif[-1][1] for lattice in found[:3] if len(lattice.motif) > 1}:
                found += _nested_lattices(clear, px_same, [dy + step * k for k in range(-7, 8) if k])
    found.sort(key=lambda lattice: lattice.area_per_copy)
    return tuple(found[:40])


# ---- slots on pages ---------------------------------------------------------------------------------------

def lattice_positions(lattice: PackingLattice, half_width: float, half_height: float,
                      width: float, height: float) -> list[tuple[float, float, int]]:
    """Centres (x, y, rotation) of the lattice copies whose bounding boxes fit a width x height box, row by row
    and left to right within a row (page_slots centres the block it chooses)."""
    best: list[tuple[int, float, float, int]] = []
    top = min(dy for _, dy, _ in lattice.motif)
    rows = int((height + abs(top)) / lattice.py) + 3
    aligned = [half_width - dx - j * lattice.sx for j in (0, 1) for dx, _, _ in lattice.motif]  # a copy at the left
    for x0 in aligned + [lattice.px * phase / 8 for phase in range(8)]:
        found = []
        for j in range(-1, rows):
            for dx, dy, rotation in lattice.motif:
                y = half_height - top + dy + j * lattice.py
                first = x0 + dx + j * lattice.sx
                first -= math.floor((first - half_width) / lattice.px) * lattice.px
                x = first
                while x <= width - half_width + _EPS:
                    if half_height - _EPS <= y <= height - half_height + _EPS:
                        found.append((j, x, y, rotation))
                    x += lattice.px
        if len(found) > len(best):
            best = found
    return [(x, y, rotation) for _, x, y, rotation in sorted(best, key=lambda p: (p[0], p[1]))]


def _centred(positions, half_width, half_height, width, height):
    if not positions:
        return positions
    left = min(x for x, _, _ in positions) - half_width
    right = max(x for x, _, _ in positions) + half_width
    top = min(y for _, y, _ in positions) - half_height
    bottom = max(y for _, y, _ in positions) + half_height
    shift_x = (width - right - left) / 2
    shift_y = (height - bottom - top) / 2
    return [(x + shift_x, y + shift_y, r) for x, y, r in positions]


def _check_count(count: int) -> None:
    if count < 0:
        raise ImpositionError(f"cannot place {count} copies: the count must not be negative")


def paginate(count: int, per_page: list[Slot]) -> list[list[Slot]]:
    """`count` slots filling pages of the per-page slots in order, one list per page."""
    return [[replace(per_page[k], page=page) for k in range(min(len(per_page), count - page * len(per_page)))]
            for page in range(math.ceil(count / len(per_page)) if count else 0)]


def _too_large(what: str, width: float, height: float, area: Rect) -> ImpositionError:
    return ImpositionError(
        f"a {width:.1f} x {height:.1f} mm {what} does not fit the printable area of "
        f"{area.width:.1f} x {area.height:.1f} mm: "
        f"use a smaller size, larger paper or smaller margins")


def page_slots(outline, area: Rect, gap: float = 2.0, nest: bool = True, what: str = "shape",
               keep_out: tuple[Rect, ...] = (), enough: int | None = None) -> list[Slot]:
    """Slots (page 0) for as many copies of a convex outline as fit the area, packed densely `gap` apart and
    `gap` clear of the keep-out rectangles; a slot places the outline's origin. With `nest`, alternate
    copies may be turned by 180 degrees when that fits more. The candidate lattices are tried densest first;
    with `enough`, the search stops at the first that gives that many slots (a few pieces on a large bed)."""
    box = bounding_box(outline)
    if box.width > area.width + _EPS or box.height > area.height + _EPS:
        raise _too_large(what, box.width, box.height, area)
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    hull = tuple((round(x - cx, 9), round(y - cy, 9)) for x, y in convex_hull(outline))
    best: list[tuple[float, float, int]] = []
    near = _near_zones(keep_out, area, box.width / 2 + gap, box.height / 2 + gap)
    for lattice in candidate_lattices(hull, round(gap, 9), nest):
        positions = lattice_positions(lattice, box.width / 2, box.height / 2, area.width, area.height)
        positions = _centred(positions, box.width / 2, box.height / 2, area.width, area.height)
        if near:
            positions = [p for p in positions if not _in_any(p, near) or _clear_of(hull, p, area, keep_out, gap)]
        if len(positions) > len(best):
            best = positions
        if enough is not None and len(best) >= enough:
            break
    # back from the bounding-box centre to the outline's own origin, turned with the copy
    return [Slot(0, area.x + x - cx, area.y + y - cy, r) if r == 0 else Slot(0, area.x + x + cx, area.y + y + cy, r)
            for x, y, r in best]


def pack_shapes(count: int, outline, area: Rect, gap: float = 2.0, nest: bool = True,
                what: str = "shape", keep_out: tuple[Rect, ...] = ()) -> list[list[Slot]]:
    """Slots for `count` copies of a convex outline packed as page_slots packs them, one list per page."""
    _check_count(count)
    per_page = page_slots(outline, area, gap, nest, what, keep_out, enough=count)
    if count and not per_page:
        raise ImpositionError(f"no room for a {what} beside what the page must also hold: use larger paper")
    return paginate(count, per_page)


def _near_zones(keep_out: tuple[Rect, ...], area: Rect, reach_x: float, reach_y: float) -> list[Rect]:
    """Each keep-out rectangle in area coordinates, grown by how far a copy centred outside it reaches (half its
    box plus the gap) and a little more: a copy centred outside every zone is clear of every rectangle."""
    grow_x, grow_y = reach_x + 1e-6, reach_y + 1e-6
    return [Rect(r.x - area.x - grow_x, r.y - area.y - grow_y, r.width + 2 * grow_x, r.height + 2 * grow_y)
            for r in keep_out]


def _in_any(position, zones: list[Rect]) -> bool:
    x, y = position[0], position[1]
    return any(z.x <= x <= z.right and z.y <= y <= z.bottom for z in zones)


def _clear_of(hull, position, area: Rect, keep_out: tuple[Rect, ...], gap: float) -> bool:
    """True when the outline at the position (area coordinates) keeps `gap` from every keep-out rectangle."""
    if not keep_out:
        return True
    placed = place_outline(hull, Slot(0, area.x + position[0], area.y + position[1], position[2]))
    near = bounding_box(placed).inset(-gap)
    return all(not near.intersects(r) or polygons_gap(placed, [(r.x, r.y), (r.right, r.y), (r.right, r.bottom),
                                                                (r.x, r.bottom)]) >= gap - 1e-6 for r in keep_out)


def place_rectangles(count: int, width: float, height: float, area: Rect, gap: float = 0.0,
                     what: str = "card") -> list[list[Slot]]:
    """Slots (centres) for `count` width x height rectangles in a grid centred in the area, `gap`
    apart, one list per page: rows and columns line up, so every cut runs across the sheet."""
    _check_count(count)
    if width <= 0 or height <= 0:
        raise ImpositionError(f"a {what} must have a positive width and height, not {width:g} x {height:g} mm")
    if width > area.width + _EPS or height > area.height + _EPS:
        raise _too_large(what, width, height, area)
    columns = int((area.width - width + _EPS) // (width + gap)) + 1
    rows = int((area.height - height + _EPS) // (height + gap)) + 1
    grid = [(width / 2 + c * (width + gap), height / 2 + r * (height + gap), 0)
            for r in range(rows) for c in range(columns)]
    centred = _centred(grid, width / 2, height / 2, area.width, area.height)
    return paginate(count, [Slot(0, area.x + x, area.y + y, r) for x, y, r in centred])


def mirror_slot(slot: Slot, page_width: float, offset: Point = (0.0, 0.0), flip: str = "long",
                page_height: float | None = None) -> Slot:
    """The slot of a copy's back on the backs page, shifted by the printer's back offset (x, y) in mm.
    The sheet turns over on its long or short edge (`flip`): about a vertical axis (a long-edge flip of a
    portrait page, a short-edge flip of a landscape one) the back is mirrored left to right; about a
    horizontal axis top to bottom, and turned by 180 degrees, as backs are drawn mirrored left to right.
    Without a page height the page is taken as portrait."""
    portrait = page_height is None or page_height >= page_width
    if (flip == "long") == portrait:
        return Slot(slot.page, page_width - slot.x + offset[0], slot.y + offset[1], slot.rotation)
    if page_height is None:  # only a portrait page turned on its long edge needs no height
        raise ValueError("turning a page over on its short edge needs the page height")
    return Slot(slot.page, slot.x + offset[0], page_height - slot.y + offset[1], (slot.rotation + 180) % 360)


@dataclass(frozen=True)
class Fold:
    """A fold line across a sheet: 'vertical' (the line x = position) or 'horizontal' (y = position)."""

    axis: str
    position: float

    def mirror_slot(self, slot: Slot) -> Slot:
        """The slot of a copy's back: the outline drawn mirrored left to right there (as backs are drawn)
        is the front's mirror image across the fold, so folding puts the back exactly behind its front."""
        if self.axis == "vertical":
            return Slot(slot.page, 2 * self.position - slot.x, slot.y, slot.rotation)
        return Slot(slot.page, slot.x, 2 * self.position - slot.y, (slot.rotation + 180) % 360)

    def front_region(self, area: Rect, clearance: float) -> Rect:
        """The part of the area before the fold (left or above) that stays `clearance` from the fold and
        whose mirror image lies in the area too; an ImpositionError when nothing is left."""
        vertical = self.axis == "vertical"
        low, high = (area.x, area.right) if vertical else (area.y, area.bottom)
        start = max(low, 2 * self.position - high)
        end = min(self.position - clearance, 2 * self.position - low)
        if end - start <= _EPS:
            raise ImpositionError(f"a {clearance:g} mm gutter leaves no room beside the {self.axis} fold: "
                                  "use a smaller gutter or larger paper")
        if vertical:
            return Rect(start, area.y, end - start, area.height)
        return Rect(area.x, start, area.width, end - start)


def sheet_folds(width: float, height: float) -> tuple[Fold, Fold]:
    """The two folds through the middle of a width x height sheet: vertical, then horizontal."""
    return Fold("vertical", width / 2), Fold("horizontal", height / 2)
