"""The generated reference cannot drift: every option of every command and every preset key is documented (with
a help text), and every option or key the pages name exists; the diagrams of the pages draw, with the verdict
their pages state; the pages cite the rules as the rules, by page and section, and link their authors."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys

import pytest

from docs_helpers import ROOT, page_id, pages
from modlinseq_print.kits.presets import SECTIONS as PRESET_SECTIONS

SCRIPTS = ROOT / "scripts"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


reference = _module("docs_reference")
PAGE_TEXT = {page_id(path): path.read_text(encoding="utf-8") for path in pages()}
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
#: Options the pages name that belong to other programs than modlinseq-print.
NOT_COMMAND_OPTIONS = {"--smallest",  # the benchmarks' (make bench BENCH_ARGS=--smallest)
                       "--check",  # qpdf's (qpdf --check)
                       "--nworkers", "--nthreads"}  # Dask's (dask worker ADDRESS --nworkers 4 --nthreads 1)
#: The rules cited as "seeds" (random seeds, `--seed`, are fine).
SEEDS = re.compile(r"\bthe seeds\b|\bseeds'|\bthe seed's|\bseed('s)? (figure|page|section|table)s?\b", re.I)
SECTIONS = "|".join(PRESET_SECTIONS)
SECTION_KEY = re.compile(rf"\[({SECTIONS})\] ([a-z_]+)|"
                         rf"`({SECTIONS})\.(?!(?:pdf|svg|png|dxf|toml|txt|manifest|cut)\b)([a-z_]+)`")


def every_option() -> set[str]:
    from modlinseq_print.cli import build_parser

    options = {"--help"} | {o for a in reference.documented_actions(build_parser(None)) for o in a.option_strings}
    for parser in reference.command_parsers().values():
        options |= {o for a in reference.documented_actions(parser) for o in a.option_strings}
    return options


def test_every_argument_has_a_help_and_is_in_the_command_reference():
    text = reference.command_reference()
    parsers = reference.command_parsers()
    assert {"kit", "board", "check", "mod13 deck", "coprimality check"} <= set(parsers)
    for name, parser in parsers.items():
        assert re.search(rf"^#+ {name}$", text, re.M), f"no section for {name}"
        for action in reference.documented_actions(parser):
            assert action.help and action.help.strip(), f"{name}: {action.option_strings or action.dest} has no help"
            for option in action.option_strings:
                assert f"`{option}" in text, f"{name} {option} is not in the command reference"


def test_the_command_reference_says_what_is_required():
    text = reference.command_reference()
    for name in ("check", "score", "position"):
        section = text.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]
        assert re.search(r"\| `--board SPEC` \| .*\*\*Required\.\*\* \|", section), name


def test_every_preset_key_has_a_line_and_is_in_the_table():
    from modlinseq_print.kits.preset_help import KEY_HELP, preset_keys

    keys = preset_keys()
    assert {key.key for key in keys} == set(KEY_HELP), "preset_help.KEY_HELP and the preset definition differ"
    table = reference.preset_reference()
    for key in keys:
        section, _, name = key.key.rpartition(".")
        part = table.split(f"### [{section}]" if section else "### Top-level keys", 1)[1].split("\n### ", 1)[0]
        assert f"| `{name}` |" in part, f"{key.key} is not in the preset table"
    assert '| `spec` | string | `"hex:9"` |' in table and "| `copies` | whole number | `unset` |" in table


def test_every_front_door_function_is_in_the_library_reference():
    import modlinseq_print.api as api

    text = reference.library_reference()
    for name in api.__all__:
        if name != "ModlinseqError":
            assert f"### mp.{name}\n" in text
    assert "BoardPrint.save(path, *, paper='a4'" in text  # its settings by keyword


@pytest.mark.parametrize("page", sorted(PAGE_TEXT))
def test_the_options_and_keys_a_page_names_exist(page):
    from modlinseq_print.kits.preset_help import KEY_HELP

    text = PAGE_TEXT[page]
    unknown = sorted(set(OPTION.findall(text)) - every_option() - NOT_COMMAND_OPTIONS)
    assert unknown == [], f"{page} names options no command has: {unknown}"
    for found in SECTION_KEY.finditer(text):
        section, key = found[1] or found[3], found[2] or found[4]
        assert f"{section}.{key}" in KEY_HELP, f"{page} names the preset key {section}.{key}, which does not exist"


def test_a_made_up_option_would_be_caught():
    assert "--labels" in every_option() and "--no-such-option" not in every_option()


def test_the_generated_markers_are_known():
    hooks = _module("mkdocs_hooks")
    for page, text in PAGE_TEXT.items():
        for name in hooks.MARKER.findall(text):
            assert hooks.generated(name), f"{page}: empty {name}"
    assert "<!-- generated: commands -->" in PAGE_TEXT["docs/reference/commands.md"]
    with pytest.raises(ValueError, match="unknown generated part"):
        hooks.generated("comands")


def test_every_diagram_draws_with_its_stated_verdict():
    drawn = 0
    for page, text in PAGE_TEXT.items():
        for _, diagram in reference.diagrams(text):
            svg = reference.draw_diagram(diagram)
            assert svg.startswith(b"<?xml") and b"<svg" in svg, page
            drawn += 1
    assert drawn >= 8


def test_a_wrong_verdict_fails_the_diagram():
    block = ("board: hex:9\nmodulus: 7\ntranscript: 4B2, 6B1, 1A0, 0M2, 2M4, 4M7\ncaption: x\n")
    for wrong in ("legal: no\n", "blocked: M2\n", "points: 3\n", "blocked: none\n"):
        with pytest.raises(reference.DiagramError):
            reference.draw_diagram(reference.parse_diagram(block + wrong))
    reference.draw_diagram(reference.parse_diagram(block + "legal: yes\nblocked: M1\npoints: 2\n"))
    with pytest.raises(reference.DiagramError, match="unknown key"):
        reference.parse_diagram(block + "colour: red\n")


def test_a_caption_that_says_what_a_turn_scores_is_checked_against_the_engine():
    """A caption saying a turn 'scores N' states `turn: N`, which the rules engine checks by playing the turns;
    one that also sums the table (`points`) says that total too, so caption and legend agree."""
    checked = 0
    for page, text in PAGE_TEXT.items():
        for _, diagram in reference.diagrams(text):
            said = re.search(r"\bscores (\d+)\b", diagram.caption)
            if not said:
                continue
            assert diagram.expected.get("turn") == said.group(1), (page, diagram.caption)
            total = diagram.expected.get("points")
            if total is not None and total != said.group(1):
                assert f"{total} points in all" in diagram.caption, (page, diagram.caption)
            checked += 1
    assert checked >= 1
    block = "board: hex:9\nmodulus: 11\ntranscript: 4B2, 7B1, 10A0, 2M1, 5M2; 7B1 ~ 5E1 ~ 3E3 ~ 1E6\ncaption: x\n"
    with pytest.raises(reference.DiagramError):
        reference.draw_diagram(reference.parse_diagram(block + "turn: 9\n"))  # the board's total, not the turn's
    reference.draw_diagram(reference.parse_diagram(block + "points: 9\nturn: 3\n"))


def test_the_pages_cite_the_rules_and_link_their_authors():
    everything = "\n".join(PAGE_TEXT.values())
    for page, text in PAGE_TEXT.items():
        assert not SEEDS.search(text), f"{page} cites the rules as seeds"
        assert not re.search(r"\bissues? \d+|\(#\d+\)", text, re.I), f"{page} names an issue"
    for link in ("http://tamivox.org/eugene/group_modulo/index.html", "http://damjan.vukcevic.net/2015/01/15/mod-13/",
                 "http://gamesconceived.blogspot.com/2009/05/convoluted-coprimality-game.html"):
        assert link in PAGE_TEXT["README.md"] and link in PAGE_TEXT["docs/index.md"], link
    assert len(re.findall(r"rules, page \d, section \d", everything)) >= 20


def test_the_generated_parts_and_printed_words_cite_the_rules_too():
    words = [part() for part in reference.GENERATED.values()]
    words += [path.read_text(encoding="utf-8") for path in (ROOT / "modlinseq_print" / "i18n" / "locale").glob("*.po")]
    for text in words:
        assert not SEEDS.search(text)


def test_every_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in PAGE_TEXT:
        if page.startswith("docs/"):
            assert f": {page[len('docs/'):]}\n" in nav, f"{page} is not in mkdocs.yml's nav"


NEEDS_MKDOCS = pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None,
                                  reason="mkdocs is not installed (the test and docs extras install it)")


def build_site(source, site) -> subprocess.CompletedProcess:
    """`make docs`'s build of the site in `source` into `site`."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=source, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def test_make_docs_builds_strictly_and_not_quietly():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\ndocs:", 1)[1].split("\n\n", 1)[0]
    assert "mkdocs build --strict" in recipe and "--quiet" not in recipe  # --quiet would hide what fails it


@pytest.mark.slow
@NEEDS_MKDOCS
def test_a_broken_anchor_fails_the_build(tmp_path):
    for name in ("docs", "scripts"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "CHANGELOG.md", "CONTRIBUTING.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    page = tmp_path / "docs" / "how-to" / "languages.md"
    page.write_text(page.read_text(encoding="utf-8").replace("#adding-a-language", "#adding-a-tongue"))
    done = build_site(tmp_path, tmp_path / "site")
    assert done.returncode != 0 and "#adding-a-tongue" in done.stdout + done.stderr


@pytest.mark.slow
@NEEDS_MKDOCS
def test_the_site_builds_strictly(tmp_path):
    site = tmp_path / "site"
    done = build_site(ROOT, site)
    assert done.returncode == 0, done.stdout + done.stderr
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Dave Barber" in home and "preview-cover.png" in home
    commands = (site / "reference" / "commands.html").read_text(encoding="utf-8")
    assert 'id="kit"' in commands and "--dieline-board" in commands
    play = (site / "how-to-play.html").read_text(encoding="utf-8")
    assert play.count("diagrams/how-to-play-") >= 5
    assert len(list((site / "diagrams").glob("how-to-play-*.svg"))) >= 5
    for html in site.rglob("*.html"):  # offline: no script, style sheet or font is fetched from elsewhere
        assert not re.search(r'<(script|link)\b[^>]*\b(src|href)="(https?:)?//', html.read_text(encoding="utf-8")), html
