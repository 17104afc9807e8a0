"""The print-on-demand services' upload specifications, read from data/services.toml: one entry per service,
one product per kind of thing printed (the Mod 13 deck's cards, the game's pieces)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from pathlib import Path

from modlinseq_print.errors import FieldError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.output_intents import DEFAULT_OUTPUT_INTENT, OUTPUT_INTENTS

SERVICES_FILE = Path(__file__).resolve().parent.parent / "data" / "services.toml"
KINDS = ("cards", "pieces")
METHODS = ("images", "pdf", "punchout")
MM_PER_IN = 25.4


class ServiceError(FieldError):
    """A service or product this tool has no specification for."""


@dataclass(frozen=True)
class Product:
    """What one service's upload form takes for one kind of thing (see data/services.toml)."""

    kind: str
    product: str
    method: str
    colour: str
    sources: tuple[str, ...]
    steps: tuple[str, ...]
    cite: dict[str, str] = field(default_factory=dict)  # a value's key -> the source (one of `sources`) it follows
    dpi: float = 300.0
    trim_in: tuple[float, float] = (0.0, 0.0)
    bleed_in: float = 0.0
    pixels: tuple[int, int] | None = None
    slug_in: tuple[float, float] | None = None
    safe_in: float = 0.0
    spacing_in: float = 0.0
    nicks: int = 0
    nick_in: float = 0.0
    pdfx: str = "1a"
    output_intent: str = DEFAULT_OUTPUT_INTENT
    max_ink: float = 300.0
    colour_notes: tuple[str, ...] = ()  # README lines on the colour: the printing condition chosen, and why
    order: str = "back-face"
    face_name: str = "card-{card}.png"
    back_name: str = "back-1.png"

    @property
    def trim(self) -> tuple[float, float]:
        """The finished size in mm."""
        return self.trim_in[0] * MM_PER_IN, self.trim_in[1] * MM_PER_IN

    @property
    def bleed(self) -> float:
        """The bleed per side in mm."""
        return self.bleed_in * MM_PER_IN

    @property
    def slug(self) -> tuple[float, float]:
        """The slug's size in inches, for a product printed on slugs (punch-out sheets)."""
        if self.slug_in is None:
            raise ValueError(f"{self.product} is not printed on slugs")
        return self.slug_in


@dataclass(frozen=True)
class Service:
    """A print-on-demand service: its name on the command line, title, site and products by kind."""

    name: str
    title: str
    site: str
    products: dict[str, Product] = field(default_factory=dict)

    def product(self, kind: str) -> Product:
        """The product this service makes for `kind` ('cards' or 'pieces'), or a one-line refusal."""
        if kind not in self.products:
            offers = " and ".join(f"the Mod 13 deck ({p.product})" if k == "cards" else f"pieces ({p.product})"
                                  for k, p in self.products.items())
            what = "the Mod 13 deck" if kind == "cards" else "tiles, markers or a kit's pieces"
            raise ServiceError(f"{self.title} has no product for {what} in our table; it takes {offers}",
                               "product", tuple(self.products))
        return self.products[kind]


def _product(kind: str, row: dict[str, Any]) -> Product:
    if row["method"] not in METHODS:
        raise ValueError(f"services.toml: method {row['method']!r} is not one of {METHODS}")
    if row.get("output_intent", DEFAULT_OUTPUT_INTENT) not in OUTPUT_INTENTS:
        raise ValueError(f"services.toml: output_intent {row['output_intent']!r} is not one of {tuple(OUTPUT_INTENTS)}")
    cite = dict(row.get("cite", {}))
    for key, source in cite.items():
        if key not in row or source not in row["sources"]:
            raise ValueError(f"services.toml: cite {key} = {source!r} names a value or a source the product lacks")
    tuples: dict[str, Any] = {key: tuple(row[key]) for key in ("trim_in", "pixels", "slug_in", "colour_notes")
                              if key in row}
    plain = {key: value for key, value in row.items() if key not in tuples and key not in ("sources", "steps", "cite")}
    return Product(kind=kind, sources=tuple(row["sources"]), steps=tuple(row["steps"]), cite=cite, **tuples, **plain)


@lru_cache(maxsize=1)
def services() -> dict[str, Service]:
    """Every service of the data table, by name."""
    table = tomllib.loads(SERVICES_FILE.read_text(encoding="utf-8"))
    return {name: Service(name, row["title"], row["site"],
                          {kind: _product(kind, row[kind]) for kind in KINDS if kind in row})
            for name, row in table.items()}


def get_service(name: str) -> Service:
    """The service of this name, or a one-line error listing the choices."""
    try:
        return services()[name]
    except KeyError:
        raise ServiceError(f"unknown service {excerpt(name)}: use one of {', '.join(services())}", "service",
                           tuple(services())) from None
