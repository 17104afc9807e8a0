"""The runtime install is light: a feature whose library is an optional extra (DXF: ezdxf; PDF/X press files and
preflight: pikepdf) says in one line how to install it when it is missing, and writes nothing."""

import sys

import pytest

from cli_helpers import assert_one_line_error


@pytest.fixture
def without(monkeypatch):
    """Make a module unimportable for the test, as in an environment without its extra."""
    def hide(name: str) -> None:
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError

    return hide


@pytest.mark.parametrize("argv", [["tiles", "--press", "-o", "t.pdf"], ["board", "--board", "hex:2", "--press", "-o",
                                                                         "b.pdf"]])
def test_press_files_without_pikepdf_say_how_to_install_it(cli, tmp_path, monkeypatch, without, argv):
    without("pikepdf")
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(cli(*argv), "need pikepdf", "pip install 'pikepdf>=8'", "'.[press]'", folder=tmp_path)


def test_preflight_without_pikepdf_says_how_to_install_it(cli, tmp_path, without):
    (tmp_path / "some.pdf").write_bytes(b"%PDF-1.4\n")
    without("pikepdf")
    assert_one_line_error(cli("preflight", tmp_path / "some.pdf"), "need pikepdf", folder=tmp_path, keep=["some.pdf"])


def test_dxf_without_ezdxf_says_how_to_install_it(cli, tmp_path, without):
    without("ezdxf")
    assert_one_line_error(cli("tiles", "--copies", "1", "-o", tmp_path / "t.dxf"), "needs ezdxf",
                          "pip install 'ezdxf>=1.1'", folder=tmp_path)


def test_the_extras_are_in_the_test_extra_and_not_the_runtime():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    runtime = " ".join(project["dependencies"])
    assert "pikepdf" not in runtime and "ezdxf" not in runtime
    features = sorted(set(extras) - {"test", "docs"})
    assert {"dxf", "press"} <= set(features)
    itself = extras["test"][0]  # "modlinseq-print[dxf,press,docs]": the tests need every feature
    assert itself.startswith("modlinseq-print[") and all(feature in itself for feature in features)
