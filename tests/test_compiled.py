"""The two builds (docs/speed.md): the pure-Python package and the mypyc-compiled one say which they are,
refuse bad input the same way, and play the same games (the differential test, run by `make
compiled-test` with the pure-Python build as the reference); the core has no import circle, since the
compiled build compiles its modules together."""

from __future__ import annotations

import ast
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from masterbuilder import IllegalAction, State, new_game
from masterbuilder.compiled import BUILD, COMPILED, build_name
from masterbuilder.core.registry import load_record
from masterbuilder.review.search import ReviewSearch
from tests.fingerprint import fingerprint, review_fingerprint

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "masterbuilder" / "core"
REFERENCE_ENV = "MASTERBUILDER_REFERENCE_PYTHON"  # a Python whose build the running one is compared with
EXPECT_ENV = "MASTERBUILDER_EXPECT_BUILD"  # "pure" or "compiled": the build these tests must be running


def test_the_build_says_which_it_is() -> None:
    assert ("compiled" if COMPILED else "pure") == BUILD
    assert build_name() in ("compiled with mypyc", "pure Python")
    expected = os.environ.get(EXPECT_ENV)
    if expected:
        assert expected == BUILD


def _imports(path: Path) -> set[str]:
    """The masterbuilder.core modules ``path`` imports, at the top or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("masterbuilder.core."):
            found.add(node.module.removeprefix("masterbuilder.core."))
        elif isinstance(node, ast.Import):
            found |= {
                a.name.removeprefix("masterbuilder.core.")
                for a in node.names
                if a.name.startswith("masterbuilder.core.")
            }
    return found


def test_the_core_has_no_import_circle() -> None:
    graph = {p.stem: _imports(p) & {q.stem for q in CORE.glob("*.py")} for p in CORE.glob("*.py")}
    assert "registry" not in graph["validation"]
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in graph[module]:
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


@pytest.mark.parametrize("game", ["builders", "caylus", "caylus1303"])
@pytest.mark.parametrize("bad", [1.5, None, b"0", [0], True])
def test_bad_input_is_refused_without_type_errors(game: str, bad: object) -> None:
    state = new_game(game, 3, 1)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.illegal_reason(bad) is not None
    with pytest.raises(ValueError) as view:
        state.view(bad if bad is not None else "x")
    assert not isinstance(view.value, TypeError)
    calls: tuple[Callable[[], object], ...] = (
        lambda: new_game(bad),
        lambda: new_game(game, bad),
        lambda: new_game(game, 3, bad if bad is not True else 2.5),
        lambda: new_game(game, 3, 1, bad if bad is not None else 7),
        lambda: State.from_json(bad),
        lambda: load_record(bad),
        lambda: state.resample_hidden(bad if bad is not None else -1, 1),
    )
    for call in calls:
        with pytest.raises(ValueError) as refused:
            call()
        assert not isinstance(refused.value, TypeError)
    assert state.to_json() == before


def test_the_review_search_runs_in_this_build() -> None:
    """The review's search subclasses the bot's (compiled in the compiled build: an interpreted subclass
    of a compiled class can't be made, so the review's search is compiled with it)."""
    state = new_game("caylus", 2, 3)
    search = ReviewSearch("caylus", 1, budget=5)
    played = (state.legal_action_ids()[0],)
    found = search.values(state, played)
    assert 0.0 <= found.played <= 1.0 and 0.0 <= found.best <= 1.0
    assert found.simulations >= len(state.legal_action_ids()) or found.played_visits > 0


def reference_output(code: str) -> Any:
    """What ``code`` prints as JSON when run by the reference build's Python on the source tree."""
    reference = subprocess.run(
        [os.environ[REFERENCE_ENV], "-c", code],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(reference.stdout)


@pytest.mark.slow  # two runs of seeded bot games (about 20 s for the pure build)
@pytest.mark.skipif(not os.environ.get(REFERENCE_ENV), reason=f"{REFERENCE_ENV} names no reference build")
def test_the_same_games_as_the_reference_build() -> None:
    """Seeded random, heuristic and mcts:easy games of every game and player count give the same
    histories, scores and to_json here and in the reference build (the pure-Python source tree)."""
    build, expected = reference_output(
        "import json; from tests.fingerprint import fingerprint; "
        "from masterbuilder.compiled import BUILD; print(json.dumps([BUILD, fingerprint(2)]))"
    )
    assert build != BUILD or not COMPILED
    assert fingerprint(2) == expected


@pytest.mark.slow  # a short review of each game, twice
@pytest.mark.skipif(not os.environ.get(REFERENCE_ENV), reason=f"{REFERENCE_ENV} names no reference build")
def test_the_same_review_as_the_reference_build() -> None:
    """A seeded review of the same record of each game gives the same judgements, chances and grades here
    and in the reference build."""
    expected = reference_output(
        "import json; from tests.fingerprint import review_fingerprint; "
        "print(json.dumps(review_fingerprint()))"
    )
    assert json.loads(json.dumps(review_fingerprint())) == expected
    assert all(doc["decisions"] for doc in expected.values())
