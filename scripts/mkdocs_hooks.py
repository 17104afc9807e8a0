"""MkDocs hooks (mkdocs.yml `hooks:`): at build time, fill each `<!-- generated: NAME -->` marker with the
reference made from the code, draw every ```position block as a diagram next to its page, and publish the
repository's CHANGELOG.md and CONTRIBUTING.md as pages of the site."""

from __future__ import annotations

import posixpath
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_reference as reference  # noqa: E402  (found beside this file)

ROOT = Path(__file__).resolve().parent.parent
MARKERS = reference.GENERATED
MARKER = re.compile(r"<!-- generated: ([a-z-]+) -->")
#: Site pages made from files at the top of the repository (their links to docs/ become links within the site).
ROOT_PAGES = {"changelog.md": "CHANGELOG.md", "contributing.md": "CONTRIBUTING.md"}


def diagram_path(page: str, index: int) -> str:
    """Where the index-th diagram of a page goes: diagrams/PAGE-N.svg beside the page."""
    return posixpath.join(posixpath.dirname(page), "diagrams", f"{posixpath.basename(page)[:-3]}-{index}.svg")


def root_page(source: str) -> str:
    """A top-level Markdown file as a site page: its links into docs/ and to the other top-level pages made
    links within the site."""
    text = re.sub(r"\]\(docs/", "](", (ROOT / source).read_text(encoding="utf-8"))
    for page, name in {**ROOT_PAGES, "index.md": "README.md"}.items():
        text = text.replace(f"]({name})", f"]({page})").replace(f"]({name}#", f"]({page}#")
    return text


def generated(name: str) -> str:
    """The text of a marker's reference; an unknown name is an error, so a typo fails the build."""
    if name not in MARKERS:
        raise ValueError(f"unknown generated part {name!r}: use one of {', '.join(MARKERS)}")
    return MARKERS[name]()


def on_files(files, config):
    """Add the diagrams of every page, and the changelog and contributing pages."""
    from mkdocs.structure.files import File

    for name, source in ROOT_PAGES.items():
        files.append(File.generated(config, name, content=root_page(source)))
    for page in list(files.documentation_pages()):
        for index, (_, diagram) in enumerate(reference.diagrams(page.content_string), 1):
            files.append(File.generated(config, diagram_path(page.src_uri, index),
                                        content=reference.draw_diagram(diagram)))
    return files


def on_page_markdown(markdown, page, config, files):
    """Fill the markers and put each diagram, with its caption, where its block was."""
    markdown = MARKER.sub(lambda found: generated(found[1]), markdown)
    pieces, last = [], 0
    for index, (found, diagram) in enumerate(reference.diagrams(markdown), 1):
        src = posixpath.relpath(diagram_path(page.file.src_uri, index), posixpath.dirname(page.file.src_uri) or ".")
        pieces += [markdown[last:found.start()], reference.diagram_markdown(diagram, src)]
        last = found.end()
    return "".join(pieces) + markdown[last:]
