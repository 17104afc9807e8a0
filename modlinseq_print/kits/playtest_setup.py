"""What a playtest plays: a preset's kit, with the board, modulus, tiles, rules and players a designer changes."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.options import PRESET
from modlinseq_print.options_play import AI, GAMES, HAND, HASH_SWAP, PLAYERS, SHUFFLE_NUMBER, WILD_POLICY
from modlinseq_print.rules.playtest_text import Setup


def whole_number(value: object, name: str, least: int | None = None) -> int:
    """`value`, a whole number given for `name` (`least` or more, if given); anything else is refused in one
    line."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise FieldError(f"{value!r} is not a whole number: give {mention(name)} as one, e.g. 2", name)
    if least is not None and value < least:
        raise FieldError(f"{value} is out of range: give {mention(name)} as {least} or more", name, least)
    return value


def _kinds(ai: str, players: int) -> tuple[str, ...]:
    """The computer player of each seat: one kind for every seat, or one per seat ("careful,greedy"); the
    number of players is checked before any seat is made."""
    from modlinseq_print.rules.game import MAX_PLAYERS

    if not 1 <= players <= MAX_PLAYERS:
        raise FieldError(f"{players:,} players: a game takes 1 to {MAX_PLAYERS}; give {mention('players')} as one of "
                         "those", "players", MAX_PLAYERS)
    kinds = tuple(kind.strip() for kind in str(ai).split(","))
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise FieldError(f"{mention('ai')} names {len(kinds)} players and {mention('players')} says {players}: "
                         "give one kind, or one per player", "ai")
    return kinds


def playtest_setup(preset: str = PRESET.default, *, board: str | None = None, modulus: int | None = None,
                   copies: int | None = None, wild: int | None = None, wrap: str | None = None,
                   pattern: str | None = None, marker: bool | None = None, wild_policy: str = WILD_POLICY.default,
                   hash_swap: bool = HASH_SWAP.default, hand: int = HAND.default, players: int = PLAYERS.default,
                   ai: str = AI.default, games: int = GAMES.default,
                   seed: int = SHUFFLE_NUMBER.default) -> tuple[Setup, list[int | None]]:
    """The variant, players and stock of a playtest: the preset's board, modulus, wrap, pattern, tile counts and
    marker unless given (a board given plays without the preset's wrap and pattern); the shuffled tiles' list."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.kits.game_settings import kit_has_marker
    from modlinseq_print.kits.piece_counts import kit_copies
    from modlinseq_print.kits.preset_loading import load_preset
    from modlinseq_print.rules.game import Variant, stock_tiles

    for name, value in (("hand", hand), ("players", players), ("games", games), ("seed", seed)):
        whole_number(value, name)
    chosen = load_preset(preset)
    modulus = chosen.modulus if modulus is None else whole_number(modulus, "modulus")
    spec = parse_board(board or chosen.board.spec)
    variant = Variant(spec, modulus, wrap or (chosen.board.wrap if board is None else None), policy=wild_policy,
                      marker=kit_has_marker(chosen, modulus, spec) if marker is None else marker,
                      pattern=pattern or (chosen.board.pattern if board is None else None), hash_swap=hash_swap,
                      hand=hand)
    variant.start()  # a bad modulus, wrap or marker is refused here, before any game
    tiles = stock_tiles(modulus,
                        kit_copies(replace(chosen, modulus=modulus), spec) if copies is None
                        else whole_number(copies, "copies", 0),
                        chosen.tiles.wild if wild is None else whole_number(wild, "wild", 0), chosen.tiles.no_zero)
    return Setup(variant, dict(Counter(tiles)), _kinds(ai, players), games, seed), tiles
