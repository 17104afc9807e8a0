"""Playing turns (seed page 1, section 3): the page-2 scores, wild tiles, bonus and malus, the hash swap."""

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.lattice import bonus_malus
from modlinseq_print.rules.position import Position, Tile
from modlinseq_print.rules.transcript import parse_transcript
from modlinseq_print.rules.turns import play


def game(text, modulus=11, board="hex:6", marker=False, **options):
    b = parse_board(board)
    start = Position(b, modulus, {Cell(0, 0): Tile(0, marker=True)} if marker else {})
    return play(parse_transcript(text, start.topology, modulus), start, **options)


def test_page_2_first_turn_and_its_extensions():
    played = game("4B2, 7B1, 10A0, 2M1, 5M2; 1B4; 8M4")
    assert [r.points for r in played.results] == [6, 10, 15]
    assert played.totals == {"player 1": 21, "player 2": 10}
    assert played.results[0].sequences[0].report.msa == "M11-S3-A0"


def test_page_2_later_turn_scores_3_and_forms_a_secondary():
    played = game("4B2, 7B1, 10A0, 2M1, 5M2; 7B1 ~ 5E1 ~ 3E3 ~ 1E6")
    second = played.results[1]
    assert second.points == 3
    board = played.position.board
    assert [board.address(c) for c in second.placed] == ["E1", "E3", "E6"]
    primary, secondary = second.sequences
    assert primary.primary and (primary.report.tiles, primary.points) == (4, 3)
    assert [board.address(c) for c in secondary.report.chain.cells] == ["E1", "A0"] and secondary.points == 0
    for extension in ("0E2", "4P1"):
        third = game("4B2, 7B1, 10A0, 2M1, 5M2; 7B1 ~ 5E1 ~ 3E3 ~ 1E6; " + extension).results[2]
        assert third.legal and any(s.report.tiles == 3 and s.points == 1 for s in third.sequences)


def test_wild_extension_earns_one_point():
    played = game("4A0, 8M1, 1M2; #M4")
    assert [r.points for r in played.results] == [1, 1]


def test_named_players_keep_running_totals():
    played = game("Ann: 4B2, 7B1, 10A0, 2M1, 5M2\nBob: 1B4\nAnn: 8M4")
    assert played.totals == {"Ann": 21, "Bob": 10}
    assert [r.total for r in played.results] == [6, 10, 21]


def test_illegal_turns_stop_play_with_a_reason():
    cases = {
        "4B2, 7B1": "through the centre cell A0",
        "4B2, 7B1, 10A0; 3E2, 8M2": "one unbroken straight line",
        "4B2, 7B1, 10A0; 3M3": "abut",
        "4B2, 7B1, 10A0; 5M1": "not modular-linear",
        "4B2, 7B1, 10A0; 6B1": "already holds 7",
        "4B2, 7B1, 10A0; 2M1, 8M4": "one unbroken straight line",
    }
    for text, reason in cases.items():
        played = game(text)
        assert played.illegal is not None and reason in played.illegal.reason, (text, played.illegal)
        assert played.results[-1] is played.illegal and played.illegal.points == 0


def test_illegal_turn_keeps_the_earlier_position():
    played = game("4B2, 7B1, 10A0; 5M1; 2M1")
    assert len(played.results) == 2 and len(played.position.tiles) == 3


def test_bonus_and_malus_cells_change_the_length():
    # A0 is a bonus cell: the first turn's three tiles count as four
    assert game("4B1, 5A0, 6M1", pattern="bonus").results[0].points == 3
    assert game("4B1, 5A0, 6M1").results[0].points == 1
    malus = next(c for c in parse_board("hex:6").cells if bonus_malus(c) == "malus" and c.r == 2)
    board = parse_board("hex:6")
    line = [malus + Cell(-k, 0) for k in range(malus.q + 2)]  # the row from the malus cell back to q = -1
    assert Cell(0, 2) in line
    # build a first turn through A0 down to row 2, then a row through the malus cell
    opening = "0E1, 0A0, 0P1, 0P2"
    row = ", ".join(f"0{board.address(c)}" for c in line if c != Cell(0, 2))
    with_malus = game(f"{opening}; {row}", modulus=7, pattern="bonus-malus").results[1]
    without = game(f"{opening}; {row}", modulus=7).results[1]
    row_length = len(line)
    assert without.sequences[0].points == (row_length - 1) * (row_length - 2) // 2
    assert with_malus.sequences[0].bonus == -1
    assert with_malus.sequences[0].points == (row_length - 2) * (row_length - 3) // 2


def test_a_later_player_does_not_get_the_bonus_again():
    played = game("4B1, 5A0, 6M1; 7M2", pattern="bonus")
    assert played.results[1].sequences[0].bonus == 0 and played.results[1].points == 3


def test_hash_swap_figure_7e_scores_2():
    text = "7B1, #A0, 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2; 1A0"
    played = game(text, modulus=12, board="hex:4", hash_swap=True)
    assert [r.legal for r in played.results] == [True, True, True]
    swap = played.results[2]
    assert swap.swapped == (Cell(0, 0),) and swap.points == 2
    assert sorted(s.report.tiles for s in swap.sequences) == [3, 3]
    refused = game(text, modulus=12, board="hex:4")
    assert "hash swap" in refused.illegal.reason
    wrong = game("7B1, #A0, 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2; 7A0", modulus=12, board="hex:4", hash_swap=True)
    assert "does not agree" in wrong.illegal.reason


def test_modulus_marker_first_turn_must_pass_through_a0():
    assert game("4B1, 8M1", modulus=13, marker=True).results[0].reason is not None
    played = game("10B1, 3M1", modulus=13, marker=True)
    assert played.results[0].legal and played.results[0].points == 1
    assert game("3B4, 3B2", modulus=13, marker=True).illegal is not None


def test_square_boards_have_no_centre_rule():
    played = game("3b2, 4c2, 5d2; 6e2", modulus=18, board="square:6x6")
    assert [r.points for r in played.results] == [1, 3]
