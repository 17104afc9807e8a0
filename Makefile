# modlinseq-print: every target creates the virtual environment and installs what it needs, and no more:
# `make kit` the runtime only, `make test` the test tools too, `make docs` the documentation tools.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# editable: a .pth line to the checkout (see pyproject.toml), so an edit shows at once
INSTALL := $(PY) -m pip --disable-pip-version-check install -q -e
RUNTIME := $(VENV)/.runtime-stamp
STAMP := $(VENV)/.installed-stamp
DOCS_STAMP := $(VENV)/.docs-stamp
PRESET ?= standard

.PHONY: kit kits docs previews studio test bench tools clean

$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(INSTALL) . --no-compile
	@# Python 3.11's venv brings setuptools (9 MB); nothing here needs it (builds get their own)
	@$(PY) -m pip uninstall -q -y setuptools 2>/dev/null || true
	touch $@

# the runtime and the test tools (the stamp other tools name: make .venv/.installed-stamp); not byte-compiled
# at install (a third of pip's CPU here): Python compiles what the tests import, once, as they import it
$(STAMP): $(RUNTIME)
	$(INSTALL) '.[test]' --no-compile
	touch $@

$(DOCS_STAMP): $(RUNTIME)
	$(INSTALL) '.[docs]'
	touch $@

tools:
	@bash scripts/ensure-tools.sh

kit: $(RUNTIME)
	$(PY) -m modlinseq_print kit $(PRESET)

kits: $(RUNTIME)
	@for preset in templates/*.toml; do $(PY) -m modlinseq_print kit "$$preset" --quiet || exit 1; done

# (not --quiet: it would hide the warnings that --strict turns into a failure)
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir site

previews: $(STAMP) tools
	$(PY) scripts/previews.py
	$(PY) scripts/previews_3d.py
	MODLINSEQ_STUDIO_SCREENSHOTS=docs $(PY) -m pytest -q tests/studio/test_studio_browser.py tests/studio/test_play_browser.py
	MODLINSEQ_STUDIO_SCREENSHOTS=docs $(PY) -m pytest -q tests/studio/test_studio_pieces3d.py -k page_shows

studio: $(RUNTIME)
	$(PY) -m modlinseq_print studio $(STUDIO_ARGS)

test: $(STAMP) tools
	@$(PY) scripts/check_imports.py
	$(PY) -m pytest -n auto --durations=15

bench: $(STAMP)
	@$(PY) scripts/run_benchmarks.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) site output/*.pdf output/*.svg output/*.png output/*.csv output/*.json output/*.dxf
