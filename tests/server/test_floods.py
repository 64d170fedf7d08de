"""Issue 28, cases 1-3, against a real server: while a hint flood, a replay flood or a flood of sockets
that never say hello runs from another address, a bystander's game keeps its bot replies within twice
their unloaded time and ``/api/health`` answers within 100 ms (medians, on a machine shared with other
work), the attackers get the documented refusals, and the server logs no traceback.

The measured table in docs/web.md comes from benchmarks/bench_floods.py, which runs the same floods longer.
"""

from __future__ import annotations

import asyncio
import re
import resource
from collections.abc import Iterator

import pytest

from tests.server.floods import Bystander, median, serving, under_attack
from tests.server.live import SOURCES, Server, free_port

MOVES = 6  # bot replies timed before and during each attack
SLACK = 0.02  # seconds: a timer's and a shared machine's noise on a reply of some 20-50 ms


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    log = tmp_path_factory.mktemp("floods") / "server.log"
    with serving(SOURCES, free_port(), log, files=1024) as server:  # the common soft limit
        yield server


def _run(served: Server, kind: str) -> tuple[float, float, float, dict[str, int]]:
    async def measure() -> tuple[float, float, float, dict[str, int]]:
        bystander = Bystander(served)
        await bystander.start()
        try:
            await bystander.warm()
            alone = median(await bystander.moves(MOVES))
            replies, health, attack = await under_attack(served, kind, bystander, MOVES)
        finally:
            await bystander.close()
        return alone, median(replies), median(health), attack.answers

    return asyncio.run(measure())


def _check(served: Server, kind: str) -> dict[str, int]:
    alone, loaded, health, answers = _run(served, kind)
    assert loaded <= 2 * alone + SLACK, f"{kind}: bot replies {loaded:.3f} s against {alone:.3f} s alone"
    assert health <= 0.1, f"{kind}: /api/health took {health:.3f} s"
    assert "Traceback" not in served.log.read_text()
    return answers


@pytest.mark.slow
def test_a_hint_flood_does_not_slow_another_games_bot(served: Server) -> None:
    answers = _check(served, "hints")
    assert answers.get("too_many_sockets", 0) == 4, answers  # 8 sockets with one token, 4 allowed
    assert "server" not in answers, answers


@pytest.mark.slow
def test_a_replay_flood_does_not_slow_another_games_bot(served: Server) -> None:
    answers = _check(served, "replays")
    # one replay works, four wait, the others are told to come back (503 with Retry-After)
    assert answers.get("503", 0) >= 1 and "500" not in answers, answers


@pytest.mark.slow
def test_silent_sockets_are_capped_per_address(served: Server) -> None:
    answers = _check(served, "sockets")
    assert answers.get("accepted", 0) == 8, answers  # un-greeted sockets per address
    # the server raised its soft limit of 1,024 open files toward the hard limit, and said so
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    found = re.search(r"(\d+) open files allowed: room for", served.log.read_text())
    assert found is not None, served.log.read_text()
    assert int(found[1]) == (1_048_576 if hard == resource.RLIM_INFINITY else min(hard, 1_048_576))
