"""A preflight of the PDF/X rules press-ready files rely on, read with pikepdf: each check one pass/fail row.

It checks a file against PDF/X-4 or PDF/X-1a:2003 as far as these files use them: the identification
(Info, XMP, PDF version), the output intent and its profile, metadata, Trapped and the trailer ID, page
boxes, embedded fonts, colour (CMYK, gray and spot colours only, wherever they hide: render/preflight_objects.py
reads every content stream, shading, pattern, soft mask, group, Type 3 glyph, image and annotation appearance
the pages paint with), spot names, overprint on die lines, total ink, rich black text, and for PDF/X-1a no
transparency and no optional content. It is not a certified PDF/X validator: it checks the colour, boxes,
fonts and structure these files rely on, not every rule of the standards.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import short_path
from modlinseq_print.render.press import PDFX_LEVELS
from modlinseq_print.render.preflight_colour import ALLOWED
from modlinseq_print.render.preflight_content import Survey
from modlinseq_print.render.preflight_objects import survey

DEFAULT_MAX_INK = 300  # per cent
_BOX_SLACK = 1e-3  # points


class PreflightError(ModlinseqError):
    """A file the preflight cannot read."""


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

    if not Path(path).is_file():
        raise PreflightError(f"cannot read {short_path(path)}: it is not a file; give a PDF")
    try:
        pdf = pikepdf.open(path)
    except OSError as problem:
        raise PreflightError(f"cannot read {short_path(path)}: {problem.strerror or problem}") from None
    except pikepdf.PasswordError:
        raise PreflightError(f"{short_path(path)} is protected by a password, and PDF/X forbids encryption: "
                             "save a copy without a password and check that") from None
    except pikepdf.PdfError as problem:
        raise PreflightError(f"{short_path(path)} is not a PDF that can be read: {str(problem)[:80]}") from None
    with pdf:
        chosen = level or claimed_level(pdf) or "4"
        found = survey(pdf)
        if "/OCProperties" in pdf.Root:
            found.optional_content.append("the document has optional-content groups (OCProperties)")
        checks = [identification(pdf, chosen), output_intent(pdf, chosen), metadata(pdf, chosen), trapped_and_id(pdf),
                  encryption(pdf), boxes(pdf), fonts(found), *colour_checks(found, max_ink, chosen),
                  *level_checks(found, chosen)]
    return Report(str(path), PDFX_LEVELS[chosen].name, checks)


def claimed_level(pdf) -> str | None:
    """The level ("4" or "1a") the file claims in its Info or XMP, if one of them."""
    claims = {str(pdf.docinfo.get("/GTS_PDFXVersion", ""))}
    try:
        claims.add(pdf.open_metadata().pdfx_status)
    except Exception:  # noqa: BLE001 (a broken XMP packet claims nothing)
        pass
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
    try:
        xmp = pdf.open_metadata().pdfx_status
    except Exception:  # noqa: BLE001
        xmp = ""
    version = tuple(int(part) for part in pdf.pdf_version.split("."))
    if info and info != want.name or (level == "4" and xmp != want.name) or (level == "1a" and info != want.name):
        return _fail("identification", f"claims {info or xmp or 'no PDF/X version'}, not {want.name}")
    if version > want.pdf_version:
        return _fail("identification", f"PDF {pdf.pdf_version}, newer than {want.name}'s PDF "
                                       f"{'.'.join(map(str, want.pdf_version))}")
    return Check("identification", True, f"{want.name}, PDF {pdf.pdf_version}")


def output_intent(pdf, level: str) -> Check:
    """One GTS_PDFX output intent with a condition identifier and an embedded CMYK output profile."""
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        return _fail("output intent", f"{len(intents)} GTS_PDFX output intents, not 1")
    intent = intents[0]
    identifier = str(intent.get("/OutputConditionIdentifier", ""))
    if not identifier:
        return _fail("output intent", "no OutputConditionIdentifier")
    if "/DestOutputProfile" not in intent:
        return _fail("output intent", f"{identifier} without an embedded DestOutputProfile")
    icc = intent.DestOutputProfile.read_bytes()
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
    meta = pdf.open_metadata()
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
    if "/Metadata" in pdf.Root and pdf.open_metadata().get("pdf:Trapped", trapped.lstrip("/")) != trapped.lstrip("/"):
        return _fail("trapped and ID", "the XMP pdf:Trapped differs from the Info Trapped")
    ids = pdf.trailer.get("/ID")
    if ids is None or len(ids) != 2:
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


def boxes(pdf) -> Check:
    """On every page a TrimBox (or an ArtBox, not both) inside the BleedBox inside the MediaBox."""
    for number, page in enumerate(pdf.pages, start=1):
        obj = page.obj
        media = [float(v) for v in page.mediabox]
        if ("/TrimBox" in obj) == ("/ArtBox" in obj):
            found = "both a TrimBox and an ArtBox" if "/TrimBox" in obj else "no TrimBox"
            return _fail("page boxes", f"page {number} has {found}")
        trim = [float(v) for v in obj.get("/TrimBox", obj.get("/ArtBox"))]
        bleed = [float(v) for v in obj["/BleedBox"]] if "/BleedBox" in obj else trim
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            return _fail("page boxes", f"page {number}: the boxes are not nested (trim in bleed in media)")
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
