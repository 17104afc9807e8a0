"""A game review in words: the JSON file of a review and of `mp.review`, and the summary printed on the
terminal. Turns are written in transcript notation, cells by their addresses; the words shared with the
printed review are translated (in the language in use)."""

from __future__ import annotations

from modlinseq_print.rules.review import BEST_SHOWN, NUDGE, GameReview, OpenLine, PlayerReview, TurnReview
from modlinseq_print.wording import _, plural


def _line_json(review: GameReview, line: OpenLine) -> dict:
    address = review.start.board.address
    return {"tiles": line.tiles, "ends": [address(c) for c in line.ends], "worth": line.worth}


HINT_NAMES = {0: None, NUDGE: "nudge", BEST_SHOWN: "best turn"}  # a turn's hint in the JSON file


def turn_json(review: GameReview, turn: TurnReview) -> dict:
    """One turn: number, player, the turn played and its points, the hand, the best turn and the points left,
    the cells it blocked and the lines it left open."""
    address = review.start.board.address
    return {"turn": turn.number, "player": turn.player, "played": turn.played, "points": turn.points,
            "hand": None if turn.hand is None else turn.hand.text, "best": turn.best, "best_turn": turn.best_turn,
            "left": turn.left, "blocked_made": [address(c) for c in turn.blocked_made],
            "open_lines": [_line_json(review, line) for line in turn.open_lines],
            "hint": HINT_NAMES[turn.hint]}


def player_json(player: PlayerReview, hints_recorded: bool = False) -> dict:
    """A player's summary; accuracy is scored / best over the turns whose hands are known; the turns with a
    hint when the game recorded them (None when it did not)."""
    return {"player": player.name, "turns": player.turns, "points": player.points,
            "turns_with_hand": player.known, "best": player.best if player.known else None,
            "accuracy": None if player.accuracy is None else round(player.accuracy, 4),
            "hints": player.hints if hints_recorded else None}


def review_json(review: GameReview) -> dict:
    """The whole review as one object."""
    start = review.start
    return {"board": start.board.spec, "modulus": start.modulus, "hands_known": review.hands_known,
            "turns": [turn_json(review, t) for t in review.turns],
            "players": [player_json(p, review.hints_recorded) for p in review.players],
            "turning_points": list(review.turning_points)}


def accuracy_words(player: PlayerReview) -> str:
    """'92% (110 of 120 points)', or a dash when the hands are not known."""
    if player.accuracy is None:
        return "-" if not player.known else _("no points were on offer")
    return _("{percent}% ({scored} of {best} points)").format(percent=f"{100 * player.accuracy:.0f}",
                                                              scored=player.scored_known, best=player.best)


def turning_point_words(review: GameReview, number: int) -> str:
    """A turning point in one line: who, what they played and what they could have played."""
    turn = review.turns[number - 1]
    return _("turn {number}, {player}: played {played} for {points}; {best_turn} would have scored {best} "
             "({left} left)").format(number=turn.number, player=turn.player, played=turn.played,
                                     points=plural(turn.points, "point"), best_turn=turn.best_turn, best=turn.best,
                                     left=turn.left)


def hint_words(turn: TurnReview) -> str:
    """The hint a turn's player asked for: 'hint used' (a nudge), 'hint used: best turn', or a dash."""
    return {0: "-", NUDGE: _("hint used"), BEST_SHOWN: _("hint used: best turn")}[turn.hint]


def review_text(review: GameReview) -> str:
    """The summary printed on the terminal: players, accuracy, turning points (or what a review without the
    hands can tell)."""
    lines = []
    for player in review.players:
        lines.append(f"{player.name}: {plural(player.points, 'point')} in {plural(player.turns, 'turn')}"
                     + (f", accuracy {accuracy_words(player)}" if player.known else ""))
    if review.hands_known:
        if review.turning_points:
            lines.append("turning points (the turns that left the most points):")
            lines.extend("  " + turning_point_words(review, n) for n in review.turning_points)
        else:
            lines.append("every turn whose hand is known scored the most its hand allowed")
    else:
        blocked = sum(len(t.blocked_made) for t in review.turns)
        lines.append(f"hands not known: no best turns; the turns blocked {plural(blocked, 'cell')} and each turn's "
                     "open lines are listed")
    return "\n".join(lines)
