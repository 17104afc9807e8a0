"""`simulate --scheduler`: the games played on a Dask cluster (a LocalCluster on the loopback here) are the very
games of a run on this machine, byte for byte; a scheduler that does not answer, a missing `distributed`
package and workers that run other rules are one line each, exit 2, nothing written; a stopped run cancels its
games and closes its connection."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from cli_helpers import assert_one_line_error, time_bound

distributed = pytest.importorskip("distributed")

#: The cheapest kit that is still a real game: the starter kit's board and modulus, 14 tiles, hands of 3.
KIT = ["starter", "--copies", "2", "--wild", "0", "--hand", "3"]
#: The 200 games' kit: the same tiles on hex:3 (37 cells), greedy players: 5 to 9 turns a game, 0.04 s of CPU.
TINY = [*KIT, "--board", "hex:3"]


@pytest.fixture(scope="module")
def cluster():
    """Two one-thread workers in this process, talking TCP on the loopback, no dashboard."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as local:
        yield local


def executed(cluster) -> int:
    """The tasks the cluster's workers have run so far."""
    return sum(worker.state.executed_count for worker in cluster.workers.values())


@pytest.mark.slow
def test_200_games_on_a_cluster_are_the_games_played_here(cli, cluster):
    before = executed(cluster)
    there = cli("simulate", *TINY, "--games", "200", "--seed", "7", "--json", "--scheduler",
                cluster.scheduler_address)
    ran = executed(cluster) - before
    here = cli("simulate", *TINY, "--games", "200", "--seed", "7", "--json")
    assert there.status == here.status == 0 and there.err == ""
    assert there.out == here.out  # byte for byte, in the order of the games
    assert ran == 20  # 200 games in batches of 10, all played by the workers
    games = json.loads(there.out)["each_game"]
    assert len(games) == 200 and len({g["seed"] for g in games}) == 200
    assert len({(tuple(g["scores"]), g["turns"]) for g in games}) > 50  # real, varied games
    assert min(g["turns"] for g in games) >= 4


def test_the_table_and_a_comparison_on_a_cluster(cli, cluster):
    address = cluster.scheduler_address
    for words in (["--games", "6"], ["--games", "5", "--board", "hex:6", "--board", "hex:5"]):
        there = cli("simulate", *KIT, *words, "--scheduler", address)
        assert there.status == 0 and there.out == cli("simulate", *KIT, *words).out


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_scheduler_that_does_not_answer_is_one_line_quickly(cli, tmp_path):
    with time_bound(20):
        started = time.monotonic()
        result = cli("simulate", "--games", "3", "--scheduler", f"tcp://127.0.0.1:{free_port()}",
                     "-o", tmp_path / "report.pdf")
    assert_one_line_error(result, "--scheduler", "no Dask scheduler answered", "connection refused",
                          "dask scheduler", folder=tmp_path)
    assert time.monotonic() - started < 15


def test_a_server_that_is_not_a_scheduler_is_one_line(cli, tmp_path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        result = cli("simulate", "--games", "3", "--scheduler", f"127.0.0.1:{server.getsockname()[1]}",
                     "-o", tmp_path / "report.pdf")
    assert_one_line_error(result, "--scheduler", "no Dask scheduler answered", folder=tmp_path)


def test_bad_addresses_and_options_are_one_line(cli, tmp_path):
    assert_one_line_error(cli("simulate", "--scheduler", "nonsense::", "--games", "2"), "--scheduler",
                          "invalid address")
    assert_one_line_error(cli("simulate", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"), "--jobs",
                          "--scheduler", "one or the other")


def test_without_the_cluster_extra_the_error_says_how_to_install_it(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    result = cli("simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert_one_line_error(result, "--scheduler", "distributed", "pip install -e '.[cluster]'")


def test_workers_that_run_other_rules_are_refused(cluster):
    from modlinseq_print.errors import ModlinseqError
    from modlinseq_print.kits.playtest_setup import playtest_setup
    from modlinseq_print.rules.playtest_cluster import Cluster

    setup, tiles = playtest_setup("starter", copies=2, wild=0, hand=3)
    with Cluster(cluster.scheduler_address) as connected:
        connected.fingerprint = "another version"
        with pytest.raises(ModlinseqError, match="its workers run other rules than this machine"):
            connected.playtest(setup.variant, setup.kinds, tiles, 4, 1)
        assert len(connected.client.who_has()) == 0  # nothing left on the cluster


def test_an_interrupted_playtest_cancels_its_games_and_closes_its_client(cluster):
    from modlinseq_print.kits.playtest_setup import playtest_setup
    from modlinseq_print.rules.playtest_cluster import Cluster

    scheduler = cluster.scheduler
    setup, tiles = playtest_setup("starter", copies=2, wild=0, hand=3)

    def ctrl_c(done: int) -> None:  # Ctrl-C, as the first batch comes back
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), Cluster(cluster.scheduler_address) as connected:
        ours = connected.client.id
        try:
            connected.playtest(setup.variant, setup.kinds, tiles, 400, 1, ctrl_c)
        finally:  # still connected here: every batch not played is cancelled
            assert ours in scheduler.clients
            deadline = time.monotonic() + 10
            while scheduler.clients[ours].wants_what:
                assert time.monotonic() < deadline, f"{len(scheduler.clients[ours].wants_what)} batches left"
                time.sleep(0.05)
    deadline = time.monotonic() + 10
    while ours in scheduler.clients:  # and the connection is closed
        assert time.monotonic() < deadline, "the client was left connected"
        time.sleep(0.05)


@pytest.mark.slow
def test_a_run_asked_to_stop_ends_at_once_with_nothing_written(cluster, tmp_path):
    scheduler = cluster.scheduler
    clients = set(scheduler.clients)
    run = subprocess.Popen([sys.executable, "-m", "modlinseq_print", "simulate", *KIT, "--games", "400",
                            "--scheduler", cluster.scheduler_address, "-o", str(tmp_path / "report.pdf")],
                           cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    deadline = time.monotonic() + 90
    while not any(task.state == "processing" for task in list(scheduler.tasks.values())):
        assert run.poll() is None and time.monotonic() < deadline, run.communicate()
        time.sleep(0.05)
    os.kill(run.pid, signal.SIGTERM)
    out, err = run.communicate(timeout=30)
    assert run.returncode == 130 and out == "" and err.strip() == "modlinseq-print: interrupted"
    assert os.listdir(tmp_path) == []
    deadline = time.monotonic() + 10
    while scheduler.tasks or set(scheduler.clients) != clients:
        assert time.monotonic() < deadline, f"left on the cluster: {len(scheduler.tasks)} tasks, " \
                                            f"clients {set(scheduler.clients) - clients}"
        time.sleep(0.05)
