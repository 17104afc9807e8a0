"""The command table: the program's name and description, its options before the command, and every command with
its one-line help; the argument parser (cli.py) and the quick main help (main_help.py) are both made from it."""

PROG = "modlinseq-print"
DESCRIPTION = "Printables and a rules engine for the MODLINSEQ game."
HELP = "show this help message and exit"
VERSION = "show program's version number and exit"
DEBUG = "show the Python traceback of an internal error"
#: Command modules under modlinseq_print.commands (each has register(subparsers)) and their one-line helps,
#: which must match the help each register() gives (a test checks).
COMMANDS = {
    "describe": "describe a board: cells, addresses, patterns, wrap partners",
    "board": "a board at actual size: PDF, SVG or PNG, tiled, poster or fitted",
    "tiles": "number tiles, wild tiles and blockers: sheets, manifests, cut files",
    "markers": "modulus markers (one per modulus, played as 0 on A0)",
    "pieces3d": "tiles and markers as solids for 3D printers: 3MF or STL plates",
    "rack": "a rack for a hand of tiles: 3D-printed (3MF, STL) or laser-cut (SVG, DXF)",
    "check": "judge a position: sequences, MSA, points, legality, blocked cells",
    "score": "play turns in order: points per turn and running totals per player",
    "moves": "every legal turn a hand allows on a position, the best first",
    "simulate": "play many games between computer players: lengths, scores, heat map",
    "review": "review a game: each turn beside the best its hand allowed, accuracy",
    "position": "draw a position: board, tiles, blocked cells and a legend of sequences",
    "kit": "a complete print-and-play kit (PDF) from a preset",
    "reference": "the rules sheet and reference card for a modulus",
    "worksheet": "practice problems (determine the modulus, extend, fill gaps)",
    "box": "a box with a lid for a kit's tiles and markers, folded from card",
    "mod13": "Mod 13, the card game: check a discard pile, print a deck, a reference card or a tuck box",
    "coprimality": "the Convoluted Coprimality Game: check a game record, print sheets",
    "calibrate": "duplex calibration sheet: read the back offset of your printer",
    "preflight": "check a press-ready PDF against PDF/X-4 or PDF/X-1a: pass/fail table",
    "tts": "a Tabletop Simulator saved object: board, pieces in bags, Mod 13 deck",
    "studio": "a local web app: board designer, kit builder, position editor",
}
#: The options before the command, in the main help's order: (option strings, help).
OPTIONS = ((("-h", "--help"), HELP), (("--version",), VERSION), (("--debug",), DEBUG))
