"""Flowing text: wrapping by font metrics, columns and page breaks."""

from modlinseq_print.printables.flow import Flow
from modlinseq_print.render.scene import Text
from modlinseq_print.render.text_metrics import text_width, wrap_text


def texts(scene):
    return [item for item in scene.items() if isinstance(item, Text)]


def test_text_width_uses_the_shipped_fonts_metrics():
    # Liberation Sans Bold advances in 1/2048 em: M 1706, O 1593, D 1479, L 1251, I 569, N 1479, S 1366, E 1366, Q 1593
    assert text_width("MODLINSEQ", "Helvetica-Bold", 10) == 12402 * 10 / 2048
    assert text_width("iiii", "Helvetica", 1) < text_width("MMMM", "Helvetica", 1)
    assert text_width("0123456789", "Courier", 1) == 10 * 1229 / 2048  # monospaced


def test_wrap_keeps_lines_within_width():
    text = "Players take turns, installing tiles which extend old sequences, or which create new ones."
    lines = wrap_text(text, 40, size=3.5)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(text_width(line, size=3.5) <= 40 for line in lines)


def test_flow_breaks_columns_then_pages():
    flow = Flow(210, 297, margin=15, columns=2)
    for i in range(200):
        flow.paragraph(f"paragraph {i} with a few words in it")
    assert len(flow.pages) >= 2
    for scene in flow.pages:
        for item in texts(scene):
            assert 15 <= item.x <= 105 + 4 or 109 <= item.x <= 195
            assert 15 <= item.y <= 297 - 15
    first_page_columns = {round(t.x) for t in texts(flow.pages[0])}
    assert len(first_page_columns) == 2


def test_table_repeats_its_header_after_a_break():
    flow = Flow(100, 80, margin=10)
    flow.table([["length", "points"]] + [[str(n), str((n - 1) * (n - 2) // 2)] for n in range(1, 30)])
    assert len(flow.pages) > 1
    assert any(t.text == "length" for t in texts(flow.pages[1]))
