"""A kit's default file name carries its language when it is not English, so that a kit in another language
never takes the place of the English one: on the command line (--lang or the preset's lang) and in the
studio's download."""

import hashlib

import pytest

from modlinseq_print.kits.build import kit_stem


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name, lang, stem", [("starter", "en", "kit-starter"), ("starter", "de", "kit-starter-de"),
                                              ("tess-3", "ru", "kit-tess-3-ru")])
def test_the_stem_names_a_language_other_than_english(name, lang, stem):
    assert kit_stem(name, lang) == stem


def test_a_german_kit_leaves_the_english_one_untouched(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("kit", "starter", "--quiet").status == 0
    english = tmp_path / "output" / "kit-starter.pdf"
    before = digest(english)
    result = cli("kit", "starter", "--lang", "de", "--quiet")
    assert result.status == 0 and "output/kit-starter-de.pdf" in result.out
    assert digest(english) == before
    german = tmp_path / "output" / "kit-starter-de.pdf"
    assert german.read_bytes()[:5] == b"%PDF-" and digest(german) != before
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["kit-starter-de.pdf", "kit-starter.pdf"]


def test_a_preset_in_another_language_names_its_kit_so_too(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    preset = tmp_path / "mine.toml"
    preset.write_text('lang = "fr"\n', encoding="utf-8")
    assert cli("kit", str(preset), "--quiet").status == 0
    assert (tmp_path / "output" / "kit-mine-fr.pdf").is_file()
    assert cli("kit", str(preset), "--lang", "en", "--quiet").status == 0
    assert (tmp_path / "output" / "kit-mine.pdf").is_file()
    press = cli("kit", "starter", "--lang", "el", "--press", "--quiet")
    assert press.status == 0 and (tmp_path / "output" / "kit-starter-el-press.pdf").is_file()
