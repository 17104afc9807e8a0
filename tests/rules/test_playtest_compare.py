"""The comparison of two playtests: Student's t quantiles against the table and an independent integral, paired
and Welch intervals worked by hand, the figures read off constructed games, and when games count as paired."""

from __future__ import annotations

import math
import statistics

import pytest

from modlinseq_print.rules.intervals import paired_interval, t_cdf, t_quantile, welch_interval
from modlinseq_print.rules.playtest import GameSummary
from modlinseq_print.rules.playtest_compare import compare, same_deals


@pytest.mark.parametrize("df, expected", [(1, 12.706204736), (2, 4.302652730), (4, 2.776445105),
                                          (9, 2.262157163), (29, 2.045229642), (199, 1.971956544)])
def test_t_quantiles_match_the_table(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-8)


def t_density(t: float, df: float) -> float:
    return math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi) \
        * (1 + t * t / df) ** (-(df + 1) / 2)


@pytest.mark.parametrize("df", [1.5, 6.59465, 37.2])
def test_a_fractional_df_quantile_holds_95_percent_by_simpson(df):
    q, steps = t_quantile(0.975, df), 20_000
    h = q / steps
    area = h / 3 * sum((1 if i in (0, steps) else 4 if i % 2 else 2) * t_density(i * h, df) for i in range(steps + 1))
    assert area == pytest.approx(0.475, abs=1e-9)
    assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-12) and t_cdf(-q, df) == pytest.approx(0.025, abs=1e-12)


def test_a_large_df_approaches_the_normal():
    assert t_quantile(0.975, 10 ** 7) == pytest.approx(statistics.NormalDist().inv_cdf(0.975), abs=1e-6)


def test_the_paired_interval_worked_by_hand():
    # differences 1, 2, 0, 3, 1: mean 1.4, variance 5.2/4 = 1.3, se sqrt(1.3/5), t(0.975, 4) = 2.776445
    found = paired_interval([1, 2, 3, 4, 5], [2, 4, 3, 7, 6])
    half = 2.776445105 * math.sqrt(1.3 / 5)
    assert (found.a, found.b, found.difference, found.df) == (3, 4.4, pytest.approx(1.4), 4)
    assert (found.low, found.high) == (pytest.approx(1.4 - half, abs=1e-8), pytest.approx(1.4 + half, abs=1e-8))
    assert found.low == pytest.approx(-0.015715, abs=1e-6) and not found.clear  # it holds 0, just


def test_welch_interval_worked_by_hand():
    # A: mean 2.5, variance 5/3 over 4; B: mean 7, variance 14 over 6: se^2 = 5/12 + 7/3 = 2.75
    # df = 2.75^2 / ((5/12)^2/3 + (7/3)^2/5) = 6.594671...
    found = welch_interval([1, 2, 3, 4], [2, 4, 6, 8, 10, 12])
    df = 2.75 ** 2 / ((5 / 12) ** 2 / 3 + (7 / 3) ** 2 / 5)
    assert found.df == pytest.approx(df) and found.df == pytest.approx(6.594671, abs=1e-6)
    assert found.se == pytest.approx(math.sqrt(2.75)) and found.difference == 4.5 and not found.paired
    half = t_quantile(0.975, df) * math.sqrt(2.75)
    assert 2.35 < t_quantile(0.975, df) < 2.40  # between the table's 2.447 (df 6) and 2.365 (df 7)
    assert (found.low, found.high) == (pytest.approx(4.5 - half), pytest.approx(4.5 + half)) and found.clear


def test_intervals_with_no_spread_or_one_game():
    same = paired_interval([1, 2, 3], [2, 3, 4])  # every game one more: exactly +1
    assert (same.low, same.high, same.se, same.clear) == (1, 1, 0, True)
    one = welch_interval([5], [9])
    assert one.df is None and (one.low, one.high) == (4, 4) and not one.clear


def game(scores, turns=10) -> GameSummary:
    return GameSummary(seed=0, scores=tuple(scores), turns=turns, filled=(), blocked=0, stock=0, longest=0,
                       seconds=0.0)


def test_the_figures_of_constructed_games():
    a = [game((30, 20), 10), game((20, 20), 12), game((10, 40), 14)]
    b = [game((50, 10), 9), game((40, 20), 11), game((30, 30), 10)]
    found = {figure.key: interval for figure, interval in compare(a, b, paired=True).figures}
    assert list(found) == ["first_player_wins", "first_player_lead", "turns", "score_spread", "points"]
    wins = found["first_player_wins"]  # A: 1, 1/2 (a tie), 0; B: 1, 1, 1/2
    assert (wins.a, wins.b, wins.difference) == (pytest.approx(0.5), pytest.approx(5 / 6), pytest.approx(1 / 3))
    lead = found["first_player_lead"]  # A: 10, 0, -30; B: 40, 20, 0
    assert (lead.a, lead.b, lead.df) == (pytest.approx(-20 / 3), pytest.approx(20), 2)
    assert lead.low == pytest.approx(80 / 3 - 4.302652730 * statistics.stdev([30, 20, 30]) / math.sqrt(3))
    assert (found["turns"].a, found["turns"].b) == (12, 10)
    assert (found["score_spread"].a, found["score_spread"].b) == (pytest.approx(40 / 3), pytest.approx(20))
    assert (found["points"].a, found["points"].b) == (pytest.approx(140 / 6), pytest.approx(30))
    unpaired = dict((f.key, i) for f, i in compare(a, b, paired=False).figures)["turns"]
    assert unpaired.df == pytest.approx(welch_interval([10, 12, 14], [9, 11, 10]).df) and not unpaired.paired


def test_one_player_compares_no_first_player_figures():
    found = [f.key for f, _ in compare([game((5,)), game((7,))], [game((6,)), game((9,))], paired=True).figures]
    assert found == ["turns", "points"]


def test_paired_only_when_both_deal_the_same_stock():
    tiles = [0, 1, 2, 3, None]
    assert same_deals(tiles, list(tiles), 2, 2, 7, 7)
    assert not same_deals(tiles, [0, 1, 2, 3], 2, 2, 7, 7)
    assert not same_deals(tiles, [1, 0, 2, 3, None], 2, 2, 7, 7)  # same tiles, another order: other shuffles
    assert not same_deals(tiles, tiles, 2, 3, 7, 7) and not same_deals(tiles, tiles, 2, 2, 7, 6)
