"""Colour spaces as the preflight judges them: what a space written in a PDF is, and whether a press file may
use it (CMYK, gray and spot colours; for PDF/X-4 also CMYK and gray ICC profiles and CalGray).

A space is judged down to what it paints with: an Indexed space by its base, a Separation or DeviceN by its
alternate, a pattern space by its underlying space. RGB (DeviceRGB, CalRGB, three-component ICC profiles)
and Lab are refused at both levels.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Inline images' short names for colour spaces.
ABBREVIATIONS = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK", "/I": "/Indexed"}
DEVICE_WORDS = {"/DeviceCMYK": ("process", "DeviceCMYK"), "/DeviceGray": ("gray", "DeviceGray"),
                "/DeviceRGB": ("RGB", "DeviceRGB"), "/Pattern": ("pattern", "a pattern")}
ICC_KINDS = {1: ("managed", "a gray ICC profile (ICCBased)"), 3: ("RGB", "an RGB ICC profile (ICCBased)"),
             4: ("managed", "a CMYK ICC profile (ICCBased)")}
#: The kinds of space each level allows ("managed": colour-managed gray or CMYK, which PDF/X-1a forbids).
ALLOWED = {"4": {"process", "gray", "spot", "pattern", "managed"}, "1a": {"process", "gray", "spot", "pattern"}}
_MAX_NESTING = 8  # bases and alternates this deep are refused rather than followed


@dataclass(frozen=True)
class Judgement:
    """A colour space's kind ('process', 'gray', 'spot', 'pattern', 'managed', 'RGB', 'Lab', 'unknown') and
    its name in plain words."""

    kind: str
    words: str


def resolve(space, resources):
    """The colour space `space` stands for: a device name, an inline image's short name or a /ColorSpace
    resource name looked up in `resources`, or an array (an inline /I array with its base resolved)."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        text = ABBREVIATIONS.get(str(space), str(space))
        if text in DEVICE_WORDS:
            return pikepdf.Name(text)
        named = entry(resources, "/ColorSpace", text)
        return named if named is not None else pikepdf.Name(text)
    if isinstance(space, pikepdf.Array) and len(space) == 4 and str(space[0]) in ("/I", "/Indexed"):
        return pikepdf.Array([pikepdf.Name.Indexed, resolve(space[1], resources), space[2], space[3]])
    return space


def entry(resources, category: str, name):
    """resources[category][name] (a resource by its name: /Sh1 in /Shading), or None when either is missing
    or not a dictionary."""
    import pikepdf

    if not isinstance(resources, pikepdf.Dictionary):
        return None
    group = resources.get(category)
    return group.get(str(name)) if isinstance(group, pikepdf.Dictionary) else None


def judge(space, depth: int = 0) -> Judgement:
    """What a resolved colour space paints with, and its name in words."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        return Judgement(*DEVICE_WORDS.get(str(space), ("unknown", f"{space}, which is not a colour space")))
    if not isinstance(space, pikepdf.Array) or len(space) == 0 or depth > _MAX_NESTING:
        return Judgement("unknown", "a colour space that cannot be read")
    family = str(space[0])
    if family in DEVICE_WORDS and len(space) == 1:
        return judge(space[0], depth + 1)
    if family == "/CalRGB":
        return Judgement("RGB", "CalRGB")
    if family == "/CalGray":
        return Judgement("managed", "CalGray")
    if family == "/Lab":
        return Judgement("Lab", "Lab")
    if family == "/ICCBased" and len(space) > 1 and isinstance(space[1], pikepdf.Stream):
        return Judgement(*ICC_KINDS.get(int(number(space[1].get("/N"))), ("unknown", "an ICC profile of odd size")))
    if family in ("/Indexed", "/Pattern") and len(space) > 1:
        base = judge(space[1], depth + 1)
        return Judgement(base.kind, f"{family[1:]} over {base.words}")
    if family in ("/Separation", "/DeviceN") and len(space) > 2:
        return _spot(space, family, depth)
    return Judgement("unknown", f"{family}, which is not a colour space")


def number(value, default: float = 0.0) -> float:
    """A PDF number as a float, or `default` for anything else (a hostile file's name where a number goes)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _spot(space, family: str, depth: int) -> Judgement:
    """A Separation or DeviceN space: a spot colour when its alternate (and a DeviceN's process colour space,
    if it names one) is fine, else what they are."""
    import pikepdf

    alternate = judge(space[2], depth + 1)
    if alternate.kind not in ("process", "gray", "managed"):
        return Judgement(alternate.kind, f"{family[1:]} {colourants(space)} with a {alternate.words} alternate")
    attributes = space[4] if len(space) > 4 else None
    process = attributes.get("/Process") if isinstance(attributes, pikepdf.Dictionary) else None
    if isinstance(process, pikepdf.Dictionary) and "/ColorSpace" in process:
        components = judge(process.ColorSpace, depth + 1)
        if components.kind not in ("process", "gray", "managed"):
            return Judgement(components.kind, f"DeviceN {colourants(space)} with {components.words} process colours")
    return Judgement("spot", f"{family[1:]} {colourants(space)}")


def colourant_names(space) -> list[str]:
    """The colourant names of a Separation or DeviceN space, as written (/CutContour)."""
    import pikepdf

    names = [space[1]] if str(space[0]) == "/Separation" else space[1]
    return [str(name) for name in names] if isinstance(names, (list, pikepdf.Array)) else [str(names)]


def colourants(space) -> str:
    """The colourant names of a Separation or DeviceN space in one string ("/Red /Green")."""
    return " ".join(colourant_names(space))


def four_inks(verdict: Judgement) -> bool:
    """True for DeviceCMYK and CMYK ICC profiles: spaces whose four values are C, M, Y and K."""
    return verdict.words in ("DeviceCMYK", ICC_KINDS[4][1])
