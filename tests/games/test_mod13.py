"""Mod 13 referee: the seed's worked example, AP limits both ways, proper QPs, and the check command."""

import json

import pytest

from modlinseq_print.games.mod13 import (PHRASES, WORKED_EXAMPLE, CardError, ap_limit, arithmetic_matches,
                                         check_sequence, inverse_mod, is_proper_qp, parse_card)
from cli_helpers import assert_one_line_error


def test_seed_example_checks_out_with_the_named_operations():
    cards = [card for card, _ in WORKED_EXAMPLE]
    checks = check_sequence(cards)
    assert len(checks) == 16
    for (card, phrase), check in zip(WORKED_EXAMPLE[2:], checks):
        assert check.card == card and check.legal
        assert phrase in check.operations, (card, phrase, check.operations)


def test_seed_example_finds_every_operation():
    checks = check_sequence([card for card, _ in WORKED_EXAMPLE])
    assert checks[1].operations == ("sum", "inverse")           # 7, 10 -> 4: 17 = 4 and 1/10 = 4 (40 = 1)
    assert checks[4].operations == ("sum of last 3", "inverse", "QP")  # 4, 1, 2 -> 7
    assert checks[8].operations == ("sum", "AP")                # 2, 4 -> 6
    assert checks[15].operations == ("sum of last 3", "AP")     # 4, 7 -> 10


def test_operation_arithmetic_mod_13():
    assert inverse_mod(2) == 7 and inverse_mod(12) == 12 and inverse_mod(13) is None
    assert arithmetic_matches([8, 1], 5) == ("GP",)            # ratio 1/8 = 5
    assert "GP" not in arithmetic_matches([13, 5], 0)           # no ratio from a king
    assert arithmetic_matches([5, 12, 4], 7) == ("QP",)         # 5 - 36 + 12 = -19 = 7
    assert arithmetic_matches([3, 7], 10) == ("sum",)


def test_ap_limit_reads_the_smaller_of_d_and_13_minus_d():
    assert ap_limit(5, 6) == 1 and ap_limit(6, 5) == 1        # d = 1 and d = 12 (-1)
    assert ap_limit(2, 5) == 3 and ap_limit(5, 2) == 3
    assert ap_limit(4, 4) == 0
    assert ap_limit(1, 7) == 6 and ap_limit(1, 8) == 6         # d = 6 and d = 7 (-6)


def test_ap_limit_increasing_difference_one():
    checks = check_sequence([5, 6, 7, 8])
    assert checks[0].operations == ("AP",) and checks[0].legal
    assert not checks[1].legal and "AP" not in checks[1].operations
    assert "2nd in a row" in checks[1].note


def test_ap_limit_decreasing_is_one_not_twelve():
    # Steve's comment: top card 4, the one below 5; only a single card (3) may follow as an AP.
    checks = check_sequence([5, 4, 3, 2])
    assert [c.legal for c in checks] == [True, False]
    assert checks[0].operations == ("AP",)


def test_ap_limit_difference_three_allows_three_both_ways():
    up = check_sequence([2, 5, 8, 11, 1, 4])               # the seed: 8, 11, 1, then no more
    assert [c.legal for c in up] == [True, True, True, False]
    assert [("AP" in c.operations) for c in up] == [True, True, True, False]
    down = check_sequence([11, 8, 5, 2, 12, 9])             # d = -3
    assert [("AP" in c.operations) for c in down] == [True, True, True, False]
    assert not down[3].legal


def test_ap_run_counts_cards_that_continue_it_whatever_the_shout():
    # 13, 1, 2, 3: 3 is also 1 + 2, so it stays legal as a sum, but it extends the AP run.
    checks = check_sequence([13, 1, 2, 3, 4])
    assert checks[1].operations == ("sum", "sum of last 3") and checks[1].legal
    assert not checks[2].legal


def test_ap_with_zero_difference_is_never_allowed():
    checks = check_sequence([3, 3, 3])
    assert "AP" not in checks[0].operations and "difference of 0" in checks[0].note
    assert checks[0].operations == ("GP",)                   # ratio 1


def test_proper_qp_is_found():
    assert is_proper_qp(5, 12, 4)
    checks = check_sequence([1, 2, 4, 7])                    # differences 1, 2, 3: a - 3b + 3c = 1 - 6 + 12
    assert "QP" in checks[1].operations


def test_ap_disguised_as_qp_is_not_a_qp():
    assert not is_proper_qp(2, 4, 6)
    checks = check_sequence([2, 4, 6, 8])
    assert "QP" not in checks[1].operations and "AP" in checks[1].operations
    checks = check_sequence([1, 2, 3, 4])                    # AP limit 1 used up, QP not proper: illegal
    assert checks[1].operations == () and not checks[1].legal


def test_phrases_are_the_eight_operations():
    assert PHRASES == ("sum", "product", "sum of last 3", "product of last 3", "inverse", "AP", "GP", "QP")


@pytest.mark.parametrize("text, value", [("1", 1), ("13", 13), ("a", 1), ("J", 11), ("q", 12), ("K", 13)])
def test_parse_card(text, value):
    assert parse_card(text) == value


@pytest.mark.parametrize("text", ["0", "14", "-1", "x", ""])
def test_parse_card_rejects(text):
    with pytest.raises(CardError, match="1 \\(ace\\) to 13"):
        parse_card(text)


def test_check_cli_json(cli):
    cards = [str(card) for card, _ in WORKED_EXAMPLE]
    status, out, _ = cli("mod13", "check", *cards, "--json")
    data = json.loads(out)
    assert status == 0 and len(data) == 16
    assert data[3] == {"card": 2, "legal": True, "operations": ["sum of last 3"]}
    assert all(set(item) == {"card", "legal", "operations"} for item in data)


def test_check_cli_reports_an_illegal_card(cli):
    status, out, _ = cli("mod13", "check", "5", "6", "7", "8")
    assert status == 1
    assert " 7  AP" in out and " 8  ILLEGAL" in out and "1 of 2 cards illegal" in out


@pytest.mark.parametrize("cards, words", [(["3", "14"], "bad card '14'"), (["3", "0", "1"], "bad card '0'"),
                                          (["7"], "at least the two cards")])
def test_check_cli_bad_input_is_one_line_exit_2(cli, cards, words):
    assert_one_line_error(cli("mod13", "check", *cards), words)
