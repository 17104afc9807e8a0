"""Never lose or clobber a user's file: all-or-nothing writes, stale pages, refused targets, same-path
outputs, a file size limit, created folders and Ctrl-C (issue 14)."""

import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import assert_one_line_error, files_in

OLD = b"OLD\n"


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every name in folder (recursively) with its bytes (None for a folder)."""
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


def test_failed_tiles_write_keeps_the_old_sheet(cli, tmp_path):
    (tmp_path / "t.pdf").write_bytes(OLD)
    (tmp_path / "t.manifest.json").mkdir()
    before = snapshot(tmp_path)
    result = cli("tiles", "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "t.manifest.json", "directory")
    assert snapshot(tmp_path) == before


def test_failed_multi_page_svg_keeps_every_old_page(cli, tmp_path):
    for n in (1, 2):
        (tmp_path / f"b-{n}.svg").write_bytes(OLD)
    (tmp_path / "b-3.svg").mkdir()
    (tmp_path / "b-9.svg").write_bytes(OLD)  # a stale page: kept too, as the write fails
    before = snapshot(tmp_path)
    result = cli("board", "--board", "hex:5", "-o", tmp_path / "b.svg")
    assert_one_line_error(result, "b-3.svg", "directory")
    assert snapshot(tmp_path) == before


def test_smaller_rerun_removes_stale_pages_and_says_so(cli, tmp_path):
    for n in range(1, 10):
        (tmp_path / f"b-{n}.svg").write_bytes(OLD)
    (tmp_path / "b-10x.svg").write_bytes(OLD)  # not of the name set
    result = cli("board", "--board", "hex:5", "-o", tmp_path / "b.svg")
    assert result.status == 0, result
    assert files_in(tmp_path) == ["b-1.svg", "b-10x.svg", "b-2.svg", "b-3.svg"]
    assert "removed 6 stale pages of an earlier run" in result.out
    assert (tmp_path / "b-1.svg").read_bytes() != OLD


def test_a_one_page_rerun_removes_numbered_pages(cli, tmp_path):
    for n in (1, 2):
        (tmp_path / f"b-{n}.svg").write_bytes(OLD)
    result = cli("board", "--board", "hex:5", "--paper", "a3", "-o", tmp_path / "b.svg")
    assert result.status == 0, result
    assert files_in(tmp_path) == ["b.svg"]


@pytest.mark.parametrize("kind", ["symlink", "fifo", "device"])
def test_non_regular_targets_are_refused(cli, tmp_path, kind):
    target = tmp_path / "out.pdf"
    if kind == "symlink":
        (tmp_path / "real.pdf").write_bytes(OLD)
        target.symlink_to("real.pdf")
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    before = snapshot(tmp_path)
    result = cli("board", "--board", "hex:3", "-o", target)
    assert_one_line_error(result, "not a regular file")
    assert sorted(os.listdir(tmp_path)) == sorted(before)
    assert os.lstat(target).st_mode & 0o170000 != stat.S_IFREG


def test_cut_file_manifest_onto_a_symlink_is_refused(cli, tmp_path):
    (tmp_path / "elsewhere.csv").write_bytes(OLD)
    (tmp_path / "t.manifest.csv").symlink_to("elsewhere.csv")
    result = cli("tiles", "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "t.manifest.csv", "symbolic link")
    assert (tmp_path / "elsewhere.csv").read_bytes() == OLD
    assert not (tmp_path / "t.pdf").exists()


def test_a_replaced_file_keeps_its_mode(cli, tmp_path):
    target = tmp_path / "b.pdf"
    target.write_bytes(OLD)
    target.chmod(0o600)
    assert cli("board", "--board", "hex:3", "-o", target).status == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_bytes().startswith(b"%PDF")


def test_a_new_file_is_0644(cli, tmp_path):
    assert cli("board", "--board", "hex:3", "-o", tmp_path / "b.pdf").status == 0
    assert stat.S_IMODE((tmp_path / "b.pdf").stat().st_mode) == 0o644


@pytest.mark.parametrize("argv", [
    ["tiles", "-o", "t.svg", "--cut-file", "t.svg"],
    ["tiles", "-o", "number.png", "--dpi", "20", "--per-piece", "."],  # page numbering meets the piece images
])
def test_two_outputs_on_one_path_are_an_error(cli, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.txt").write_bytes(OLD)
    result = cli(*argv)
    assert_one_line_error(result, "two outputs", folder=tmp_path, keep=["keep.txt"])


def test_ctrl_c_during_the_write_restores_everything(cli, tmp_path, monkeypatch):
    (tmp_path / "t.pdf").write_bytes(OLD)
    (tmp_path / "t.manifest.csv").write_bytes(OLD)
    before = snapshot(tmp_path)
    real_replace, calls = os.replace, []

    def interrupt_second(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", interrupt_second)
    result = cli("tiles", "-o", tmp_path / "t.pdf")
    monkeypatch.undo()
    assert result.status == 130 and result.out == ""
    assert result.err.count("\n") == 1 and "interrupted" in result.err
    assert snapshot(tmp_path) == before


def test_a_failure_removes_the_folders_it_created(cli, tmp_path, monkeypatch):
    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = cli("board", "--board", "hex:3", "-o", tmp_path / "new" / "deeper" / "b.pdf")
    monkeypatch.undo()
    assert_one_line_error(result, "No space left on device", folder=tmp_path)


def test_missing_folders_are_created_on_success(cli, tmp_path):
    assert cli("board", "--board", "hex:3", "-o", tmp_path / "new" / "b.pdf").status == 0
    assert files_in(tmp_path / "new") == ["b.pdf"]


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_a_file_size_limit_leaves_no_partial_file(tmp_path):
    (tmp_path / "b.pdf").write_bytes(OLD)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    result = subprocess.run([sys.executable, "-m", "modlinseq_print", "board", "--board", "hex:9",
                             "-o", str(tmp_path / "new" / "b.pdf")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, preexec_fn=_limit_file_size, timeout=120)
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1, result.stderr
    assert "File too large" in result.stderr and "Traceback" not in result.stderr
    assert files_in(tmp_path) == ["b.pdf"] and (tmp_path / "b.pdf").read_bytes() == OLD


def test_an_overlong_name_is_one_line(cli, tmp_path):
    result = cli("board", "--board", "hex:3", "-o", tmp_path / ("x" * 300 + ".svg"))
    assert_one_line_error(result, "File name too long", folder=tmp_path)


def test_one_writer_table_writes_a_path_or_a_file_object(tmp_path):
    import io

    from modlinseq_print.printables.calibrate import calibration_document
    from modlinseq_print.render.output import WRITERS, save
    from modlinseq_print.render.paper import make_sheet

    assert sorted(WRITERS) == ["dxf", "pdf", "png", "svg"]
    document = calibration_document(make_sheet("a4", "10mm"))
    buffer = io.BytesIO()
    save(document, buffer, "pdf")
    assert buffer.getvalue().startswith(b"%PDF")
    assert save(document, tmp_path / "c.pdf") == [tmp_path / "c.pdf"]
    assert (tmp_path / "c.pdf").read_bytes() == buffer.getvalue()
