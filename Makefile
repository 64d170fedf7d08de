# Two entry points, both self-contained on a fresh machine:
#   make play   - a terminal game of The Builders against two bots
#   make test   - the whole suite: ruff, mypy, pytest (with a throw-away PostgreSQL where it is installed)
#   make serve  - the web table on http://127.0.0.1:8000/ (installs only the web extra)
#   make compiled - the mypyc-compiled build in .venv-compiled (docs/speed.md); make compiled-test checks it
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play

.PHONY: serve play test quick lint typecheck pytest bench catalogs clean compiled compiled-test

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

# The compiled build (docs/speed.md): the same package with the core, the engines, their heuristics and the
# search compiled by mypyc, in a venv of its own; built again each time (pip always rebuilds a local folder;
# a few minutes on one core).
CVENV ?= .venv-compiled
CBIN  := $(CVENV)/bin

compiled:
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	MASTERBUILDER_COMPILE=1 $(CBIN)/python -m pip install --quiet '.[openspiel]' 'pytest>=8' 'hypothesis>=6.100'
	cd $(CVENV) && bin/python -c "import sys, masterbuilder.compiled as c; print(c.build_name()); sys.exit(not c.COMPILED)"

# The API contract tests on the compiled build, and the differential test: the same seeded games as the
# pure-Python source tree (run with .venv's Python). Run from the repository root without src on the path,
# so that the installed compiled package is the one tested.
COMPILED_TESTS = tests/test_compiled.py tests/test_every_game.py tests/core/test_api.py tests/core/test_untrusted.py \
	tests/builders/test_properties.py tests/caylus/test_properties.py tests/caylus1303/test_properties.py

compiled-test: compiled $(STAMP)
	MASTERBUILDER_EXPECT_BUILD=compiled MASTERBUILDER_REFERENCE_PYTHON=$(abspath $(BIN)/python) \
		$(CBIN)/python -m pytest -p no:cacheprovider $(COMPILED_TESTS)

clean:
	rm -rf $(VENV) $(CVENV) build .mypy_cache .pytest_cache .ruff_cache
