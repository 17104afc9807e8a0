"""The golden files' canonical forms ignore what does not change the picture (attribute order, trailing zeros,
a different but equivalent serialisation) and show what does (a moved shape, another operator or font)."""

import io

import pikepdf

from canonical import pdf_lines, svg_lines

SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10mm"><g fill="#000"><polygon points="0,0 1.5,0 1,2"/></g></svg>'


def test_svg_order_and_number_format_do_not_count_but_a_moved_point_does():
    same = b'<svg width="10mm" xmlns="http://www.w3.org/2000/svg">\n  <g fill="#000">\n    ' \
           b'<polygon points="0,0.000 1.50,0 1.001,2"/></g>\n</svg>'
    assert svg_lines(same) == svg_lines(SVG)
    moved = SVG.replace(b"1.5,0", b"1.6,0")
    assert svg_lines(moved) != svg_lines(SVG)
    assert svg_lines(SVG) == ['<svg width="10mm">', '  <g fill="#000">', '    <polygon points="0,0 1.5,0 1,2">']


def _pdf(content: bytes, box=(0, 0, 200, 100)) -> bytes:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=box[2:])
    page.obj.Contents = pdf.make_stream(content)
    out = io.BytesIO()
    pdf.save(out, compress_streams=True, deterministic_id=True)
    return out.getvalue()


def test_pdf_structure_ignores_stream_encoding_but_not_operators_or_boxes():
    plain = _pdf(b"1 0 0 RG 10 10 m 20.000 20 l S")
    assert pdf_lines(_pdf(b"1  0 0 RG\n10 10 m\n20 20.0 l\nS")) == pdf_lines(plain)
    assert pdf_lines(_pdf(b"1 0 0 RG 10 10 m 20 21 l S")) != pdf_lines(plain)
    assert pdf_lines(_pdf(b"1 0 0 RG 10 10 m 20 20 l f")) != pdf_lines(plain)
    assert pdf_lines(_pdf(b"1 0 0 RG 10 10 m 20 20 l S", (0, 0, 210, 100))) != pdf_lines(plain)
    assert pdf_lines(plain)[:3] == ["pages 1", "page 1", "  MediaBox [0 0 200 100]"]
