"""A preflight of the PDF/X rules press-ready files rely on, read with pikepdf: each check one pass/fail row.

It checks a file against PDF/X-4 or PDF/X-1a:2003 as far as these files use them: the identification
(Info, XMP, PDF version), the output intent and its profile, metadata, Trapped and the trailer ID, page
boxes, embedded fonts, colour (CMYK, gray and spot colours only, wherever they hide: render/preflight_objects.py
reads every content stream, shading, pattern, soft mask, group, Type 3 glyph, image and annotation appearance
the pages paint with), spot names, overprint on die lines, total ink, rich black text, and for PDF/X-1a no
transparency and no optional content. It is not a certified PDF/X validator: it checks the colour, boxes,
fonts and structure these files rely on, not every rule of the standards.

Any file gets a report or one line (a PreflightError): damage qpdf repairs is the "file structure" row, values
that make no sense fail their check, and render/preflight_budget.py bounds what a file may expand to.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from modlinseq_print.inputs import short_path
from modlinseq_print.render.press import PDFX_LEVELS
from modlinseq_print.render.preflight_budget import TRAILING_ALLOWANCE, Budget, PreflightError, Unreadable, \
    after_eof, decoded_size
from modlinseq_print.render.preflight_colour import ALLOWED, number
from modlinseq_print.render.preflight_content import Survey, survey

DEFAULT_MAX_INK = 300  # per cent
_BOX_SLACK = 1e-3  # points
#: The largest page side PDF allows in default user space, and the smallest (ISO 32000-1, annex C), in points.
MAX_PAGE_SIDE, MIN_PAGE_SIDE = 14_400, 3
_WARNINGS_SHOWN = 100  # characters of qpdf's first warning in the file structure row

__all__ = ["PreflightError", "Check", "Report", "preflight", "report_lines", "DEFAULT_MAX_INK"]


@dataclass(frozen=True)
class Check:
    """One row of the report: what was checked, whether it passed, and what was found."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class Report:
    """The preflight of one file against one PDF/X level."""

    path: str
    level: str
    checks: list[Check]

    @property
    def passed(self) -> bool:
        """True when every check passed."""
        return all(check.passed for check in self.checks)


def preflight(path: str | Path, level: str | None = None, max_ink: float = DEFAULT_MAX_INK) -> Report:
    """Check a PDF against PDF/X `level` ("4" or "1a"; None: the level the file claims, else 4) with total
    ink at most `max_ink` per cent."""
    from modlinseq_print.render.pdfx import pikepdf_module

    pikepdf = pikepdf_module()

    name = short_path(path)
    try:
        is_file = Path(path).is_file()
    except OSError as problem:  # a name too long for the system, a loop of links...
        raise PreflightError(f"cannot read {name}: {problem.strerror or problem}") from None
    if not is_file:
        raise PreflightError(f"cannot read {name}: it is not a file; give a PDF")
    with _quiet_qpdf() as logged:
        try:
            pdf = pikepdf.open(path)
        except OSError as problem:
            raise PreflightError(f"cannot read {name}: {problem.strerror or problem}") from None
        except pikepdf.PasswordError:
            raise PreflightError(f"{name} is protected by a password, and PDF/X forbids encryption: "
                                 "save a copy without a password and check that") from None
        except pikepdf.PdfError as problem:
            raise PreflightError(f"{name} is not a PDF that can be read: {_qpdf_words(problem, path)}") from None
        except RecursionError:
            raise PreflightError(f"{name} is nested too deeply to read: this is not a file a press would "
                                 "take") from None
        with pdf:
            try:
                checks, chosen = _checks(pdf, path, level, max_ink, logged)
            except pikepdf.PdfError as problem:
                raise PreflightError(f"{name} cannot be read: {_qpdf_words(problem, path)}") from None
            except RecursionError:
                raise PreflightError(f"{name} is nested too deeply to check: this is not a file a press would "
                                     "take") from None
            except UnicodeDecodeError:  # pikepdf gives names as text
                raise PreflightError(f"{name} cannot be checked: it holds a name that is not UTF-8 text, which "
                                     "PDF requires; save it again from the program that made it") from None
    return Report(str(path), PDFX_LEVELS[chosen].name, checks)


def _checks(pdf, path, level: str | None, max_ink: float, logged: list[str]) -> tuple[list[Check], str]:
    """Every check of an open file, and the level checked."""
    budget = Budget(file_size=Path(path).stat().st_size)
    for what, stream in (("the XMP metadata", pdf.Root.get("/Metadata")), *_profiles(pdf)):
        if _is_stream(stream):
            try:
                decoded_size(stream, what, budget)
            except Unreadable:
                pass  # the check that reads it says so
    chosen = level or claimed_level(pdf) or "4"
    found = survey(pdf, budget)
    if "/OCProperties" in pdf.Root:
        found.optional_content.append("the document has optional-content groups (OCProperties)")
    checks = [identification(pdf, chosen), output_intent(pdf, chosen), metadata(pdf, chosen), trapped_and_id(pdf),
              encryption(pdf), boxes(pdf), fonts(found), *colour_checks(found, max_ink, chosen),
              *level_checks(found, chosen)]
    return [structure(pdf, path, logged), *checks], chosen


def _is_stream(obj) -> bool:
    import pikepdf

    return isinstance(obj, pikepdf.Stream)


def _is_dictionary(obj) -> bool:
    import pikepdf

    return isinstance(obj, pikepdf.Dictionary)


def _array(obj) -> list:
    """The items of a PDF array; none for anything else (a hostile file's number where an array goes)."""
    import pikepdf

    return list(obj) if isinstance(obj, pikepdf.Array) else []


def _profiles(pdf) -> list:
    """("the output intent's profile", stream) for each output intent."""
    import pikepdf

    intents = pdf.Root.get("/OutputIntents")
    return [("the output intent's profile", intent.get("/DestOutputProfile"))
            for intent in (intents if isinstance(intents, pikepdf.Array) else [])
            if isinstance(intent, pikepdf.Dictionary)]


class _Collected(logging.Handler):
    """The warnings qpdf logs through pikepdf (some are not in Pdf.get_warnings())."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "pikepdf._core" and len(self.messages) < 100:
            self.messages.append(record.getMessage())


@contextlib.contextmanager
def _quiet_qpdf():
    """qpdf's logged warnings are collected for the file structure row, and pikepdf's other messages (about the
    XMP it repairs) dropped, not printed on standard error."""
    logger = logging.getLogger("pikepdf")
    collected, propagate = _Collected(), logger.propagate
    logger.addHandler(collected)
    logger.propagate = False
    try:
        yield collected.messages
    finally:
        logger.removeHandler(collected)
        logger.propagate = propagate


def _qpdf_words(problem: Exception, path) -> str:
    """qpdf's message without the file's name it starts with, shortened."""
    text = str(problem).replace(str(path), "").lstrip(":, ").strip()
    return text[:120] + ("..." if len(text) > 120 else "")


def _xmp(pdf):
    """The XMP metadata, or None when there is none or it cannot be read."""
    try:
        return pdf.open_metadata()
    except Exception:  # noqa: BLE001 (a broken XMP packet: the metadata check says so)
        return None


def structure(pdf, path, logged: Sequence[str] = ()) -> Check:
    """The file's structure: no damage qpdf had to repair or skip when reading it (its warnings, and those it
    logged), and no more than a little data after the last %%EOF."""
    warnings = [str(warning) for warning in pdf.get_warnings()] + list(logged)
    try:
        tail, found = after_eof(Path(path))
    except OSError as problem:
        return _fail("file structure", f"the file cannot be read again: {problem.strerror or problem}")
    if not found:
        return _fail("file structure", "no %%EOF at the end: the file is cut short or damaged")
    if tail > TRAILING_ALLOWANCE:
        return _fail("file structure", f"{tail:,} bytes of data after %%EOF (at most {TRAILING_ALLOWANCE:,} "
                                       "allowed): the file was damaged or added to")
    if warnings:
        first = _qpdf_words(Exception(warnings[0]), path)[:_WARNINGS_SHOWN]
        return _fail("file structure", f"damaged: qpdf repaired or skipped something while reading it "
                                       f"({len(warnings)} warning{'s' if len(warnings) > 1 else ''}, the first: "
                                       f"{first}); save it again from the program that made it")
    return Check("file structure", True, "read without repairs, nothing after %%EOF")


def claimed_level(pdf) -> str | None:
    """The level ("4" or "1a") the file claims in its Info or XMP, if one of them."""
    claims = {str(pdf.docinfo.get("/GTS_PDFXVersion", ""))}
    xmp = _xmp(pdf)
    if xmp is not None:
        claims.add(xmp.pdfx_status)
    return next((key for key, value in PDFX_LEVELS.items() if value.name in claims), None)


def _fail(name: str, detail: str) -> Check:
    return Check(name, False, detail)


def _first(found: list[str]) -> str:
    """The first finding, and how many other different ones there are."""
    unique = list(dict.fromkeys(found))
    return unique[0] + (f" (and {len(unique) - 1} more)" if len(unique) > 1 else "")


def identification(pdf, level: str) -> Check:
    """The PDF/X version in Info (and XMP for PDF/X-4) and a PDF version the level allows."""
    want = PDFX_LEVELS[level]
    info = str(pdf.docinfo.get("/GTS_PDFXVersion", ""))
    meta = _xmp(pdf)
    xmp = meta.pdfx_status if meta is not None else ""
    version = tuple(int(part) for part in pdf.pdf_version.split("."))
    if info and info != want.name or (level == "4" and xmp != want.name) or (level == "1a" and info != want.name):
        return _fail("identification", f"claims {info or xmp or 'no PDF/X version'}, not {want.name}")
    if version > want.pdf_version:
        return _fail("identification", f"PDF {pdf.pdf_version}, newer than {want.name}'s PDF "
                                       f"{'.'.join(map(str, want.pdf_version))}")
    return Check("identification", True, f"{want.name}, PDF {pdf.pdf_version}")


def output_intent(pdf, level: str) -> Check:
    """One GTS_PDFX output intent with a condition identifier and an embedded CMYK output profile."""
    import pikepdf

    intents = [
        i for i in _array(pdf.Root.get("/OutputIntents")) if _is_dictionary(i) and i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        return _fail("output intent", f"{len(intents)} GTS_PDFX output intents, not 1")
    intent = intents[0]
    identifier = str(intent.get("/OutputConditionIdentifier", ""))
    if not identifier:
        return _fail("output intent", "no OutputConditionIdentifier")
    if not _is_stream(intent.get("/DestOutputProfile")):
        return _fail("output intent", f"{identifier} without an embedded DestOutputProfile")
    try:
        icc = intent.DestOutputProfile.read_bytes()
    except pikepdf.PdfError as problem:
        return _fail("output intent", f"the DestOutputProfile cannot be read ({str(problem)[:80]})")
    major = icc[8] if len(icc) > 8 else 0
    if len(icc) < 128 or icc[36:40] != b"acsp" or int.from_bytes(icc[:4], "big") != len(icc):
        return _fail("output intent", "the DestOutputProfile is not a whole ICC profile")
    if icc[12:16] != b"prtr" or icc[16:20] != b"CMYK" or major not in ((2,) if level == "1a" else (2, 4)):
        return _fail("output intent", f"profile class {icc[12:16].decode('latin-1')}, colour space "
                                      f"{icc[16:20].decode('latin-1')}, ICC version {major}: not a CMYK output profile "
                                      f"{PDFX_LEVELS[level].name} allows")
    return Check("output intent", True, f"{identifier}, CMYK output profile ICC v{major} embedded ({len(icc):,} bytes)")


def _pdf_date(text: str) -> datetime.datetime | None:
    digits = text[2:] if text.startswith("D:") else text
    try:
        stamp = datetime.datetime.strptime(digits[:14], "%Y%m%d%H%M%S")
    except ValueError:
        return None
    zone = digits[14:].replace("'", "")
    if zone[:1] in ("+", "-") and len(zone) >= 3:
        minutes = int(zone[1:3]) * 60 + int(zone[3:5] or 0)
        offset = datetime.timedelta(minutes=minutes if zone[0] == "+" else -minutes)
        return stamp.replace(tzinfo=datetime.timezone(offset))
    return stamp.replace(tzinfo=datetime.timezone.utc)


def _xmp_date(text: str) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def metadata(pdf, level: str) -> Check:
    """A title, and XMP (required for PDF/X-4) whose title, dates and IDs agree with the Info dictionary."""
    info = pdf.docinfo
    title = str(info.get("/Title", ""))
    if not title:
        return _fail("metadata", "no Title in the Info dictionary")
    if "/Metadata" not in pdf.Root:
        return _fail("metadata", "no XMP metadata") if level == "4" else Check("metadata", True, f"title {title!r}")
    meta = _xmp(pdf)
    if meta is None:
        return _fail("metadata", "the XMP metadata cannot be read")
    if str(meta.get("dc:title", "")) != title:
        return _fail("metadata", f"XMP title {meta.get('dc:title', '')!r} differs from the Info title {title!r}")
    for key, xmp_key in (("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")):
        if _pdf_date(str(info.get(key, ""))) != _xmp_date(str(meta.get(xmp_key, ""))) or key not in info:
            return _fail("metadata", f"{xmp_key} {meta.get(xmp_key, '(none)')} differs from the Info "
                                     f"{key.lstrip('/')} {info.get(key, '(none)')}")
    missing = [key for key in ("xmpMM:DocumentID", "xmpMM:InstanceID", "xmpMM:VersionID", "xmpMM:RenditionClass")
               if not meta.get(key)]
    if missing and level == "4":
        return _fail("metadata", f"no {', '.join(missing)} in the XMP")
    return Check("metadata", True, f"title {title!r}, dates and IDs agree in Info and XMP")


def trapped_and_id(pdf) -> Check:
    """Trapped True or False (and the same in XMP), and a trailer ID of two strings."""
    trapped = str(pdf.docinfo.get("/Trapped", ""))
    if trapped not in ("/True", "/False"):
        return _fail("trapped and ID", f"Trapped is {trapped or 'missing'}, not True or False")
    meta = _xmp(pdf) if "/Metadata" in pdf.Root else None
    if meta is not None and meta.get("pdf:Trapped", trapped.lstrip("/")) != trapped.lstrip("/"):
        return _fail("trapped and ID", "the XMP pdf:Trapped differs from the Info Trapped")
    ids = _array(pdf.trailer.get("/ID"))
    if len(ids) != 2:
        return _fail("trapped and ID", "no trailer ID of two strings")
    return Check("trapped and ID", True, f"Trapped {trapped.lstrip('/')}, trailer ID present")


def encryption(pdf) -> Check:
    """No encryption (PDF/X forbids it, even without a password to open the file)."""
    if pdf.is_encrypted:
        return _fail("no encryption", "the file is encrypted (restricted by an owner password): save a copy "
                                      "without encryption")
    return Check("no encryption", True, "not encrypted")


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - _BOX_SLACK and inner[1] >= outer[1] - _BOX_SLACK
            and inner[2] <= outer[2] + _BOX_SLACK and inner[3] <= outer[3] + _BOX_SLACK)


def _box(value) -> list[float] | None:
    """A box as [left, bottom, right, top] in points, or None when it is not four finite numbers."""
    items = _array(value)
    numbers = [number(item, math.nan) for item in items]
    if len(numbers) != 4 or not all(math.isfinite(v) for v in numbers):
        return None
    return [min(numbers[0], numbers[2]), min(numbers[1], numbers[3]),
            max(numbers[0], numbers[2]), max(numbers[1], numbers[3])]


def _box_problem(obj, key: str) -> str | None:
    """What is wrong with a page's box, if anything: not four numbers, or a side beyond what PDF allows."""
    box = _box(obj.get(key))
    if box is None:
        return f"its {key[1:]} is not four numbers"
    width, height = box[2] - box[0], box[3] - box[1]
    if not (MIN_PAGE_SIDE - _BOX_SLACK <= min(width, height) and max(width, height) <= MAX_PAGE_SIDE + _BOX_SLACK):
        return (f"its {key[1:]} is {width:g} by {height:g} points, outside the {MIN_PAGE_SIDE} to "
                f"{MAX_PAGE_SIDE:,} points PDF allows")
    return None


def boxes(pdf) -> Check:
    """On every page a TrimBox (or an ArtBox, not both) inside the BleedBox inside the MediaBox, each four
    numbers, none larger than PDF allows."""
    from modlinseq_print.render.preflight_objects import inherited

    if len(pdf.pages) == 0:
        return _fail("page boxes", "the file has no pages")
    for number_, page in enumerate(pdf.pages, start=1):
        obj = page.obj
        if ("/TrimBox" in obj) == ("/ArtBox" in obj):
            found = "both a TrimBox and an ArtBox" if "/TrimBox" in obj else "no TrimBox"
            return _fail("page boxes", f"page {number_} has {found}")
        media = {"/MediaBox": inherited(obj, "/MediaBox")}
        trim_key = "/TrimBox" if "/TrimBox" in obj else "/ArtBox"
        for key, owner in (("/MediaBox", media), (trim_key, obj), ("/BleedBox", obj)):
            problem = _box_problem(owner, key) if key in owner else None
            if problem or (key == "/MediaBox" and media["/MediaBox"] is None):
                return _fail("page boxes", f"page {number_}: {problem or 'it has no MediaBox'}")
        trim = _box(obj[trim_key])
        bleed = _box(obj["/BleedBox"]) if "/BleedBox" in obj else trim
        if not (_inside(trim, bleed) and _inside(bleed, _box(media["/MediaBox"]))):
            return _fail("page boxes", f"page {number_}: the boxes are not nested (trim in bleed in media)")
    return Check("page boxes", True, f"TrimBox in BleedBox in MediaBox on all {len(pdf.pages)} pages")


def fonts(survey_: Survey) -> Check:
    """Every font's program embedded (the fonts of every resource dictionary the pages paint with)."""
    found = survey_.fonts
    missing = [f"{place}: font {name} is not embedded" for name, (embedded, place) in sorted(found.items())
               if not embedded]
    if missing:
        return _fail("fonts embedded", _first(missing))
    return Check("fonts embedded", True, f"{len(found)} fonts, all embedded" if found else "no fonts")


def colour_checks(found: Survey, max_ink: float, level: str) -> list[Check]:
    """Colour spaces, spot names, overprint on spot strokes, total ink and rich black text."""
    colour = [finding for kind, finding in found.colour if kind not in ALLOWED[level]]
    rows = [_fail("CMYK and spot only", _first(colour)) if colour
            else Check("CMYK and spot only", True, "no RGB or Lab colour" + (
                ", no colour-managed (ICC or CalGray) colour" if level == "1a" else ""))]
    spots = ", ".join(sorted(found.spots)) or "none"
    rows.append(_fail("spot names", _first(found.spot_problems)) if found.spot_problems
                else Check("spot names", True, spots))
    rows.append(_fail("die lines overprint", _first(found.overprint)) if found.overprint
                else Check("die lines overprint", True, f"{found.spot_strokes} spot-colour strokes, all overprinting"))
    ink = round(found.ink * 100, 1)
    rows.append(_fail("total ink", f"{ink:g} % on {found.ink_at}, more than {max_ink:g} %") if ink > max_ink
                else Check("total ink", True, f"at most {ink:g} % (limit {max_ink:g} %)"))
    rows.append(_fail("no rich black text", _first(found.rich_black_text)) if found.rich_black_text
                else Check("no rich black text", True, "black text on the black plate alone"))
    return rows


def level_checks(found: Survey, level: str) -> list[Check]:
    """PDF/X-1a: no transparency and no optional content (PDF/X-4 allows both)."""
    if level != "1a":
        return [Check("transparency", True, "allowed in PDF/X-4" + (f" ({len(found.transparency)} uses)"
                                                                    if found.transparency else ", none used"))]
    return [_fail("no transparency", _first(found.transparency)) if found.transparency
            else Check("no transparency", True, "none"),
            _fail("no optional content", _first(found.optional_content)) if found.optional_content
            else Check("no optional content", True, "none")]


def report_lines(report: Report) -> list[str]:
    """The report as a table: one line per check, then the result."""
    width = max(len(check.name) for check in report.checks)
    lines = [f"preflight of {report.path} as {report.level}"]
    lines += [f"  {'PASS' if c.passed else 'FAIL'}  {c.name:<{width}}  {c.detail}" for c in report.checks]
    failed = sum(not check.passed for check in report.checks)
    lines.append(f"result: {'PASS' if not failed else 'FAIL'} ({len(report.checks) - failed} of "
                 f"{len(report.checks)} checks passed)")
    return lines
