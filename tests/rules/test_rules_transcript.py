"""Transcripts: tile tokens, lists, tilde sequences with unaddressed terms, turns and players, bad input."""

import pytest

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.tokens import parse_token, token_cell
from modlinseq_print.rules.chains import Topology
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.transcript import parse_transcript, split_turns

from rules_helpers import judge


def cells(turn, board):
    return [f"{p.tile.label}{board.address(p.cell)}" for p in turn.placements]


def test_tokens():
    assert parse_token("10A0") == parse_token(" 10A0 ")
    token = parse_token("10A0")
    assert (token.value, token.declared, token.address, token.wild) == (10, None, "A0", False)
    wild = parse_token("#B3")
    assert (wild.value, wild.address, wild.wild, wild.label) == (None, "B3", True, "#")
    assert parse_token("#=5B3").declared == 5
    assert parse_token("4").address is None
    assert parse_token("12c7").address == "c7"


@pytest.mark.parametrize("bad", ["", "x4", "4B2B", "#5B3", "B2", "4 B2", "12345678A0", "-3A0"])
def test_bad_tokens_say_what_to_write(bad):
    with pytest.raises(AddressError, match="tile token"):
        parse_token(bad)


def test_token_cells_use_the_board_and_look_alike_letters():
    board = parse_board("hex:4")
    assert token_cell(parse_token("3\u041c1"), board) == board.parse_address("M1")  # Cyrillic Em
    with pytest.raises(AddressError, match="no address"):
        token_cell(parse_token("4"), board)
    with pytest.raises(AddressError, match="not on board"):
        token_cell(parse_token("4B26"), board)


def test_turns_players_and_comments():
    text = "Ann: 4B2, 6B1, 1A0, 3M1; Bob: 5M2 // extends\n\n  2B4"
    assert split_turns(text) == [("Ann", "4B2, 6B1, 1A0, 3M1"), ("Bob", "5M2"), (None, "2B4")]
    board = parse_board("hex:4")
    turns = parse_transcript(text, Topology(board), 7)
    assert [t.player for t in turns] == ["Ann", "Bob", None]
    assert cells(turns[0], board) == ["4B2", "6B1", "1A0", "3M1"]


def test_tilde_sequences_fill_their_middle_along_the_line():
    board = parse_board("hex:4")
    [turn] = parse_transcript("3E2 ~ 1 ~ 6 ~ 4P1", Topology(board), 7)
    assert cells(turn, board) == ["3E2", "1E1", "6A0", "4P1"]
    [turn] = parse_transcript("4B2 ~6~ 1A0, 3M1", Topology(board), 7)
    assert cells(turn, board) == ["4B2", "6B1", "1A0", "3M1"]


def test_tilde_sequences_follow_the_wrap():
    board = parse_board("hex:6")
    [turn] = parse_transcript("3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6", Topology(board, "lines"), 20)
    assert cells(turn, board) == ["3H8", "4H13", "5H19", "6B19", "7B14", "8B10", "9E4", "10E5", "11E6"]


@pytest.mark.parametrize("text, message", [
    ("4B2, 6B1, 9A0", "not below the modulus 7"),
    ("4B2, 6B2", "two tiles on one cell"),
    ("4B2 ~ 6 ~ 1E4", "not on one line"),
    ("4 ~ 6 ~ 1", "no address"),
    ("4B2 ~ 6 ~ 1", "more than one line"),
    ("4B2, 6", "no address"),
    ("4B2, x", "bad tile token"),
    ("4B2 ~ ~ 1A0", "empty term"),
    ("Ann:", "no tiles"),
    ("   ", "no tiles"),
])
def test_malformed_transcripts_are_one_line_errors(text, message):
    with pytest.raises(TranscriptError, match=message) as caught:
        judge("hex:4", 7, text)
    assert "\n" not in str(caught.value)


def test_a_cell_named_twice_with_the_same_tile_is_one_tile():
    analysis = judge("hex:4", 7, "4B2 ~ 6B1 ~ 1A0; 1A0 ~ 3E1")
    assert len(analysis.position.tiles) == 4
