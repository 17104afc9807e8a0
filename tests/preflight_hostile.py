"""A corpus of hostile inputs for the preflight: files a careless or malicious sender could give it (nonsense
values, loops, depth, decompression bombs, damaged structure, encryption) and paths that are not files at all.

Each case is made from the good tiles file (tests/preflight_corpus.py's good_files) or from raw bytes, and names
the exit status `preflight` must give: 0 (passes), 1 (a check fails: it could be read, and is wrong) or 2 (one
line saying it cannot be checked). Never 70. The bench (bench/bench_preflight.py) times the bombs from here too.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pikepdf
from pikepdf import Array, Dictionary, Name

MIB = 1024 * 1024


@dataclass(frozen=True)
class Hostile:
    """One hostile input: `make(folder, good)` returns the path to give preflight; `status` is its exit status,
    `words` what its one error line or the failing row must say."""

    name: str
    make: Callable[[Path, dict], Path]
    status: int
    words: tuple[str, ...] = ()
    level: str = "4"


def flate_bomb(pattern: bytes, size: int) -> bytes:
    """`pattern` repeated to `size` bytes, compressed in pieces (the whole is never held)."""
    packer = zlib.compressobj(9)
    piece = pattern * max(1, MIB // len(pattern))
    out, left = [], size
    while left > 0:
        out.append(packer.compress(piece[:left]))
        left -= len(piece)
    out.append(packer.flush())
    return b"".join(out)


def edited(edit: Callable[[pikepdf.Pdf], None], name: str = "hostile.pdf", **save):
    """A case maker: the good PDF/X-4 tiles file changed by `edit`, saved without recompressing streams."""
    def make(folder: Path, good: dict) -> Path:
        target = folder / name
        with pikepdf.open(good["4"]) as pdf:
            edit(pdf)
            pdf.save(target, **save)
        return target
    return make


def raw(data: bytes | Callable[[dict], bytes], name: str = "hostile.pdf"):
    """A case maker: a file of these bytes (or of what data(good) returns)."""
    def make(folder: Path, good: dict) -> Path:
        target = folder / name
        target.write_bytes(data(good) if callable(data) else data)
        return target
    return make


def good_bytes(good: dict) -> bytes:
    return Path(good["4"]).read_bytes()


def page_content(content: bytes | Callable[[], bytes], flate: bool = False, **keys):
    """An edit that adds a content stream to page 1 (raw bytes: compressed already when flate)."""
    def edit(pdf):
        data = content() if callable(content) else content
        extra = {"Filter": Name.FlateDecode} if flate else {}
        stream = pdf.make_stream(data, **extra)
        for key, value in keys.items():
            stream[f"/{key}"] = value
        pdf.pages[0].contents_add(stream, prepend=False)
    return edit


def on_page(**entries):
    """An edit that sets entries of page 1's dictionary."""
    def edit(pdf):
        for key, value in entries.items():
            pdf.pages[0].obj[f"/{key}"] = value(pdf) if callable(value) else value
    return edit


def chained_forms(count: int):
    def edit(pdf):
        inner = pdf.make_indirect(pdf.make_stream(b"0 0 0 1 k 0 0 1 1 re f", Type=Name.XObject, Subtype=Name.Form,
                                                  BBox=[0, 0, 1, 1]))
        for _ in range(count):
            inner = pdf.make_indirect(pdf.make_stream(b"/F Do", Type=Name.XObject, Subtype=Name.Form,
                                                      BBox=[0, 0, 1, 1],
                                                      Resources=Dictionary(XObject=Dictionary(F=inner))))
        pdf.pages[0].obj.Resources.XObject = Dictionary(Fchain=inner)
        pdf.pages[0].contents_add(pdf.make_stream(b"/Fchain Do"), prepend=False)
    return edit


def nested_array(depth: int):
    value = Array([])
    for _ in range(depth):
        value = Array([value])
    return value


def self_reference(pdf):
    loop = pdf.make_indirect(Dictionary())
    loop.Self = loop
    pdf.pages[0].obj.Resources.Font = loop


def page_tree_loop(pdf):
    pdf.Root.Pages.Kids.append(pdf.Root.Pages)
    pdf.Root.Pages.Count = 3


def kids_non_page(pdf):
    pdf.Root.Pages.Kids.append(pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1)))


def kids_null(pdf):
    pdf.Root.Pages.Kids.append(None)


def zero_pages(pdf):
    pdf.Root.Pages.Kids = Array([])
    pdf.Root.Pages.Count = 0


def unembedded_font(pdf):
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.TrueType, BaseFont=Name("/Arial"),
                                        FontDescriptor=Dictionary(Type=Name.FontDescriptor, FontName=Name("/Arial"))))
    pdf.pages[0].obj.Resources.Font = Dictionary(FX=font)
    pdf.pages[0].contents_add(pdf.make_stream(b"BT /FX 9 Tf ET"), prepend=False)


def javascript(pdf):
    pdf.Root.OpenAction = Dictionary(S=Name.JavaScript, JS=pikepdf.String("app.alert('hi')"))


def huge_image(pdf):
    image = pdf.make_indirect(pdf.make_stream(b"\0", Type=Name.XObject, Subtype=Name.Image, Width=10 ** 9,
                                              Height=10 ** 9, BitsPerComponent=8, ColorSpace=Name.DeviceCMYK))
    pdf.pages[0].obj.Resources.XObject = Dictionary(Im=image)
    pdf.pages[0].contents_add(pdf.make_stream(b"q 1 0 0 1 0 0 cm /Im Do Q"), prepend=False)


def long_name_object(pdf):
    pdf.pages[0].contents_add(pdf.make_stream(b"/" + b"N" * 5000 + b" Do /" + b"C" * 5000 + b" cs"), prepend=False)


def deep_resources(pdf):
    pdf.pages[0].obj.Resources.ColorSpace = Dictionary(CSd=nested_array(400))
    pdf.pages[0].contents_add(pdf.make_stream(b"/CSd cs 1 sc"), prepend=False)


def encrypted(owner: str, user: str, rc4: bool = False):
    """A case maker: the good file encrypted with AES-128 (R=4), or with 128-bit RC4 (R=3, as older tools do)."""
    def make(folder: Path, good: dict) -> Path:
        target = folder / "locked.pdf"
        how = dict(R=3, aes=False, metadata=False) if rc4 else dict(R=4)
        with pikepdf.open(good["4"]) as pdf:
            pdf.save(target, encryption=pikepdf.Encryption(owner=owner, user=user, **how))
        return target
    return make


def metadata_bomb(pdf):
    """A compressed XMP bomb (without /Type /Metadata, which qpdf would write decompressed)."""
    pdf.Root.Metadata = pdf.make_indirect(pdf.make_stream(flate_bomb(b" ", 300 * MIB), Filter=Name.FlateDecode))


def profile_bomb(pdf):
    profile = pdf.Root.OutputIntents[0].DestOutputProfile
    profile.write(flate_bomb(b"\0", 300 * MIB), filter=Name.FlateDecode)


def _replace_in_good(old: bytes, new: bytes):
    def data(good):
        whole = good_bytes(good)
        assert old in whole
        return whole.replace(old, new, 1)
    return data


def _cut_before_startxref(good):
    whole = good_bytes(good)
    return whole[:whole.rindex(b"startxref")]


def _broken_xref(good):
    whole = good_bytes(good)
    at = whole.rindex(b"startxref")
    return whole[:at] + b"startxref\n999999\n%%EOF\n"


def _xref_loop(good):
    whole = good_bytes(good)
    at = int(whole[whole.rindex(b"startxref") + 9:].split()[0])
    end = whole.index(b"trailer", at) if b"trailer" in whole[at:] else None
    if end is None:  # a cross-reference stream: make it its own /Prev
        return whole.replace(b"/Type /XRef", b"/Type /XRef /Prev %d" % at, 1)
    return whole[:end] + b"trailer\n<< /Prev %d " % at + whole[end + len(b"trailer\n<<"):]


def _junk_after_eof(megabytes: int):
    def data(good):
        return good_bytes(good) + bytes(range(256)) * (megabytes * MIB // 256)
    return data


def _long_name_path(folder: Path, good: dict) -> Path:
    return folder / ("x" * 5000 + ".pdf")


def _directory(folder: Path, good: dict) -> Path:
    (folder / "folder.pdf").mkdir()
    return folder / "folder.pdf"


def _fifo(folder: Path, good: dict) -> Path:
    os.mkfifo(folder / "fifo.pdf")
    return folder / "fifo.pdf"


def _missing(folder: Path, good: dict) -> Path:
    return folder / "missing.pdf"


def _good(folder: Path, good: dict) -> Path:
    return Path(good["4"])


HOSTILE = [
    Hostile("the good file", _good, 0),
    Hostile("empty file", raw(b""), 2, ("is not a PDF",)),
    Hostile("not a PDF", raw(b"hello, this is text\n" * 100), 2, ("is not a PDF",)),
    Hostile("PDF header then garbage", raw(b"%PDF-1.6\n" + bytes(range(256)) * 64), 2),
    Hostile("a directory", _directory, 2, ("not a file",)),
    Hostile("a FIFO", _fifo, 2, ("not a file",)),
    Hostile("a device", lambda folder, good: Path("/dev/zero"), 2, ("not a file",)),
    Hostile("a missing file", _missing, 2, ("not a file",)),
    Hostile("a file name of 5,004 characters", _long_name_path, 2, ("cannot read",)),
    Hostile("nonsense boxes", edited(on_page(MediaBox=Array([pikepdf.String("a"), Name.b, None, True]),
                                             TrimBox=7)), 1, ("page 1", "TrimBox is not four numbers")),
    Hostile("a negative MediaBox", edited(on_page(MediaBox=Array([0, 0, -500, -500]))), 1, ("not nested",)),
    Hostile("a huge MediaBox", edited(on_page(MediaBox=Array([0, 0, 10 ** 9, 10 ** 9]))), 1, ("MediaBox",)),
    Hostile("a MediaBox of three numbers", edited(on_page(MediaBox=Array([0, 0, 10]))), 1, ("MediaBox",)),
    Hostile("zero pages", edited(zero_pages), 1, ("no pages",)),
    Hostile("a page tree loop", edited(page_tree_loop), 2, ("Loop detected",)),
    Hostile("Kids pointing to a non-page", edited(kids_non_page), 1),
    Hostile("a null page", edited(kids_null), 1),
    Hostile("5,000 chained form XObjects", edited(chained_forms(5000)), 1, ("nested more than",)),
    Hostile("an indirect object pointing to itself", edited(self_reference), 1, ("not embedded",)),
    Hostile("arrays nested 400 deep in resources", edited(deep_resources), 1),
    Hostile("content of arrays nested 10,000 deep", edited(page_content(b"[" * 10000 + b"]" * 10000 + b" pop")),
            1, ("file structure", "damaged")),
    Hostile("a 5,000-character name object", edited(long_name_object), 1),
    Hostile("a name in content that is not UTF-8", edited(page_content(b"/\xff\xfe cs 1 sc /\xc1 gs")), 1,
            ("not UTF-8",)),
    Hostile("a 10^9 /Length", raw(_replace_in_good(b"/Length ", b"/Length 1000000000 /L ")), 1, ("file structure",)),
    Hostile("a content stream with a wrong /Filter", edited(page_content(b"0 0 0 1 k", Filter=Name.DCTDecode)), 1),
    Hostile("a content stream with an unknown /Filter", edited(page_content(b"0 0 0 1 k", Filter=Name.Nonsense)), 1),
    Hostile("a font with no FontFile", edited(unembedded_font), 1, ("not embedded",)),
    Hostile("an image of 10^9 x 10^9", edited(huge_image), 0),
    Hostile("an inline image of 100,000 x 100,000", edited(page_content(
        b"q BI /W 100000 /H 100000 /BPC 8 /CS /CMYK ID \0\0\0\0 EI Q")), 0),
    Hostile("a JavaScript action", edited(javascript), 0),
    Hostile("Contents that is a number", edited(on_page(Contents=7)), 1, ("not a content stream",)),
    Hostile("Resources that is a number", edited(on_page(Resources=7)), 1),
    Hostile("encrypted with a password", encrypted("owner", "user"), 2, ("protected by a password",)),
    Hostile("encrypted without a password to open", encrypted("owner", ""), 1, ("encrypted",)),
    Hostile("encrypted with RC4 without a password to open", encrypted("owner", "", rc4=True), 1, ("encrypted",)),
    Hostile("cut before startxref", raw(_cut_before_startxref), 1, ("file structure",)),
    Hostile("a broken xref offset", raw(_broken_xref), 1, ("file structure",)),
    Hostile("an xref that is its own /Prev", raw(_xref_loop), 1),
    Hostile("8 MB of junk after %%EOF", raw(_junk_after_eof(8)), 1, ("after %%EOF",)),
    Hostile("a flate bomb of 1 GiB in a page's content", edited(page_content(
        lambda: flate_bomb(b"\0", 1024 * MIB), flate=True)), 2, ("page 1", "expands past")),
    Hostile("96 MB of painting operators", edited(page_content(
        lambda: flate_bomb(b"0 0 m 1 1 l S\n", 96 * MIB), flate=True)), 2, ("page 1",)),
    Hostile("12 MB of q Q operators (3 million)", edited(page_content(
        lambda: flate_bomb(b"q Q\n", 12 * MIB), flate=True)), 2, ("operators",)),
    Hostile("an XMP metadata bomb", edited(metadata_bomb, fix_metadata_version=False), 2, ("expands past",)),
    Hostile("an output profile bomb", edited(profile_bomb), 2, ("expands past",)),
]
