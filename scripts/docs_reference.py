"""The documentation's generated parts, made from the code so they cannot drift: the command reference (from the
argument parser), the preset key table (from the preset definition), the library's front door (from its
signatures and docstrings) and the position diagrams of the pages (drawn from transcripts, their stated verdicts
checked). `make docs` runs them through scripts/mkdocs_hooks.py; tests/test_docs_reference.py checks them.
"""

from __future__ import annotations

import argparse
import html
import inspect
import re
from dataclasses import dataclass, field

PROG = "modlinseq-print"


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands of a parser by name (empty when it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Every command and subcommand ("mod13 deck") with its fully built parser, in the order of `--help`."""
    from modlinseq_print.cli import build_parser

    found: dict[str, argparse.ArgumentParser] = {}
    for name, parser in _subcommands(build_parser("*")).items():
        found[name] = parser
        for inner, subparser in _subcommands(parser).items():
            found[f"{name} {inner}"] = subparser
    return found


def documented_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The arguments a user types: every action but --help and the choice of a subcommand."""
    return [a for a in parser._actions
            if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)) and a.help != argparse.SUPPRESS]


def _value(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if action.metavar:
        return str(action.metavar)
    if action.choices:
        return "{" + ",".join(str(choice) for choice in action.choices) + "}"
    return action.dest.upper()


def _cell(text: str) -> str:
    """Text for a Markdown table cell: pipes escaped, on one line."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _argument_row(action: argparse.Action) -> str:
    value = _value(action)
    if action.option_strings:
        *short, last = action.option_strings
        name = ", ".join([f"`{option}`" for option in short] + [f"`{last} {value}`".replace(" `", "`")])
    else:
        name = f"`{value}`" + (" ..." if action.nargs in ("+", "*") else "")
    meaning = (action.help or "") % {"default": action.default, "prog": PROG}
    if action.required and action.option_strings:
        meaning += " **Required.**"
    return f"| {name} | {_cell(meaning)} |"


def command_section(name: str, parser: argparse.ArgumentParser, summary: str, level: int = 2) -> str:
    """One command's reference: its summary, usage and a table of its arguments per group."""
    lines = [f"{'#' * level} {name}", "", summary[0].upper() + summary[1:] + ".", "", "```text",
             parser.format_usage().strip(), "```", ""]
    for group in parser._action_groups:
        rows = [a for a in group._group_actions if a in documented_actions(parser)]
        if not rows:
            continue
        title = {"positional arguments": "arguments", "options": "options"}.get(group.title, group.title)
        lines += [f"**{title.capitalize()}**", "", "| argument | what it does |", "| --- | --- |"]
        lines += [_argument_row(action) for action in rows] + [""]
    return "\n".join(lines)


def command_reference() -> str:
    """The reference of every command, in the order of `modlinseq-print --help`, and the global options."""
    from modlinseq_print.cli import COMMANDS, build_parser

    parsers = command_parsers()
    sections = []
    for name, parser in parsers.items():
        top, _, inner = name.partition(" ")
        summary = _inner_help(parsers[top], inner) if inner else COMMANDS[name]
        sections.append(command_section(name, parser, summary, level=3 if inner else 2))
    rows = [_argument_row(action) for action in documented_actions(build_parser(None))]
    sections.append("\n".join(["## Global options", "",
                               f"Given before the command, as in `{PROG} --debug board ...`.", "",
                               "| argument | what it does |", "| --- | --- |", *rows, ""]))
    return "\n".join(sections)


def _inner_help(parser: argparse.ArgumentParser, inner: str) -> str:
    """The one-line help a subcommand was registered with."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == inner:
                    return choice.help or inner
    return inner


def _toml(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def preset_reference() -> str:
    """The table of every preset key, per section: type, default and meaning."""
    from modlinseq_print.kits.preset_help import preset_keys

    sections: dict[str, list[str]] = {}
    for key in preset_keys():
        section, _, name = key.key.rpartition(".")
        rows = sections.setdefault(section, ["| key | type | default | meaning |", "| --- | --- | --- | --- |"])
        rows.append(f"| `{name}` | {key.kind} | `{_toml(key.default)}` | {_cell(key.help or '')} |")
    lines = []
    for section, rows in sections.items():
        lines += [f"### {'Top-level keys' if not section else f'[{section}]'}", "", *rows, ""]
    return "\n".join(lines)


def _plain(function) -> str:
    """A signature as a reader wants it: the parameters and their defaults, without annotations or self."""
    signature = inspect.signature(function)
    parameters = [p.replace(annotation=inspect.Parameter.empty) for p in signature.parameters.values()
                  if p.name != "self"]
    return str(signature.replace(parameters=parameters, return_annotation=inspect.Signature.empty))


def library_reference() -> str:
    """The front door (`import modlinseq_print as mp`): each function's signature and docstring, and the
    `save` of what it returns."""
    import modlinseq_print.api as api

    lines = []
    for name in api.__all__:
        item = getattr(api, name)
        if inspect.isclass(item) and issubclass(item, Exception):
            continue  # ModlinseqError: the page says what raises it
        lines += [f"### mp.{name}", "", "```text", f"mp.{name}{_plain(item)}", "```", "",
                  inspect.getdoc(item) or "", ""]
        if inspect.isclass(item):
            continue
        returned = inspect.signature(item).return_annotation
        kind = getattr(api, str(returned), None)
        if kind is not None and hasattr(kind, "save"):
            lines += [f"It returns a `{kind.__name__}`: {inspect.getdoc(kind)}", "", "```text",
                      f"{kind.__name__}.save{_plain(kind.save)}", "```", "",
                      inspect.getdoc(kind.save) or "", ""]
    return "\n".join(lines)


# -- position diagrams ------------------------------------------------------------------------------------------

DIAGRAM_BLOCK = re.compile(r"^```position\n(?P<body>.*?)^```\n", re.S | re.M)
KEYS = ("board", "modulus", "transcript", "wrap", "pattern", "marker", "crop", "legend", "caption", "legal",
        "blocked", "points", "turn")


class DiagramError(ValueError):
    """A diagram block that cannot be drawn, or whose stated verdict is not what the rules engine finds."""


@dataclass(frozen=True)
class Diagram:
    """A ```position block: a transcript on a board, how to draw it, and the verdict the page states."""

    board: str
    modulus: int
    transcript: str
    caption: str
    options: dict = field(default_factory=dict)
    expected: dict = field(default_factory=dict)


def parse_diagram(body: str) -> Diagram:
    """A block's `key: value` lines (a value may go on over indented lines) as a Diagram."""
    values: dict[str, str] = {}
    key = None
    for line in body.splitlines():
        if line.startswith((" ", "\t")) and key:
            values[key] += " " + line.strip()
        elif line.strip():
            key, _, value = line.partition(":")
            key = key.strip()
            if key not in KEYS:
                raise DiagramError(f"unknown key {key!r} in a position block: use {', '.join(KEYS)}")
            values[key] = value.strip()
    missing = [k for k in ("board", "modulus", "transcript", "caption") if k not in values]
    if missing:
        raise DiagramError(f"a position block needs {', '.join(missing)}")
    options = {"wrap": values.get("wrap"), "pattern": values.get("pattern"),
               "marker": values.get("marker") == "yes", "crop": values.get("crop", "yes") == "yes",
               "legend": values.get("legend", "long")}
    expected = {k: values[k] for k in ("legal", "blocked", "points", "turn") if k in values}
    return Diagram(values["board"], int(values["modulus"]), values["transcript"], values["caption"], options,
                   expected)


def diagrams(markdown: str) -> list[tuple[re.Match, Diagram]]:
    """Every ```position block of a page, with its match in the text."""
    return [(found, parse_diagram(found["body"])) for found in DIAGRAM_BLOCK.finditer(markdown)]


def last_turn_points(diagram: Diagram) -> int:
    """What the transcript's last turn scores, its turns played in order by the rules engine from the empty
    board (or the modulus marker alone on A0)."""
    from modlinseq_print.rules.start import start_position
    from modlinseq_print.rules.transcript import parse_transcript
    from modlinseq_print.rules.turns import play

    start = start_position(diagram.board, diagram.modulus, diagram.options["wrap"], marker=diagram.options["marker"])
    played = play(parse_transcript(diagram.transcript, start.topology, diagram.modulus), start)
    last = played.results[-1]
    if not last.legal:
        raise DiagramError(f"turn {last.number} of {diagram.transcript!r} is illegal: {last.reason}")
    return last.points


def check_verdict(diagram: Diagram, report: dict) -> None:
    """Raise DiagramError when the verdict the page states is not the engine's: legal, the blocked cells,
    `points` (the sum over every sequence on the board, as the legend lists them) and `turn` (what the last
    turn scores)."""
    found = {"legal": "yes" if report["legal"] else "no",
             "blocked": " ".join(sorted(report["blocked"])) or "none",
             "points": str(sum(sequence["points"] for sequence in report["sequences"]))}
    if "turn" in diagram.expected:
        found["turn"] = str(last_turn_points(diagram))
    for key, stated in diagram.expected.items():
        if key == "blocked":
            stated = " ".join(sorted(stated.replace(",", " ").split())) or "none"
        if stated != found[key]:
            raise DiagramError(f"the page says {key}: {stated} for {diagram.transcript!r}, the rules engine finds "
                               f"{found[key]}")


def draw_diagram(diagram: Diagram) -> bytes:
    """The diagram as SVG, as `modlinseq-print position` draws it, after checking the stated verdict."""
    import modlinseq_print as mp
    from modlinseq_print.printables.position import position_document
    from modlinseq_print.render.output import render_pages

    options = diagram.options
    rules = {"wrap": options["wrap"], "marker": options["marker"]}
    check_verdict(diagram, mp.check(diagram.board, diagram.modulus, diagram.transcript, **rules))
    figure = mp.position(diagram.board, diagram.modulus, diagram.transcript, pattern=options["pattern"],
                         crop=options["crop"], legend=options["legend"], modulus_note="auto", **rules)
    return render_pages(position_document(figure.drawing), "svg")[0]


def diagram_markdown(diagram: Diagram, src: str) -> str:
    """What replaces a block on the page: the picture (at `src`) and its caption."""
    return (f'<figure markdown="span">\n  ![{html.escape(diagram.caption)}]({src})\n'
            f"  <figcaption>{html.escape(diagram.caption)}</figcaption>\n</figure>\n")


#: The generated parts by the name a page's `<!-- generated: NAME -->` marker gives.
GENERATED = {"commands": command_reference, "preset-keys": preset_reference, "library": library_reference}


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 2 or sys.argv[1] not in GENERATED:
        sys.exit(f"usage: python scripts/docs_reference.py {{{','.join(GENERATED)}}}  (prints that generated part)")
    print(GENERATED[sys.argv[1]]())
