"""The preflight against hostile inputs (tests/preflight_hostile.py): every one ends in exit status 0, 1 or 2 with
the words it must say, never in an internal error (70), in bounded time and memory: each runs the real command
in a child process capped at 2 GB of address space (a blow-up fails the test, not the machine), and must stay
within CPU_LIMIT seconds of CPU and PEAK_LIMIT of memory (measured at about 1 s and 40 MB at most on a 2-core
machine); the timeout is a guard only."""

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from preflight_corpus import good_files
from preflight_hostile import HOSTILE

MEMORY_CAP = 2 * 1024 ** 3
CPU_LIMIT = 10.0  # seconds of CPU, user and system, for one file (a busy machine does not inflate it much)
PEAK_LIMIT = 400 * 1024 * 1024  # bytes of resident memory at the peak
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return good_files(tmp_path_factory.mktemp("good"))


def test_the_hostile_corpus_is_large_and_names_are_unique():
    assert len(HOSTILE) >= 40
    assert len({case.name for case in HOSTILE}) == len(HOSTILE)
    assert {case.status for case in HOSTILE} == {0, 1, 2}


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


#: The child: `python -m modlinseq_print` as runpy runs it, writing its peak resident memory (VmHWM, in kB) and
#: its CPU seconds to the file named first as it exits (a forked child's resource usage would count this
#: process's memory too).
CHILD = ("import atexit, runpy, sys, time\nnotes = sys.argv.pop(1)\n"
         "def note():\n    with open('/proc/self/status') as status, open(notes, 'w') as out:\n"
         "        peak = next(line.split()[1] for line in status if line.startswith('VmHWM'))\n"
         "        out.write(f'{peak} {time.process_time()}')\n"
         "atexit.register(note)\nrunpy.run_module('modlinseq_print', run_name='__main__', alter_sys=True)")


def run_preflight(path, level, notes):
    """The command in a child process, capped in memory; its status, stdout, stderr, CPU seconds (user and
    system) and peak resident bytes, noted in the file `notes`."""
    child = subprocess.run([sys.executable, "-c", CHILD, str(notes), "preflight", str(path), "--pdfx", level],
                           capture_output=True, text=True, timeout=60, preexec_fn=_capped, cwd=ROOT)
    peak, cpu = notes.read_text().split()
    return child.returncode, child.stdout, child.stderr, float(cpu), int(peak) * 1024


@pytest.mark.parametrize("case", HOSTILE, ids=lambda case: case.name)
def test_each_hostile_input_gives_its_verdict_never_an_internal_error(good, tmp_path, case):
    path = case.make(tmp_path, good)
    status, out, err, cpu, peak = run_preflight(path, case.level, tmp_path / "notes.txt")
    assert status == case.status, (status, out[-2000:], err[-2000:])
    assert cpu < CPU_LIMIT and peak < PEAK_LIMIT, (cpu, peak)
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("modlinseq-print: error: "), err[-2000:]
        said = err
    else:
        assert err == "" and out.splitlines()[-1].startswith("result: " + ("PASS" if status == 0 else "FAIL")), out
        said = "\n".join(line for line in out.splitlines() if "FAIL  " in line)
    for words in case.words:
        assert words in said, (words, said[-2000:])


# The budgets, counted in this process with small figures.

def test_the_decompressed_budget_refuses_before_any_content_is_parsed(good, monkeypatch):
    import pikepdf

    from modlinseq_print.render import preflight_budget
    from modlinseq_print.render.preflight import PreflightError, preflight

    parsed = []
    monkeypatch.setattr(pikepdf, "parse_content_stream", lambda *args: parsed.append(args) or [])
    monkeypatch.setattr(preflight_budget, "MAX_DECODED_BYTES", 100)
    with pytest.raises(PreflightError, match="past the 0 MB|expands past 0 MB"):
        preflight(good["4"])
    assert parsed == []


def test_the_operator_budget_refuses_a_file_with_more_operators(good, monkeypatch):
    from modlinseq_print.render import preflight_budget
    from modlinseq_print.render.preflight import PreflightError, preflight

    assert preflight(good["4"]).passed
    monkeypatch.setattr(preflight_budget, "MAX_OPERATORS", 50)
    with pytest.raises(PreflightError, match="past 50 content operators"):
        preflight(good["4"])


def test_streamed_content_is_read_as_content_parsed_whole(good, tmp_path, monkeypatch):
    """Every file of the colour corpus gets the same report when its content is streamed instruction by
    instruction (as content larger than PARSE_AT_ONCE is) as when it is parsed whole."""
    from preflight_corpus import CASES, build
    from modlinseq_print.render import preflight_budget
    from modlinseq_print.render.preflight import preflight

    whole, streamed = [], []
    for index, case in enumerate(CASES):
        path = build(case, good, tmp_path / f"{index}.pdf")
        whole.append(preflight(path, case.level).checks)
        with monkeypatch.context() as patched:
            patched.setattr(preflight_budget, "PARSE_AT_ONCE", -1)
            streamed.append(preflight(path, case.level).checks)
    assert streamed == whole
    assert sum(not check.passed for checks in whole for check in checks) >= 30


@pytest.mark.parametrize("piece", [1, 3, 7, 1 << 20])
def test_the_bytes_after_eof_are_counted_whatever_the_pieces(tmp_path, monkeypatch, piece):
    from modlinseq_print.render import preflight_budget

    monkeypatch.setattr(preflight_budget, "_PIECE", piece)
    path = tmp_path / "tail.pdf"
    for data, expected in [(b"x%%EOF", (0, True)), (b"x%%EOF\r\n", (0, True)), (b"%%EOF%%EOF ab \n", (2, True)),
                           (b"x" * 30 + b"%%EOF" + b"y" * 40, (40, True)), (b"no end here", (9, False)),
                           (b"%%EO", (4, False))]:
        path.write_bytes(data)
        assert preflight_budget.after_eof(path) == expected, data


def test_damaged_copies_of_a_good_file_are_verdicts_never_errors(good, tmp_path):
    """A few hundred copies of the good file (decompressed, so the damage reaches content and names), each
    with a few bytes changed or PDF tokens written over it at random places (a fixed seed): each must give a
    report or a PreflightError, never another exception."""
    import random

    import pikepdf

    from modlinseq_print.render.preflight import PreflightError, preflight

    plain = tmp_path / "plain.pdf"
    with pikepdf.open(good["4"]) as pdf:
        pdf.save(plain, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.generalized,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
    data, chance = plain.read_bytes(), random.Random(36)
    tokens = [b"null", b"[", b"]", b"<<", b">>", b"/Foo", b"-1", b"1e308", b"99999999999", b"(", b")", b"0 0 R",
              b"true", b"%", b"stream", b"endobj", b"/DeviceRGB", b"/Pattern", b"/Indexed", b"/\xff\xc1"]
    reports = refusals = 0
    for _ in range(300):
        damaged = bytearray(data)
        for _ in range(chance.randint(1, 6)):
            at = chance.randrange(len(damaged))
            if chance.random() < 0.5:
                damaged[at:at + chance.randint(0, 8)] = chance.choice(tokens)
            else:
                damaged[at] = chance.randrange(256)
        path = tmp_path / "damaged.pdf"
        path.write_bytes(bytes(damaged))
        try:
            preflight(path)
            reports += 1
        except PreflightError:
            refusals += 1
    assert reports > 100 and refusals > 0, (reports, refusals)
