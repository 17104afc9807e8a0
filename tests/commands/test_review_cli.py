"""The review command: its files (PDF pages, HTML, JSON), its one-line errors, and simulate --save-games."""

import json
import subprocess
import sys
from types import SimpleNamespace

import pytest

from cli_helpers import run_cli

GAME = "Ann: 4B2, 7B1, 10A0, 2M1, 5M2\nBob: 7B1 ~ 5E1 ~ 3E3 ~ 1E6\n"
HANDS = "Ann: 1,2,3,4,5,7,10\nBob: 0,1,3,5,6,8,9\n"


def spawned(*args, cwd):
    """The command in a fresh Python (its own hash seed: the bytes it writes must not hang on it)."""
    return subprocess.run([sys.executable, "-m", "modlinseq_print", *args], capture_output=True, text=True, cwd=cwd)


@pytest.fixture
def run(capsys, monkeypatch):
    """The command run in this process from the folder cwd: its returncode, stdout and stderr."""

    def in_folder(*args, cwd):
        monkeypatch.chdir(cwd)
        done = run_cli(capsys, *args)
        return SimpleNamespace(returncode=done.status, stdout=done.out, stderr=done.err)

    return in_folder


@pytest.fixture
def game(tmp_path):
    (tmp_path / "game.txt").write_text(GAME)
    (tmp_path / "hands.txt").write_text(HANDS)
    return tmp_path


def test_json_html_and_pdf(game, run):
    base = ["review", "--board", "hex:9", "-m", "11", "@game.txt", "--hands", "hands.txt"]
    done = run(*base, "-o", "r.json", cwd=game)
    assert done.returncode == 0, done.stderr
    report = json.loads((game / "r.json").read_text())
    assert [(t["points"], t["best"], t["left"]) for t in report["turns"]] == [(6, 10, 4), (3, 55, 52)]
    assert report["turning_points"] == [2, 1]
    assert "accuracy 60% (6 of 10 points)" in done.stdout
    assert run(*base, "-o", "r.html", cwd=game).returncode == 0
    page = (game / "r.html").read_text()
    assert page.count("<figure") == 2 and page.count("data:image/svg+xml;base64,") == 2
    # the notation of the turns is taught with the game's own first tile, as the rules sheet teaches it
    assert "A tile on a cell is written as its number, then the cell: 4B2 reads: the 4 goes on cell B2." in page
    assert run(*base, "-o", "r.pdf", cwd=game).returncode == 0
    pdf = (game / "r.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") >= 1


def test_the_same_game_writes_the_same_bytes(game):
    base = ["review", "--board", "hex:9", "-m", "11", "@game.txt", "--hands", "hands.txt"]
    spawned(*base, "-o", "a.html", cwd=game)
    spawned(*base, "-o", "b.html", cwd=game)
    assert (game / "a.html").read_bytes() == (game / "b.html").read_bytes()


@pytest.mark.parametrize("extra, message", [
    (["-o", "r.txt"], "name it .pdf, .html or .json"),
    (["--hands", "missing.txt", "-o", "out.pdf"], "missing.txt"),
    (["--hands", "bad.txt", "-o", "out.pdf"], "gives 1 hands for 2 turns"),
])
def test_errors_are_one_line_and_write_nothing(game, extra, message, run):
    (game / "bad.txt").write_text("1,2,3\n")
    done = run("review", "--board", "hex:9", "-m", "11", "@game.txt", *extra, cwd=game)
    assert done.returncode == 2
    assert done.stderr.startswith("modlinseq-print: error: ") and done.stderr.count("\n") == 1
    assert message in done.stderr
    assert not (game / "out.pdf").exists() and not (game / "r.txt").exists()


def test_simulate_saves_games_that_review_reads(tmp_path, run):
    done = run("simulate", "--board", "hex:4", "-m", "7", "--copies", "3", "--wild", "2", "--hand", "5",
               "--games", "2", "--save-games", "games", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [
        "game-001-hands.txt", "game-001.txt", "game-002-hands.txt", "game-002.txt"]
    transcript = (tmp_path / "games" / "game-001.txt").read_text()
    hands = (tmp_path / "games" / "game-001-hands.txt").read_text()
    turns = [line for line in transcript.splitlines() if line and not line.startswith("//")]
    assert len(turns) == len([line for line in hands.splitlines() if line and not line.startswith("//")])
    done = run("review", "@games/game-001.txt", "--board", "hex:4", "-m", "7", "--hands", "games/game-001-hands.txt",
               "-o", "r.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["hands_known"] == len(turns)
    assert all(t["left"] == 0 for t in report["turns"])  # greedy players always play a best turn


def test_save_games_refuses_a_file(tmp_path, run):
    (tmp_path / "taken").write_text("x")
    done = run("simulate", "--board", "hex:4", "-m", "7", "--copies", "3", "--games", "1", "--save-games", "taken",
               cwd=tmp_path)
    assert done.returncode == 2 and "is a file, not a folder" in done.stderr
