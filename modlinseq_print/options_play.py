"""The settings of games, reviews and position diagrams, each defined once, as options.py defines the board's:
`RULES` (how the rules are played: wild tiles, swaps), `PLAY` (the simulated games: players, hands, computer
players, shuffles) and `DIAGRAM` (how a position is drawn). The rules commands (check, score, position, moves,
review, simulate), `mp.check`, `mp.moves`, `mp.position`, `mp.review` and `mp.simulate`, the playtest set-up
and the studio's play and position pages take their defaults and choices from here.
"""

from __future__ import annotations

from modlinseq_print.options import HAND as RACK_HAND, Group, Option
from modlinseq_print.printables.position import DIAGRAM_TILE_WIDTH, LEGENDS
from modlinseq_print.rules.game import MAX_PLAYERS
from modlinseq_print.rules.turn_data import MAX_HAND
from modlinseq_print.rules.wilds import WILD_POLICIES

# --- how the rules are played ---------------------------------------------------------------------------------

WILD_POLICY: Option[str] = Option(name="wild_policy", kind="choice", default="E", choices=WILD_POLICIES,
                                  help="wild tiles (page 3, 7-2): A adjacent naturals, B two naturals (prime "
                                       "modulus), C unique value, D declared (#=5B3), E ambiguity allowed (default)",
                                  default_words="", label="Wild tiles")
HASH_SWAP: Option[bool] = Option(name="hash_swap", kind="switch", default=False, label="Swap wild tiles",
                                 help="allow swapping wild tiles on the board for naturals (page 3, 7-4)")

RULES = Group("rules", (WILD_POLICY, HASH_SWAP))

# --- simulated games ------------------------------------------------------------------------------------------

GAMES: Option[int] = Option(name="games", kind="whole", default=100, low=1, placeholder="N", help="games to play",
                            label="Games")
PLAYERS: Option[int] = Option(name="players", kind="whole", default=2, low=1, high=MAX_PLAYERS, placeholder="N",
                              help=f"players, 1 to {MAX_PLAYERS}", label="Players")
AI: Option[str] = Option(name="ai", kind="text", default="greedy", placeholder="LEVEL", label="Computer players",
                         help="the computer players' level, or one per seat, e.g. careful,greedy")
HAND: Option[int] = Option(name="hand", kind="whole", default=RACK_HAND.default, low=1, high=MAX_HAND,
                           placeholder="N", help="tiles in a hand", label="Tiles in a hand")
SHUFFLE_NUMBER: Option[int] = Option(name="seed", kind="whole", default=1, low=0, placeholder="S",
                                     help="the number the shuffles are seeded with", label="Shuffle number")
JOBS: Option[int] = Option(name="jobs", kind="whole", default=1, low=1, placeholder="J",
                           help="games played at once in separate processes", label="Processes")

PLAY = Group("play", (GAMES, PLAYERS, HAND, AI, SHUFFLE_NUMBER, JOBS))

# --- how a position is drawn ------------------------------------------------------------------------------------

LEGEND: Option[str] = Option(name="legend", kind="choice", default="long", choices=LEGENDS, default_words="",
                             help="sequences listed under the board: long (three or more tiles, default), all, none",
                             label="Sequences listed")
CROP_MARGIN: Option[int] = Option(name="crop_margin", kind="whole", default=1, low=0, placeholder="N",
                                  help="cells kept around the tiles when cropping", label="Cells around the tiles")
DIAGRAM_WIDTH: Option[str] = Option(name="tile_width", kind="length", default=f"{DIAGRAM_TILE_WIDTH:g}mm", unit="mm",
                                    help="tile width on the diagram, any unit", label="Tile width")

DIAGRAM = Group("diagram", (LEGEND, CROP_MARGIN, DIAGRAM_WIDTH))

GROUPS = (RULES, PLAY, DIAGRAM)
