"""The kit's cover: the title art, players, age and playing time, the example game in progress, what the kit
holds, how to make it and the board's assembly diagram, with the kit's own page numbers."""

from __future__ import annotations

from modlinseq_print.geometry.boards import Board
from modlinseq_print.kits.game_facts import facts_line, section_component
from modlinseq_print.kits.game_length import GameLength, timing_line
from modlinseq_print.kits.presets import Preset
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.cover import BOARD_STEP, GUIDE, Front, cover_page
from modlinseq_print.printables.cover_art import title_art
from modlinseq_print.printables.position import diagram_style, position_scene
from modlinseq_print.printables.rules_sheet import ReferenceSpec
from modlinseq_print.render.pagination import PagePlan
from modlinseq_print.render.pagination_pages import assembly_diagram
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.theme import get_theme
from modlinseq_print.rules.examples import ExampleGame
from modlinseq_print.wording import _, plural

TILE_STEPS = {  # the cover's step for the tile and marker sheets, by layout (duplex: the GUIDE's own)
    "gutter-fold": "Tiles and markers: print the sheets one-sided. Fold each sheet along its dashed line with the "
                   "printed sides out, glue the halves together, then cut along the tile outlines through both layers.",
    "fronts": "Tiles and markers: print the sheets one-sided and cut along the tile outlines (the backs stay blank).",
}
PICTURE = ("A game in progress, modulus {modulus}: {turns}, {tiles} on the board. Every straight line of tiles "
           "is a modular-linear sequence.")
PICTURE_BLOCKED = " Red cells are blocked: no number fits them."
BOX_STEP = ("Box: print page {page} on card, cut out the tray and the lid along their solid lines and fold them "
            "as the page shows; the pieces go in stacks.")


def kit_guide(layout: str, overlap: float, markers: bool = True, box: int | None = None) -> list[str]:
    """The cover's how-to steps, the tiles' step matching the sheet layout, the board's naming its overlap
    (the modulus marker's step only when the kit has markers; the box's, before it, when the kit has a box on
    kit page `box`)."""
    steps = [TILE_STEPS.get(layout, step) if step.startswith("Tiles and markers:") else step for step in GUIDE]
    steps = [step for step in steps if markers or "modulus marker" not in step]
    guide = [_(BOARD_STEP).format(overlap=overlap) if step.startswith("Board:") else _(step) for step in steps]
    if box is not None:
        guide.insert(len(guide) - markers, _(BOX_STEP).format(page=box))
    return guide


def game_picture(spec: ReferenceSpec, game: ExampleGame) -> tuple[Scene, str]:
    """The cover's picture: the example game's last position, cropped, the modulus written in a free cell (as
    figure 1A of the rules does), and its caption."""
    after = game.cover[-1].after
    style = diagram_style(crop=True, legend="none", note_cell="auto", theme=spec.theme, tile_shape=spec.tile_shape,
                          pattern=game.pattern)
    drawing = position_scene(after, style)
    tiles = sum(not t.marker for t in after.position.tiles.values())
    caption = _(PICTURE).format(modulus=spec.modulus, turns=plural(len(game.cover), "turn"),
                                tiles=plural(tiles, "tile"))
    return drawing.scene, caption + (_(PICTURE_BLOCKED) if after.blocked else "")


def assembly_caption(plan: PagePlan, first: int) -> str:
    """What the assembly diagram shows: the board's size and the kit pages it is printed on."""
    pages = len(plan.pages)
    if pages == 1:
        return _("The board fits on one page (kit page {first}).").format(first=first)
    return _("The board measures {width} x {height} mm on {pages}, kit pages {first}-{last}; each frame is the "
             "kit page of that number.").format(width=f"{plan.board_width:.0f}", height=f"{plan.board_height:.0f}",
                                                pages=plural(pages, "page"), first=first, last=first + pages - 1)


def kit_contents(contents: list[tuple[str, int, int]], counts: dict[str, int], seats: int, score_pad: bool,
                 board: Board) -> list[tuple[str, int, int]]:
    """The cover's table of what the kit holds: each section (by its English name) in a player's words, its
    pieces counted from `counts` (the kit's own pieces), the turn cards from `seats`, the board's pages."""
    where = _("{shape}, {cells}").format(shape=board_shape(board), cells=plural(len(board), "cell"))
    return [(section_component(name, count, counts, seats, score_pad, where), first, count)
            for name, first, count in contents]


def box_page_of(contents: list[tuple[str, int, int]]) -> int | None:
    """The kit page of the box, if the kit has one."""
    return next((first for name, first, _count in contents if name.startswith("Box")), None)


def kit_cover(preset: Preset, sheet: Sheet, *, inset: float, contents: list[tuple[str, int, int]],
              counts: dict[str, int], game_board: Board, spec: ReferenceSpec, game: ExampleGame,
              board: tuple[Scene, PagePlan, int], lengths: list[GameLength] | None = None) -> Scene:
    """The cover scene: `contents` holds (English section name, first page, pages); `game_board` is the board
    played on; `board` its drawing, its page plan and the kit page of its first page; `lengths`, the kit's
    simulated games, give the player counts and playing time."""
    drawing, plan, first = board
    guide = kit_guide(preset.tiles.sheet_layout, plan.overlap, spec.markers, box_page_of(contents))
    assembly = (assembly_caption(plan, first), lambda room: assembly_diagram(drawing, plan, room, first))
    seats = max((length.players for length in lengths or []), default=2)
    art = title_art(100.0, preset.modulus, get_theme(preset.theme), preset.tiles.shape)
    front = Front(art, facts_line(lengths or []), timing_line(lengths) if lengths else "")
    held = kit_contents(contents, counts, seats, preset.aids.score_pad, game_board)
    return cover_page(sheet.width, sheet.height, sheet.margin + inset, title=preset.title, summary="",
                      contents=held, guide=guide, picture=game_picture(spec, game), assembly=assembly, front=front)
