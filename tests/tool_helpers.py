"""External programs the tests use (qpdf, poppler's pdftotext and friends, chromium, PrusaSlicer, Ghostscript)
and optional Python packages: `require_tool` and `require_module` skip a test, with what to install, when
one is missing on a developer's machine, and fail it in CI (CI=true), where every one of them must be
there: a suite whose checks silently skip would pass without testing. `run_tool` runs a program through
the same guard."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess

import pytest

#: Where each program comes from (the Debian package `make tools` installs).
TOOL_PACKAGES = {"qpdf": "qpdf", "pdftotext": "poppler-utils", "pdftoppm": "poppler-utils",
                 "pdfinfo": "poppler-utils", "pdffonts": "poppler-utils", "chromium": "chromium",
                 "prusa-slicer": "prusa-slicer", "gs": "ghostscript"}


def in_ci() -> bool:
    """True when the suite runs in CI (the CI variable is set to true, as CI services and .ci/run set it)."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def missing(what: str) -> None:
    """Skip the test saying `what` is missing; in CI, fail it."""
    if in_ci():
        pytest.fail(f"{what} (CI=true: every tool the tests use must be installed)", pytrace=False)
    pytest.skip(what)


def require_tool(name: str) -> str:
    """The path of program `name`; a skip (a failure in CI) saying what to install when it is missing."""
    path = shutil.which(name)
    if path is None:
        missing(f"{name} is not installed (install the {TOOL_PACKAGES.get(name, name)} package, e.g. `make tools`)")
    return path


def require_module(name: str, extra: str):
    """The Python module `name`; a skip (a failure in CI) naming the extra that installs it when it is missing."""
    try:
        return importlib.import_module(name)
    except ImportError:
        missing(f"the Python package for {name} is not installed: pip install -e '.[{extra}]'")


def run_tool(name: str, *args, **options) -> subprocess.CompletedProcess:
    """subprocess.run of program `name` with `args` (found through require_tool), checked, output captured."""
    options = {"capture_output": True, "check": True, **options}
    return subprocess.run([require_tool(name), *map(str, args)], **options)
