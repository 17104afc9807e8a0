"""Compiling the translation catalogues: each locale/LANG.po (the source, edited by translators) to the
LANG.mo that the standard library's gettext reads at run time.

Babel reads the .po files and writes the .mo files, so it is needed where the package is built (setup.py
runs this for every wheel and every editable install) and by the tests, never at run time: its locale
data would add a fifth to the runtime install for the one decimal symbol per language the tool needs.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

LOCALE = Path(__file__).parent / "locale"


def compile_catalogue(po: Path, mo: Path) -> Path:
    """Write the .mo of one .po catalogue (translated, non-fuzzy messages; the plural rule of its header),
    atomically, so that parallel test workers never read half a file."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as handle:
        catalog = read_po(handle, abort_invalid=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{mo.name}-", dir=mo.parent)
    with os.fdopen(fd, "wb") as handle:
        write_mo(handle, catalog)
    os.chmod(temporary, 0o644)
    os.replace(temporary, mo)
    return mo


def compile_catalogues(target: Path = LOCALE, stale_only: bool = False) -> list[Path]:
    """Compile every locale/*.po into `target` (by default beside the .po files); with stale_only, only those
    whose .mo is missing or older than its .po. Returns the .mo files written."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for po in sorted(LOCALE.glob("*.po")):
        mo = target / (po.stem + ".mo")
        if stale_only and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        written.append(compile_catalogue(po, mo))
    return written
