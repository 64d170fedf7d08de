"""Turn-based games through the server (TestClient) with a fake clock: banks stored with the moves, timeouts
applied by the server's sweep with no client connected, the others' choice (a bot plays on, or abandon)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masterbuilder import new_game
from masterbuilder.server import clocks
from masterbuilder.server.db import make_engine, upgrade
from masterbuilder.server.store import GameRow, MoveRow, Outcome, SeatRow, Store
from masterbuilder.server.tables import Table, Tables
from tests.server.conftest import create, make_client

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
CLOCK = {"kind": "turn", "bank": 3600, "increment": 600, "cap": 5400, "bot": "random"}


class FakeClock:
    def __init__(self) -> None:
        self.moment = T0

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def timed(db_url: str) -> Iterator[tuple[TestClient, FakeClock, list[str]]]:
    """A client whose server runs on a fake clock and sweeps often; the events its listeners heard."""
    with make_client(db_url, clock_check=0.05) as client:
        manager: Tables = client.app.state.tables  # type: ignore[attr-defined]
        fake = FakeClock()
        manager.clock = fake
        heard: list[str] = []

        async def listen(table: Table, event: str) -> None:
            heard.append(event)

        manager.listeners.append(listen)
        yield client, fake, heard


def summary(client: TestClient, gid: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{gid}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def wait_for(client: TestClient, gid: str, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        data = summary(client, gid)
        if check(data):
            return data
        assert time.monotonic() < deadline, data
        time.sleep(0.05)


def act(client: TestClient, gid: str, token: str, ply: int) -> dict[str, Any]:
    """Make the first legal move for ``token``'s seat; the answer (the next state, or an error)."""
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": token, "board": False})
        first = ws.receive_json()
        if not first["legal"]:
            ws.send_json({"type": "act", "action": 0, "ply": ply})
        else:
            ws.send_json({"type": "act", "action": first["legal"][0]["id"], "ply": ply})
        answer: dict[str, Any] = ws.receive_json()
        return answer


def choose(client: TestClient, gid: str, token: str, choice: str) -> Any:
    return client.post(
        f"/api/games/{gid}/timeout", json={"choice": choice}, headers={"Authorization": f"Bearer {token}"}
    )


def three_people(client: TestClient) -> tuple[str, dict[str, str], int]:
    made = create(client, game="builders", players=3, join=[0, 1, 2], seed=11, clock=CLOCK)
    first = new_game("builders", 3, 11).current_player
    assert first is not None
    return made["id"], made["tokens"], first


def test_banks_start_with_the_game_and_the_increment_comes_when_the_turn_passes(timed: Any) -> None:
    client, fake, _ = timed
    made = create(client, game="builders", players=2, join=[0], seed=11, clock=CLOCK)
    gid = made["id"]
    assert summary(client, gid)["clock"]["running"] is None  # open: nobody's time runs yet
    fake.advance(7200)
    joined = client.post(f"/api/games/{gid}/seats/1/join", json={"name": "Bo"}).json()
    tokens = {"0": made["tokens"]["0"], "1": joined["token"]}
    first = summary(client, gid)
    mover = first["to_move"]
    assert first["clock"]["left"] == [3600_000, 3600_000] and first["clock"]["running"] == mover
    fake.advance(1000)
    state = act(client, gid, tokens[str(mover)], 0)
    assert state["type"] == "state" and state["clock"]["running"] == 1 - mover
    left = state["clock"]["left"]
    assert left[mover] == min(5400_000, 3600_000 - 1000_000 + 600_000)
    fake.advance(300)
    assert summary(client, gid)["clock"]["left"][1 - mover] == 3600_000 - 300_000


def test_real_time_games_have_no_clock(client: TestClient) -> None:
    made = create(client, game="builders", players=2, join=[0, 1], seed=3)
    assert summary(client, made["id"])["clock"] is None
    state = act(client, made["id"], made["tokens"][str(new_game("builders", 2, 3).current_player)], 0)
    assert state["clock"] is None and state["ply"] == 1


@pytest.mark.slow  # the bots play the game out
def test_a_timeout_with_nobody_connected_then_a_bot_plays_on_and_the_game_ends(timed: Any) -> None:
    client, fake, heard = timed
    gid, tokens, first = three_people(client)
    fake.advance(3599)
    low = wait_for(client, gid, lambda s: "low_time" in heard)
    assert low["clock"]["timed_out"] is None and low["clock"]["low"][first]
    time.sleep(0.2)
    assert heard.count("low_time") == 1  # once a turn
    fake.advance(2)
    stopped = wait_for(client, gid, lambda s: s["clock"]["timed_out"] == first)
    others = sorted({0, 1, 2} - {first})
    assert stopped["status"] == "live" and stopped["clock"]["choosers"] == others
    assert stopped["clock"]["left"][first] == 0 and stopped["clock"]["running"] is None
    assert "timed_out" in heard
    refused = act(client, gid, tokens[str(first)], 0)
    assert (
        refused["type"] == "error" and refused["code"] == "timed_out" and "time ran out" in refused["message"]
    )
    assert choose(client, gid, tokens[str(others[0])], "bot").status_code == 200
    assert choose(client, gid, tokens[str(others[1])], "abandon").status_code == 409  # the first choice won
    # the bot moves for the seat; every other person then runs out too: with nobody left to choose, the
    # bot takes each seat over at once and the game is played out
    for _ in range(40):
        data = summary(client, gid)
        if data["status"] == "finished":
            break
        fake.advance(5401)
        time.sleep(0.2)
    done = wait_for(client, gid, lambda s: s["status"] == "finished")
    assert done["ended"] is None and done["winners"] and done["clock"]["timed_out"] is None
    assert "finished" in heard
    assert "seats" in done and all(s["kind"] == "human" for s in done["seats"])  # kept for the record


def test_abandon_ends_the_game_scored_as_it_stands(timed: Any) -> None:
    client, fake, heard = timed
    gid, tokens, first = three_people(client)
    fake.advance(3601)
    wait_for(client, gid, lambda s: s["clock"]["timed_out"] == first)
    other = (first + 1) % 3
    answer = choose(client, gid, tokens[str(other)], "abandon")
    assert answer.status_code == 200, answer.text
    done = answer.json()
    assert done["status"] == "finished" and done["ended"] == "abandoned"
    scores = new_game("builders", 3, 11).scores()
    assert done["scores"] == scores
    best = max(scores[s] for s in range(3) if s != first)
    assert done["winners"] == [s for s in range(3) if s != first and scores[s] == best]
    assert heard.count("finished") == 1
    assert choose(client, gid, tokens[str(other)], "bot").status_code == 409


def test_only_the_other_peoples_seats_may_choose(timed: Any) -> None:
    client, fake, _ = timed
    gid, tokens, first = three_people(client)
    other = (first + 1) % 3
    assert choose(client, gid, tokens[str(other)], "bot").status_code == 409  # nobody is out of time
    fake.advance(3601)
    wait_for(client, gid, lambda s: s["clock"]["timed_out"] == first)
    assert choose(client, gid, tokens[str(first)], "bot").status_code == 403
    assert choose(client, gid, "not-a-token", "bot").status_code == 401
    assert choose(client, gid, tokens[str(other)], "later").status_code == 422
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": None, "board": False})
        assert ws.receive_json()["clock"]["timed_out"] == first
        ws.send_json({"type": "timeout", "choice": "bot"})
        assert ws.receive_json()["code"] == "not_seated"
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[str(other)], "board": False})
        ws.receive_json()
        ws.send_json({"type": "act", "action": 0, "ply": 0})
        assert ws.receive_json()["code"] == "timed_out"
        ws.send_json({"type": "timeout", "choice": "bot"})
        update = ws.receive_json()
        assert update["type"] == "state" and update["clock"]["timed_out"] is None


def test_a_bot_takes_over_when_nobody_chooses_in_time(timed: Any) -> None:
    client, fake, _ = timed
    gid, _tokens, first = three_people(client)
    fake.advance(3601)
    wait_for(client, gid, lambda s: s["clock"]["timed_out"] == first)
    fake.advance(599)
    time.sleep(0.3)
    assert summary(client, gid)["clock"]["timed_out"] == first
    fake.advance(2)  # the choice window is the increment (600 s)
    moved = wait_for(client, gid, lambda s: s["ply"] >= 1)
    assert moved["clock"]["timed_out"] is None and moved["status"] == "live"


@pytest.mark.slow  # the bots play the game out
def test_with_every_other_seat_a_bot_the_bot_takes_over_at_once(timed: Any) -> None:
    client, fake, heard = timed
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = create(client, game="builders", players=2, join=[0], seats=seats, seed=5, clock=CLOCK)
    gid = made["id"]
    wait_for(client, gid, lambda s: s["to_move"] == 0)
    fake.advance(3601)
    done = wait_for(client, gid, lambda s: s["status"] == "finished")
    assert done["ended"] is None and "timed_out" in heard
    # a rematch keeps the time control, and the seat the bot took over is a person's seat again
    again = client.post(
        f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {made['tokens']['0']}"}
    )
    assert again.status_code == 201, again.text
    rematch = again.json()["game"]
    assert rematch["clock"]["bank"] == CLOCK["bank"]
    assert [s["kind"] for s in rematch["seats"]] == ["human", "bot"] and rematch["seats"][0]["bot"] is None


def test_an_unknown_takeover_bot_is_refused(client: TestClient) -> None:
    answer = client.post(
        "/api/games",
        json={"game": "builders", "players": 2, "clock": {**CLOCK, "bot": "nobody"}},
    )
    assert answer.status_code == 422 and "nobody" in answer.json()["detail"]


def test_a_batch_of_moves_writes_the_clocks_with_them(db_url: str) -> None:
    """Group commit: moves that change a clock and moves that do not, of several games, in one transaction
    (on PostgreSQL the plain ones go through the batched UPDATE, the others one by one)."""
    engine = make_engine(db_url)
    try:
        upgrade(engine)
        store = Store(engine)
        rows = {}
        for game_id, clock in (("t1", CLOCK), ("t2", None), ("t3", CLOCK)):
            seats = [SeatRow(k, "human", None, f"P{k}", "h" * 64, True) for k in range(2)]
            row = GameRow(
                game_id, "builders", 2, 7, {}, "live", 0, 0, 1, None, None, None, T0, T0, seats, clock=clock
            )
            clocks.apply(row, clocks.start(row, T0))
            store.create_game(row)
            rows[game_id] = row
        later = T0 + timedelta(seconds=1000)
        items = [
            (
                gid,
                1,
                MoveRow(0, 3, 0, later),
                Outcome("live", 1, None, None, clocks.after_move(rows[gid], 0, 1, later)),
            )
            for gid in ("t1", "t2", "t3")
        ]
        assert store.append_moves(items) == [True, True, True]
        for gid in ("t1", "t3"):
            stored = store.load_game(gid)
            assert stored is not None and stored.turn_started == later and stored.to_move == 1
            assert [s.bank_ms for s in stored.seats] == [min(5400, 3600 - 1000 + 600) * 1000, 3600_000]
        plain = store.load_game("t2")
        assert plain is not None and plain.turn_started is None and plain.ply == 1
        assert [s.bank_ms for s in plain.seats] == [None, None]
    finally:
        engine.dispose()


def test_an_undo_against_bots_restarts_the_seats_turn(timed: Any) -> None:
    client, fake, _ = timed
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = create(client, game="builders", players=2, join=[0], seats=seats, seed=5, clock=CLOCK)
    gid, token = made["id"], made["tokens"]["0"]
    start = wait_for(client, gid, lambda s: s["to_move"] == 0)
    fake.advance(1000)
    act(client, gid, token, start["ply"])
    wait_for(client, gid, lambda s: s["to_move"] == 0 and s["ply"] > start["ply"] + 1)
    fake.advance(500)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": token, "board": False})
        ws.receive_json()
        ws.send_json({"type": "undo"})
        undone = ws.receive_json()
    assert undone["type"] == "state" and undone["ply"] == start["ply"] and undone["clock"]["running"] == 0
    fake.advance(100)  # its time runs from the undo on; the time it spent before is not given back
    left = summary(client, gid)["clock"]["left"][0]
    assert left == min(5400_000, 3600_000 - 1000_000 + 600_000) - 100_000
