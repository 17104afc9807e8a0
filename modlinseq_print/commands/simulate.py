"""`simulate`: play many seeded games between computer players and report what a designer asks of them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from modlinseq_print.commands.numbers import COUNT, DPI, POSITIVE, WHOLE, argument_type
from modlinseq_print.commands.simulate_sides import DEFAULT_PRESET
from modlinseq_print.inputs import parse_int
from modlinseq_print.progress import Progress
from modlinseq_print.rules.chains import WRAP_MODES
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options import DPI as OPTION_DPI
from modlinseq_print.options_play import AI, GAMES, HAND, HASH_SWAP, JOBS, PLAYERS, SHUFFLE_NUMBER, WILD_POLICY

#: A count of players: the games seat 1 to MAX_PLAYERS.
PLAYER_COUNT = argument_type(parse_int, PLAYERS.low, f"{PLAYERS.low} to {PLAYERS.high}", high=PLAYERS.high)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the simulate command."""
    from modlinseq_print.geometry.patterns import PATTERNS

    parser = sub.add_parser("simulate", help="play many games between computer players: lengths, scores, heat map")
    parser.add_argument("preset", nargs="*", default=[], metavar="PRESET",
                        help=f"the kit played: a preset name or .toml file (default {DEFAULT_PRESET}); "
                             "the options below change it; two presets compare them")
    add_option(parser, GAMES, type=POSITIVE)
    add_option(parser, PLAYERS, type=PLAYER_COUNT)
    add_option(parser, HAND, type=POSITIVE, metavar="N")
    add_option(parser, AI, help=ai_help())  # the levels, from their one list
    parser.add_argument("--board", action="append", default=None, metavar="SPEC",
                        help="the board (default: the preset's); given twice, compares the two boards")
    parser.add_argument("--modulus", "-m", type=WHOLE, default=None, metavar="M",
                        help="the modulus (default: the preset's)")
    parser.add_argument("--copies", type=COUNT, default=None, metavar="N",
                        help="tiles of each value (default: the preset's)")
    parser.add_argument("--wild", type=COUNT, default=None, metavar="N", help="wild tiles (default: the preset's)")
    parser.add_argument("--wrap", choices=WRAP_MODES, default=None, help="wrap mode (default: the preset's)")
    parser.add_argument("--pattern", choices=PATTERNS, default=None, help="cell pattern (default: the preset's)")
    parser.add_argument("--marker", action=argparse.BooleanOptionalAction, default=None,
                        help="the modulus marker on A0 (default: when the preset's kit has it)")
    add_option(parser, WILD_POLICY)
    add_option(parser, HASH_SWAP)
    add_option(parser, SHUFFLE_NUMBER)
    add_option(parser, JOBS, type=POSITIVE)
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="play the games on a Dask cluster, whose scheduler is at ADDRESS (e.g. "
                             "tcp://10.0.0.5:8786); the same games as here")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--timings", action="store_true",
                        help="also print the CPU seconds per game (they differ from run to run: without them the "
                             "same options print the same output)")
    parser.add_argument("-o", "--output", default=None, metavar="REPORT",
                        help="also write a one-page report with charts and a heat map: .pdf, .png or .svg")
    add_option(parser, OPTION_DPI, type=DPI)
    parser.add_argument("--save-games", default=None, metavar="DIR",
                        help="also write each game to DIR: its transcript (game-001.txt) and the hand held before "
                             "each turn (game-001-hands.txt), as review --hands reads them")
    parser.set_defaults(run=run)


def ai_help() -> str:
    """The help of --ai: the levels of computer player, from the one that thinks least (their one list)."""
    from modlinseq_print.rules.players import AI_PLAYERS
    from modlinseq_print.rules.strong_player import BUDGET

    return (f"computer players, from the one that thinks least: {', '.join(AI_PLAYERS)}; or one per seat, e.g. "
            f"careful,greedy; strong:N thinks N searches a turn (strong alone: {BUDGET}; more is stronger and slower) "
            "(default greedy)")


def review_options(variant) -> str:
    """The options of `review` that replay a simulated game's variant."""
    words = [f"--board {variant.board.spec}", f"-m {variant.modulus}"]
    if variant.wrap and variant.wrap != variant.board.default_wrap:
        words.append(f"--wrap {variant.wrap}")
    if variant.pattern and variant.pattern != "none":
        words.append(f"--pattern {variant.pattern}")
    if variant.diagonals:
        words.append("--diagonals")
    if variant.policy != WILD_POLICY.default:
        words.append(f"--wild-policy {variant.policy}")
    if variant.marker:
        words.append("--marker")
    if variant.hash_swap:
        words.append("--hash-swap")
    return " ".join(words)


def saved_games(folder: str, setup, games) -> list[tuple[Path, str]]:
    """Each game's transcript and hands files: a comment at the top says how to review it."""
    width = max(3, len(str(len(games))))
    options = review_options(setup.variant)
    files = []
    for number, game in enumerate(games, 1):
        name = f"game-{number:0{width}d}"
        about = (f"// game {number} of {len(games)} ({setup.variant.board.spec}, modulus {setup.variant.modulus}, "
                 f"{', '.join(setup.kinds)}); review it with:\n"
                 f"// modlinseq-print review @{name}.txt {options} --hands {name}-hands.txt -o {name}.pdf\n")
        files.append((Path(folder) / f"{name}.txt", about + game.transcript + "\n"))
        files.append((Path(folder) / f"{name}-hands.txt",
                      f"// the hand held before each turn of {name}.txt, one line per turn\n"
                      + "\n".join(game.hands) + "\n"))
    return files


def _check_folder(folder: str) -> None:
    """Refuse, before any game is played, a folder name that names a file or lies inside one."""
    from modlinseq_print.inputs import short_path
    from modlinseq_print.rules.errors import RulesError

    try:
        is_file = Path(folder).exists() and not Path(folder).is_dir()
        above = next((p for p in Path(folder).absolute().parents if p.exists()), None)
    except OSError as error:  # a name too long for this system
        raise RulesError(f"cannot write --save-games {short_path(folder)}: {error.strerror or error}",
                         "save_games") from None
    if is_file:
        raise RulesError(f"--save-games {folder!r} is a file, not a folder: name a folder (made if missing)",
                         "save_games")
    if above is not None and not above.is_dir():
        raise RulesError(f"--save-games {short_path(folder)} lies inside {short_path(above)}, which is a file: "
                         "name a folder (made if missing)", "save_games")


def setup_from_args(args: argparse.Namespace):
    """The variant, tiles and players the options and the preset describe."""
    from modlinseq_print.kits.playtest_setup import playtest_setup

    return playtest_setup(args.preset, board=args.board, modulus=args.modulus, copies=args.copies, wild=args.wild,
                          wrap=args.wrap, pattern=args.pattern, marker=args.marker, wild_policy=args.wild_policy,
                          hash_swap=args.hash_swap, hand=args.hand, players=args.players, ai=args.ai,
                          games=args.games, seed=args.seed)


def run(args: argparse.Namespace) -> int:
    """Play the games (with a progress bar on a terminal) and print the table or the JSON; with two designs,
    their comparison."""
    from modlinseq_print.commands.simulate_sides import check_where, sides

    chosen = sides(args)
    check_where(args, len(chosen) == 2)
    if len(chosen) == 2:
        from modlinseq_print.commands.simulate_compare import run_comparison

        return run_comparison(args, chosen, setup_from_args)
    return run_one(chosen[0].args)


def run_one(args: argparse.Namespace) -> int:
    """Play one design's games and print the table or the JSON (and write the report and the games asked for)."""
    from modlinseq_print.commands.simulate_sides import player
    from modlinseq_print.rules.playtest import findings
    from modlinseq_print.rules.playtest_text import findings_json, findings_text

    setup, tiles = setup_from_args(args)
    if args.output:
        from modlinseq_print.render.output import format_for

        kind = format_for(args.output)  # a bad report name or dpi is refused before any game is played
        if kind == "png":
            from modlinseq_print.printables.playtest_report import check_report_resolution

            check_report_resolution(args.dpi)
    if args.save_games:
        _check_folder(args.save_games)
    progress = Progress(args.games, quiet=args.json)
    with player(args) as play:
        games = play(setup, tiles, lambda done: progress.step(f"game {done}"))
    found = findings(games, len(setup.variant.board.cells))
    if args.json:
        print(json.dumps(findings_json(setup, found, games, setup.variant.board, args.timings)))
    else:
        print(findings_text(setup, found, args.timings))
    if args.output:
        from modlinseq_print.commands.common import file_names
        from modlinseq_print.printables.playtest_report import report_document
        from modlinseq_print.render.output import write_output

        written = write_output(report_document(setup, found, games), args.output, kind, args.dpi)
        if not args.json:
            print(f"wrote {file_names(written)}: the playtest report")
    if args.save_games:
        from modlinseq_print.fileio import write_files_atomic

        write_files_atomic(saved_games(args.save_games, setup, games))
        if not args.json:
            print(f"wrote {len(games)} games to {args.save_games}: transcripts and hands, ready for review")
    return 0
