"""The README's "Use as a library" examples run as written, in an empty folder, and write their files."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def library_examples() -> list[str]:
    """The python code blocks of the README's "Use as a library" section, in order."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Use as a library\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_library_examples_run(tmp_path, monkeypatch, capsys):
    examples = library_examples()
    assert len(examples) == 2
    monkeypatch.chdir(tmp_path)
    for number, code in enumerate(examples, 1):
        exec(compile(code, f"README.md library example {number}", "exec"), {"__name__": "readme"})
    written = {p.name for p in tmp_path.iterdir()}
    assert {"board.pdf", "board-1.svg", "board-2.svg", "kit.pdf", "tiles.pdf", "tiles.manifest.csv", "cut.svg",
            "markers.pdf", "markers-bed.dxf", "position.svg"} <= written
    for name in ("board.pdf", "kit.pdf", "tiles.pdf", "markers.pdf"):
        assert (tmp_path / name).read_bytes().startswith(b"%PDF-")
    out = capsys.readouterr().out
    assert re.search(r"^13 pages: \['Rules and reference card', 'Board', 'Tiles and modulus markers'\]$", out, re.M)
    assert re.search(r"^True \d+(\.\d+)? mm wide$", out, re.M)
