"""The worker processes of `simulate --jobs`: none outlives its run, whether the run is asked to stop (SIGTERM),
interrupted (Ctrl-C) or killed outright; a run asked to stop ends at once, in one line, with nothing written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def group(pgid: int) -> list[int]:
    """The live processes of process group `pgid` (zombies left out), from /proc: a run started in a session of
    its own, with every process it starts."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                state, _ppid, pgrp = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:3]
            except (OSError, ValueError):
                continue
            if int(pgrp) == pgid and state != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def start_run(folder: Path) -> tuple[subprocess.Popen, list[int]]:
    """`simulate --jobs 2` of 40 games, once both its workers are playing."""
    run = subprocess.Popen([sys.executable, "-m", "modlinseq_print", "simulate", "--games", "40", "--jobs", "2",
                            "-o", str(folder / "report.pdf")], cwd=folder, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(workers := children(run.pid)) < 2:
        assert run.poll() is None and time.monotonic() < deadline, "the run never started its workers"
        time.sleep(0.05)
    time.sleep(0.5)  # both are in a game now
    return run, workers


@pytest.mark.parametrize("stop, whole_group", [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGINT, True)],
                         ids=["SIGTERM", "Ctrl-C", "Ctrl-C at a terminal (to every process of the run)"])
def test_a_stopped_run_ends_its_workers_within_a_second(tmp_path, stop, whole_group):
    run, workers = start_run(tmp_path)
    os.killpg(run.pid, stop) if whole_group else os.kill(run.pid, stop)
    time.sleep(1.0)
    try:
        assert not [pid for pid in workers if alive(pid)], "workers outlived their run"
        assert run.poll() is not None, "the run itself was still going a second later"
        assert group(run.pid) == [], "a process of the run was still alive a second later"
    finally:
        os.killpg(run.pid, signal.SIGKILL) if run.poll() is None else None
    _, err = run.communicate(timeout=30)
    assert run.returncode == 130 and err == "modlinseq-print: interrupted\n", (run.returncode, err)
    assert not (tmp_path / "report.pdf").exists()


def test_a_killed_run_takes_its_workers_with_it(tmp_path):
    run, workers = start_run(tmp_path)
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    time.sleep(1.0)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # the pipes they hold would keep the run's output open for ever
        os.kill(pid, signal.SIGKILL)
    run.communicate(timeout=30)
    assert not left, "workers outlived a run killed outright"
