"""Fixtures of the studio tests: an in-process client of the app, and the studio served on a free port.

Every studio test fails on an exception raised where nobody can catch it (PytestUnraisableExceptionWarning):
the studio stops its work by killing worker processes or at check points, never by raising inside running code.
"""

import pytest

from modlinseq_print.studio.app import StudioApp
from modlinseq_print.studio.server import StudioServer
from studio_client import HEADER_TIMEOUT, Client


def pytest_collection_modifyitems(config, items):
    here = config.rootpath / "tests" / "studio"
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning"))


@pytest.fixture(scope="module")
def client():
    """A client of a studio app served (in name) on 127.0.0.1:8000; its worker processes end with the module."""
    app = StudioApp("127.0.0.1", 8000)
    yield Client(app)
    app.close()


@pytest.fixture(scope="module")
def served():
    """The studio on a free port of 127.0.0.1 (a real uvicorn server in a thread), with a short header deadline."""
    server = StudioServer("127.0.0.1", 0, header_timeout=HEADER_TIMEOUT).start()
    yield server
    server.stop()
