"""The game review as one self-contained HTML page: the same summary, turning points, table of turns and pairs
of diagrams as the printed review, each pair an SVG picture inside the page (given by the caller's `svg`, so
this module imports no writer), in the language in use. Self-contained (its style inside), or linking a style
sheet instead for a server whose pages allow no inline style (the studio)."""

from __future__ import annotations

import base64
import html
from typing import Callable

from modlinseq_print.i18n import current
from modlinseq_print.printables.review_pages import (headings, pair_caption, pair_scene, player_rows, review_style,
                                                     setting_words, turn_rows, without_hands_words)
from modlinseq_print.render.scene import Scene
from modlinseq_print.rules.review import GameReview
from modlinseq_print.rules.review_text import turning_point_words

STYLE = """
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #1a1a1a; max-width: 60rem;
       margin: 2rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.8rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { text-align: left; padding: .2rem .7rem .2rem .3rem; border-bottom: 1px solid #ccc; vertical-align: top; }
th { background: #e8efe9; } td.n { text-align: right; } tr.left td { background: #fff4e0; }
figure { margin: 1.5rem 0; } figure img { max-width: 100%; height: auto; }
figcaption { font-size: .95rem; color: #333; }
div.wide { overflow-x: auto; } div.wide table { margin-right: 1px; }
@media (max-width: 30rem) { body { margin-top: 1rem; } th, td { padding: .2rem .3rem .2rem .15rem; font-size: .9rem; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _table(rows: list[list], label: str, marked: frozenset[int] | set[int] = frozenset(),
           numeric: frozenset[int] | set[int] = frozenset()) -> str:
    """A table in a box that scrolls sideways when the page is narrower (reachable by keyboard, named by
    `label`, the table's heading)."""
    head = "".join(f"<th>{_e(c)}</th>" for c in rows[0])
    body = []
    for i, row in enumerate(rows[1:]):
        cells = "".join(f'<td class="n">{_e(c)}</td>' if j in numeric else f"<td>{_e(c)}</td>"
                        for j, c in enumerate(row))
        body.append(f'<tr class="left">{cells}</tr>' if i in marked else f"<tr>{cells}</tr>")
    return (f'<div class="wide" tabindex="0" role="region" aria-label="{_e(label)}">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def _head(title: str, stylesheet: str | None) -> str:
    style = f'<link rel="stylesheet" href="{_e(stylesheet)}">' if stylesheet else f"<style>{STYLE}</style>"
    return (f"<!DOCTYPE html>\n<html lang=\"{current()}\"><head><meta charset=\"utf-8\"><title>{_e(title)}</title>"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{style}</head>")


def review_html(review: GameReview, svg: Callable[[Scene], bytes], title: str | None = None,
                stylesheet: str | None = None) -> str:
    """The review page: `svg(scene)` gives a scene's SVG bytes (embedded as pictures, so their ids never clash);
    `stylesheet`, when given, is linked in place of the inline style (STYLE is its content)."""
    words = headings()
    title = title or words["title"]
    parts = [_head(title, stylesheet), f"<body><main><h1>{_e(title)}</h1><p>{_e(setting_words(review))}</p>"
                                       f"<h2>{_e(words['players'])}</h2>"]
    parts.append(_table(player_rows(review), words["players"], numeric={1, 2, 4}))
    parts.append(f"<h2>{_e(words['turning'])}</h2>")
    if not review.hands_known:
        parts.append(f"<p>{_e(without_hands_words(review))}</p>")
    elif review.turning_points:
        items = "".join(f'<li><a href="#turn-{n}">{_e(turning_point_words(review, n))}</a></li>'
                        for n in review.turning_points)
        parts.append(f"<p>{_e(words['most'])}</p><ul>{items}</ul>")
    else:
        parts.append(f"<p>{_e(words['all best'])}</p>")
    parts.append(f"<h2>{_e(words['turns'])}</h2>")
    marked = {i for i, t in enumerate(review.turns) if t.left}
    parts.append(_table(turn_rows(review), words["turns"], marked,
                        numeric={0, 3, 4, 5} if review.hands_known else {0, 3}))
    missed = [t for t in review.turns if t.left]
    if missed:
        parts.append(f"<h2>{_e(words['pairs'])}</h2>")
        style = review_style()
        for turn in missed:
            scene = pair_scene(review, turn, style)
            data = base64.b64encode(svg(scene)).decode("ascii")
            caption = pair_caption(turn)
            parts.append(f'<figure id="turn-{turn.number}"><img src="data:image/svg+xml;base64,{data}" '
                         f'width="{scene.width * 3.78:.0f}" height="{scene.height * 3.78:.0f}" '
                         f'alt="{_e(caption)}"><figcaption>{_e(caption)}</figcaption></figure>')
    parts.append("</main></body></html>\n")
    return "".join(parts)
