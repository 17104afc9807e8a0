"""Fixtures of the studio tests: an in-process client of the app."""

import pytest

from modlinseq_print.studio.app import StudioApp
from studio_client import Client


@pytest.fixture(scope="module")
def client() -> Client:
    """A client of a studio app served (in name) on 127.0.0.1:8000."""
    return Client(StudioApp("127.0.0.1", 8000))

