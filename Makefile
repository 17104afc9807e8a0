# modlinseq-print: every target creates the virtual environment and installs what it needs.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PRESET ?= standard

.PHONY: kit test bench tools clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,dxf]'
	touch $(STAMP)

tools:
	@bash scripts/ensure-tools.sh

kit: $(STAMP)
	$(PY) -m modlinseq_print board --board hex:9 --pattern bonus --paper a4 -o output/board-hex9.pdf

test: $(STAMP) tools
	$(PY) -m pytest

bench: $(STAMP)
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) output/*.pdf output/*.svg output/*.png output/*.csv output/*.json output/*.dxf
