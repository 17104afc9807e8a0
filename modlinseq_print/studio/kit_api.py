"""The kit builder's API: the form (generated from the preset definition), validation, build, pages, download.

A form's values become a TOML preset that the kit's own reader checks (`preset_from_text`), so every message
is the command line's, naming the key; the studio's caps (limits.py) are checked with it, before Build. The
kit is built in a worker process by `build_kit`, as `modlinseq-print kit` builds it, reporting its progress;
the server keeps its PDF and its preset. Its pages are pictured one by one, in a worker, when the page shows
them (thumbnails.py): the worker that built the kit still has its pages, another one builds them again from the
preset (the same pages: a build is deterministic).
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache, partial
from pathlib import PurePath

from modlinseq_print.errors import ModlinseqError, preset_word
from modlinseq_print.kits.build import KIT_STEPS, build_kit, kit_stem
from modlinseq_print.kits.preset_loading import NOT_KEYS, preset_from_text
from modlinseq_print.kits.presets import SECTIONS, TEMPLATES
from modlinseq_print.render.output import render_pages
from modlinseq_print.render.culling import Indexes
from modlinseq_print.render.scene import Document
from modlinseq_print.studio.exchange import ApiError, InWorker, Reply, Request
from modlinseq_print.studio.feature import Feature
from modlinseq_print.studio.field_words import page_words, studio_message
from modlinseq_print.studio.fields import FieldError, integer, text
from modlinseq_print.studio.kit_form import form_sections
from modlinseq_print.studio.limits import check_kit, check_pages
from modlinseq_print.studio.shelf import Shelf
from modlinseq_print.studio.thumbnails import thumbnail
from modlinseq_print.studio.uploads import content_type, read_upload, toml_text

SKIPPED = NOT_KEYS
MAX_KITS = 3  # built kits kept for download (and by each worker process, to picture their pages)


@cache
def shipped_presets() -> dict[str, str]:
    """The presets shipped in the package, name -> TOML text, read once (no request names a file)."""
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(TEMPLATES.glob("*.toml"))}


def schema(request: Request) -> dict:
    """The form's headings and fields (generated from the preset definition), and the shipped presets."""
    return {"presets": list(shipped_presets()), "sections": form_sections()}


def _flatten(obj, prefix: str = "") -> dict:
    values = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if f.name in SKIPPED:
            continue
        if is_dataclass(value):
            values.update(_flatten(value, f.name + "."))
        else:
            values[prefix + f.name] = value
    return values


def preset_values(request: Request) -> dict:
    """A shipped preset's values, key by key."""
    name = text(request.query, "name", "standard")
    if name not in shipped_presets():
        raise FieldError(f"unknown preset {name!r}: use one of {', '.join(shipped_presets())}")
    return {"name": name, "values": _flatten(preset_from_text(shipped_presets()[name], PurePath(f"{name}.toml")))}


def _typed(value, kind: str):
    """A form value as TOML should hold it: numbers from digits, true/false; anything else as typed."""
    if isinstance(value, str) and kind in ("int", "optional-int") and re.fullmatch(r"\s*-?[0-9]{1,9}\s*", value):
        return int(value)
    if value == "" and kind.startswith("optional"):
        return None
    return value


def preset_toml(values: dict) -> str:
    """The TOML text of a preset from form values (key -> value); unknown keys go through to be refused."""
    if not isinstance(values, dict) or len(values) > 200:
        raise FieldError("values must be an object of preset keys")
    kinds = {f["key"]: f["type"] for s in form_sections() for f in s["fields"]}
    top: dict[str, object] = {}
    tables: dict[str, dict[str, object]] = {name: {} for name in SECTIONS}
    for key, value in values.items():
        if not isinstance(value, (str, int, bool)) and value is not None:
            raise FieldError(f"key {key}: give a number, text or true/false")
        section, _, name = key.rpartition(".")
        typed = _typed(value, kinds.get(key, "str"))
        (tables.setdefault(section, {}) if section else top)[name] = typed
    return toml_text(top, tables)


def _preset_name(request: Request) -> str:
    name = text(request.body, "name", "custom") or "custom"
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name)[:40] or "custom"


def _load(request: Request):
    """The form's preset, read and checked as the kit command reads a preset file, and within the caps."""
    toml = preset_toml(request.body.get("values", {}))
    name = f"{_preset_name(request)}.toml"
    preset = read_upload(toml, lambda t, _: preset_from_text(t, PurePath(name)), "the preset", name)
    check_kit(preset)
    return preset, toml


def form_preset(request: Request):
    """The kit form's preset, checked as validate and build check it (for other modules' handlers)."""
    return _load(request)[0]


def _error_reply(error: ModlinseqError) -> dict:
    """The form's answer to a bad value: the key at fault, and the line shown under it, its fields named by
    their labels (the field's own label, right above it, is left out)."""
    message, key = studio_message(error, FORM)
    if key is None:
        match = re.search(r"key '?([A-Za-z_][A-Za-z0-9_.]*)'?", message)
        key = match.group(1) if match else None
    own = f"the preset: key {page_words(FORM, preset_word)(key, None)}: " if key else None
    lead = next((lead for lead in (own, "the preset: key ", "the preset: ") if lead and message.startswith(lead)), "")
    return {"ok": False, "key": key, "error": message[len(lead):]}


def validate(request: Request) -> dict:
    """Check the form as the CLI checks a preset, and against the caps: ok, or the first bad key and its line."""
    try:
        _load(request)
    except ModlinseqError as error:
        return _error_reply(error)
    return {"ok": True}


@dataclass
class BuiltKit:
    """A kit built for the page, as the server keeps it: its PDF, its preset, and the pictures of its pages
    made so far."""

    name: str  # the download's file name without .pdf: kit-NAME, or kit-NAME-LANG (kits.build.kit_stem)
    pdf: bytes
    pages: int
    preset_file: str
    toml: str
    pictures: dict[int, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def key(self) -> str:
        return kit_key(self.preset_file, self.toml)


def kit_key(preset_file: str, toml: str) -> str:
    """What names a kit's preset (file name and text): equal keys build equal kits."""
    return hashlib.sha256(f"{preset_file}\n{toml}".encode()).hexdigest()[:16]


def build(request: Request) -> dict | InWorker:
    """Check the form, then have the kit built in a worker process (make_kit), reporting progress; keep its PDF
    and answer with its summary and page captions."""
    try:
        preset, toml = _load(request)
    except ModlinseqError as error:
        return _error_reply(error)
    preset_file = f"{_preset_name(request)}.toml"
    work = {"preset_file": preset_file, "toml": toml}
    keep = partial(_keep_kit, request.studio.kits, kit_stem(preset.name, preset.lang), preset_file, toml)
    return InWorker(make_kit, work, then=keep, affinity=kit_key(preset_file, toml))


def _keep_kit(kits: Shelf[BuiltKit], name: str, preset_file: str, toml: str, made: dict) -> dict:
    """In the server: keep the kit made in a worker (its PDF) on the app's shelf of `kits`, and answer the page."""
    pdf = made.pop("pdf")
    kit_id = hashlib.sha256(pdf).hexdigest()[:16]
    kits.put(kit_id, BuiltKit(name, pdf, made["pages"], preset_file, toml))
    return {"ok": True, "id": kit_id, "bytes": len(pdf), **made, "toml": toml}


# --- in a worker process --------------------------------------------------------------------------------------

def _documents(request: Request) -> Shelf[tuple[Document, Indexes]]:
    """The pages of the kits this worker built (kept between its jobs), by kit key."""
    if request.kept is None:
        raise RuntimeError("kit pages are built in a worker process")
    return request.kept.shelf("kit documents", MAX_KITS)


def _built_document(request: Request, progress=None):
    """Build the kit of a request's preset (`preset_file`, `toml`: checked before it was sent) and keep its pages
    for pictures; the kit built."""
    body = request.body
    preset = preset_from_text(body["toml"], PurePath(body["preset_file"]))
    kit = build_kit(preset, progress=progress)
    _documents(request).put(kit_key(body["preset_file"], body["toml"]), (kit.document, Indexes()))
    return kit


def make_kit(request: Request) -> dict:
    """In a worker: build the kit and write its PDF, reporting each step and page; its PDF, summary and captions."""
    kit = _built_document(request, request.counter(KIT_STEPS + 1))
    pages = len(kit.document.pages)
    check_pages(pages, "the kit")
    written = iter(range(1, pages + 1))

    def page_written(label: str) -> None:
        n = next(written, pages)
        request.progress(f"writing the PDF: page {n} of {pages}", KIT_STEPS + n / pages, KIT_STEPS + 1)

    pdf = render_pages(kit.document, "pdf", progress=page_written)[0]
    return {"pdf": pdf, "pages": pages, "summary": kit.summary(len(pdf)),
            "labels": page_captions(kit)}


def draw_page(request: Request) -> bytes:
    """In a worker: a small PNG of one page of a kit, its pages built again first if this worker lacks them."""
    key = kit_key(request.body["preset_file"], request.body["toml"])
    kept = _documents(request).get(key)
    if kept is None:
        _built_document(request)
        kept = _documents(request).get(key)
    assert kept is not None  # just built and kept: a worker runs one job at a time
    document, indexes = kept
    return thumbnail(document.pages[request.body["page"] - 1].scene, indexes)


# --- in the server --------------------------------------------------------------------------------------------

def _caption(name: str, label: str) -> str:
    """A section's name and a page's label, the label's leading words that the name already says left out:
    "practice problems" and "problems 1" make "practice problems 1", "rules and reference card" and
    "reference 2" make "rules and reference card 2", "board" and "page 3" make "board page 3"."""
    words, more = name.split(), label.split()
    if not more or label in name:
        return name
    while more and more[0] in words:
        more = more[1:]
    return " ".join(words + more)


def page_captions(kit) -> list[str]:
    """A short caption per page: its section, and its own label within the section (board page 3, sheet 1 backs)."""
    captions = ["cover"]
    for section in kit.sections:
        name = (section.name or section.title).lower()
        for page in section.pages:
            label = page.label or ""
            label = f"page {label}" if label.isdigit() else label
            part = len(section.pages) > 1 and label and label.lower() in name and label.lower() != name
            captions.append(label.lower() if part else _caption(name, label))  # "turn cards", then "score pad"
    return captions if len(captions) == len(kit.document.pages) else [p.label or "" for p in kit.document.pages]


def _built(request: Request) -> BuiltKit:
    """The kit a request names (`id` in its query), one the app built and still keeps."""
    kit = request.studio.kits.get(text(request.query, "id"))
    if kit is None:
        raise ApiError("no such kit: build it again (the studio keeps the last three)", 404)
    return kit


def download(request: Request) -> Reply:
    """A kit built before, as its PDF."""
    kit = _built(request)
    return Reply(kit.pdf, content_type("pdf"), f"{kit.name}.pdf")


def page_picture(request: Request) -> Reply | InWorker:
    """A small PNG of one page of a kit built before (page 1 is the cover), drawn in a worker when first asked
    for, then kept."""
    kit = _built(request)
    number = integer(request.query, "page", 1, 1, kit.pages)
    with kit.lock:
        picture = kit.pictures.get(number)
    if picture is not None:
        return Reply(picture, content_type("png"))
    work = {"preset_file": kit.preset_file, "toml": kit.toml, "page": number}
    return InWorker(draw_page, work, then=partial(_keep_picture, kit, number), affinity=kit.key)


def _keep_picture(kit: BuiltKit, number: int, picture: bytes) -> Reply:
    with kit.lock:
        kit.pictures[number] = picture
    return Reply(picture, content_type("png"))


def preset_file(request: Request) -> Reply:
    """The form as a preset file (TOML), checked first."""
    preset, toml = _load(request)
    return Reply(toml.encode(), content_type("toml"), f"{preset.name}.toml")


FORM = "kit.html"  # the page whose labels name the fields in its messages
FEATURE = Feature(
    routes={("GET", "/api/kit/schema"): schema, ("GET", "/api/kit/preset"): preset_values,
            ("POST", "/api/kit/validate"): validate, ("POST", "/api/kit/build"): build,
            ("GET", "/api/kit/download"): download, ("GET", "/api/kit/page"): page_picture,
            ("POST", "/api/kit/preset-file"): preset_file},
    form=FORM, budgets={"/api/kit/build": 240.0}, pages={"/kit": "kit.html"},
    patient=frozenset({"/api/kit/page"}))  # its page pictures: image elements wait their turn, cannot try again
