"""A quick count of a content stream's operators, made while the stream is inflated and before anything parses
it: never more than the operators the stream holds, so that a file it finds past the operator budget is past it.

The decoded bytes are read a line-aligned piece at a time, at C speed (bytes.translate and count, regular
expressions where there are comments, strings, arrays or dictionaries): comments, literal strings and hex
strings, then arrays and dictionaries (nested a few levels) are taken out, then every token that begins with a
letter or a quote after white space or a delimiter is an operator, less one for each true, false and null.
Where the text stops being plain (a string or an array left open across pieces, an inline image's binary
data), the count stops: what it found is still a lower bound, and the exact count (the parser's) goes on.
"""

from __future__ import annotations

import re

#: A comment, a literal string without nested parentheses, or a hex string: each read as one piece of
#: white space. Applied again, it takes out strings nested one level deeper each time.
_OPAQUE = re.compile(rb"%[^\r\n]*|\((?:[^()\\]|\\.)*\)|(?<!<)<(?!<)[0-9A-Fa-f\x00\t\n\x0c\r ]*>", re.DOTALL)
#: An array or a dictionary with nothing nested in it left: operands (the parser counts no operator inside).
_CONTAINER = re.compile(rb"\[[^\[\]<>()]*\]|<<[^\[\]<>()]*>>")
_NESTING = 4  # nesting of strings, arrays and dictionaries read through; deeper, the count stops there
_OPEN = (b"(", b")", b"[", b"<")  # left after the passes: a string, array, dictionary or hex string not closed
_WHITE = b"\x00\t\n\x0c\r []{}<>"  # white space and the delimiters that may stand right before an operator
_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'\""
#: Every byte as a space (white space, delimiters), "A" (a letter or quote: an operator begins with one) or "0":
#: an operator is then " A" (so the count is two passes of C, a few milliseconds a megabyte).
_CLASSES = bytes(32 if b in _WHITE else 65 if b in _LETTERS else 48 for b in range(256))
_SPACES = bytes(32 if b in _WHITE else b for b in range(256))
_KEYWORDS = (b"true", b"false", b"null")
#: The longest unfinished line carried from one piece to the next; a longer one stops the count.
MAX_CARRY = 1024 * 1024


class OperatorCount:
    """Operators counted so far in one content stream, fed its decoded bytes in order (`feed`, then `finish`)."""

    def __init__(self) -> None:
        self.count = 0
        self._carry = b""
        self._stopped = False

    def feed(self, piece: bytes) -> int:
        """Count the operators of the complete lines read so far; the count so far."""
        if self._stopped:
            return self.count
        data = self._carry + piece
        cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1  # the last line may go on in the next piece
        self._carry = data[cut:]
        if len(self._carry) > MAX_CARRY:
            self._stopped = True
        self._count(data[:cut])
        return self.count

    def finish(self) -> int:
        """Count the last line; the stream's count (a lower bound of its operators)."""
        if not self._stopped:
            self._count(self._carry)
        self._carry, self._stopped = b"", True
        return self.count

    def _count(self, data: bytes) -> None:
        if any(mark in data for mark in (b"%", *_OPEN)):
            for _ in range(_NESTING):
                data = _CONTAINER.sub(b" ", _OPAQUE.sub(b" ", data))
                if not any(mark in data for mark in _OPEN):
                    break
        spaced = b" " + data.translate(_SPACES) + b" "
        stops = [at for at in (*(data.find(mark) for mark in _OPEN), spaced.find(b" BI "), spaced.find(b" ID "))
                 if at >= 0]
        if stops:
            data, self._stopped = data[:min(stops)], True
        # true, false and null begin with a letter: each taken off once (a lower bound still where one is a part
        # of a longer operator)
        self.count += (b" " + data).translate(_CLASSES).count(b" A") - sum(data.count(word) for word in _KEYWORDS)
