"""Measure the game lengths of the shipped presets' kits (and of the standard kit at the larger moduli the
documentation shows) by playing their games, into modlinseq_print/data/game_lengths.toml, which kits read
instead of playing the same games at every build (kits/game_length.py). Run it after a change to the rules
engine, the computer players or a shipped preset: `python scripts/measure_game_lengths.py`. It plays
MEASURED_GAMES (40) games at each player count, 2 to 6, of each game not yet measured (`--again`: of every
game), writing the table after each: about half an hour on two cores for every game.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

from modlinseq_print.kits.game_length import (MEASURED, MEASURED_GAMES, SHUFFLE, KitGame, game_of, measured_ahead,
                                              play_lengths)
from modlinseq_print.kits.preset_loading import load_preset

PRESETS = sorted(path.stem for path in (Path(MEASURED).parent.parent / "presets").glob("*.toml"))
LARGER_MODULI = [24, 36, 50, 99]  # the standard kit at these moduli, as docs/kit.md and the tests build it
JOBS = min(2, os.cpu_count() or 1)  # processes playing games; the games and figures are the same for any number


def games() -> list[KitGame]:
    """The settings of every game to measure, each once, the standard kit's first."""
    presets = [load_preset(name) for name in sorted(PRESETS, key=lambda name: name != "standard")]
    presets += [replace(load_preset("standard"), modulus=m, measures=None) for m in LARGER_MODULI]
    found = {}
    for preset in presets:
        game = game_of(preset)
        found.setdefault(game.key, game)
    return list(found.values())


def toml_entry(game: KitGame, lengths: tuple) -> str:
    """One [[game]] table: the settings, then each player count's rounds and turns."""
    lines = ["[[game]]", f'board = "{game.board}"', f"modulus = {game.modulus}", f"copies = {game.copies}",
             f"wild = {game.wild}", f"no_zero = {str(game.no_zero).lower()}", f'wrap = "{game.wrap or ""}"',
             f'pattern = "{game.pattern or ""}"', f"marker = {str(game.marker).lower()}",
             f"games = {min(g.games for g in lengths)}", f"shuffle = {SHUFFLE}",
             f"players = {[length.players for length in lengths]}",
             f"rounds = {[list(length.rounds) for length in lengths]}",
             f"turns = {[list(length.turns) for length in lengths]}"]
    return "\n".join(lines) + "\n"


HEADER = ("# Game lengths measured ahead of time by scripts/measure_game_lengths.py: each shipped preset's game\n"
          f"# (and the standard kit's at larger moduli), {MEASURED_GAMES} games of greedy players at each player "
          "count\n# its stock serves (2 to 6).\n")


def main() -> None:
    """Play every game measured with fewer than MEASURED_GAMES games (`--again`: every game), standard kit
    first, writing the table after each: an interrupted run keeps what it measured (and the older figures
    of the games it did not reach) and the next run goes on from there."""
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else JOBS
    known = measured_ahead()
    done = {game.key: toml_entry(game, known[game.key]) for game in games() if game.key in known}
    for game in games():
        key = game.key
        if "--again" not in sys.argv and key in known and min(g.games for g in known[key]) >= MEASURED_GAMES:
            continue
        print(f"playing {game.board}, modulus {game.modulus}, {game.copies} of each value ...", file=sys.stderr,
              flush=True)
        done[key] = toml_entry(game, play_lengths(game, games=MEASURED_GAMES, jobs=jobs))
        Path(MEASURED).write_text("\n".join([HEADER, *done.values()]), encoding="utf-8")
    print(f"wrote {MEASURED}", file=sys.stderr)


if __name__ == "__main__":
    main()
