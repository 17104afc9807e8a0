"""A Tabletop Simulator saved object of a preset: the board as a custom board, the pieces as custom tokens in
one bag per kind (the preset's counts), and the Mod 13 deck as a custom deck, in the save-file format of
Tabletop Simulator's knowledge base (custom-content/save-file-format), with the images it refers to.

Images are named by file:/// URLs of where they are written, or by a base URL (a web host, the Steam
Workshop) followed by their file name. GUIDs are derived from each object's place, so the same preset
writes the same JSON. This file was written to the format's published fields; it was not loaded into
Tabletop Simulator when it was made.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from modlinseq_print.errors import FieldError
from modlinseq_print.fileio import leftovers
from modlinseq_print.inputs import excerpt
from modlinseq_print.services.tts_images import DECK_COLUMNS, DECK_ROWS, Image

KIND_NAMES = {"number": "Number tiles", "wild": "Wild tiles", "blocker": "Blockers", "marker": "Modulus markers"}
TOKEN_THICKNESS = 0.1  # in-game units (about an inch): 2.5 mm, a punchboard tile
FIRST_CARD_ID = 100  # deck 1's cards are 100, 101, ... (the hundreds give the CustomDeck key)
_URL = re.compile(r"https?://[^\s\"<>]+")


class TtsError(FieldError):
    """An export that cannot be written: a bad base URL."""


def check_base_url(url: str) -> str:
    """A base URL for the images (http or https; no spaces, quotes, control characters or invisible ones such
    as a right-to-left override, which make an address read other than it goes), without a trailing slash."""
    hidden = next((ch for ch in url if unicodedata.category(ch)[0] in "CZ"), None)
    if not _URL.fullmatch(url) or len(url) > 500 or hidden is not None:
        why = f" (it holds the invisible or control character {ascii(hidden)})" if hidden is not None else ""
        raise TtsError(f"bad base URL {excerpt(url)}{why}: give an http:// or https:// address where the images "
                       "will be, e.g. https://example.org/modlinseq", "base_url", 500)
    return url.rstrip("/")


@dataclass
class Export:
    """What goes into the saved object: the board image (and its size in mm), the token images with each
    piece's kind and image names, and the deck's sheet and back."""

    title: str
    board: Image
    board_mm: tuple[float, float]
    tokens: list[Image]
    pieces: list[tuple[str, str, str, str]]  # kind, label, face image, back image
    deck_faces: Image
    deck_back: Image


def _guid(*path) -> str:
    return hashlib.sha256("/".join(map(str, path)).encode()).hexdigest()[:6]


def _transform(x: float, z: float, scale: float = 1.0, flipped: bool = False) -> dict:
    return {"posX": round(x, 4), "posY": 1.0, "posZ": round(z, 4), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _object(name: str, guid: str, transform: dict, nickname: str, description: str = "", **more) -> dict:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, **more}


def board_object(export: Export, url) -> dict:
    """The board: a custom board of the board image (its true proportions), locked in the middle."""
    width_mm, height_mm = export.board_mm
    obj = _object("Custom_Board", _guid("board"), _transform(0.0, 0.0), "Board",
                  f"{width_mm:.0f} x {height_mm:.0f} mm",
                  CustomImage={"ImageURL": url(export.board.name), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                               "WidthScale": 0.0})
    obj["Locked"] = True
    return obj


def token_object(kind: str, label: str, face: str, back: str, index: int, url) -> dict:
    """One piece: a custom token cut out of its face image's transparency, its back on the other side."""
    return _object("Custom_Token", _guid("token", kind, index), _transform(0.0, 0.0), label or KIND_NAMES[kind],
                   CustomImage={"ImageURL": url(face), "ImageSecondaryURL": url(back), "ImageScalar": 1.0,
                                "WidthScale": 0.0,
                                "CustomToken": {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": 15.0,
                                                "StandUp": False, "Stackable": True}})


def bag_objects(export: Export, url) -> list[dict]:
    """One bag per kind of piece, holding one token per piece (the preset's counts), beside the board."""
    bags = []
    for number, kind in enumerate(k for k in KIND_NAMES if any(p[0] == k for p in export.pieces)):
        tokens = [token_object(kind, label, face, back, index, url)
                  for index, (k, label, face, back) in enumerate(export.pieces) if k == kind]
        bags.append(_object("Bag", _guid("bag", kind), _transform(-14.0, -6.0 + 4.0 * number), KIND_NAMES[kind],
                            f"{len(tokens)} pieces", MaterialIndex=-1, MeshIndex=-1, ContainedObjects=tokens))
    return bags


def deck_object(export: Export, url) -> dict:
    """The Mod 13 deck: 52 cards of a 10 x 7 card sheet with one back, face down beside the board."""
    ids = list(range(FIRST_CARD_ID, FIRST_CARD_ID + 52))
    custom = {str(FIRST_CARD_ID // 100): {"FaceURL": url(export.deck_faces.name), "BackURL": url(export.deck_back.name),
                                         "NumWidth": DECK_COLUMNS, "NumHeight": DECK_ROWS, "BackIsHidden": True,
                                         "UniqueBack": False, "Type": 0}}
    cards = [_object("Card", _guid("card", card), _transform(14.0, 0.0, flipped=True), f"Mod 13 card {n + 1}",
                     CardID=card, SidewaysCard=False, Hands=True, CustomDeck=custom)
             for n, card in enumerate(ids)]
    return _object("DeckCustom", _guid("deck"), _transform(14.0, 0.0, flipped=True), "Mod 13 deck",
                   "52 cards: values 1 to 13 in four suits", SidewaysCard=False, Hands=False, DeckIDs=ids,
                   CustomDeck=custom, ContainedObjects=cards)


def saved_object(export: Export, url) -> dict:
    """The saved object: the board, the bags of pieces and the deck."""
    return {"SaveName": export.title, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {},
            "ObjectStates": [board_object(export, url), *bag_objects(export, url), deck_object(export, url)]}


def export_files(export: Export, folder: Path, base_url: str | None) -> list[tuple[Path, bytes | None]]:
    """The JSON and its images in `folder` (images in folder/images), named by file:/// URLs or base_url.

    The images' names start with the JSON's name (modlinseq-standard-kit.board.png), so that several presets
    share a folder (or a web host) without one's images replacing another's; the preset owns the images of its
    name, and those an earlier export left that this one does not write are removed (None payloads)."""
    images = [export.board, *export.tokens, export.deck_faces, export.deck_back]
    stem = re.sub(r"[^A-Za-z0-9-]+", "-", export.title).strip("-").lower() or "modlinseq"
    named = lambda name: f"{stem}.{name}"  # noqa: E731
    if base_url is not None:
        base = check_base_url(base_url)
        url = lambda name: f"{base}/{named(name)}"  # noqa: E731
    else:
        url = lambda name: (folder / "images" / named(name)).resolve().as_uri()  # noqa: E731
    text = json.dumps(saved_object(export, url), indent=2, ensure_ascii=False) + "\n"
    written = [(folder / "images" / named(image.name), image.data) for image in images]
    stale = leftovers(folder / "images", re.compile(re.escape(stem) + r"\..+"), [path for path, _ in written])
    return [(folder / f"{stem}.json", text.encode("utf-8")), *written, *((path, None) for path in stale)]
