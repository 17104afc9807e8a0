"""The poster's reference: a minimal program, standard library only, that writes the picture of
`board --board hex:ORDER --pattern bonus --paper poster` as one PDF page, to measure the command against.

The same page size (the board plus a 4 mm frame and a 10 mm margin, in units of 2 points), one hexagon path per
cell (green, or white with a cross on the bonus cells), each cell's address in 2.8 mm type (the standard
Helvetica, not embedded), the content compressed, and its own cross-reference table.

    python bench/poster_reference.py OUT.pdf [ORDER]
"""

import math
import sys
import zlib

PITCH = 28.0  # mm between the centres of neighbouring cells
ROW = PITCH * math.sqrt(3) / 2  # mm between rows
RADIUS = PITCH / math.sqrt(3)  # mm from a centre to a corner
MARGIN = 10.0 + 4.0  # mm: the page's margin and the frame around the board
POINTS = 72 / 25.4 / 2  # points per mm, in units of 2 points (/UserUnit 2: a page may be that large)


def address(q: int, r: int) -> str:
    """A hex cell's address, e.g. (-3, -4) -> 'B26' (rules, page 1)."""
    k = max(abs(q), abs(r), abs(q + r))
    if k == 0:
        return "A0"
    for letter in "BEHMPT":
        if q + r == -k and -k < r <= 0:
            return f"{letter}{k * (k - 1) // 2 + 1 - r}"
        q, r = q + r, -q
    raise AssertionError((q, r))


def cells(order: int):
    """The cells of hex:ORDER, row by row: (q, r)."""
    for r in range(-order, order + 1):
        for q in range(max(-order, -order - r), min(order, order - r) + 1):
            yield q, r


def content(order: int, width: float, height: float) -> bytes:
    """The page's drawing, in mm with y down."""
    half_w, half_h = width / 2, height / 2
    hexagon = [(0, -RADIUS), (PITCH / 2, -RADIUS / 2), (PITCH / 2, RADIUS / 2), (0, RADIUS), (-PITCH / 2, RADIUS / 2),
               (-PITCH / 2, -RADIUS / 2)]
    plain, bonus, plain_labels, bonus_labels, crosses = [], [], [], [], []
    for q, r in cells(order):
        x, y = half_w + PITCH * (q + r / 2), half_h + ROW * r
        path = " ".join(f"{x + dx:.3f} {y + dy:.3f} {'m' if i == 0 else 'l'}" for i, (dx, dy) in enumerate(hexagon))
        label = f"1 0 0 -1 {x - 4.05:.3f} {y + 12.08:.3f} Tm ({address(q, r)}) Tj"
        if (3 * q + 2 * r) % 7 == 0:
            bonus.append(path + " h B")
            crosses.append(f"{x - 3.92:.3f} {y:.3f} m {x + 3.92:.3f} {y:.3f} l S {x:.3f} {y - 3.92:.3f} m "
                           f"{x:.3f} {y + 3.92:.3f} l S")
            bonus_labels.append(label)
        else:
            plain.append(path + " h B")
            plain_labels.append(label)
    lines = [f"{POINTS:.6f} 0 0 {-POINTS:.6f} 0 {height * POINTS:.3f} cm", "0.35 w 0.122 0.369 0.165 RG",
             "0.227 0.604 0.294 rg", *plain, "1 1 1 rg", *bonus, "0.84 w", *crosses,
             "BT /F1 2.8 Tf 0.91 0.961 0.914 rg", *plain_labels, "0.122 0.369 0.165 rg", *bonus_labels, "ET"]
    return "\n".join(lines).encode("ascii")


def pdf(order: int) -> bytes:
    """The whole file."""
    width = math.ceil(2 * (PITCH * order + PITCH / 2) + 2 * MARGIN)
    height = math.ceil(2 * (ROW * order + RADIUS) + 2 * MARGIN)
    stream = zlib.compress(content(order, width, height))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width * POINTS:.3f} {height * POINTS:.3f}] /UserUnit 2 "
               "/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>".encode("ascii"),
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as file:
        file.write(pdf(int(sys.argv[2]) if len(sys.argv) > 2 else 100))
