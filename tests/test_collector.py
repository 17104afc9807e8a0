"""The collector pause (modlinseq_print/collector.py) is taken only by the main thread of a process without other
threads: a studio thread's job, or a job in a process where other threads run, leaves the collector on."""

import gc
import threading

import pytest

from modlinseq_print.collector import collector_paused


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_main_thread_alone_pauses_the_collector_and_restores_it(collector_on):
    if threading.active_count() > 1:
        pytest.skip("the test runner keeps a thread of its own in this process")
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block leaves the outer pause in place
    assert gc.isenabled()


def test_with_another_thread_alive_the_collector_stays_on(collector_on):
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with collector_paused():
            assert gc.isenabled()
    finally:
        stop.set()
        other.join()
    assert gc.isenabled()


def test_a_job_in_another_thread_leaves_the_collector_on(collector_on):
    seen = []

    def job():
        with collector_paused():
            seen.append(gc.isenabled())

    worker = threading.Thread(target=job)
    worker.start()
    worker.join()
    assert seen == [True] and gc.isenabled()
