"""The studio's board pictures mark A0 as the printed pages do: the start ring, in the theme's colour."""

import pytest

from modlinseq_print.render.theme import THEMES


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_board_preview_rings_a0(client, theme):
    colour = THEMES[theme].start_mark
    for board, rings in (("hex:3", 1), ("square:4x4", 0)):
        answer = client.post("/api/board/preview", {"board": board, "theme": theme})
        assert answer.status == 200
        svg = answer.json()["svg"]
        assert svg.count(f'fill="none" stroke="{colour}"') == rings, board
