"""95% confidence intervals for the difference of two means: paired (the same deals on both sides) or Welch's
(two independent sets of games), with Student's t quantile computed here (no statistics library needed).

The t distribution's CDF is the regularised incomplete beta function, evaluated by its continued fraction
(Lentz's method); the quantile is found by bisection, so the same figures give the same interval to the last
bit on every machine.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Sequence

LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """The difference of two means (B minus A), its 95% interval, the standard error and the degrees of freedom
    (None when too few games to tell a spread: then the interval is the difference alone, and not clear)."""

    a: float  # mean on side A
    b: float  # mean on side B
    difference: float
    low: float
    high: float
    se: float
    df: float | None
    paired: bool

    @property
    def clear(self) -> bool:
        """True when the interval leaves out 0: a difference these games show, at 95%."""
        return self.df is not None and (self.low > 0 or self.high < 0)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Numerical Recipes' betacf, Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom (any positive df, not only whole ones)."""
    tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The t with P(T <= t) = p (0.5 < p < 1), by bisection to the last bit."""
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if t_cdf(middle, df) < p else (low, middle)
    return (low + high) / 2


def _interval(a: float, b: float, se: float, df: float | None, paired: bool) -> Interval:
    difference = b - a
    if df is None or se == 0:  # too few games, or no spread at all: every game differs by the same
        return Interval(a, b, difference, difference, difference, se, df, paired)
    half = t_quantile(1 - (1 - LEVEL) / 2, df) * se
    return Interval(a, b, difference, difference - half, difference + half, se, df, paired)


def paired_interval(a: Sequence[float], b: Sequence[float]) -> Interval:
    """The interval of B - A over pairs (a[i], b[i]), game i on both sides dealt alike: the t interval of the
    differences' mean, n - 1 degrees of freedom."""
    if len(a) != len(b) or not a:
        raise ValueError("paired figures need the same number of games on both sides, at least one")
    differences = [y - x for x, y in zip(a, b)]
    n = len(differences)
    se = statistics.stdev(differences) / math.sqrt(n) if n > 1 else 0.0
    return _interval(statistics.fmean(a), statistics.fmean(b), se, n - 1 if n > 1 else None, True)


def welch_interval(a: Sequence[float], b: Sequence[float]) -> Interval:
    """The interval of mean(B) - mean(A) for two independent samples, by Welch's t (unequal spreads; the
    Welch-Satterthwaite degrees of freedom)."""
    if not a or not b:
        raise ValueError("each side needs at least one game")
    if len(a) < 2 or len(b) < 2:
        return _interval(statistics.fmean(a), statistics.fmean(b), 0.0, None, False)
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1)) if se else len(a) + len(b) - 2.0
    return _interval(statistics.fmean(a), statistics.fmean(b), se, df, False)
