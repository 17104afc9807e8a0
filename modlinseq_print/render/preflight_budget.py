"""The preflight's guards against hostile PDFs: a budget of decompressed bytes and content operators per file,
content read in bounded memory, and the file's structure (qpdf's warnings, data after %%EOF).

A stream's decompressed size is measured before anything parses it (FlateDecode, the usual filter, is inflated
piece by piece and counted, never held whole); while a content stream is measured its operators are counted
quickly (preflight_count: a lower bound, at C speed), so that a bomb of operators is refused before the slower
exact parse begins; a content stream of at most PARSE_AT_ONCE bytes is parsed in
one go (pikepdf builds a list of its instructions, about 135 bytes of memory per byte of content at worst), a
larger one is streamed instruction by instruction (qpdf's parser with a callback), so memory stays bounded
whatever the file. Going over a budget is a PreflightError: the file cannot be checked, and is not a file a
press would take.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.preflight_count import OperatorCount

if TYPE_CHECKING:  # pikepdf is imported where a file is read
    from pikepdf import Object, StreamParser

#: What a content stream's reader is given, instruction by instruction: the operands and the operator.
Step = Callable[[Any, str], None]  # operands (a list, or pikepdf's own list of objects), operator

MIB = 1024 * 1024
#: Decompressed bytes read per file (content streams, the output profile, the XMP): about 2,000 times the
#: content of the standard kit (140 KB over 15 pages); a press file that needs more is not one we make.
MAX_DECODED_BYTES = 256 * MIB
#: Content operators interpreted per file: about 100 times the standard kit's 10,700. The quick count made while
#: a content stream is inflated refuses a bomb of operators after a few megabytes, well within a second.
MAX_OPERATORS = 1_000_000
#: A content stream up to this size (decoded) is parsed whole; a larger one is streamed.
PARSE_AT_ONCE = 512 * 1024
#: A stream under another filter than FlateDecode (LZW, RunLength...) is decoded by qpdf, whole, only when
#: this many times its encoded size fits the budget (LZW can expand about 1,000 times).
WORST_EXPANSION = 1024
#: Bytes other than white space allowed after the last %%EOF (some tools add a few).
TRAILING_ALLOWANCE = 1024
_PIECE = MIB


class PreflightError(ModlinseqError):
    """A file the preflight cannot read."""


@dataclass
class Budget:
    """What one file's preflight has read so far."""

    decoded: int = 0
    operators: int = 0
    foreseen: int = 0  # operators the quick count found in the content being measured, not yet parsed
    file_size: int = 0  # the file's size: a stream's /Length larger than it is a lie qpdf repairs, not a size

    def bytes(self, count: int, what: str) -> None:
        """Spend `count` decompressed bytes of `what` ("page 3's content"); refuse past MAX_DECODED_BYTES."""
        self.decoded += count
        if self.decoded > MAX_DECODED_BYTES:
            raise PreflightError(f"{what} expands past {MAX_DECODED_BYTES // MIB} MB when decompressed: this "
                                 "is not a file a press would take; the preflight reads at most "
                                 f"{MAX_DECODED_BYTES // MIB} MB of decompressed streams per file")

    def instructions(self, count: int, what: str) -> None:
        """Spend `count` content operators of `what`; refuse past MAX_OPERATORS."""
        self.operators += count
        self.foresee(0, what)

    def foresee(self, count: int, what: str) -> None:
        """Refuse when the operators counted, and `count` more the quick count found, pass MAX_OPERATORS."""
        if self.operators + self.foreseen + count > MAX_OPERATORS:
            raise PreflightError(f"{what} brings the file past {MAX_OPERATORS:,} content operators: this is not "
                                 f"a file a press would take; the preflight reads at most {MAX_OPERATORS:,} "
                                 "per file")


class Unreadable(Exception):
    """A content stream that cannot be read (the preflight records it as a failing finding)."""


def _filters(stream) -> list[str]:
    import pikepdf

    value = stream.get("/Filter")
    if value is None:
        return []
    if isinstance(value, pikepdf.Array):
        return [str(item) for item in value]
    return [str(value)]


def decoded_size(stream, what: str, budget: Budget, content: bool = False) -> int:
    """The decompressed size of a stream, spent from the budget, measured in bounded memory (a stream whose
    data cannot be decoded counts its encoded size: reading it fails later, with its own message). For
    `content`, its operators are counted quickly on the way and foreseen in the budget."""
    operators = OperatorCount() if content else None

    def seen(data: bytes, last: bool = True) -> None:
        if operators is not None:
            found = operators.feed(data)
            budget.foresee(operators.finish() if last else found, what)
            if last:
                budget.foreseen += operators.count

    import pikepdf

    from modlinseq_print.render.preflight_colour import number

    declared = number(stream.get("/Length"))
    if MAX_DECODED_BYTES - budget.decoded < declared <= budget.file_size:  # refused before it is read
        raise PreflightError(f"{what} is a stream of {declared:,.0f} bytes, past the {MAX_DECODED_BYTES // MIB} MB "
                             "the preflight reads per file: this is not a file a press would take")
    try:
        raw = stream.read_raw_bytes()
    except pikepdf.PdfError as problem:
        raise Unreadable(str(problem)) from None
    filters = _filters(stream)
    if not filters or len(raw) > MAX_DECODED_BYTES:
        budget.bytes(len(raw), what)
        if not filters:
            seen(raw)
        return len(raw)
    if filters in (["/FlateDecode"], ["/Fl"]):
        inflater, size, data = zlib.decompressobj(), 0, raw
        try:
            while data:
                piece = inflater.decompress(data, _PIECE)
                data = inflater.unconsumed_tail
                size += len(piece)
                budget.bytes(len(piece), what)
                if not piece:
                    break
                seen(piece, last=False)
        except zlib.error:
            pass  # qpdf says what is wrong when it reads the stream
        seen(b"")
        return size
    if len(raw) * WORST_EXPANSION > MAX_DECODED_BYTES - budget.decoded:
        raise PreflightError(f"{what} is {len(raw):,} bytes under the filters {' '.join(filters)}, which could "
                             f"expand past the {MAX_DECODED_BYTES // MIB} MB the preflight reads per file: this is "
                             "not a file a press would take; save it with FlateDecode (the usual compression)")
    try:
        data = stream.read_bytes()
    except pikepdf.PdfError:
        data = raw
    budget.bytes(len(data), what)
    seen(data)
    return len(data)


def content_streams(owner) -> list:
    """The content streams of a page (its /Contents: one stream or an array of them) or the stream itself."""
    import pikepdf

    if isinstance(owner, pikepdf.Stream):
        return [owner]
    contents = owner.obj.get("/Contents") if hasattr(owner, "obj") else None
    if contents is None:
        return []
    if isinstance(contents, pikepdf.Stream):
        return [contents]
    if isinstance(contents, pikepdf.Array) and all(isinstance(item, pikepdf.Stream) for item in contents):
        return list(contents)
    raise Unreadable("its /Contents is not a content stream or an array of them")


class _InlineImage:
    """An inline image's dictionary, as the interpreter reads it from a parsed instruction (`.obj`)."""

    def __init__(self, entries: dict[str, Any]):
        self.obj = entries


def read_content(owner: Any, what: str, budget: Budget, step: Step) -> None:
    """Give every instruction of `owner`'s content (a page or a content stream) to step(operands, operator),
    after spending its decompressed size and operators from the budget. Raises Unreadable."""
    import pikepdf

    streams = content_streams(owner)
    budget.foreseen = 0
    size = sum(decoded_size(stream, what, budget, content=True) for stream in streams)
    budget.foreseen = 0  # the parse counts them exactly
    try:
        if size <= PARSE_AT_ONCE:
            instructions = pikepdf.parse_content_stream(owner)
            budget.instructions(len(instructions), what)
            for instruction in instructions:
                step(instruction.operands, str(instruction.operator))
            return
        for stream in streams:
            pikepdf.Object._parse_stream(stream, _grouper(what, budget, step))
    except pikepdf.PdfError as problem:
        raise Unreadable(str(problem)) from None


def _grouper(what: str, budget: Budget, step: Step) -> StreamParser:
    """qpdf's content parser's callbacks (a pikepdf.StreamParser, its class made here, where pikepdf is
    imported): objects are gathered into operands until an operator; BI ... ID ... EI becomes one
    "INLINE IMAGE" instruction."""
    import pikepdf

    pdf_object, operator = pikepdf.Object, pikepdf.ObjectType.operator  # isinstance(obj, Operator) is slow

    class Grouper(pikepdf.StreamParser):
        def __init__(self) -> None:
            super().__init__()
            self.operands: list[Any] = []
            self.image: dict[str, Any] | None = None

        def handle_object(self, obj: Object, offset: int, length: int) -> None:
            if type(obj) is not pdf_object or obj._type_code != operator:
                self.operands.append(obj)
                return
            op = str(obj)
            budget.operators += 1
            if budget.operators > MAX_OPERATORS:
                budget.instructions(0, what)
            if op == "BI":
                self.operands = []
            elif op == "ID":
                pairs = self.operands
                self.image = {str(pairs[i]): pairs[i + 1] for i in range(0, len(pairs) - 1, 2)}
            elif op == "EI":
                step([_InlineImage(self.image or {})], "INLINE IMAGE")
                self.image = None
            else:
                step(self.operands, op)
            self.operands = []

        def handle_eof(self) -> None:
            pass

    return Grouper()


def _nonblank(data: bytes) -> int:
    return len(data.translate(None, b" \t\r\n\f\0"))


def after_eof(path: Path) -> tuple[int, bool]:
    """The bytes other than white space after the last %%EOF of a file, and whether it has one, read from the
    end a piece at a time (in bounded memory, however long the tail)."""
    marker = b"%%EOF"
    keep = len(marker) - 1
    with open(path, "rb") as handle:
        end = handle.seek(0, 2)
        overlap, beyond = b"", 0  # the first bytes already read; the non-blank bytes after them
        while end > 0:
            start = max(0, end - _PIECE)
            handle.seek(start)
            piece = handle.read(end - start)
            window = piece + overlap
            at = window.rfind(marker)
            if at >= 0:
                return _nonblank(window[at + len(marker):]) + beyond, True
            beyond += _nonblank(window[keep:])
            overlap, end = window[:keep], start
    return beyond + _nonblank(overlap), False
