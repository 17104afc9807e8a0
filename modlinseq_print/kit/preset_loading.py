"""Reading a preset: find the file, parse TOML, type-check every key, validate values."""

from __future__ import annotations

import re
import tomllib
import typing
from dataclasses import fields
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.kit.presets import MAX_KIT_MODULUS, SECTIONS, TEMPLATES, WRAPS, Preset, PresetError
from modlinseq_print.units import parse_length


def preset_names() -> list[str]:
    """The names of the presets shipped in templates/."""
    return sorted(p.stem for p in TEMPLATES.glob("*.toml"))


def find_preset(name_or_path: str) -> Path:
    """The file for a preset name (templates/NAME.toml) or a path to a .toml file."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise PresetError(f"preset file {path} not found")
        return path
    candidate = TEMPLATES / f"{name_or_path}.toml"
    if not candidate.is_file():
        raise PresetError(f"unknown preset {name_or_path!r}: use one of {', '.join(preset_names())} or a FILE.toml")
    return candidate


_TYPE_NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def _expected_type(annotation: str) -> type:
    """The TOML value type for a dataclass field annotation."""
    return {"int": int, "str": str, "bool": bool, "str | None": str}[annotation]


def _typed(cls, table: dict, where: str, source: Path) -> dict:
    """Check a TOML table against a dataclass: no unknown keys, each value of its field's type."""
    known = {f.name: f for f in fields(cls) if f.name not in ("name", "source") and f.name not in SECTIONS}
    values = {}
    for key, value in table.items():
        if not where and key in SECTIONS:
            continue  # a section table, checked on its own
        if key not in known:
            raise PresetError(f"{source}: unknown key '{where}{key}'; known keys: {', '.join(sorted(known))}")
        wanted = _expected_type(str(known[key].type))
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise PresetError(f"{source}: key {where}{key} must be {_TYPE_NAMES[wanted]}, got {value!r}")
        values[key] = value
    return values


def load_preset(name_or_path: str) -> Preset:
    """Read, type-check and validate a preset by name or path."""
    path = find_preset(name_or_path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise PresetError(f"cannot read preset {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise PresetError(f"{path}: not valid TOML: {error}") from None
    top = _typed(Preset, data, "", path)
    sections = {}
    for name, cls in SECTIONS.items():
        table = data.get(name, {})
        if not isinstance(table, dict):
            raise PresetError(f"{path}: {name} must be a table ([{name}])")
        sections[name] = cls(**_typed(cls, table, f"{name}.", path))
    preset = Preset(**{"name": path.stem, **top, **sections, "source": str(path)})
    validate(preset, path)
    return preset


def validate(preset: Preset, path: Path) -> None:
    """Check the values of a preset, naming the key and file of the first bad one."""
    def fail(key: str, problem: str) -> typing.NoReturn:
        raise PresetError(f"{path}: key {key}: {problem}")

    if not 2 <= preset.modulus <= MAX_KIT_MODULUS:
        fail("modulus", f"must be from 2 to {MAX_KIT_MODULUS}, got {preset.modulus}")
    for key, value in (("board.spec", preset.board.spec),):
        try:
            parse_board(value)
        except ModlinseqError as error:
            fail(key, str(error))
    if preset.board.pattern is not None and preset.board.pattern not in PATTERNS:
        fail("board.pattern", f"use one of {', '.join(PATTERNS)}")
    if preset.board.wrap is not None and preset.board.wrap not in WRAPS:
        fail("board.wrap", f"use one of {', '.join(WRAPS)}")
    for key, value in (("margin", preset.margin), ("tiles.width", preset.tiles.width),
                       ("board.clearance", preset.board.clearance), ("board.cell_size", preset.board.cell_size)):
        if value is not None:
            try:
                parse_length(value, key)
            except ModlinseqError as error:
                fail(key, str(error))
    for key, value in (("tiles.copies", preset.tiles.copies), ("tiles.wild", preset.tiles.wild),
                       ("tiles.blockers", preset.tiles.blockers), ("exercises.count", preset.exercises.count)):
        if value < 0:
            fail(key, f"must not be negative, got {value}")
    if not re.fullmatch(r"\d+-\d+", preset.markers.range):
        fail("markers.range", f"give a range of moduli like 8-20, got {preset.markers.range!r}")
