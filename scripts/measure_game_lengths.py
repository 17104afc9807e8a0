"""Measure the game lengths of the shipped presets' kits (and of the standard kit at the larger moduli the
documentation shows) by playing their games, into modlinseq_print/data/game_lengths.toml, which kits read
instead of playing the same games at every build (kits/game_length.py). Run it after a change to the rules
engine, the computer players or a shipped preset: `python scripts/measure_game_lengths.py`.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from modlinseq_print.kits.game_length import GAMES, MEASURED, SHUFFLE, game_key, game_of, play_lengths
from modlinseq_print.kits.preset_loading import load_preset

PRESETS = sorted(path.stem for path in (Path(MEASURED).parent.parent / "presets").glob("*.toml"))
LARGER_MODULI = [24, 36, 50, 99]  # the standard kit at these moduli, as docs/kit.md and the tests build it


def games() -> list[tuple]:
    """The settings of every game to measure, each once."""
    presets = [load_preset(name) for name in PRESETS]
    presets += [replace(load_preset("standard"), modulus=m, measures=None) for m in LARGER_MODULI]
    found = {}
    for preset in presets:
        settings = game_of(preset)
        found.setdefault(game_key(*settings), settings)
    return list(found.values())


def toml_entry(settings: tuple) -> str:
    """One [[game]] table: the settings, then each player count's rounds and turns."""
    board, modulus, copies, wild, no_zero, wrap, pattern, marker = settings
    lengths = play_lengths(*settings)
    lines = ["[[game]]", f'board = "{board}"', f"modulus = {modulus}", f"copies = {copies}", f"wild = {wild}",
             f"no_zero = {str(no_zero).lower()}", f'wrap = "{wrap or ""}"', f'pattern = "{pattern or ""}"',
             f"marker = {str(marker).lower()}", f"games = {GAMES}", f"shuffle = {SHUFFLE}",
             f"players = {[length.players for length in lengths]}",
             f"rounds = {[list(length.rounds) for length in lengths]}",
             f"turns = {[list(length.turns) for length in lengths]}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Play every game and write the table."""
    parts = ["# Game lengths measured ahead of time by scripts/measure_game_lengths.py: each shipped preset's game\n"
             "# (and the standard kit's at larger moduli), GAMES games at each player count its stock serves.\n"]
    for settings in games():
        print(f"playing {settings[0]}, modulus {settings[1]} ...", file=sys.stderr, flush=True)
        parts.append(toml_entry(settings))
    Path(MEASURED).write_text("\n".join(parts), encoding="utf-8")
    print(f"wrote {MEASURED}", file=sys.stderr)


if __name__ == "__main__":
    main()
