"""The reference card's tables against tables 2A, 2B and 2C of the rules, and the card's pages."""

from modlinseq_print.printables.reference_text import period_lines, sequence_table
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.rules.sequences import points
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages, scoring_rows
from modlinseq_print.render.scene import Text

TABLE_2A = {1: 0, 2: 0, 3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 28, 10: 36, 11: 45, 12: 55}
TABLE_2C = {
    "M12-S1-A0": "0 ~ 1 ~ 2 ~ 3 ~ 4 ~ 5 ~ 6 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11",
    "M12-S5-A0": "0 ~ 5 ~ 10 ~ 3 ~ 8 ~ 1 ~ 6 ~ 11 ~ 4 ~ 9 ~ 2 ~ 7",
    "M12-S2-A0": "0 ~ 2 ~ 4 ~ 6 ~ 8 ~ 10", "M12-S2-A1": "1 ~ 3 ~ 5 ~ 7 ~ 9 ~ 11",
    "M12-S3-A0": "0 ~ 3 ~ 6 ~ 9", "M12-S3-A1": "1 ~ 4 ~ 7 ~ 10", "M12-S3-A2": "2 ~ 5 ~ 8 ~ 11",
    "M12-S4-A0": "0 ~ 4 ~ 8", "M12-S4-A1": "1 ~ 5 ~ 9", "M12-S4-A2": "2 ~ 6 ~ 10", "M12-S4-A3": "3 ~ 7 ~ 11",
    "M12-S6-A0": "0 ~ 6", "M12-S6-A1": "1 ~ 7", "M12-S6-A2": "2 ~ 8", "M12-S6-A3": "3 ~ 9",
    "M12-S6-A4": "4 ~ 10", "M12-S6-A5": "5 ~ 11",
}
TABLE_2B = {
    "M11-S1-A0": "0 ~ 1 ~ 2 ~ 3 ~ 4 ~ 5 ~ 6 ~ 7 ~ 8 ~ 9 ~ 10",
    "M11-S2-A0": "0 ~ 2 ~ 4 ~ 6 ~ 8 ~ 10 ~ 1 ~ 3 ~ 5 ~ 7 ~ 9",
    "M11-S3-A0": "0 ~ 3 ~ 6 ~ 9 ~ 1 ~ 4 ~ 7 ~ 10 ~ 2 ~ 5 ~ 8",
    "M11-S4-A0": "0 ~ 4 ~ 8 ~ 1 ~ 5 ~ 9 ~ 2 ~ 6 ~ 10 ~ 3 ~ 7",
    "M11-S5-A0": "0 ~ 5 ~ 10 ~ 4 ~ 9 ~ 3 ~ 8 ~ 2 ~ 7 ~ 1 ~ 6",
}


def test_table_2a_points():
    assert {n: points(n) for n in TABLE_2A} == TABLE_2A
    rows = scoring_rows()
    assert rows[0] == ["length", "points", "length", "points"]
    assert {int(r[0]): int(r[1]) for r in rows[1:]} | {int(r[2]): int(r[3]) for r in rows[1:]} == TABLE_2A


def test_tables_2b_and_2c_sequences():
    for modulus, table in ((11, TABLE_2B), (12, TABLE_2C)):
        rows = sequence_table(modulus)
        stepped = {msa: " ~ ".join(map(str, values)) for msa, values, _ in rows if "-S0-" not in msa}
        assert stepped == table
        assert [msa for msa, _, _ in rows[:-1]] == list(table)  # in the order of the tables: longest period first
        periods = {msa: period for msa, _, period in rows}
        assert all(periods[msa] == len(values.split(" ~ ")) for msa, values in table.items())
        assert rows[-1] == (f"M{modulus}-S0-A0 … A{modulus - 1}", (), 1)


def test_a_long_period_wraps_after_a_tilde_and_keeps_every_term():
    values = tuple(range(99))
    lines = period_lines(values, 120.0, "Helvetica", 8.0 * 25.4 / 72)
    assert len(lines) > 1 and lines[0].startswith("… 0 ~") and lines[-1].endswith("98 …")
    assert all(line.endswith("~") for line in lines[:-1])
    assert all(text_width(line, "Helvetica", 8.0 * 25.4 / 72) <= 120.0 for line in lines)
    assert " ".join(lines).strip("… ").split(" ~ ") == [str(v) for v in values]


def test_card_lists_every_sequence_and_the_variation():
    pages = reference_pages(ReferenceSpec(20, wrap="tess", pattern="bonus", wild=4), 210, 297)
    texts = [item.text for page in pages for item in page.items() if isinstance(item, Text)]
    joined = " ".join(texts)
    for msa, _, _ in sequence_table(20):
        assert msa in texts
    assert "pseudocell" in joined and "Bonus cells" in joined and "Wild tiles" in joined
    for page in pages:
        for item in page.items():
            if isinstance(item, Text):
                assert 0 < item.x < 210 and 0 < item.y < 297


def test_card_without_variations_says_lines_do_not_wrap():
    pages = reference_pages(ReferenceSpec(7, wrap="none", pattern="none", wild=0, markers=False), 210, 297)
    joined = " ".join(i.text for p in pages for i in p.items() if isinstance(i, Text))
    assert "cannot wrap" in joined and "Wild tiles" not in joined and "Bonus" not in joined
