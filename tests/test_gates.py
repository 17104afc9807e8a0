"""The lint and type gates: ruff and mypy, configured in pyproject.toml, find nothing. Each test skips, saying so,
only when its tool is not installed (`make test` installs both, with the `test` extra)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(module: str, argv: list[str]) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", module, *argv], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = _tool("ruff", ["check", "--no-cache", "--output-format", "concise", "."])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_nothing(tmp_path):
    done = _tool("mypy", ["--cache-dir", str(tmp_path / "mypy"), "--no-error-summary"])
    assert done.returncode == 0, done.stdout + done.stderr
