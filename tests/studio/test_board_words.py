"""A board that can't be read is told in a person's words, on the command line and in every studio page that
takes a board: one line naming the text as typed, what is wrong and a board to write instead; never the
engine's "spec", and in the studio never a file path (the studio takes board files as uploads)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import modlinseq_print
from modlinseq_print.cli import main
from studio_client import assert_one_line_error

BAD_BOARDS = ["hex:x", "hex:-1", "hex:151", "tess:0", "rect:5", "square:0x3", "rect:300x3", "blob:3", "hexagon",
              "hex:", "hex:99999999999999999999999"]
SPEC = re.compile(r"\bspecs?\b", re.I)
EXAMPLE = re.compile(r"\b(?:hex|rect|tess|square):\d")


def _studio_errors(client, board: str) -> dict[str, str]:
    """The error each studio page that takes a board answers to `board`."""
    answers = {
        "board designer": client.post("/api/board/preview", {"board": board}),
        "position editor": client.post("/api/position/check", {"board": board, "modulus": 13}),
        "play": client.post("/api/play/new", {"board": board, "modulus": 7,
                                              "players": [{"name": "Ann", "kind": "person"}]}),
    }
    said = {page: assert_one_line_error(answer, 400) for page, answer in answers.items()}
    kit = client.post("/api/kit/validate", {"name": "standard", "values": {"board.spec": board}}).json()
    assert kit["ok"] is False, kit
    said["kit builder"] = kit["error"]
    return said


@pytest.mark.parametrize("board", BAD_BOARDS)
def test_the_studio_says_what_is_wrong_with_a_board(client, board):
    for page, message in _studio_errors(client, board).items():
        assert f"can't read {board[:24]!r}"[:-1] in message, (page, message)
        assert not SPEC.search(message), (page, message)
        assert "file:" not in message and "PATH" not in message, (page, message)
        assert EXAMPLE.search(message), (page, message)


@pytest.mark.parametrize("board", BAD_BOARDS)
@pytest.mark.parametrize("command", [["board"], ["check", "-m", "13", "1A0"], ["position", "-m", "13", "1A0"],
                                     ["describe"]])
def test_the_command_line_says_what_is_wrong_with_a_board(command, board, capsys, tmp_path):
    args = [command[0], "--board", board, *command[1:]]
    if command[0] in ("board", "position"):
        args += ["-o", str(tmp_path / "out.svg")]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert "can't read" in err and EXAMPLE.search(err), err
    assert not SPEC.search(err), err
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_a_shape_that_does_not_exist_is_named(client):
    said = _studio_errors(client, "circle:4")
    assert said["position editor"] == ('"Board": can\'t read \'circle:4\' as a board: there is no shape \'circle\': '
                                       "write hex:9, rect:13x11, tess:3 or square:8x6")


def _raised_words(node: ast.Raise) -> str:
    """The literal text of the message a raise statement gives its error (f-string parts included)."""
    call = node.exc
    if not isinstance(call, ast.Call) or not call.args:
        return ""
    return " ".join(part.value for part in ast.walk(call.args[0])
                    if isinstance(part, ast.Constant) and isinstance(part.value, str))


def test_no_error_message_says_spec():
    """No error the package raises words its value as a "spec" (a person's board, tile or paper is named as
    such); the one exception is a kit preset's key, board.spec, which is the key as written in the file."""
    package = Path(modlinseq_print.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and SPEC.search(_raised_words(node).replace("board.spec", "")):
                found.append(f"{path.relative_to(package)}:{node.lineno}: {_raised_words(node)}")
    assert found == []
