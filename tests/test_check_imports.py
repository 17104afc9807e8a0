"""scripts/check_imports.py: one line per import contract, kept or broken, and the details of a broken one."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check_imports.py"

pytestmark = pytest.mark.skipif(shutil.which("lint-imports", path=str(Path(sys.executable).parent)) is None,
                                reason="import-linter is not installed (make test installs it)")


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *argv], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_one_line_per_contract_and_no_banner():
    done = run()
    contracts = (ROOT / ".importlinter").read_text().count("[importlinter:contract:")
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(lines) == contracts and all(line.startswith("import contract kept: ") for line in lines)


def test_a_broken_contract_fails_and_says_why(tmp_path):
    config = tmp_path / "broken.ini"
    config.write_text("[importlinter]\nroot_package = modlinseq_print\n\n"
                      "[importlinter:contract:broken]\nname = Commands import no geometry\ntype = forbidden\n"
                      "source_modules =\n    modlinseq_print.commands\n"
                      "forbidden_modules =\n    modlinseq_print.geometry\n")
    done = run(str(config))
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == "import contract BROKEN: Commands import no geometry"
    assert "modlinseq_print.commands." in done.stdout and "modlinseq_print.geometry" in done.stdout
