"""The words of the rules sheet that teaches the game (rules, page 1, sections 1 to 3), in English; the
printables translate each one with `_()` when they lay it out."""

from __future__ import annotations

INTRO = (
    "MODLINSEQ is a game for two or more players by Dave Barber. Players lay numbered tiles on a board of "
    "hexagons; wherever tiles stand in an unbroken straight line, their numbers must form a modular-linear "
    "sequence. Long sequences earn many more points than short ones, and whoever has the most points at the "
    "end wins."
)
RULE = (
    "Wherever there is an unbroken straight line of tiles on the board, in any of the three directions, their "
    "numbers must form an arithmetic progression modulo the modulus: each tile differs from the one before it "
    "by the same step, and counting past the modulus starts again from 0. Two tiles always form a legal "
    "sequence; a line may not bend."
)
RULE_EXAMPLE = "For example, with modulus {modulus}, {values} steps by {step}."
RULE_WRAP = (
    "For example, with modulus {modulus}, {values} steps by {step}: {last} + {step} = {sum}, which counts as {next}."
)

PLAYERS = (
    "Two or more players. This kit has {tiles} for the stock; hands that leave at least half of them in the "
    "stock after the deal play best:"
)
PLAYERS_FEW = "This kit has {tiles} for the stock: enough for two players with hands of a few tiles."
HANDS_HEAD = ("players", "hand", "also works")

SETUP = [
    "Agree on the modulus: this kit is made for {modulus}, and the tiles 0 to {top} are used.",
    "Turn all the tiles face down and mix them: this is the stock.",
    "Each player draws a hand from the stock, looks at it and keeps the numbers secret. Choose who starts; "
    "players then take turns in order.",
]
SETUP_MARKER = "Put the modulus marker of {modulus} on the centre cell A0 (a darker tile); it counts as 0."
SETUP_WILD = ("The {wild} wild tiles (#) go into the stock with the others. A wild tile stands for any number its "
              "player names when laying it; every other tile is a natural tile.")

FIRST_TURN = (
    "The first player lays a sequence of tiles in one straight line through the centre cell A0, in any of the "
    "three directions; any of its tiles may stand on A0."
)
FIRST_TURN_MARKER = (
    "The first player lays a sequence of tiles in one straight line through the centre cell A0, in any of the "
    "three directions; the modulus marker on A0 counts as 0 in it."
)

TURN = [
    "Lay one or more tiles from your hand on empty cells, all in one unbroken straight line, together with "
    "any tiles already on that line: this is the primary sequence.",
    "At least one of your tiles must touch a tile already on the board. Never move or remove a tile.",
    "Afterwards every unbroken straight line of tiles must be modular-linear, and all the tiles must form one "
    "connected network.",
    "Score your sequences, then draw from the stock until your hand is full again (while the stock lasts).",
]

SCORING = (
    "A sequence of n tiles scores (n - 1)(n - 2) / 2 points (table 2A of the rules): two tiles score nothing, "
    "long lines a lot. You score the full length of every sequence you create or extend: the primary sequence, "
    "and every other line your tiles make longer (secondary sequences)."
)

BLOCKED = (
    "A cell that no number can fill without breaking one of the lines through it is blocked: it stays empty "
    "for the rest of the game (figures 2I and 2J of the rules)."
)
BLOCKED_BLOCKERS = " Put a red blocker tile on it so that nobody tries."

# Passing and freezing (rules, page 1, section 3-3): "A frozen player retains all points earned in the game,
# but no longer participates in the action. Non-frozen players continue normally." The list of when a player
# freezes is lost from the transcribed text; the rules engine (rules/game.py) freezes a player with no legal turn
# (an empty hand included) and refuses a freeze while the player can play: the words below say the same.
END = [
    "On your turn you must lay at least one tile if you can: you may not pass. A player who cannot lay any tile "
    "is frozen: they keep their points but take no more turns for the rest of the game.",
    "When the stock is empty, play goes on without drawing, and hands shrink. The game ends when every player "
    "is frozen; the highest score wins, and tied players share the win.",
]

# Captions of the three diagrams, filled in from the example game the rules engine plays.
FIGURE_FIRST = "Figure 1: the first turn, {transcript}: {tiles} through A0, step {step}: {points}."
FIGURE_FIRST_MARKER = ("Figure 1: the first turn, {transcript}: {tiles} through A0, where the modulus marker "
                       "counts as 0; step {step}: {points}.")
FIGURE_WORKED = ("Figure 2, a worked example: turn 2 laid {crossing}, crossing the first line at B1 "
                 "({crossing_points}); turn 3 lays {transcript} (outlined) and scores:")
WORKED_HEAD = ("sequence", "length", "points")  # after a first column naming primary or secondary
FIGURE_BLOCKED = ("Figure 3: turn 4 extends a line to {sequence}: {tiles}, {points}. Turn 5 lays {transcript} "
                  "({turn_points}).")
BLOCKED_JOIN = "{cell} is now blocked (red): no number there makes {before} and {after} one sequence."
BLOCKED_DISAGREE = "{cell} is now blocked (red): {first} needs {first_value} there, {second} needs {second_value}."
BLOCKED_PLAIN = "{cell} is now blocked (red): no number fits every line through it."
BLOCKED_TOO = "{cell} is blocked too."
BONUS_LENGTH = "{tiles} + {bonus} bonus"
MALUS_LENGTH = "{tiles} - {malus} malus"

# The "Reading the board" box (rules, page 1, section 1-2 for the addresses, section 2-1 for the notation).
READING_HEAD = "Reading the board"
READING_CELLS = (
    "Every cell has a name. The centre cell is A0; the six cells around it are B1, E1, H1, M1, P1 and T1, "
    "clockwise from the left. Each letter names a sixth of the board, whose cells are numbered outward from "
    "the centre, ring by ring: B2 and B3 lie just beyond B1."
)
READING_CAPTION = "The cells around the centre cell A0, each with its name."
READING_TILE = (
    "A tile on a cell is written as its number, then the cell: {tile} reads: the {value} goes on cell {cell}."
)
READING_TURN = (
    "A turn lists its tiles, as {transcript}. A sequence is written with ~ between its numbers, in the order "
    "they stand on the line: {sequence}."
)
READING_MARKER = "The modulus marker on A0 counts as 0 and is written 0A0."

# The questions a table asks, answered as the rules do, or, where they are silent, as the rules engine plays:
# passing and freezing (page 1, section 3-3; rules/game.py refuses a freeze while a turn is possible); a first
# turn of one tile (sections 2-3 and 3-3: a line through A0 of any length; rules/turns.py accepts one tile);
# the empty stock (section 3-3); ties (section 3-3: possible, no tie-break; rules/playtest.py shares the win);
# wild tiles (page 3, section 7-1); tiles left in a hand (silent; the engine counts only turns' points).
FAQ_HEAD = "Questions at the table"
FAQ_WILD = (
    "What is a wild tile worth at the end?",
    "Its number is the one its player named, and it never changes. A wild tile never counts in a sequence's "
    "length (rules, page 3, section 7-1), so it adds no points of its own.",
)
FAQ = [
    ("Can I pass?",
     "No, not while you can lay a tile. If you cannot, you are frozen for the rest of the game: you keep your "
     "points and take no more turns, even if the board opens up later (rules, page 1, section 3-3). The rules do "
     "not say whether a player may freeze by choice; in this kit nobody may."),
    ("May the first turn be a single tile?",
     "Yes. A turn lays at least one tile, and the first turn's line must pass through A0 (rules, page 1, "
     "sections 3-2 and 3-3); a single tile scores nothing."),
    ("What happens when the stock runs out?",
     "Play goes on, but nobody draws any more, so hands shrink (rules, page 1, section 3-3). A player with no "
     "tiles left cannot lay one and is frozen."),
    ("What if players tie?",
     "The rules allow ties and break none (page 1, section 3-3): tied players share the win."),
    ("Do I score a line I only touch?",
     "You score, in full, every line your tiles create or make longer, counting the tiles already on it (rules, "
     "page 1, section 3-2). A line you add no tile to scores nothing for you."),
    FAQ_WILD,
    ("Do tiles left in my hand count at the end?",
     "No: they neither score nor cost points. The rules are silent on this; it is this kit's rule."),
]
