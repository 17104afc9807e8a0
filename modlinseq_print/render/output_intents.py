"""The printing conditions a press-ready PDF can name as its PDF/X output intent, each with the CMYK output
profile the package ships for it (modlinseq_print/icc/, built by scripts/build-icc-profile.sh; licence in
icc/LICENSE.txt). Plain data: the PDF/X pass (pdfx.py) writes the chosen one into the file."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ICC_FOLDER = Path(__file__).resolve().parent.parent / "icc"
#: The ICC's characterisation data registry, where the identifiers below are registered.
ICC_REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class OutputIntent:
    """A printing condition: its registered identifier, a description of it, a short Info line, the shipped
    profile's file name, and a phrase saying what it is for (in a bundle's README)."""

    identifier: str
    condition: str
    info: str
    profile_file: str
    summary: str
    registry: str = ICC_REGISTRY

    @property
    def profile(self) -> bytes:
        """The embedded CMYK output profile's bytes."""
        return _profile_bytes(self.profile_file)


#: By the name a press option or a service's table entry gives.
OUTPUT_INTENTS = {
    "fogra39": OutputIntent(
        identifier="FOGRA39",
        condition="Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (coated art), FOGRA39",
        info="Coated FOGRA39 (ISO 12647-2:2004), 300% total ink",
        profile_file="FOGRA39L-modlinseq.icc",
        summary="coated offset printing (ISO 12647-2:2004/Amd 1)"),
    "swop": OutputIntent(
        identifier="CGATS TR 005",
        condition="SWOP (publication printing, USA) on grade 5 coated paper, ANSI CGATS/SWOP TR 005-2007",
        info="SWOP grade 5 coated (CGATS TR 005), 300% total ink",
        profile_file="SWOP-TR005-modlinseq.icc",
        summary="SWOP web offset printing on grade 5 coated paper (SWOP 2006 Coated #5)"),
}
DEFAULT_OUTPUT_INTENT = "fogra39"


@lru_cache(maxsize=None)
def _profile_bytes(name: str) -> bytes:
    return (ICC_FOLDER / name).read_bytes()
