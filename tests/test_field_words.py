"""The command line's words stay in `commands/`: the lower layers name no option, and their errors carry the field
at fault, which each front end words its own way: the command line as a flag, the library as a keyword
argument (or a kit preset's key). The studio's wording is tested in tests/studio/test_studio_field_words.py."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import modlinseq_print as mp
from modlinseq_print import errors
from modlinseq_print.cli import build_parser
from modlinseq_print.commands.flags import FLAGS, options_by_dest
from modlinseq_print.errors import MAX_MESSAGE, FieldError, ModlinseqError, mention

PACKAGE = Path(mp.__file__).parent
#: The front ends: they word fields their own way and may name options (the command line, the studio, the
#: library's front door).
FRONT_ENDS = ("commands", "studio", "cli.py", "api.py", "__init__.py", "__main__.py")
#: Every option string the command line defines (its short ones too), and any --word looking like one.
OPTIONS = sorted({flag for action in options_by_dest(build_parser("*")).values() for flag in action.option_strings},
                 key=len, reverse=True)
NAMES_AN_OPTION = re.compile(rf"(?<![\w-])(?:--[a-z][a-z0-9-]*|{'|'.join(map(re.escape, OPTIONS))})(?![\w-])")


def lower_layer_files() -> list[Path]:
    """The package's Python files below the front ends."""
    return [path for path in sorted(PACKAGE.rglob("*.py"))
            if path.relative_to(PACKAGE).parts[0] not in FRONT_ENDS]


def option_words(path: Path) -> list[str]:
    """The strings (docstrings and f-strings included) and comments of a file that name a command-line option."""
    found, name = [], path.relative_to(PACKAGE) if path.is_relative_to(PACKAGE) else path.name
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type in (tokenize.STRING, tokenize.COMMENT) and NAMES_AN_OPTION.search(token.string):
            found.append(f"{name}:{token.start[0]}: {token.string.strip()[:90]}")
    return found


def test_the_lower_layers_name_no_command_line_option():
    assert len(lower_layer_files()) > 100
    assert [word for path in lower_layer_files() for word in option_words(path)] == []


def test_the_lower_layers_read_no_argparse_objects():
    bad = []
    for path in lower_layer_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            imported = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            bad += [f"{path.relative_to(PACKAGE)}: imports {name}" for name in imported if name.startswith("argparse")]
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "args":
                bad.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: reads args.{node.attr}")
    assert bad == []


def test_the_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Draws a board (see --help)."""\nHINT = f"use {x} or -o NAME.pdf"\n'
                      'FINE = "a 5-fold -- dashes and x--y, e.g. 3mm-5mm"  # a comment naming --paper\n',
                      encoding="utf-8")
    found = [line.split(": ", 1)[0] for line in option_words(sample)]
    assert found == [f"{sample.name}:1", f"{sample.name}:2", f"{sample.name}:3"]
    assert not NAMES_AN_OPTION.search("a 5-fold -- dashes and x--y, e.g. 3mm-5mm")


# --- the mechanism ------------------------------------------------------------------------------------------

def test_an_error_words_its_fields_and_leads_with_its_own_when_it_does_not_name_it():
    error = FieldError(f"use {mention('paper', 'a3')}, {mention('labels', False)} or a larger {mention('cell_size')}",
                       "label_size", 4.5)
    assert str(error) == "label_size: use paper='a3', labels=False or a larger cell_size"
    assert error.worded(lambda name, value: f"<{name}|{value}>") == \
        "<label_size|None>: use <paper|a3>, <labels|False> or a larger <cell_size|None>"
    assert (error.field, error.limit, error.mentioned) == ("label_size", 4.5, ["paper", "labels", "cell_size"])
    renamed = error.named({"paper": "bed"})
    assert type(renamed) is FieldError
    assert str(renamed) == "label_size: use bed='a3', labels=False or a larger cell_size"
    assert errors.preset_word("board.paper", "a3") == 'board.paper = "a3"'


def test_a_malformed_mark_in_user_text_is_worded_as_text():
    error = FieldError("can't read '\x1fpaper\x1e{\x1f' and \x1fPAPER\x1f", "board")
    assert str(error) == "board: can't read 'paper='{'' and \x1fPAPER\x1f"


# --- the command line and the library, for a representative set of fields -----------------------------------

CASES = [  # field: (command line, what its error says), (library call, what its error says)
    ("paper", ["board", "--paper", "a9"], "--paper: unknown paper 'a9'",
     lambda out: mp.board("hex:2").save(out, paper="a9"), "paper: unknown paper 'a9'"),
    ("margin", ["board", "--margin", "500mm"], "use a smaller --margin or larger --paper",
     lambda out: mp.board("hex:2").save(out, margin="500mm"), "use a smaller margin or larger paper"),
    ("dpi", ["board", "--board", "hex:2", "--dpi", "0.001", "-o", "OUT.png"],
     "less than one pixel a side: use --dpi 0.",
     lambda out: mp.board("hex:2").save(out.with_suffix(".png"), dpi=0.001), "less than one pixel a side: use dpi=0."),
    ("fit", ["board", "--paper", "poster", "--fit"],
     "--fit needs a sheet size: use --paper a4 (or another paper) with --fit",
     lambda out: mp.board("hex:2").save(out, paper="poster", fit=True),
     "fit=True needs a sheet size: use paper='a4' (or another paper) with fit=True"),
    ("crop_margin", ["position", "--board", "hex:4", "-m", "13", "--crop-margin", "-1", "1A0"], "--crop-margin",
     lambda out: mp.position("hex:4", 13, "1A0", crop_margin=-1), "crop_margin: bad crop margin -1"),
    ("cell_size", ["board", "--cell-size", "3mm"], "use --cell-size 28.00mm or more, or a smaller --tile-width",
     lambda out: mp.board("hex:2", cell_size="3mm"), "use cell_size 28.00mm or more, or a smaller tile_width"),
    ("label_size", ["board", "--label-size", "20mm"], "mm or less, or a larger --cell-size",
     lambda out: mp.board("hex:2", label_size="20mm").save(out), "use label_size 5.2mm or less, or a larger cell_size"),
    ("tile_width", ["tiles", "--tile-width", "1mm"], "--tile-width: a tile width of 1 mm is not practical",
     lambda out: mp.tiles(width="1mm"), "width: a tile width of 1 mm is not practical"),
    ("board", ["board", "--board", "hex:x"], "--board: can't read 'hex:x' as a board",
     lambda out: mp.board("hex:x"), "spec: can't read 'hex:x' as a board"),
    ("board", ["check", "--board", "hex:x", "-m", "13", "1A0"], "--board: can't read 'hex:x' as a board",
     lambda out: mp.check("hex:x", 13, "1A0"), "board: can't read 'hex:x' as a board"),
    ("modulus", ["tiles", "--modulus", "1000"], "--modulus: bad modulus 1000",
     lambda out: mp.tiles(modulus=1000), "modulus: bad modulus 1000"),
    ("range", ["tiles", "--markers", "20-8"], "--markers: bad range '20-8'",
     lambda out: mp.tiles(markers="20-8"), "markers: bad range '20-8'"),
    ("bed", ["tiles", "--cut-file", "OUT.svg", "--bed", "10x10mm"], "use a smaller --bed-margin or a larger --bed",
     lambda out: mp.tiles().save(out.with_suffix(".dxf"), bed="10x10mm"), "use a smaller bed_margin or a larger bed"),
    ("bed", ["tiles", "--bed", "a9", "--cut-file", "OUT.svg"], "--bed: unknown paper 'a9'",
     lambda out: mp.tiles().save(out.with_suffix(".dxf"), bed="a9"), "bed: unknown paper 'a9'"),
    ("cut_file", ["tiles", "--bed", "a4"], "--bed sets up a cut file, and none is asked for: add --cut-file NAME.svg "
     "(or write --output NAME.dxf) or drop --bed",
     lambda out: mp.tiles().save(out, bed="a4"),
     "bed sets up a cut file, and none is asked for: add cut_file='NAME.svg' (or write path='NAME.dxf') or drop bed"),
    ("format", ["board", "--format", "svg", "-o", "OUT.pdf"], "--format svg contradicts the file name",
     lambda out: mp.board("hex:2").save(out, format="svg"), "format='svg' contradicts the file name"),
    ("press.bleed", ["board", "--press", "--press-bleed", "30mm"],
     "--press-bleed: a press bleed of 30 mm is out of range",
     lambda out: mp.PressOptions(bleed=30), "press.bleed: a press bleed of 30 mm is out of range"),
    ("exercises", ["worksheet", "--exercises", "600"], "--exercises: bad count 600: give 1 to 500 problems",
     lambda out: mp.kit("standard", exercises=600), "exercises: bad count 600: give 0 to 500 problems"),
]


@pytest.mark.parametrize("field, argv, says, call, library_says", CASES, ids=[case[0] for case in CASES])
def test_the_command_line_names_the_flag_and_the_library_the_keyword(tmp_path, cli, field, argv, says, call,
                                                                     library_says):
    out = tmp_path / "out.pdf"
    argv = [word.replace("OUT", str(tmp_path / "out")) for word in argv]
    result = cli(*argv, *(["-o", out] if "-o" not in argv and argv[0] not in ("check",) else []))
    assert result.status == 2 and result.out == "" and result.err.count("\n") == 1, result
    assert says in result.err and len(result.err.strip()) < MAX_MESSAGE, result.err  # one line, not cut to fit
    with pytest.raises(ModlinseqError) as raised:
        call(out)
    assert library_says in str(raised.value) and "\n" not in str(raised.value), str(raised.value)
    assert not re.search(r"(?<![\w-])--[a-z]", str(raised.value)), str(raised.value)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv, says", [
    (["pieces3d", "--thickness", "100mm", "-o", "OUT.3mf"], "--thickness: a thickness of 100 mm is out of range"),
    (["pieces3d", "--bed", "10x10mm", "-o", "OUT.3mf"], "--bed: a bed of 10 x 10 mm is out of range"),
    (["rack", "--material", "50mm", "-o", "OUT.svg"], "--material: a material 50 mm thick is out of range"),
])
def test_the_solids_name_their_flags(tmp_path, cli, argv, says):
    result = cli(*[word.replace("OUT", str(tmp_path / "out")) for word in argv])
    assert result.status == 2 and says in result.err, result
    from modlinseq_print.solids.pieces import SolidSpec

    with pytest.raises(ModlinseqError, match="^thickness: a thickness of 100 mm is out of range"):
        SolidSpec(thickness=100)


def test_a_kit_preset_names_its_keys_on_the_command_line_and_in_the_library(tmp_path, cli):
    preset = tmp_path / "small.toml"
    preset.write_text('[board]\ncell_size = "3mm"\n', encoding="utf-8")
    says = ("key board.cell_size: a 25 mm pentagon tile does not fit a 3 mm cell with 1.5 mm clearance: use "
            "board.cell_size 28.00mm or more, or a smaller tiles.width")
    result = cli("kit", preset, "-o", tmp_path / "kit.pdf")
    assert result.status == 2 and says in result.err, result
    with pytest.raises(ModlinseqError, match=re.escape(says)):
        mp.kit(str(preset))
    preset.write_text('[tiles]\ngutter = "4mm"\n', encoding="utf-8")
    result = cli("kit", preset, "-o", tmp_path / "kit.pdf")
    assert 'use tiles.layout = "gutter-fold" or drop tiles.gutter' in result.err, result
    preset.write_text('lang = "xx"\n', encoding="utf-8")  # a key that is also one of the kit command's options
    result = cli("kit", preset, "-o", tmp_path / "kit.pdf")
    assert "small.toml: key lang: unknown language 'xx'" in result.err and "--lang" not in result.err, result


def test_every_field_a_lower_layer_names_has_a_flag():
    """A field named in a lower layer's error that no command has an option for would reach the command line
    in the library's words: each one is an option's destination or in commands/flags.py's FLAGS."""
    classes = {cls.__name__ for cls in _subclasses(FieldError)}
    named = set()
    for path in lower_layer_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "mention" or (node.func.id in classes and len(node.args) > 1):
                argument = node.args[0] if node.func.id == "mention" else node.args[1]
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    named.add(argument.value)
    assert {"paper", "margin", "dpi", "cell_size", "tile_width", "modulus", "bed", "thickness"} <= named
    options = options_by_dest(build_parser("*"))
    preset_keys = {name for name in named if "." in name and not name.startswith("press.")}
    assert sorted(name for name in named - preset_keys if name not in options and name not in FLAGS) == []


def _subclasses(cls: type) -> set[type]:
    import importlib
    import pkgutil

    for module in pkgutil.walk_packages(mp.__path__, "modlinseq_print."):
        if not module.name.startswith(("modlinseq_print.studio", "modlinseq_print.commands")):
            importlib.import_module(module.name)
    found, todo = set(), [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    return found | {cls}
