"""Shared test fixtures: `require_tool` gives an external program's path, skipping the test when it is missing
(failing it in CI: see tool_helpers.py); `cli` runs the command line in-process and returns its status, stdout and
stderr."""

import pytest

pytest.register_assert_rewrite("cli_helpers")

from cli_helpers import CliResult, run_cli  # noqa: E402 (after the rewrite hook, so its asserts explain failures)
from tool_helpers import require_tool as _require_tool  # noqa: E402


def pytest_configure(config):
    """Compile the translation catalogues whose .po changed since the install compiled them (an editable
    install compiles them once; a catalogue edited or merged since then would otherwise be read stale)."""
    from modlinseq_print.i18n.catalogues import compile_catalogues

    compile_catalogues(stale_only=True)


# The files whose tests take tens of seconds each (whole games, browsers, real servers, every page's examples,
# the type checker): run first, so that two workers do not end with one of them alone on a long test.
LONG_FIRST = ("test_gates.py", "test_simulate_cluster.py", "test_wheel.py", "test_docs_examples.py",
              "test_benchmarks.py", "test_rooms_browser.py", "test_play_browser.py", "test_fonts_pictures.py",
              "test_review.py", "test_best_turns.py", "test_move_report.py", "test_docs_reference.py")


def pytest_collection_modifyitems(config, items):
    """The tests of LONG_FIRST first, in its order (each file's own order kept), then the rest as collected."""
    rank = {name: place for place, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))


def pytest_addoption(parser):
    """--regen-golden rewrites the golden files of tests/golden/ from the current outputs."""
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite the golden files in tests/golden/data from the current outputs")


@pytest.fixture
def require_tool():
    """A function taking a program name: returns its path, or skips the test saying what to install (in CI,
    fails it)."""
    return _require_tool


@pytest.fixture
def cli(capsys):
    """A function taking the command line's words (paths allowed): runs `main` and returns a CliResult."""

    def run(*argv) -> CliResult:
        return run_cli(capsys, *argv)

    return run
