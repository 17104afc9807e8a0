"""Convoluted Coprimality Game referee: turns, placement rules, eliminations, restarts, the winner, the CLI."""

import json
from math import gcd
from pathlib import Path

import pytest

from modlinseq_print.games.coprimality import (CoprimalityError, Grid, check_size, conflicts, legal_squares,
                                               placement_error, turn_of, turn_ranges)
from modlinseq_print.games.coprimality_record import parse_record, replay
from modlinseq_print.geometry.addresses import square_cell_of
from cli_helpers import assert_one_line_error

EXAMPLE = Path(__file__).resolve().parents[2] / "templates" / "coprimality-example.txt"

ELIMINATION = """size 12
players Ann Bob Cat
1 Ann: a1 b1
2 Bob: c1
3 Cat: d1 e1
4 Ann: f1 g1
5 Bob: h1 i1 j1 k1
6 Cat: l1 l2
7 Ann: k2 j2
7 Bob: i2 h2
"""

# Nine players fill the whole 12 x 12 grid in straight runs; seven are eliminated on the way
# (Ivy by 144 itself), then Eve and Gus start again on a new grid.
FULL_GRID = """size 12
players Ann Bob Cat Dan Eve Fay Gus Hal Ivy
1 Ann: a1 b1
2 Bob: c1
3 Cat: d1 e1
4 Dan: f1 g1
5 Eve: h1 i1 j1 k1
6 Fay: l1 l2
7 Gus: l3 l4 l5 l6
8 Hal: l7 l8
9 Ivy: l9 l10 l11 l12
10 Ann: k12 j12 i12 h12 g12 f12
11 Bob: e12 d12
12 Cat: c12 b12 a12 a11 a10 a9
13 Dan: a8 a7 a6 a5
14 Eve: a4 a3
15 Fay: a2 b2 b3 b4
16 Gus: b5 b6 b7 b8 b9 b10
17 Hal: b11
17 Ivy: c11 c10 c9 c8 c7
18 Ann: c6 c5
19 Bob: c4 c3 c2 d2 e2 f2
20 Cat: g2 h2 i2 j2
21 Dan: k2 k3
22 Eve: k4 k5 k6 k7 k8 k9
23 Fay: k10 k11
23 Gus: j11 j10
24 Ivy: j9 j8 j7 j6 j5 j4
25 Ann: j3 i3
25 Bob: h3
25 Cat: g3 f3 e3 d3
25 Dan: d4
26 Eve: e4 f4 g4 h4
27 Gus: i4 i5
28 Ivy: i6 i7 i8 i9
29 Dan: i10 i11
30 Eve: h11 g11 f11 e11
31 Gus: d11 d10 e10 f10 g10 h10 h9 g9 f9 e9 d9 d8 d7 d6
32 Ivy: d5 e5 f5 g5
33 Dan: h5 h6 h7 h8
33 Eve: g8 g7
34 Gus: g6 f6
35 Ivy: f7 f8 e8 e7 e6
1 Eve: a1 b1
2 Gus: c1
3 Eve: d1 e1
"""


def cells(text):
    return [square_cell_of(word) for word in text.split()]


def fill(grid, squares, start=1):
    for number, cell in enumerate(cells(squares), start=start):
        assert placement_error(grid, number, cell) is None, (number, cell)
        grid.place(number, cell)


def test_turn_ranges_follow_the_primes():
    assert turn_ranges(13) == [(1, 1, 2), (2, 3, 3), (3, 4, 5), (4, 6, 7), (5, 8, 11), (6, 12, 13)]
    assert turn_of(144) == (35, 140, 149)
    ranges = turn_ranges(400)
    assert all(b[1] == a[2] + 1 for a, b in zip(ranges, ranges[1:]))


def test_size_must_be_at_least_12():
    assert check_size(12) == 12
    with pytest.raises(CoprimalityError, match="n >= 12"):
        check_size(11)


def test_placement_rules():
    grid = Grid(12)
    assert placement_error(grid, 1, square_cell_of("b1")) == "1 goes in the upper-left square a1"
    fill(grid, "a1 b1")
    assert legal_squares(grid, 3) == cells("c1")                      # b2 touches only 2
    assert "two filled neighbours" in placement_error(grid, 3, square_cell_of("b2"))
    assert "already holds 1" in placement_error(grid, 3, square_cell_of("a1"))
    assert "not above, right of" in placement_error(grid, 3, square_cell_of("d1"))
    fill(grid, "c1 d1 e1 f1 g1 h1 i1 j1 k1 l1", start=3)
    assert "off the 12 x 12 grid" in placement_error(grid, 13, square_cell_of("m1"))
    fill(grid, "l2", start=13)                                         # border: one neighbour is enough
    assert set(legal_squares(grid, 14)) == set(cells("k2 l3"))         # k2 touches k1 and l2


def test_conflicts_name_the_neighbours_not_coprime():
    grid = Grid(12)
    fill(grid, "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 l2 k2 j2")
    assert conflicts(grid, 15, square_cell_of("j2")) == [(square_cell_of("j1"), 10)]
    assert conflicts(grid, 14, square_cell_of("k2")) == []


def test_a_blocked_grid_has_no_square_for_the_next_number():
    grid = Grid(12)
    columns = "abcdefghijkl"
    path = [f"a{r}" for r in range(1, 13)] + [f"b{r}" for r in range(12, 0, -1)]
    path += [f"{c}1" for c in columns[2:]]
    for index, column in enumerate("lkjihgfe"):
        rows = range(2, 13) if index % 2 == 0 else range(12, 1, -1)
        path += [f"{column}{r}" for r in rows]
    path += ["d2", "d3", "c3", "c2"]                                     # c2: every neighbour filled
    fill(grid, " ".join(path))
    assert grid.next_number() == 127 and not grid.is_full()
    assert legal_squares(grid, 127) == []


def test_elimination_then_play_goes_on():
    state = replay(parse_record(ELIMINATION))
    assert state.violation is None and state.winner is None
    assert [(e.kind, e.player, e.number) for e in state.events] == [("eliminated", "Ann", 15)]
    assert state.alive == ["Bob", "Cat"]
    assert (state.turn, state.to_move, state.grid.next_number(), state.turn_last) == (8, "Cat", 18, 19)
    assert state.legal_next() == ["g2"]


def test_two_players_elimination_is_a_win():
    record = "size 12\nplayers Ann Bob\n1 Ann: a1 b1\n2 Bob: c1\n3 Ann: d1 e1\n4 Bob: f1 g1\n" \
             "5 Ann: h1 i1 j1 k1\n6 Bob: l1 l2\n7 Ann: k2 j2\n"
    state = replay(parse_record(record))
    assert state.winner == "Bob" and state.violation is None
    assert [e.kind for e in state.events] == ["eliminated", "win"]


def test_example_record_ends_in_a_win():
    state = replay(parse_record(EXAMPLE.read_text()))
    assert state.violation is None and state.winner == "Cat"
    assert [(e.kind, e.player, e.number) for e in state.events] == [
        ("eliminated", "Ann", 15), ("eliminated", "Bob", 20), ("win", "Cat", 20)]


def test_restart_on_a_full_grid():
    record = parse_record(FULL_GRID)
    state = replay(record)
    assert state.violation is None and state.winner is None
    eliminations = [e for e in state.events if e.kind == "eliminated"]
    restart = [e for e in state.events if e.kind == "restart"]
    assert len(restart) == 1 and restart[0].number == 144 and "grid is full" in restart[0].detail
    assert state.grid_count == 2 and state.alive == ["Eve", "Gus"]
    # An independent count: every number whose earlier neighbours include one not coprime to it.
    first_grid = {}
    for line in record.turns:
        for cell in line.squares:
            if len(first_grid) < 144:
                first_grid[cell] = len(first_grid) + 1
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    clashing = [n for c, n in first_grid.items()
                if any(gcd(n, m) > 1 for s in steps for m in [first_grid.get(c + s)] if m and m < n)]
    assert [e.number for e in eliminations] == clashing and len(clashing) == 7
    assert (state.turn, state.to_move, state.grid.next_number()) == (4, "Gus", 6)   # new grid: 1..5 placed


@pytest.mark.parametrize("lines, words", [
    ("1 Bob: a1 b1", "expected turn 1 by Ann"),
    ("2 Ann: a1 b1", "expected turn 1 by Ann"),
    ("1 Ann: a1 b1 c1", "turn 1 ends at 2; c1 and the squares after it belong on a new line"),
    ("1 Ann: a1\n2 Bob: b1", "turn 1 by Ann stops at 1 but runs to 2"),
    ("1 Ann: a1 b2", "2 cannot go in b2"),
    ("1 Ann: a1 b1\n2 Bob: b2", "away from the border a square needs two filled neighbours"),
])
def test_rule_violations_are_reported(lines, words):
    state = replay(parse_record("size 12\nplayers Ann Bob\n" + lines + "\n"))
    assert state.violation is not None and words in state.violation


def test_line_after_the_win_and_squares_after_an_elimination():
    over = replay(parse_record(EXAMPLE.read_text() + "10 Cat: d2\n"))
    assert "the game was over: Cat had won" in over.violation
    record = ELIMINATION.replace("7 Ann: k2 j2\n7 Bob: i2 h2", "7 Ann: k2 j2 i2")
    state = replay(parse_record(record))
    assert "Ann was eliminated at 15; i2" in state.violation


@pytest.mark.parametrize("text, words", [
    ("players Ann Bob\n1 Ann: a1", "start the record with 'size N'"),
    ("size 11\nplayers Ann Bob\n", "n >= 12"),
    ("size twelve\nplayers Ann Bob\n", "'size N'"),
    ("size 12\nplayers Ann\n", "two or more different player names"),
    ("size 12\nplayers Ann Ann\n", "two or more different player names"),
    ("size 12\nplayers Ann Bob\n1 Zed: a1 b1", "unknown player 'Zed'"),
    ("size 12\nplayers Ann Bob\n1 Ann a1 b1", "expected 'K PLAYER: SQUARE ...'"),
    ("size 12\nplayers Ann Bob\n1 Ann: a1 1b", "bad square address '1b'"),
    ("size 12\nplayers Ann Bob\nx Ann: a1 b1", "turn number 'x'"),
    ("size 12\nplayers Ann Bob\n1 Ann:", "give the squares"),
    ("size 12\n", "give 'size N' and 'players"),
])
def test_malformed_records(text, words):
    with pytest.raises(CoprimalityError, match="game record") as caught:
        parse_record(text)
    assert words in str(caught.value)


def test_check_cli_text_and_json(tmp_path, cli):
    status, out, _ = cli("coprimality", "check", EXAMPLE)
    assert status == 0
    assert "winner: Cat" in out and "Ann is eliminated" in out
    game = tmp_path / "game.txt"
    game.write_text(ELIMINATION)
    status, out, _ = cli("coprimality", "check", game, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["remaining"] == ["Bob", "Cat"] and data["winner"] is None and data["legal"]
    assert data["to_move"] == {"player": "Cat", "turn": 8, "number": 18, "last": 19, "squares": ["g2"]}
    assert data["grid"][1][9] == 15 and data["grid"][2][0] is None and len(data["grid"]) == 12


def test_check_cli_illegal_record_exits_1(tmp_path, cli):
    game = tmp_path / "game.txt"
    game.write_text("size 12\nplayers Ann Bob\n1 Ann: a1 b1\n2 Bob: b2\n")
    status, out, _ = cli("coprimality", "check", game)
    assert status == 1
    assert "ILLEGAL: line 4: 3 cannot go in b2" in out


@pytest.mark.parametrize("text, words", [("size 8\nplayers A B\n", "n >= 12"),
                                         ("size 12\nplayers A B\n1 A: a1 @", "bad square address")])
def test_check_cli_malformed_is_one_line_exit_2(tmp_path, cli, text, words):
    game = tmp_path / "game.txt"
    game.write_text(text)
    assert_one_line_error(cli("coprimality", "check", game), words)


def test_check_cli_missing_file(tmp_path, cli):
    assert_one_line_error(cli("coprimality", "check", tmp_path / "none.txt"), "cannot read game record")
