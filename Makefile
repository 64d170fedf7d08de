# Two entry points, both self-contained on a fresh machine:
#   make play   - a terminal game of The Builders against two bots
#   make test   - the whole suite: ruff, mypy, pytest
#   make serve  - the web table on http://127.0.0.1:8000/ (installs only the web extra)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: serve play test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,interop,arena,web]'
	touch $(STAMP)

WEBSTAMP := $(VENV)/.installed-web

$(WEBSTAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEBSTAMP)

serve: $(WEBSTAMP)
	$(BIN)/masterbuilder serve $(ARGS)

play: $(STAMP)
	$(BIN)/masterbuilder play builders --players you,greedy,random $(ARGS)

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/masterbuilder bench builders

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
