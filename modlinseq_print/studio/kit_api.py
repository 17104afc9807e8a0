"""The kit builder's API: the preset schema (generated from the preset dataclasses), validation, build, download.

A form's values become a TOML preset that the kit's own reader (`load_preset`) checks, so every message is
the command line's, naming the key; the kit is built by `build_kit`, as `modlinseq-print kit` builds it.
"""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import MISSING, fields, is_dataclass

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import NOT_KEYS, load_preset, preset_names
from modlinseq_print.kits.presets import SECTIONS, WRAPS, Preset
from modlinseq_print.printables.tile_sheets import LAYOUTS
from modlinseq_print.render.output import render_pages
from modlinseq_print.render.paper import PAPERS, POSTER
from modlinseq_print.render.svg_writer import scene_to_svg
from modlinseq_print.render.theme import THEMES
from modlinseq_print.studio.fields import FieldError, text
from modlinseq_print.studio.server import ApiError, Reply, Request
from modlinseq_print.studio.uploads import content_type, read_upload, toml_text

#: Known values of some keys, offered as choices (any other key gets a field of its type).
CHOICES = {"theme": tuple(THEMES), "board.pattern": PATTERNS, "board.wrap": WRAPS, "tiles.shape": TILE_SHAPES,
           "tiles.layout": LAYOUTS}
SUGGESTIONS = {"paper": tuple(name for name in PAPERS if name != POSTER)}
TITLES = {"": "Kit", "board": "Board", "tiles": "Tiles", "markers": "Modulus markers", "exercises": "Worksheet"}
SKIPPED = NOT_KEYS
MAX_KITS = 3  # built kits kept for download


def _kind(annotation) -> str:
    name = str(annotation).replace("typing.", "")
    return {"int": "int", "str": "str", "bool": "bool", "str | None": "optional-str",
            "int | None": "optional-int"}.get(name, "str")


def _field_list(cls, prefix: str) -> list[dict]:
    found = []
    for f in fields(cls):
        if f.name in SKIPPED or f.name in SECTIONS:
            continue
        key = prefix + f.name
        default = f.default if f.default is not MISSING else None
        found.append({"key": key, "label": f.name.replace("_", " "), "type": _kind(f.type),
                      "default": default, "choices": list(CHOICES.get(key, ())),
                      "suggestions": list(SUGGESTIONS.get(key, ()))})
    return found


def schema(request: Request) -> dict:
    """The preset's keys by section, with types, defaults and known choices, and the shipped presets."""
    sections = [{"name": "", "title": TITLES[""], "fields": _field_list(Preset, "")}]
    for name, cls in SECTIONS.items():
        sections.append({"name": name, "title": TITLES.get(name, name.title()), "fields": _field_list(cls, name + ".")})
    return {"presets": preset_names(), "sections": sections}


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
    if name not in preset_names():
        raise FieldError(f"unknown preset {name!r}: use one of {', '.join(preset_names())}")
    return {"name": name, "values": _flatten(load_preset(name))}


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
    kinds = {f["key"]: f["type"] for s in schema(Request({}, {}))["sections"] for f in s["fields"]}
    top, tables = {}, {name: {} for name in SECTIONS}
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
    toml = preset_toml(request.body.get("values", {}))
    return read_upload(toml, f"{_preset_name(request)}.toml", load_preset, "the preset"), toml


def _error_reply(error: ModlinseqError) -> dict:
    message = str(error)
    match = re.search(r"key '?([A-Za-z_][A-Za-z0-9_.]*)'?", message)
    return {"ok": False, "key": match.group(1) if match else None, "error": message.replace("the preset: ", "")}


def validate(request: Request) -> dict:
    """Check the form as the CLI checks a preset: ok, or the first bad key and its one-line message."""
    try:
        _load(request)
    except ModlinseqError as error:
        return _error_reply(error)
    return {"ok": True}


_KITS: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
_KITS_LOCK = threading.Lock()  # the server answers requests in threads


def build(request: Request) -> dict:
    """Build the kit; keep the PDF for download and answer with its pages as SVG thumbnails."""
    try:
        preset, toml = _load(request)
    except ModlinseqError as error:
        return _error_reply(error)
    kit = build_kit(preset)
    pdf = render_pages(kit.document, "pdf")[0]
    kit_id = hashlib.sha256(pdf).hexdigest()[:16]
    with _KITS_LOCK:
        _KITS[kit_id] = (preset.name, pdf)
        while len(_KITS) > MAX_KITS:
            _KITS.popitem(last=False)
    thumbs = ["data:image/svg+xml;base64," + base64.b64encode(scene_to_svg(page.scene)).decode()
              for page in kit.document.pages]
    parts = ", ".join(f"{(s.name or s.title).lower()} {len(s.pages)}" for s in kit.sections)
    return {"ok": True, "id": kit_id, "pages": len(kit.document.pages), "bytes": len(pdf),
            "summary": f"{len(kit.document.pages)} pages (cover 1, {parts}), {len(pdf) / 1024:.0f} KB",
            "thumbnails": thumbs, "labels": page_captions(kit),
            "toml": toml}


def page_captions(kit) -> list[str]:
    """A short caption per page: its section, and its own label within the section (board page 3, sheet 1 backs)."""
    captions = ["cover"]
    for section in kit.sections:
        name = (section.name or section.title).lower()
        for page in section.pages:
            label = page.label or ""
            label = f"page {label}" if label.isdigit() else label
            captions.append(f"{name} {label}".strip() if label and label not in name else name)
    return captions if len(captions) == len(kit.document.pages) else [p.label or "" for p in kit.document.pages]


def download(request: Request) -> Reply:
    """A kit built before, as its PDF."""
    kit_id = text(request.query, "id")
    with _KITS_LOCK:
        kit = _KITS.get(kit_id)
    if kit is None:
        raise ApiError("no such kit: build it again (the studio keeps the last three)", 404)
    name, pdf = kit
    return Reply(pdf, content_type("pdf"), f"kit-{name}.pdf")


def preset_file(request: Request) -> Reply:
    """The form as a preset file (TOML), checked first."""
    preset, toml = _load(request)
    return Reply(toml.encode(), content_type("toml"), f"{preset.name}.toml")


ROUTES = {("GET", "/api/kit/schema"): schema, ("GET", "/api/kit/preset"): preset_values,
          ("POST", "/api/kit/validate"): validate, ("POST", "/api/kit/build"): build,
          ("GET", "/api/kit/download"): download, ("POST", "/api/kit/preset-file"): preset_file}
