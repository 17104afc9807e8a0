"""modlinseq-print: printables and a rules engine for the MODLINSEQ number-tile game.

`import modlinseq_print as mp` gives the front door of modlinseq_print/api.py: mp.board, mp.kit, mp.tiles,
mp.markers, mp.position, mp.check, mp.moves, mp.simulate, mp.review, mp.preflight, mp.pieces3d, mp.rack and
mp.PressOptions. They load on first use, so importing the package stays cheap.
"""

__version__ = "0.1.0"

_API = ("board", "kit", "tiles", "markers", "position", "check", "moves", "simulate", "review", "preflight", "pieces3d",
        "rack", "PressOptions")
__all__ = ["__version__", *_API]


def __getattr__(name: str):
    """The front door's functions, imported from modlinseq_print.api when first asked for."""
    if name in _API:
        from modlinseq_print import api

        value = globals()[name] = getattr(api, name)
        return value
    raise AttributeError(f"module 'modlinseq_print' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
