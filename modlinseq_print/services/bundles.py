"""Upload bundles for print-on-demand services: the files a service's upload form takes, named and sized as its
specification says (data/services.toml), and a README of the files, the upload steps and the sources; nothing
else. In a folder and a ZIP.

Everything is rendered in memory first, as (path, bytes) pairs, so that a failure leaves nothing behind; the
ZIP is deterministic (sorted entries, fixed dates and permissions).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from modlinseq_print.printables.mod13 import CARD_HEIGHT, CARD_WIDTH, deck_cards
from modlinseq_print.printables.per_piece import card_back, card_face, card_images, image_frame
from modlinseq_print.render.output import render_pages
from modlinseq_print.render.output_intents import OUTPUT_INTENTS
from modlinseq_print.render.press import PressOptions
from modlinseq_print.render.scene import Document, Page, Scene
from modlinseq_print.services.punchout import check_slugs, cut_scenes, cut_spacing, slug_pages
from modlinseq_print.services.specs import MM_PER_IN, Product, Service, ServiceError

Files = list[tuple[str, bytes]]
README = "README.txt"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _png(scene: Scene, dpi: float, pixels: tuple[int, int] | None) -> bytes:
    """The scene as PNG at `dpi` (its resolution recorded), checked to be the service's exact pixel size."""
    from modlinseq_print.render.png_writer import png_size, scene_to_png

    if pixels is not None and png_size(scene, dpi) != tuple(pixels):
        raise ServiceError(f"an image of {png_size(scene, dpi)} pixels where the service takes {tuple(pixels)}",
                           "product", pixels)
    return scene_to_png(scene, dpi)


def card_files(product: Product, signed: bool) -> tuple[Files, list[str]]:
    """The Mod 13 deck as the product takes it, and the README's lines describing the files."""
    if product.method == "pdf":
        return _card_pdf(product, signed)
    frame = image_frame(product.trim, product.bleed, product.dpi)
    images = card_images(signed, frame, product.face_name, product.back_name)
    files = [(image.name, _png(image.scene, product.dpi, product.pixels)) for image in images]
    width, height = frame.pixels
    return files, [f"{len(images) - 1} card faces ({product.face_name.format(card='*')}, one of each card) and "
                   f"1 back ({product.back_name}) for every card,",
                   f"{width} x {height} pixels at {product.dpi:g} dpi each."]


def _card_pdf(product: Product, signed: bool) -> tuple[Files, list[str]]:
    """One PDF/X file: a page per side, each the trim and its bleed, the back of each card before its face."""
    width, height = product.trim
    x, y = (width - CARD_WIDTH) / 2, (height - CARD_HEIGHT) / 2
    pages = []
    for rank, suit in deck_cards():
        face, back = Scene(width, height), Scene(width, height)
        face.layer("card").items.extend(card_face(face, rank, suit, x, y, signed))
        back.layer("card").items.extend(card_back(width, height, x, y))
        pages += [Page(back), Page(face)] if product.order == "back-face" else [Page(face), Page(back)]
    press = PressOptions(bleed=product.bleed, pdfx=product.pdfx, print_marks=False,
                         output_intent=product.output_intent)
    intent = OUTPUT_INTENTS[product.output_intent]
    data = render_pages(Document(pages, "MODLINSEQ Mod 13 deck"), "pdf", press=press)[0]
    return [("cards.pdf", data)], [f"cards.pdf: {len(pages)} pages of {width + 2 * product.bleed:.2f} x "
                                   f"{height + 2 * product.bleed:.2f} mm, {press.level.name}, the back of each "
                                   "card before its face;",
                                   f"its output intent is {intent.identifier}: {intent.summary},",
                                   f"with that condition's CMYK profile embedded ({intent.profile_file})."]


def punchout_files(product: Product, pieces, faces, title: str) -> tuple[Files, list[str]]:
    """Tiles, markers or a kit's pieces as the product takes them (custom punchout slugs), and README lines;
    refused before the layout when the slugs are more pixels than one run draws."""
    check_slugs(product, pieces, faces, title)
    sheets = slug_pages(product, pieces, faces, title)
    renders = render_pages(sheets.document, "png", product.dpi)
    files: Files = []
    for number, (front, back) in enumerate(zip(renders[::2], renders[1::2]), start=1):
        files += [(f"slug-{number}-front.png", _checked(front, product)), (f"slug-{number}-back.png", back)]
    cuts = render_pages(Document([Page(scene) for scene in cut_scenes(product, sheets, faces.look.outline)]), "svg")
    files += [(f"slug-{number}-cut.svg", data) for number, data in enumerate(cuts, start=1)]
    slugs = len(cuts)
    width, height = product.pixels or (0, 0)
    return files, [f"{len(pieces)} pieces on {slugs} slug{'s' if slugs != 1 else ''} of {product.slug[0]:g} x "
                   f"{product.slug[1]:g} in: a front and a (mirrored) back image of {width} x {height} pixels at "
                   f"{product.dpi:g} dpi and a cut line (SVG, {product.nicks} nicks per shape) for each;",
                   f"each piece's art runs {product.bleed_in:g} in ({product.bleed:.2f} mm) past its cut line, and cut "
                   f"lines are {cut_spacing(product) / MM_PER_IN:g} in ({cut_spacing(product):.2f} mm) apart or more."]


def _checked(png: bytes, product: Product) -> bytes:
    """The slug image, checked to be the product's exact pixel size."""
    import struct

    pixels = struct.unpack(">II", png[16:24])
    if product.pixels is not None and pixels != tuple(product.pixels):
        raise ServiceError(f"a slug image of {pixels} pixels where the service takes {tuple(product.pixels)}",
                           "product", product.pixels)
    return png


def readme(service: Service, product: Product, what: str, lines: list[str]) -> str:
    """The bundle's README: what it holds, the upload steps, and the specification's sources."""
    notes = [f"  {line}" for line in product.colour_notes]
    text = [f"{what} for {service.title}: {product.product}", "",
            "Files", *[f"  {line}" for line in lines], f"  Colour: {product.colour}.", *notes, "",
            "Upload steps", *[f"  {n}. {step}" for n, step in enumerate(product.steps, start=1)], "",
            "Specification (sizes, bleed, file names) from", *[f"  {source}" for source in product.sources],
            f"  and {service.site}", "",
            "These files follow the specification above as published; they were not uploaded to the service",
            "when they were made. Check the service's proof before you order.", ""]
    return "\n".join(text)


def zip_bytes(files: Files, root: str) -> bytes:
    """The files in a ZIP under the folder `root`, deterministic: sorted, fixed dates and permissions."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(f"{root}/{name}", date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def bundle(folder: str | Path, service: Service, product: Product, what: str,
           made: tuple[Files, list[str]]) -> list[tuple[Path, bytes]]:
    """The bundle's files in `folder` (with its README) and the same files in folder.zip beside it."""
    files, lines = made
    files = files + [(README, readme(service, product, what, lines).encode("utf-8"))]
    root = Path(folder)
    return [(root / name, data) for name, data in files] + [(root.with_name(root.name + ".zip"),
                                                             zip_bytes(files, root.name))]
