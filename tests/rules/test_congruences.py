"""Linear congruences against brute force: every solution of small random systems, every value of a form,
and the MSA options of a sequence with an open step listed in part and in full."""

import itertools
import random

import pytest

from modlinseq_print.rules.congruences import Form, prime_powers, solve
from modlinseq_print.rules.sequences import Residue, msa_options

MODULI = (2, 3, 4, 6, 8, 9, 12, 16, 18, 24, 27, 30, 36)


def brute_force(equations, variables, m):
    """Every vector of values that satisfies every equation, by trying them all."""
    return [x for x in itertools.product(range(m), repeat=variables)
            if all((f.constant + sum(c * x[v] for v, c in f.terms.items())) % m == 0 for f in equations)]


def random_system(rng):
    m = rng.choice(MODULI)
    variables = rng.randint(1, 4)
    while m ** variables > 3000:  # brute force stays quick
        variables -= 1
    equations = []
    for _ in range(rng.randint(0, 4)):
        chosen = rng.sample(range(variables), rng.randint(1, variables))
        equations.append(Form({v: rng.randrange(m) * rng.choice((1, 1, 2, 3, 4)) for v in chosen}, rng.randrange(m)))
    return equations, variables, m


def test_prime_powers():
    assert prime_powers(2) == [(2, 1)] and prime_powers(9240) == [(2, 3), (3, 1), (5, 1), (7, 1), (11, 1)]
    assert prime_powers(9973) == [(9973, 1)] and prime_powers(8192) == [(2, 13)]


@pytest.mark.parametrize("seed", range(4))
def test_solutions_equal_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(200):
        equations, variables, m = random_system(rng)
        expected = brute_force(equations, variables, m)
        coset = solve(equations, variables, m)
        assert (coset is None) == (not expected), (equations, m)
        if coset is None:
            continue
        spanned = {tuple((coset.base[v] + sum(u[j] * coset.generators[v][j] for j in range(coset.width))) % m
                         for v in range(variables)) for u in itertools.product(range(m), repeat=coset.width)} \
            if m ** coset.width <= 3000 else None
        if spanned is not None:
            assert spanned == set(expected)
        form = Form({v: rng.randrange(m) for v in range(variables)}, rng.randrange(m))
        values = {(form.constant + sum(c * x[v] for v, c in form.terms.items())) % m for x in expected}
        assert set(coset.values(form).members(m)) == values
        for v in range(variables):
            assert set(coset.values(Form({v: 1})).members(m)) == {x[v] for x in expected}


def test_no_equations_leave_every_value():
    coset = solve([], 2, 12)
    assert coset.values(Form({0: 1})) == Residue(0, 1) and coset.values(Form({0: 4, 1: 6}, 1)) == Residue(1, 2)


def test_contradiction_is_none():
    assert solve([Form({0: 2}, 1)], 1, 12) is None  # 2x + 1 = 0 has no solution modulo 12
    assert solve([Form({}, 3)], 0, 7) is None


@pytest.mark.parametrize("m", [12, 97, 360, 9240, 10_000])
def test_msa_options_in_part_are_the_first_of_all(m):
    rng = random.Random(m)
    for _ in range(40):
        values = [rng.randrange(m), None, None, rng.randrange(m)] if rng.random() < 0.5 else [rng.randrange(m), None]
        every = msa_options(values, m)
        assert msa_options(values, m, limit=12) == every[:12]
        assert msa_options(values, m, limit=1) == every[:1]
