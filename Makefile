# Two entry points, both self-contained on a fresh machine:
#   make play   - a terminal game of The Builders against two bots
#   make test   - the whole suite: ruff, mypy, pytest (with a throw-away PostgreSQL where it is installed)
#   make serve  - the web table on http://127.0.0.1:8000/ (installs only the web extra)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play

.PHONY: serve play test quick lint typecheck pytest bench catalogs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# the whole set: tests, type-checking, the research adapters, Ray and the charts, the web table
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,interop,arena,web]'
	touch $(STAMP)

# playing needs only the core dependencies
$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

# the web table needs the core and the web extra, not the research stack
WEBSTAMP := $(VENV)/.installed-web

$(WEBSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEBSTAMP)

serve: $(WEBSTAMP)
	$(BIN)/masterbuilder serve $(ARGS)

play: $(PLAY_STAMP)
	$(BIN)/masterbuilder play builders --seats you,greedy,random $(ARGS)

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy

# scripts/with-postgres.sh: the PostgreSQL tests against a throw-away cluster (or one line saying why not)
pytest: $(STAMP)
	scripts/with-postgres.sh $(BIN)/pytest -n 2

# the suite without the slow tests (bot matches, real servers, the browser): for quick checks while working
quick: $(STAMP) lint typecheck
	$(BIN)/pytest -n 2 -m "not slow"

bench: $(STAMP)
	$(BIN)/masterbuilder bench builders

# after changing a player-facing string: the new messages into each language's .po, then the .mo files
catalogs: $(STAMP)
	$(BIN)/python -m masterbuilder.catalogs update
	$(BIN)/python -m masterbuilder.catalogs compile

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
