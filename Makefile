# modlinseq-print: every target creates the virtual environment and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PRESET ?= standard

.PHONY: kit kits docs studio test bench tools clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dxf]'
	touch $(STAMP)

tools:
	@bash scripts/ensure-tools.sh

kit: $(STAMP)
	$(PY) -m modlinseq_print kit $(PRESET)

kits: $(STAMP)
	@for preset in templates/*.toml; do $(PY) -m modlinseq_print kit "$$preset" --quiet || exit 1; done

docs: $(STAMP) tools
	$(PY) scripts/previews.py
	$(PY) scripts/previews_3d.py
	MODLINSEQ_STUDIO_SCREENSHOTS=docs $(PY) -m pytest -q tests/studio/test_studio_browser.py
	MODLINSEQ_STUDIO_SCREENSHOTS=docs $(PY) -m pytest -q tests/studio/test_studio_pieces3d.py -k page_shows

studio: $(STAMP)
	$(PY) -m modlinseq_print studio $(STUDIO_ARGS)

test: $(STAMP) tools
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m pytest -n auto

bench: $(STAMP)
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png output/*.csv output/*.json output/*.dxf
