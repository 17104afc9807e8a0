"""Tabletop Simulator's saved-object format as published, field by field, for validating an export.

The classes and fields come from the knowledge base's "Save File Format" page (the serialized classes
SaveState, ObjectState, TransformState, ColorState, CustomDeckState, CustomImageState:
https://kb.tabletopsimulator.com/custom-content/save-file-format/, source
github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base docs/custom-content/save-file-format.md).
That page predates some fields the game writes today; those (marked NEWER) are taken from the published
TypeScript declarations of the save format, @typed-tabletop-simulator/declaration (src/saveFile.d.ts,
src/objectData.d.ts), and from the knowledge base's Custom Deck and Custom Token pages (their import options:
Width, Height, Back is Hidden, Unique Backs; Thickness, Merge Distance, Stackable).
"""

from __future__ import annotations

NUMBER = (int, float)

SAVE_STATE = {
    "SaveName": str, "GameMode": str, "Date": str, "Table": str, "Sky": str, "Note": str, "Rules": str,
    "PlayerTurn": str, "ObjectStates": list,
    # NEWER
    "VersionNumber": str, "Gravity": NUMBER, "PlayArea": NUMBER, "LuaScript": str, "LuaScriptState": str,
    "XmlUI": str, "TabStates": dict,
}
OBJECT_STATE = {
    "Name": str, "Transform": dict, "Nickname": str, "Description": str, "ColorDiffuse": dict, "Grid": bool,
    "Locked": bool, "MaterialIndex": int, "MeshIndex": int, "CardID": int, "SidewaysCard": bool, "DeckIDs": list,
    "CustomDeck": dict, "CustomImage": dict, "ContainedObjects": list,
    # NEWER
    "GUID": str, "Snap": bool, "Autoraise": bool, "Sticky": bool, "Tooltip": bool, "Hands": bool,
}
TRANSFORM_STATE = {key: NUMBER for key in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY",
                                           "scaleZ")}
COLOR_STATE = {"r": NUMBER, "g": NUMBER, "b": NUMBER}
CUSTOM_DECK_STATE = {
    "FaceURL": str, "BackURL": str,
    # NEWER
    "NumWidth": int, "NumHeight": int, "BackIsHidden": bool, "UniqueBack": bool, "Type": int,
}
CUSTOM_IMAGE_STATE = {
    "ImageURL": str, "WidthScale": NUMBER,
    # NEWER
    "ImageSecondaryURL": str, "ImageScalar": NUMBER, "CustomToken": dict,
}
CUSTOM_TOKEN_STATE = {"Thickness": NUMBER, "MergeDistancePixels": NUMBER, "StandUp": bool, "Stackable": bool}
#: Object names from the page's Object Name List that an export may use.
OBJECT_NAMES = {"Bag", "Card", "Custom_Board", "Custom_Model", "Deck", "DeckCustom", "Custom_Token"}
#: Fields each kind of object needs to be what it is.
REQUIRED = {
    "Custom_Board": {"CustomImage"}, "Custom_Token": {"CustomImage"}, "Bag": {"ContainedObjects"},
    "DeckCustom": {"DeckIDs", "CustomDeck", "ContainedObjects"}, "Card": {"CardID", "CustomDeck"},
}


def _fields(value: dict, table: dict, where: str) -> list[str]:
    problems = []
    for key, item in value.items():
        expected = table.get(key)
        kinds = expected if isinstance(expected, tuple) else (expected,)
        if expected is None:
            problems.append(f"{where}: unknown field {key}")
        elif isinstance(item, bool) and bool not in kinds or not isinstance(item, kinds):
            problems.append(f"{where}.{key}: {type(item).__name__}, not {expected}")
    return problems


def object_problems(obj: dict, where: str) -> list[str]:
    """Every way an ObjectState breaks the published definitions (recursing into contained objects)."""
    problems = _fields(obj, OBJECT_STATE, where)
    name = obj.get("Name")
    if name not in OBJECT_NAMES:
        problems.append(f"{where}: object name {name!r} is not in the published list")
    problems += [f"{where}: {name} without {key}" for key in REQUIRED.get(name, ()) if key not in obj]
    problems += _fields(obj.get("Transform", {}), TRANSFORM_STATE, f"{where}.Transform")
    if set(obj.get("Transform", {})) != set(TRANSFORM_STATE):
        problems.append(f"{where}.Transform: not the nine position, rotation and scale fields")
    problems += _fields(obj.get("ColorDiffuse", {}), COLOR_STATE, f"{where}.ColorDiffuse")
    image = obj.get("CustomImage", {})
    problems += _fields(image, CUSTOM_IMAGE_STATE, f"{where}.CustomImage")
    problems += _fields(image.get("CustomToken", {}), CUSTOM_TOKEN_STATE, f"{where}.CustomImage.CustomToken")
    for key, deck in obj.get("CustomDeck", {}).items():
        if not key.isdigit():
            problems.append(f"{where}.CustomDeck: key {key!r} is not a deck number")
        problems += _fields(deck, CUSTOM_DECK_STATE, f"{where}.CustomDeck.{key}")
    for index, inner in enumerate(obj.get("ContainedObjects", [])):
        problems += object_problems(inner, f"{where}.ContainedObjects[{index}]")
    return problems


def save_problems(save: dict) -> list[str]:
    """Every way a saved object breaks the published definitions."""
    problems = _fields(save, SAVE_STATE, "SaveState")
    for index, obj in enumerate(save.get("ObjectStates", [])):
        problems += object_problems(obj, f"ObjectStates[{index}]")
    return problems
