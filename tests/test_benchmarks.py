"""Every benchmark runs, on its smallest case (`--smallest`), and prints its figures; one whose optional
package is missing says it is skipped, and only then. `make bench` runs them all in full."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted((ROOT / "bench").glob("bench_*.py"))


def test_there_are_benchmarks_and_a_runner():
    assert len(BENCHMARKS) >= 10
    assert (ROOT / "scripts" / "run_benchmarks.py").is_file()


@pytest.mark.slow
@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_benchmark_runs_on_its_smallest_case(path, tmp_path):
    done = subprocess.run([sys.executable, str(path), "--smallest"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    skipped = re.match(r"skipped: \S+ needs (\S+) \(pip install \S+\)$", done.stdout.strip())
    if skipped:
        module = {"PuLP": "pulp"}.get(skipped.group(1), skipped.group(1).lower())
        assert importlib.util.find_spec(module) is None, f"{path.name} skipped although {module} is installed"
        return
    figures = [line for line in done.stdout.splitlines() if re.search(r"\d", line)]
    assert figures, f"{path.name} printed no figures: {done.stdout!r}"
    assert not list(tmp_path.iterdir()), f"{path.name} left files behind in the folder it ran in"


def test_the_runner_goes_on_after_a_failure_and_names_it(tmp_path, monkeypatch, capfd):
    spec = importlib.util.spec_from_file_location("run_benchmarks", ROOT / "scripts" / "run_benchmarks.py")
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    (tmp_path / "bench_bad.py").write_text("raise SystemExit(3)\n")
    (tmp_path / "bench_good.py").write_text("print('1.0 s')\n")
    monkeypatch.setattr(runner, "benchmarks", lambda: sorted(tmp_path.glob("bench_*.py")))
    monkeypatch.setattr(runner, "ROOT", tmp_path)
    assert runner.main([]) == 1
    out = capfd.readouterr().out
    assert "== bench_good.py" in out and "1.0 s" in out and out.rstrip().endswith("failed: bench_bad.py")
