"""The built wheel works outside the checkout: presets and example files ship inside the package.

Builds the wheel from a copy of the sources (so the checkout gets no build/ or egg-info), installs it
into a fresh virtual environment that borrows the test environment's dependencies (a .pth line, so
nothing is downloaded but the build backend) and runs `kit standard` from an unrelated folder.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds a wheel and a virtual environment
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE")
#: The subprocesses' environment: no PYTHONPATH, which could lend them the checkout instead of the wheel.
#: PIP_NO_COMPILE: no byte-compiling of the build backend's nor the wheel's modules (run once, it costs seconds).
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"} | {"PIP_NO_COMPILE": "1"}
#: The commands after the first, run by the installed command line's main in one process of the new environment
#: (each its own run of the console script would start and import the package again): each must return 0.
MORE_COMMANDS = """
import sys
from modlinseq_print.cli import main
from modlinseq_print.kits.preset_loading import preset_names
import modlinseq_print
print(modlinseq_print.__file__)
print(" ".join(preset_names()))
for argv in (["reference", "--lang", "de", "-o", "de.svg"],
             ["mod13", "deck", "--service", "drivethrucards", "-o", "deck.pdf"],
             ["markers", "--cutter", "scanncut", "--cut-file", "c.svg", "-o", "m.pdf"]):
    status = main(argv)
    assert status == 0, (argv, status)
"""


def run(*words, cwd=None) -> subprocess.CompletedProcess:
    """Run a program, failing the test with its output when it fails."""
    done = subprocess.run([str(w) for w in words], cwd=cwd, capture_output=True, text=True, env=ENVIRONMENT)
    assert done.returncode == 0, f"{' '.join(map(str, words))} failed:\n{done.stdout}\n{done.stderr}"
    return done


def build_wheel(tmp_path: Path) -> Path:
    """The project's wheel, built from a copy of its sources."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "modlinseq_print", source / "modlinseq_print",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo"))  # the build compiles them
    for name in SOURCES:
        shutil.copy(ROOT / name, source / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp_path / "dist", source)
    wheels = list((tmp_path / "dist").glob("modlinseq_print-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def fresh_venv(tmp_path: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel installed and this environment's packages on its path."""
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", "--no-compile",
        wheel)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    # a plain path line: the dependencies, not the checkout's editable finder (its .pth is not read from there)
    (Path(purelib) / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def test_wheel_kit_standard_outside_the_checkout(tmp_path):
    wheel = build_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert {f"modlinseq_print/i18n/locale/{lang}.mo" for lang in ("de", "el", "es", "fr", "ru")} <= set(names)
    venv = fresh_venv(tmp_path, wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = run(venv / "bin" / "modlinseq-print", "kit", "standard", "-o", "kit.pdf", "--quiet", cwd=elsewhere)
    assert done.stdout.startswith("wrote kit.pdf: 16 pages"), done.stdout
    assert (elsewhere / "kit.pdf").read_bytes().startswith(b"%PDF-")
    where, names = run(venv / "bin" / "python", "-c", MORE_COMMANDS, cwd=elsewhere).stdout.splitlines()[:2]
    assert Path(where).resolve().is_relative_to(venv.resolve()), where
    assert {"standard", "standard-letter", "starter", "bonus-malus", "tess-3"} <= set(names.split())
    pages = sorted(elsewhere.glob("de-*.svg"))  # the rules sheet and the card: one SVG per page
    assert pages and any("Wertung" in page.read_text() for page in pages)  # the German catalogue is read
    # the press profile and the service and cutter tables are package data too
    assert (elsewhere / "deck-drivethrucards" / "cards.pdf").read_bytes().startswith(b"%PDF-1.4")
    assert (elsewhere / "m.pdf").read_bytes().startswith(b"%PDF-")
