"""Custom punchout slugs (The Game Crafter's custom punchouts): pieces laid out on a slug with the spacing the
product asks, the front and mirrored back of each slug as images, and its cut line with nicks, as SVG."""

from __future__ import annotations

import math
from dataclasses import replace

from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
from modlinseq_print.render.imposition import place_outline
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.resolution import MAX_RUN_PIXELS, over_run, run_message
from modlinseq_print.render.scene import Polygon, Scene, Style
from modlinseq_print.services.specs import MM_PER_IN, Product, ServiceError

CUT_STYLE = Style(fill=None, stroke="#000000", stroke_width=0.1)
TRIAL = 256  # pieces laid out first to learn how many fill a slug


def nicked(outline: list[tuple[float, float]], count: int, width: float) -> list[tuple[tuple[float, float], ...]]:
    """A closed outline as `count` open paths: the outline less `count` gaps (nicks) `width` mm wide, evenly
    spaced along its perimeter; the ties they leave hold a part in its slug until it is punched out."""
    points = list(outline) + [outline[0]]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    total = sum(lengths)
    corners = [sum(lengths[:i]) for i in range(len(lengths))]  # arc length at each vertex

    def at(distance: float) -> tuple[float, float]:
        distance %= total
        index = max(i for i, c in enumerate(corners) if c <= distance)
        (x0, y0), (x1, y1) = points[index], points[index + 1]
        t = (distance - corners[index]) / lengths[index]
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t

    step = total / count
    paths = []
    for k in range(count):
        start, end = (k + 0.5) * step + width / 2, (k + 1.5) * step - width / 2  # from one nick to the next
        inside = sorted(c + lap for c in corners for lap in (0.0, total) if start < c + lap < end)
        paths.append(tuple(at(d) for d in [start, *inside, end]))
    return paths


def slug_sheet(product: Product) -> Sheet:
    """The slug as a sheet: its size, with the margin the pieces' printed footprints keep, so that every cut
    line stays inside the safe zone while its bleed may reach beyond it (at most to the slug's edge)."""
    width, height = (v * MM_PER_IN for v in product.slug)
    return Sheet(width, height, max(product.safe_in * MM_PER_IN - product.bleed, 0.0), "slug")


def cut_spacing(product: Product) -> float:
    """The distance (mm) between neighbouring cut lines: the product's least spacing, or twice the bleed when
    that is more, so that each piece's bleed ends before its neighbour's cut line."""
    return max(product.spacing_in * MM_PER_IN, 2 * product.bleed)


def slug_pages(product: Product, pieces, faces, title: str):
    """The pieces laid out on slugs: fronts with backs mirrored after each (duplex), no printed cut line, the
    product's bleed past every cut line (neighbours' bleeds meet but never cross a cut), every cut line inside
    the safe zone (a bleed may run into the margin beyond it), no footer; and the placements."""
    if faces.look.width < 4 * product.bleed:  # a piece takes a bleed of at most a quarter of its width
        raise ServiceError(f"{product.product}: the art runs {product.bleed:.2f} mm past each cut line, more than a "
                           f"{faces.look.width:g} mm piece can take: use pieces at least {4 * product.bleed:g} mm "
                           "wide", "tile_width", 4 * product.bleed)
    look = replace(faces.look, bleed=product.bleed, cut_line="none")
    options = SheetOptions(gap=cut_spacing(product), layout="duplex", title=title, footer=False)
    return build_sheets(pieces, faces.with_look(look), slug_sheet(product), options)


def slugs_needed(product: Product, pieces, faces, title: str) -> tuple[int, int]:
    """About how many slugs the pieces fill, and how many pieces fill one: learnt from laying out a few (the
    first TRIAL, four times more while they fit on one slug), not all of them."""
    trial = TRIAL
    while True:
        sheets = slug_pages(product, pieces[:trial], faces, title)
        per_slug = sum(placement.page == 0 for placement in sheets.placements)
        if trial >= len(pieces):
            return len(sheets.document.pages) // 2, per_slug
        if len(sheets.document.pages) > 2:
            return math.ceil(len(pieces) / per_slug), per_slug
        trial *= 4


def check_slugs(product: Product, pieces, faces, title: str) -> None:
    """Refuse, before the pieces are laid out, a set whose slug images are more pixels than one run draws
    (render.resolution.MAX_RUN_PIXELS), saying how many pieces a bundle takes."""
    slugs, per_slug = slugs_needed(product, pieces, faces, title)
    pixels = product.pixels or (0, 0)
    if not pixels[0] or not over_run(2 * slugs, pixels):
        return
    most = MAX_RUN_PIXELS // (2 * pixels[0] * pixels[1])
    raise ServiceError(f"{len(pieces):,} pieces fill about {slugs:,} slugs: "
                       f"{run_message(2 * slugs, 'images', pixels)}; a bundle takes at most {most} slugs (about "
                       f"{most * per_slug:,} pieces this size): give fewer copies or make several bundles")


def cut_scenes(product: Product, sheets, outline) -> list[Scene]:
    """Each slug's cut line: every piece's outline where the front prints it, with the product's nicks."""
    slug = sheets.sheet
    scenes = [Scene(slug.width, slug.height) for page in sheets.document.pages[::2]]
    for placement in sheets.placements:
        placed = place_outline(outline, placement.slot)
        for path in nicked(placed, product.nicks, product.nick_in * MM_PER_IN):
            scenes[placement.page // 2].layer("cut").items.append(Polygon(path, CUT_STYLE, closed=False))
    return scenes
