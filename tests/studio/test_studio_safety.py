"""The studio never opens a path derived from a request, and refuses work over its caps before doing it.

A sentinel file's contents must never appear in any answer, on any endpoint, in any key, however the file
name is disguised; and an answer must not differ between a name that exists and one that does not (which
would tell whether a file exists).
"""

from __future__ import annotations

import uuid

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.inputs import no_file_reads, read_text_input
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.studio import client_words
from modlinseq_print.studio.client_words import names_a_file
from modlinseq_print.studio.kit_form import preset_keys
from modlinseq_print.studio.limits import MAX_CELLS, MAX_PIECES
from modlinseq_print.studio.app import StudioApp
from studio_client import DirectClient, assert_one_line_error

SECRET = f"SENTINEL-{uuid.uuid4().hex}"


@pytest.fixture(scope="module")
def client():
    """The studio app, its requests handed to it on one event loop (this module sends about 12,000)."""
    app = StudioApp("127.0.0.1", 8000)
    direct = DirectClient(app)
    yield direct
    app.close()
    direct.close()


@pytest.fixture(scope="module")
def sentinel(tmp_path_factory):
    """A readable file whose contents are a secret (a board file's first line would be quoted in an error)."""
    folder = tmp_path_factory.mktemp("secret")
    path = folder / "secret.txt"
    path.write_text(f"{SECRET}\n")
    return path, folder / "missing.txt"


def disguises(path) -> list[str]:
    """Ways to write a file spec or a path: blanks, case, Unicode look-alikes and invisibles, percent-encoding."""
    p = str(path)
    return [f"file:{p}", f"  file:{p}", f"\t\nFILE:{p}", f"FiLe:{p}", f"\u00a0\u3000file:{p}", f"\u200bfile:{p}",
            f"\ufefffile:{p}", f"%66ile:{p}", f"file%3A{p}", f"%2566ile:{p}", f"\uff46\uff49\uff4c\uff45:{p}",
            f"file :{p}", f"'file:{p}'", f'"file:{p}"', p, f"@{p}", f"../..{p}", f"~/{p}", f"file:{p}\x00"]


def assert_never_told(client, method: str, path: str, make_body, sentinel) -> None:
    """The answer for each disguise of the sentinel quotes nothing of it, is an error, and is the same whether
    the named file exists or not."""
    there, missing = sentinel
    for shown, hidden in zip(disguises(there), disguises(missing)):
        answers = []
        for name in (shown, hidden):
            body, query = make_body(name)
            answer = client.request(method, path + query, body)
            assert SECRET not in answer.body.decode("utf-8", "replace"), (path, name)
            assert answer.status >= 400 or answer.json().get("ok") is False, (path, name, answer.body[:200])
            answers.append((answer.status, answer.body.replace(name.encode(), b"NAME")
                            .replace(str(there).encode(), b"P").replace(str(missing).encode(), b"P")))
        assert answers[0] == answers[1], (path, shown, answers)


DESIGN_KEYS = ("board", "title", "paper", "margin", "overlap", "tile_width", "clearance", "cell_size")
POSITION_KEYS = ("board", "transcript", "modulus_note", "title", "value", "cell")


@pytest.mark.parametrize("path", ["/api/board/preview", "/api/board/pages", "/api/board/download",
                                  "/api/board/board-file", "/api/board/preset"])
@pytest.mark.parametrize("key", DESIGN_KEYS)
def test_designer_endpoints_never_read_a_named_file(client, sentinel, path, key):
    assert_never_told(client, "POST", path, lambda name: ({"board": "hex:2", key: name}, ""), sentinel)


@pytest.mark.parametrize("path", ["/api/position/check", "/api/position/export"])
@pytest.mark.parametrize("key", POSITION_KEYS)
def test_position_endpoints_never_read_a_named_file(client, sentinel, path, key):
    assert_never_told(client, "POST", path, lambda name: ({"board": "hex:2", "modulus": 7, key: name}, ""), sentinel)


@pytest.mark.parametrize("path", ["/api/kit/validate", "/api/kit/build", "/api/kit/preset-file"])
def test_every_kit_key_never_reads_a_named_file(client, sentinel, path):
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    for key, _ in preset_keys():
        assert_never_told(client, "POST", path,
                          lambda name, key=key: ({"name": "x", "values": {**values, key: name}}, ""), sentinel)
    assert_never_told(client, "POST", path, lambda name: ({"name": name, "values": values}, ""), sentinel)


@pytest.mark.parametrize("path", ["/api/kit/preset?name=", "/api/kit/download?id=", "/api/kit/page?page=1&id=",
                                  "/api/kit/schema?x=", "/api/board/preview?format="])
def test_query_values_never_read_a_named_file(client, sentinel, path):
    method = "POST" if path.startswith("/api/board") else "GET"
    from urllib.parse import quote

    assert_never_told(client, method, path.split("?")[0],
                      lambda name: ({} if method == "POST" else None, "?" + path.split("?")[1] + quote(name)),
                      sentinel)


def test_an_uploaded_preset_naming_a_board_file_never_opens_it(client, sentinel):
    def preset(name):
        return {"contents": f'modulus = 13\n[board]\nspec = {name!r}\n'.replace("'", '"')
                if '"' not in name and "\\" not in name else "modulus = 13\n"}, ""

    there, missing = sentinel
    for shown, hidden in zip(disguises(there), disguises(missing)):
        answers = [client.post("/api/board/load-preset", preset(name)[0]) for name in (shown, hidden)]
        for answer in answers:
            assert SECRET not in answer.body.decode("utf-8", "replace")
        assert answers[0].status == answers[1].status
    loaded = client.post("/api/board/load-preset", {"contents": f'[board]\nspec = "file:{there}"\n'}).json()
    assert loaded["board_file"] == "secret.txt" and "board" not in loaded["settings"]


def test_the_library_refuses_files_inside_the_studio_mode(sentinel):
    """Defence in depth: with the central guard gone, the readers themselves refuse (before looking)."""
    there, missing = sentinel
    with no_file_reads():
        for spec in (f"file:{there}", f"  FILE:{there}", f"file:{missing}"):
            with pytest.raises(Exception) as refused:
                parse_board(spec)
            assert SECRET not in str(refused.value) and "uploaded" in str(refused.value)
        with pytest.raises(Exception, match="uploaded"):
            load_preset(str(there))
        with pytest.raises(Exception, match="uploaded"):
            read_text_input("-", "transcript")
    assert read_text_input(there, "board file") == f"{SECRET}\n"  # outside the mode: the command line reads files


def test_without_the_central_guard_the_api_still_refuses(client, sentinel, monkeypatch):
    monkeypatch.setattr("modlinseq_print.studio.app.refuse_file_names", lambda value: None)
    there, _ = sentinel
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    for spec in (f"file:{there}", f"  FiLe:{there}"):
        kit = client.post("/api/kit/validate", {"values": {**values, "board.spec": spec}}).json()
        assert kit["ok"] is False and SECRET not in kit["error"]
        for path in ("/api/board/preview", "/api/position/check"):
            answer = client.post(path, {"board": spec})
            assert answer.status == 400 and SECRET not in answer.body.decode()


@pytest.mark.parametrize("value", ["hex:9", "rect:13x11", "A0 B1", "25mm", "MODLINSEQ: the file of it", "8-20",
                                   "17A0 ~ 1 ~ 5 ~ 9E4; 3H8", "1.5mm,-0.5mm", "profile: wide", "a4", "#", ""])
def test_ordinary_values_are_not_file_names(value):
    assert not names_a_file(value)


def test_deep_or_odd_requests_are_refused_in_one_line(client):
    nested = {"board": "hex:2"}
    for _ in range(12):
        nested = {"x": nested}
    assert_one_line_error(client.post("/api/board/preview", nested), 400, "nests deeper")
    assert_one_line_error(client.post("/api/board/preview", {"file:/etc/passwd": 1}), 400, "names a file")
    assert client_words.CONTENT_KEYS == {"contents"}


# --- the caps, checked before any work ----------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["hex:150", "hex:+150", " HEX:150 ", "hex:0150", "rect:200x200", "tess:40"])
def test_oversized_boards_are_refused_everywhere(client, spec):
    assert_one_line_error(client.post("/api/board/preview", {"board": spec}), 400, f"at most {MAX_CELLS:,}")
    assert_one_line_error(client.post("/api/position/check", {"board": spec}), 400, f"at most {MAX_CELLS:,}")
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    answer = client.post("/api/kit/validate", {"values": {**values, "board.spec": spec}}).json()
    assert answer["ok"] is False and answer["key"] == "board.spec" and f"{MAX_CELLS:,}" in answer["error"]


@pytest.mark.parametrize("change, key, words", [
    ({"tiles.copies": "40", "modulus": "99"}, "tiles.copies", f"at most {MAX_PIECES:,}"),
    ({"tiles.copies": "99999", "modulus": "99"}, "tiles.copies", "pieces"),
    ({"board.spec": "hex:57", "tiles.copies": "10", "paper": "a5", "board.paper": "a5"}, "board.spec", "pages"),
    ({"tiles.wild": "5000"}, "tiles.copies", "pieces"),
])
def test_oversized_kits_are_refused_at_validation(client, change, key, words):
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    answer = client.post("/api/kit/validate", {"values": {**values, **change}}).json()
    assert answer["ok"] is False and answer["key"] == key and words in answer["error"], answer
    built = client.post("/api/kit/build", {"values": {**values, **change}}).json()
    assert built["ok"] is False and built["key"] == key


def test_the_largest_board_is_accepted(client):
    values = client.get("/api/kit/preset?name=standard").json()["values"]
    # with the standard kit's 10 copies of each tile (left to itself, a kit has half the board's cells in tiles)
    change = {"board.spec": "hex:57", "tiles.copies": "10"}
    assert client.post("/api/kit/validate", {"values": {**values, **change}}).json() == {"ok": True}
    assert client.post("/api/board/pages", {"board": "hex:57"}).json()["count"] > 100


def test_downloads_are_capped_before_drawing(client):
    assert_one_line_error(client.post("/api/board/download?format=png&dpi=600", {"board": "hex:40"}), 400,
                          "million pixels", "PDF")
    assert_one_line_error(client.post("/api/board/download?format=pdf", {"board": "hex:57", "paper": "a5"}), 400,
                          "pages")
