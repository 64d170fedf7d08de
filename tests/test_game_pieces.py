"""What each game offers through its GameInfo, and the layering that keeps games in their own folders.

Every registered game's pieces load and have the promised shape; the terminal renderer, the event
summariser, the heuristic, the search settings and the encoding work on random positions of the game; no
generic module imports a game module; ``import masterbuilder`` and a bare ``new_game`` pull in neither Rich
nor numpy.
"""

from __future__ import annotations

import ast
import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from masterbuilder import GAMES, new_game
from masterbuilder.agents import agents_for, make_agent
from masterbuilder.agents.mcts import SearchSettings, preset_config, search_settings
from masterbuilder.core.registry import PIECES, GameInfo
from masterbuilder.ui.events import log_events, summarise
from masterbuilder.ui.renderers import renderer_for

SRC = Path(__file__).resolve().parents[1] / "src" / "masterbuilder"
GENERIC = ["core", "agents", "arena", "ui", "interop", "server", "cli.py", "bench.py", "__init__.py"]
NAMES = sorted(GAMES)


@pytest.mark.parametrize("game", NAMES)
def test_every_piece_a_game_names_loads(game: str) -> None:
    info = GAMES[game]
    assert info.package == f"masterbuilder.games.{game}"
    for name in info.pieces:
        assert name in PIECES
        assert info.piece(name) is not None, f"{game} names piece {name!r} but it does not load"
    assert info.piece("no such piece") is None
    for bot in info.bots:
        assert bot.name in agents_for(game)
        for preset in bot.presets:
            assert f"{bot.name}:{preset}" in agents_for(game)


def test_an_unknown_piece_is_refused_at_registration() -> None:
    info = GAMES["caylus"]
    with pytest.raises(ValueError, match="unknown piece 'scoreboard'"):
        GameInfo(
            name="x",
            title="X",
            min_players=2,
            max_players=2,
            options={},
            state_class=info.state_class,
            create=info.create,
            distinct_actions=info.distinct_actions,
            package=info.package,
            pieces={"scoreboard": "terminal:RENDERER"},
        )


@pytest.mark.parametrize("game", NAMES)
def test_the_pieces_work_on_random_positions(game: str) -> None:
    info = GAMES[game]
    players = info.max_players
    state = new_game(game, players, seed=3)
    log_events(state)
    renderer = renderer_for(game)
    heuristic = make_agent("heuristic", game, 0)
    rng = random.Random(3)
    names = [f"p{s}" for s in range(players)]
    for step in range(120):
        if state.is_terminal:
            break
        if step % 30 == 0:
            console = Console(file=io.StringIO(), width=140, color_system=None)
            console.print(renderer.table(state, state.current_player, names))
            assert console.file.getvalue().strip()  # type: ignore[attr-defined]
            assert renderer.decision(state)
            assert heuristic.choose(state) in state.legal_action_ids()
        before = state.clone()
        action = rng.choice(state.legal_action_ids())
        state.apply(action)
        lines = summarise(before, action, state)
        assert all(isinstance(line, str) and line for line in lines)


@pytest.mark.parametrize("game", NAMES)
def test_the_search_settings_are_the_games(game: str) -> None:
    settings = search_settings(game)
    assert isinstance(settings, SearchSettings)
    assert set(settings.presets) <= {"easy", "medium", "hard"}
    for preset, tweaks in settings.presets.items():
        config = preset_config(game, preset)
        for key, value in tweaks.items():
            assert getattr(config, key) == value


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


MODULES = {_module_name(path) for path in SRC.rglob("*.py")}


def _imports(path: Path) -> list[str]:
    """The project modules (and other top-level modules) that ``path`` imports, anywhere in it: for
    ``from package import name`` the submodule ``package.name`` where there is one, else the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.append(sub if sub in MODULES else node.module)
    return found


def test_no_generic_module_imports_a_game() -> None:
    offenders = []
    for part in GENERIC:
        root = SRC / part
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in files:
            if path == SRC / "__init__.py":
                continue  # the package imports masterbuilder.games to register them
            for module in _imports(path):
                if module.startswith("masterbuilder.games") and module != "masterbuilder.games":
                    offenders.append(f"{path.relative_to(SRC)} imports {module}")
    assert offenders == []


def test_a_game_imports_no_other_game() -> None:
    offenders = []
    for game in NAMES:
        for path in sorted((SRC / "games" / game).rglob("*.py")):
            for module in _imports(path):
                if module.startswith("masterbuilder.games.") and not module.startswith(
                    f"masterbuilder.games.{game}"
                ):
                    offenders.append(f"games/{game}/{path.name} imports {module}")
    assert offenders == []


def test_no_two_modules_import_each_other() -> None:
    graph = {_module_name(path): set(_imports(path)) & MODULES for path in sorted(SRC.rglob("*.py"))}
    pairs = []
    for a, targets in graph.items():
        for b in targets:
            if a != b and a in graph.get(b, set()) and a < b:
                pairs.append((a, b))
    assert pairs == []


def test_importing_the_package_stays_light() -> None:
    code = (
        "import sys, masterbuilder; s = masterbuilder.new_game('caylus', 3, 1);"
        "s.apply(s.legal_action_ids()[0]);"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'numpy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
