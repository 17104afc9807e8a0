"""The maintenance scripts still import: the library's names they use exist (they are not run here; the
benchmarks are run on their smallest case by test_benchmarks.py)."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "scripts").glob("*.py"))
#: Modules of scripts/ that another program loads (MkDocs' hooks) rather than being run.
LOADED = {"mkdocs_hooks.py"}


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_script_imports(path, monkeypatch):
    monkeypatch.syspath_prepend(str(path.parent))  # as when run: its folder first on the path
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # as an imported module is (dataclasses look it up)
    if path.name not in LOADED:
        assert 'if __name__ == "__main__":' in path.read_text(), f"{path.name} would run its work on import"
    spec.loader.exec_module(module)
