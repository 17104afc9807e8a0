"""Languages: the compiled catalogues, the .po catalogues (complete, consistent, printable with the embedded fonts),
plurals, decimal commas, --lang and the preset's lang key."""

from __future__ import annotations

import gettext
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol
from fontTools.ttLib import TTFont

from modlinseq_print import i18n
from modlinseq_print.i18n import LANGUAGES, MISSING, capitals, number, translations, using
from modlinseq_print.i18n.catalogues import compile_catalogues
from modlinseq_print.wording import _, plural

FONTS = Path(i18n.__file__).resolve().parent.parent / "fonts"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def catalogue(lang: str) -> dict[str, str | tuple[str, ...]]:
    """The translated messages of a .po catalogue as Babel reads it: msgid -> msgstr, or the tuple of plural
    forms; "" -> the header. Untranslated and fuzzy messages are left out, as in the compiled .mo."""
    with open(i18n.LOCALE / f"{lang}.po", "rb") as handle:
        catalog = read_po(handle)
    messages = {"": "\n".join(f"{k}: {v}" for k, v in catalog.mime_headers)}
    for message in catalog:
        if message.id and message.string and not message.fuzzy:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            messages[key] = tuple(message.string) if isinstance(message.string, tuple) else message.string
    return messages


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_gives_every_message_of_the_po_file(lang):
    compiled = translations(lang)
    for msgid, msgstr in catalogue(lang).items():
        if isinstance(msgstr, tuple):
            assert all(compiled.ngettext(msgid, msgid + "s", n) in msgstr for n in (1, 2, 5))
        elif msgid:
            assert compiled.gettext(msgid) == msgstr, msgid
    assert compiled.gettext("a message no catalogue has") == "a message no catalogue has"
    assert (lang, "a message no catalogue has") in MISSING
    MISSING.discard((lang, "a message no catalogue has"))


def test_stale_catalogues_are_compiled_again(tmp_path):
    written = compile_catalogues(tmp_path)
    assert sorted(path.name for path in written) == sorted(f"{lang}.mo" for lang in TRANSLATED)
    assert compile_catalogues(tmp_path, stale_only=True) == []
    (tmp_path / "de.mo").unlink()
    assert compile_catalogues(tmp_path, stale_only=True) == [tmp_path / "de.mo"]
    with open(tmp_path / "de.mo", "rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Scoring") == "Wertung"


def test_a_missing_compiled_catalogue_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.translations.cache_clear()
    try:
        with pytest.raises(i18n.LanguageError, match="de catalogue is not compiled"):
            i18n.translations("de")
    finally:
        i18n.translations.cache_clear()


def test_the_decimal_symbols_are_cldr_s():
    assert i18n.DECIMAL_SYMBOL == {lang: get_decimal_symbol(lang) for lang in LANGUAGES}


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[a-z_]+(?::[^}]*)?\}", text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_translates_the_same_messages_keeping_their_placeholders(lang):
    reference = catalogue("de")
    messages = catalogue(lang)
    assert sorted(k for k in messages if k) == sorted(k for k in reference if k)
    for msgid, msgstr in messages.items():
        for form in (msgstr,) if isinstance(msgstr, str) else msgstr:
            if msgid:
                assert _placeholders(form) == _placeholders(msgid), (msgid, form)
    nplurals = int(re.search(r"nplurals=(\d)", messages[""]).group(1))
    assert all(len(v) == nplurals for v in messages.values() if isinstance(v, tuple))


@pytest.mark.parametrize("font", sorted(p.name for p in FONTS.glob("ModlinseqSans-*.ttf")))
def test_the_embedded_fonts_have_every_character_of_every_translation(font):
    cmap = TTFont(FONTS / font).getBestCmap()
    used = {c for lang in TRANSLATED for k, v in catalogue(lang).items() if k
            for c in (v if isinstance(v, str) else "".join(v))}
    assert sorted(c for c in used if ord(c) not in cmap) == []


def test_plurals_follow_each_language():
    ru = [translations("ru").ngettext("{n} page", "{n} pages", n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)]
    forms = catalogue("ru")["{n} page"]
    assert ru == [forms[i] for i in (0, 1, 1, 2, 2, 2, 0, 1, 2, 2)]
    fr = catalogue("fr")["{n} page"]
    assert [translations("fr").ngettext("{n} page", "{n} pages", n) for n in (0, 1, 2)] == [fr[0], fr[0], fr[1]]
    with using("ru"):
        forms = [plural(n, "page") for n in (1, 3, 5, 21)]
    assert forms == ["1 страница", "3 страницы", "5 страниц", "21 страница"]
    with using("de"):
        assert (plural(1, "cell"), plural(2, "cell")) == ("1 Feld", "2 Felder")
    assert (plural(1, "cell"), plural(2, "cell")) == ("1 cell", "2 cells")


def test_decimals_take_a_comma_outside_english_and_english_is_untouched():
    assert number(39.04, ".1f") == "39.0"
    with using("fr"):
        assert number(39.04, ".1f") == "39,0"
        assert _("Scoring") == "Points"
    assert _("Scoring") == "Scoring"


@pytest.mark.parametrize("command", [["kit"], ["reference"], ["board"], ["tiles"], ["markers"], ["mod13", "reference"],
                                     ["mod13", "deck"]])
def test_an_unknown_language_is_a_one_line_error_listing_the_languages(command, cli, tmp_path):
    out = tmp_path / "out.pdf"
    result = cli(*command, "--lang", "xx", "-o", out)
    assert result.status == 2 and not out.exists() and result.out == ""
    assert len(result.err.strip().splitlines()) == 1
    assert all(f"'{lang}'" in result.err for lang in LANGUAGES)


def test_translated_output_keeps_the_addresses_and_english_messages(cli, tmp_path):
    out = tmp_path / "board.pdf"
    result = cli("board", "--board", "hex:2", "--lang", "ru", "-o", out)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert result.status == 0 and "Поле MODLINSEQ (шестиугольник порядка 2)" in text and "B3" in text and "M2" in text
    assert "wrote" in result.out and "Поле" not in result.out


def test_a_preset_names_its_language_and_a_bad_one_is_refused(tmp_path):
    from modlinseq_print.errors import ModlinseqError
    from modlinseq_print.kits.preset_loading import load_preset

    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text('lang = "el"\n')
    bad.write_text('lang = "xx"\n')
    assert load_preset(str(good)).lang == "el"
    with pytest.raises(ModlinseqError, match="lang: unknown language 'xx': use one of en, de, fr, es, el, ru"):
        load_preset(str(bad))


def test_a_kit_in_greek_from_the_preset_key_and_in_russian_from_the_option(cli, tmp_path):
    preset = tmp_path / "small.toml"
    preset.write_text('lang = "el"\n[board]\nspec = "hex:3"\n')
    greek, russian = tmp_path / "el.pdf", tmp_path / "ru.pdf"
    assert cli("kit", preset, "-o", greek, "--quiet").status == 0
    result = cli("kit", preset, "--lang", "ru", "-o", russian, "--quiet")
    assert result.status == 0 and "rules and reference card 3" in result.out  # the message stays English
    el, ru = (subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True, check=True).stdout
              for p in (greek, russian))
    assert "ακολουθία" in el and "Κανόνες και κάρτα αναφοράς" in el and "Σελίδα" not in ru
    assert "последовательность" in ru and "ακολουθία" not in ru
    assert all(address in el and address in ru for address in ("A0", "B1", "E3", "T6", "M5"))


@pytest.mark.parametrize("lang, words", [("el", ("οι οκτώ πράξεις", "άθροισμα", "Τιμές")),
                                         ("ru", ("восемь операций", "сумма трёх последних", "Значения")),
                                         ("en", ("the eight operations", "sum of last 3", "Values"))])
def test_mod13_reference_cards_print_in_the_language_asked(cli, tmp_path, lang, words):
    out = tmp_path / "mod13.pdf"
    result = cli("mod13", "reference", "--lang", lang, "-o", out)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert result.status == 0 and all(word in " ".join(text.split()) for word in words), text
    assert "damjan.vukcevic.net" in " ".join(text.split()) and "modlinseq-print" not in text  # no command line
    assert result.out.startswith("wrote") and "reference cards" in result.out  # the report stays English


def test_the_mod13_deck_prints_its_words_in_german(cli, tmp_path):
    out = tmp_path / "deck.pdf"
    assert cli("mod13", "deck", "--signed", "--backs", "--lang", "de", "-o", out).status == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "oder -1" in text and "Mod-13-Kartenspiel, Bogen 1 von 6" in " ".join(text.split())
    assert "or -1" not in text and "mod 13" in text  # the cards' 'mod 13' reads alike everywhere


def test_capitals_drop_the_greek_accent_and_keep_the_others():
    with using("el"):
        assert capitals("παράδειγμα από την παρτίδα, ευφυΐα") == "ΠΑΡΑΔΕΙΓΜΑ ΑΠΟ ΤΗΝ ΠΑΡΤΙΔΑ, ΕΥΦΥΪΑ"
    with using("es"):
        assert capitals("fórmula") == "FÓRMULA"
    assert capitals("shout") == "SHOUT"
