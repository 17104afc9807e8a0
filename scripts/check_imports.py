"""Check the import contracts of .importlinter with import-linter and print one line per contract, instead of
its banner and tables; when a contract is broken (or the check cannot run), its whole report follows.
Exit status: import-linter's (1 when a contract is broken). `make test` runs it."""

import os
import re
import subprocess
import sys
from pathlib import Path

VERDICT = re.compile(r"^(?P<name>.+?) (?P<verdict>KEPT|BROKEN)\b(?P<note>.*)$")


def main(argv: list[str]) -> int:
    """Run lint-imports (beside this Python) with `argv`; print one line per contract; return its status."""
    program = Path(sys.executable).with_name("lint-imports")
    wide = {**os.environ, "COLUMNS": "1000", "NO_COLOR": "1", "TERM": "dumb"}  # one line per contract, no colour
    done = subprocess.run([str(program), "--no-logo", "--no-cache", *argv], capture_output=True, text=True, env=wide)
    verdicts = [VERDICT.match(line.strip()) for line in done.stdout.splitlines()]
    verdicts = [found for found in verdicts if found]
    for found in verdicts:
        verdict = "kept" if found["verdict"] == "KEPT" else "BROKEN"
        print(f"import contract {verdict}: {found['name']}{found['note']}")
    if done.returncode or not verdicts:
        print(done.stdout + done.stderr, end="")
    return done.returncode or (0 if verdicts else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
