"""The quick count of content operators: never more than the parser finds (so a refusal is never wrong), the
parser's figure on our own files, whatever the pieces it is fed in; and a bomb of operators is refused by it,
before the exact parse begins."""

from __future__ import annotations

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modlinseq_print.render.preflight_count import OperatorCount
from preflight_corpus import good_files


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return good_files(tmp_path_factory.mktemp("good"))


def quick(data: bytes, piece: int) -> int:
    count = OperatorCount()
    for start in range(0, len(data), piece):
        count.feed(data[start:start + piece])
    return count.finish()


def exact(data: bytes) -> int:
    with pikepdf.new() as pdf:
        return len(pikepdf.parse_content_stream(pikepdf.Stream(pdf, data)))


CONTENT = [
    b"q 1 0 0 1 10 20 cm 0 0 m 10 10 l S Q\n",
    b"BT /F1 12 Tf 10 10 Td (Hello (nested) world) Tj [(a) -3 (b)] TJ ET\n",
    b"% a comment with (a paren and q Q\n0 g 1 1 5 5 re f*\n",
    b"<< /MCID 0 >> BDC (a \\) escaped) Tj EMC\n/GS1 gs <48656c6c6f> Tj\n",
    b"[/a/b]TJ true false null 1 0 0 RG 'x' \" \n",
    b"q BI /W 2 /H 1 /BPC 8 /CS /G ID \xff\x00 EI Q 0 0 m S\n",
    b"(unclosed string q Q q Q\n q Q\n",
    b"((((((deep)))))) Tj q Q\n",
]


@pytest.mark.parametrize("data", CONTENT)
@pytest.mark.parametrize("piece", [1, 5, 64, 1 << 20])
def test_the_quick_count_is_never_more_than_the_parsers(data, piece):
    assert quick(data, piece) <= exact(data)


@pytest.mark.parametrize("data", CONTENT[:5])
def test_plain_content_is_counted_exactly(data):
    assert quick(data, 1 << 20) == exact(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([b"q", b"Q", b"0", b"1.5", b"/Name", b"(s)", b"(a(b)c)", b"<00ff>", b"<<", b">>",
                                 b"[", b"]", b"%c\n", b"true", b"Tj", b"'", b"\"", b"re", b"(", b")", b"\\",
                                 b"BI", b"ID", b"EI", b" ", b"\n", b"\r", b"\x00"]), max_size=60),
       st.integers(1, 40))
def test_any_tokens_are_never_counted_past_the_parser(tokens, piece):
    data = b" ".join(tokens)
    try:
        parsed = exact(data)
    except (pikepdf.PdfError, IndexError, TypeError):
        return  # content the parser refuses (or stumbles on) is not counted
    assert quick(data, piece) <= parsed


def test_our_kit_is_counted_as_the_parser_counts_it(good):
    with pikepdf.open(good["4"]) as pdf:
        for page in pdf.pages:
            data = page.obj.Contents.read_bytes()
            assert quick(data, 4096) == exact(data) > 100


def test_a_bomb_of_operators_is_refused_by_the_quick_count_before_any_parse(good, tmp_path, monkeypatch):
    """96 MB of painting operators: refused while the stream is inflated; the parser never runs."""
    from preflight_hostile import HOSTILE

    from modlinseq_print.render.preflight import PreflightError, preflight

    parsed = []
    monkeypatch.setattr(pikepdf, "parse_content_stream", lambda *args: parsed.append(args) or [])
    monkeypatch.setattr(pikepdf.Object, "_parse_stream", lambda *args: parsed.append(args))
    for name in ("96 MB of painting operators", "12 MB of q Q operators (3 million)"):
        case = next(case for case in HOSTILE if case.name == name)
        folder = tmp_path / str(len(parsed))
        folder.mkdir(exist_ok=True)
        with pytest.raises(PreflightError, match="past 1,000,000 content operators"):
            preflight(case.make(folder, good))
    assert parsed == []
