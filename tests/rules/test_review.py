"""The game review: its best turn agrees with the legal-turn search (`moves --top 1`) on every turn of simulated
games; hands files; what a review without hands tells."""

import pytest

import modlinseq_print as mp
from modlinseq_print.cli import main
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.rules.playtest import playtest
from modlinseq_print.rules.review import parse_hands

GAMES = 20
BOARD, MODULUS = "hex:3", 7  # a small board and two copies of each tile: 20 games cost seconds


@pytest.fixture(scope="module")
def games():
    """20 shuffled games between a beginner and a greedy player (the beginner leaves points, so not every turn
    is best)."""
    setup, tiles = playtest_setup("standard", board=BOARD, modulus=MODULUS, copies=2, wild=2, hand=5,
                                  ai="beginner,greedy", games=GAMES, seed=7)
    return playtest(setup.variant, setup.kinds, tiles, GAMES, 7)


@pytest.mark.slow  # 20 games and every turn searched again: seconds of CPU
def test_best_agrees_with_moves_top_1_on_every_turn(games):
    checked = left = 0
    for game in games:
        hands = "\n".join(game.hands)
        report = mp.review(BOARD, MODULUS, game.transcript, hands).report
        lines = game.transcript.splitlines()
        assert len(report["turns"]) == len(lines) == len(game.hands)
        for number, turn in enumerate(report["turns"]):
            before = "\n".join(lines[:number])
            hand = game.hands[number].split(":", 1)[1].strip()
            assert turn["hand"] == hand
            top = mp.moves(BOARD, MODULUS, hand, before, top=0)
            best = top["turns"][0]["points"] if top["turns"] else 0
            assert turn["best"] == best
            assert turn["left"] == best - turn["points"] >= 0
            # the best turn is one of the turns that score most, and scoring it gives that many points
            tied = {m["turn"] for m in top["turns"] if m["points"] == best}
            assert turn["best_turn"] in tied
            checked += 1
            left += turn["left"] > 0
        totals = {p["player"]: p for p in report["players"]}
        for name, player in totals.items():
            own = [t for t in report["turns"] if t["player"] == name]
            assert player["points"] == sum(t["points"] for t in own)
            assert player["best"] == sum(t["best"] for t in own)
    assert checked > 100 and left > 0  # the beginner plays some turns below the best


@pytest.mark.slow  # 20 games and every turn searched again: seconds of CPU
def test_moves_command_top_1_matches(games, capsys):
    """The command's `moves --top 1` (its main, in-process) on a few positions gives the review's best."""
    game = next(g for g in games if len(g.hands) >= 4)
    report = mp.review(BOARD, MODULUS, game.transcript, "\n".join(game.hands)).report
    lines = game.transcript.splitlines()
    for number in (0, 3):
        hand = game.hands[number].split(":", 1)[1].strip()
        before = "\n".join(lines[:number])
        capsys.readouterr()
        args = ["moves", "--board", BOARD, "-m", str(MODULUS), "--hand", hand, "--top", "1"]
        assert main(args + ([before.replace("\n", ";")] if before else [])) == 0
        out = capsys.readouterr().out
        first = out.splitlines()[1].split()
        assert int(first[1]) == report["turns"][number]["best"]


@pytest.mark.slow  # 20 games and every turn searched again: seconds of CPU
def test_turning_points_are_the_turns_that_left_most(games):
    game = max(games, key=lambda g: len(g.hands))
    report = mp.review(BOARD, MODULUS, game.transcript, "\n".join(game.hands)).report
    ranked = sorted((t for t in report["turns"] if t["left"]), key=lambda t: (-t["left"], t["turn"]))
    assert report["turning_points"] == [t["turn"] for t in ranked[:3]]


def test_without_hands_blocked_cells_and_open_lines():
    # page 2's first turn: a five-tile sequence with free cells at both ends
    report = mp.review("hex:9", 11, "4B2, 7B1, 10A0, 2M1, 5M2").report
    turn = report["turns"][0]
    assert turn["points"] == 6 and turn["best"] is None and turn["best_turn"] is None
    assert turn["open_lines"] == [{"tiles": 5, "ends": ["M4", "B4"], "worth": 10}]
    assert report["players"][0]["accuracy"] is None and report["turning_points"] == []


def test_hands_file_format():
    hands = parse_hands("// a comment\nAnn: 3,5,#\n\n-\n0 1 2  // trailing\n", 7)
    assert [(n, h.text if h else None) for n, h in hands] == [("Ann", "3,5,#"), (None, None), (None, "0,1,2")]


@pytest.mark.parametrize("hands, message", [
    ("1,2,3", "gives 1 hands for 2 turns"),
    ("9\n1", "not a number below the modulus"),
    ("1,2\n0,4", r"plays a 3 that its hand \(1,2\) does not hold"),
    ("Bob: 1,2,3\n0,4,5", "gives turn 1's hand to 'Bob'"),
])
def test_bad_hands_are_refused(hands, message):
    with pytest.raises(ModlinseqError, match=message):
        mp.review("hex:4", 7, "Ann: 1B2, 2B1, 3A0\nCid: 4M1", hands)


def test_an_illegal_turn_is_refused():
    with pytest.raises(ModlinseqError, match="turn 2 .* is not legal"):
        mp.review("hex:4", 7, "1B2, 2B1, 3A0; 5M2")
