"""Ratings between people: OpenSkill per game over finished rated games (accounts and bots), rated once;
the leaderboard, profiles (never an e-mail) and a game's rating changes."""

from __future__ import annotations

import random
import secrets
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, insert, select, update

from masterbuilder.server.db import games, make_engine, ratings, seats, upgrade, users
from masterbuilder.server.ratings import Ratings, initial, match_of, places
from masterbuilder.server.store import GameRow, MoveRow, SeatRow, Store, now
from masterbuilder.server.tables import Extras, PlayError, SeatSpec, Tables
from tests.server.conftest import make_client


def add_user(engine: Engine, name: str, email: str | None = None) -> int:
    with engine.begin() as conn:
        result = conn.execute(
            insert(users).values(
                name=name,
                name_key=name.casefold(),
                email=email,
                password_hash="x",
                mail_key=secrets.token_hex(16),
                created=now(),
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


_clock = [now() - timedelta(days=1)]


def finished(
    store: Store,
    game_id: str,
    who: list[int | str | None],
    scores: list[int],
    winners: list[int],
    rated: bool = True,
    ended: str | None = None,
    replaced: tuple[int, ...] = (),
    timed_out: int | None = None,
    names: list[str] | None = None,
) -> GameRow:
    """A finished game stored directly (its last move one second after the previous game's): ``who`` per
    seat is an account id, a bot's name, or None (a guest)."""
    _clock[0] += timedelta(seconds=1)
    moment = _clock[0]
    seat_rows = [
        SeatRow(
            k,
            "bot" if isinstance(w, str) else "human",
            w if isinstance(w, str) else None,
            names[k] if names else f"P{k}",
            None,
            True,
            user_id=w if isinstance(w, int) else None,
            replaced=k in replaced,
        )
        for k, w in enumerate(who)
    ]
    row = GameRow(
        game_id, "builders", len(who), 7, {}, "live", 0, 0, 1, None, None, None, moment, moment, seat_rows
    )
    row.rated = rated
    store.create_game(row)
    store.append_move(game_id, 1, MoveRow(0, 0, 0, moment), _outcome(scores, winners))
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game_id).values(ended=ended, timed_out=timed_out))
    loaded = store.load_game(game_id)
    assert loaded is not None and loaded.status == "finished"
    return loaded


def _outcome(scores: list[int], winners: list[int]) -> Any:
    from masterbuilder.server.store import Outcome

    return Outcome("finished", None, scores, winners)


def stored(engine: Engine, game: str = "builders") -> dict[str, tuple[float, float, int]]:
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.game == game)).mappings()
        return {r["player"]: (r["mu"], r["sigma"], r["games"]) for r in rows}


# ---- places: pure ------------------------------------------------------------------------------------------
def test_places_winners_first_ties_share_and_abandoned_seats_last() -> None:
    moment = now()
    row = GameRow("g", "builders", 3, 1, {}, "finished", 9, None, 2, [30, 50, 30], [1], None, moment, moment)
    row.seats = [SeatRow(k, "human", None, "p", None, True, user_id=k + 1) for k in range(3)]
    assert places(row) == [2, 1, 2]
    row.winners = [0, 2]  # a tie for first (the engine's tie-break could not separate them)
    row.scores = [50, 50, 50]
    assert places(row) == [1, 2, 1]
    # abandoned: seat 0's time ran out and a bot took it: last, whatever its score
    row.ended, row.timed_out, row.winners, row.scores = "abandoned", 0, [0], [80, 40, 60]
    row.seats[0].replaced = True
    assert places(row) == [3, 2, 1]
    row.rated = True
    row.seats[2].user_id = None  # a guest
    assert match_of(row) is None


# ---- rating on storage (SQLite and PostgreSQL) ----------------------------------------------------------
def test_a_rated_game_moves_winner_up_and_loser_down_once(engine: Engine) -> None:
    store = Store(engine)
    book = Ratings(store)
    ann, bob = add_user(engine, "Ann"), add_user(engine, "Bob")
    finished(store, "g1", [ann, bob], [40, 30], [0])
    assert book.rate_game("g1") is True
    assert book.rate_game("g1") is False  # a second "finished": rated once
    assert book.rate_pending() == 0
    after = stored(engine)
    start = initial()
    assert after[f"user:{ann}"][0] > start.mu > after[f"user:{bob}"][0]
    assert after[f"user:{ann}"][2] == after[f"user:{bob}"][2] == 1
    assert after[f"user:{ann}"][1] < start.sigma

    first = book.changes("g1")  # kept until another game is rated
    assert first is not None and first[1] is not None
    assert [c.before for c in first[1]] == [initial(), initial()]
    finished(store, "g2", [bob, ann], [45, 20], [0])
    assert book.rate_pending("builders") == 1
    again = stored(engine)
    assert again[f"user:{ann}"][2] == again[f"user:{bob}"][2] == 2
    assert again[f"user:{bob}"][0] > after[f"user:{bob}"][0]

    # the changes of each game, recomputed in the order the games finished, end at the stored ratings
    found = book.changes("g2")
    assert found is not None and found[1] is not None
    by_player = {c.player: c for c in found[1]}
    assert by_player[f"user:{bob}"].before.mu == pytest.approx(after[f"user:{bob}"][0])
    assert by_player[f"user:{bob}"].after.mu == pytest.approx(again[f"user:{bob}"][0])


def test_two_processes_rate_a_game_once(engine: Engine) -> None:
    ann, bob = add_user(engine, "Ann"), add_user(engine, "Bob")
    finished(Store(engine), "race", [ann, bob], [40, 30], [0])
    books = [Ratings(Store(engine)) for _ in range(4)]  # as if four server processes got "finished" at once
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda b: b.rate_game("race"), books))
    assert sorted(answers) == [False, False, False, True]
    assert {v[2] for v in stored(engine).values()} == {1}


def test_ties_bots_unrated_and_guest_games(engine: Engine) -> None:
    store = Store(engine)
    book = Ratings(store)
    ann, bob = add_user(engine, "Ann"), add_user(engine, "Bob")
    finished(store, "tie", [ann, bob], [30, 30], [0, 1])
    book.rate_pending()
    tied = stored(engine)
    assert tied[f"user:{ann}"][0] == pytest.approx(tied[f"user:{bob}"][0])  # a shared place: equal moves

    finished(store, "bot", [ann, "mcts:easy"], [20, 50], [1])
    book.rate_pending()
    with_bot = stored(engine)
    assert with_bot["bot:mcts:easy"][2] == 1 and with_bot["bot:mcts:easy"][0] > initial().mu
    assert with_bot[f"user:{ann}"][0] < tied[f"user:{ann}"][0]

    finished(store, "free", [ann, bob], [90, 10], [0], rated=False)
    finished(store, "guest", [ann, None], [90, 10], [0])
    finished(store, "bots", ["mcts:easy", "random"], [90, 10], [0])
    book.rate_pending()
    assert stored(engine) == with_bot  # an unrated game, a guest's game and bots alone change nothing
    with engine.connect() as conn:
        flags = dict(conn.execute(select(games.c.id, games.c.rating_done)).all())
    assert flags["guest"] is True and flags["free"] is False
    found = book.changes("guest")
    assert found is not None and found[1] is None


def test_an_abandoned_game_ranks_the_replaced_account_last(engine: Engine) -> None:
    store = Store(engine)
    book = Ratings(store)
    ann, bob = add_user(engine, "Ann"), add_user(engine, "Bob")
    # Ann's time ran out, a bot played her seat to a higher score, then the game was abandoned
    finished(store, "ab", [ann, bob], [70, 40], [0], ended="abandoned", replaced=(0,), timed_out=0)
    book.rate_pending()
    after = stored(engine)
    assert after[f"user:{ann}"][0] < initial().mu < after[f"user:{bob}"][0]
    assert "bot:mcts:medium" not in after


def test_leaderboard_order_paging_and_profiles_without_email(engine: Engine) -> None:
    store = Store(engine)
    book = Ratings(store)
    ids = [add_user(engine, name, f"{name.lower()}@example.org") for name in ("Ann", "Bob", "Cy")]
    ann, bob, cy = ids
    for k in range(3):
        finished(store, f"a{k}", [ann, bob], [50, 10], [0])
        finished(store, f"b{k}", [bob, cy], [50, 10], [0])
    book.rate_pending()
    first, total = book.leaderboard("builders", 1, 2)
    second, _ = book.leaderboard("builders", 2, 2)
    assert total == 3
    assert [e["name"] for e in first + second] == ["Ann", "Bob", "Cy"]
    assert [e["rank"] for e in first + second] == [1, 2, 3]
    assert first[0]["rating"] > first[1]["rating"] > second[0]["rating"]
    assert [e["games"] for e in first + second] == [3, 6, 3]
    assert book.leaderboard("caylus", 1, 10) == ([], 0)

    profile = book.profile("bob")
    assert profile is not None and profile["name"] == "Bob"
    assert profile["ratings"][0]["games"] == 6 and len(profile["games"]) == 6
    assert "@" not in repr(profile) and "email" not in repr(profile)
    latest = profile["games"][0]
    assert latest["id"] == "b2" and latest["mine"] == [0] and latest["places"] == [1]
    assert latest["change"]["after"] == profile["ratings"][0]["rating"] > latest["change"]["before"]
    assert book.profile("nobody") is None


# ---- through the server ------------------------------------------------------------------------------------
def test_rated_games_need_accounts(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        answer = client.post(
            "/api/games", json={"game": "builders", "players": 2, "rated": True, "join": [0]}
        )
        assert answer.status_code == 422 and "rated" in answer.json()["detail"]
        open_game = client.post("/api/games", json={"game": "builders", "players": 2, "rated": True}).json()
        joined = client.post(f"/api/games/{open_game['id']}/seats/0/join", json={"name": "guest"})
        assert joined.status_code == 409 and "sign in" in joined.json()["detail"]


@pytest.mark.slow
def test_a_played_rated_game_is_rated_and_shown(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
        ann = add_user(engine, "Ann", "ann@example.org")
        bob = add_user(engine, "Bob", "bob@example.org")
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        created = client.portal.call(  # type: ignore[union-attr]
            lambda: tables.create(
                "builders",
                2,
                {},
                5,
                [SeatSpec("human"), SeatSpec("human", invite=bob)],
                [0],
                "Ann",
                Extras(rated=True, creator=ann),
            )
        )
        gid = created.row.id
        with pytest.raises(PlayError):
            client.portal.call(tables.join, gid, 1, "Bob")  # type: ignore[union-attr]
        client.portal.call(tables.join, gid, 1, "Bob", bob)  # type: ignore[union-attr]
        with engine.begin() as conn:  # the accounts part records who joined; here, by hand
            conn.execute(update(seats).where(seats.c.game_id == gid, seats.c.seat == 1).values(user_id=bob))
        rng = random.Random(1)
        while True:
            state = client.portal.call(tables.state_of, gid)  # type: ignore[union-attr]
            if state.is_terminal:
                break
            action = rng.choice(state.legal_action_ids())
            client.portal.call(tables.act, gid, state.current_player, action, len(state.record()["actions"]))  # type: ignore[union-attr]
        winner = state.winners()[0]
        for _ in range(200):  # the listener runs as its own task after the last move
            if stored(engine):
                break
            client.portal.call(lambda: __import__("asyncio").sleep(0.02))  # type: ignore[union-attr]
        board = client.get("/api/leaderboard/builders").json()
        assert board["total"] == 2 and board["entries"][0]["name"] == ["Ann", "Bob"][winner]
        assert "@" not in client.get("/api/leaderboard/builders").text
        change = client.get(f"/api/games/{gid}/ratings").json()
        assert change["counted"] is True
        rise = {s["name"]: s["after"]["mu"] - s["before"]["mu"] for s in change["seats"]}
        assert rise[["Ann", "Bob"][winner]] > 0 > rise[["Bob", "Ann"][winner]]
        profile = client.get("/api/players/ANN")
        assert profile.status_code == 200 and "@" not in profile.text
        assert profile.json()["games"][0]["id"] == gid
        for path in ("/api/players/nobody", "/api/leaderboard/chess", f"/api/games/{gid}x/ratings"):
            missing = client.get(path)
            assert missing.status_code == 404 and missing.json()["detail"]
        assert client.get("/api/leaderboard/builders?page=0").status_code == 422


@pytest.mark.slow
def test_no_generated_request_to_the_ratings_gets_a_500(tmp_path: Path) -> None:
    import schemathesis

    from tests.server.test_openapi import check

    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        add_user(client.app.state.tables.store.engine, "Ann", "ann@example.org")  # type: ignore[attr-defined]
        schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        ratings_paths = schema.include(path_regex=r"^/api/(leaderboard|players)")
        check(
            client,
            ratings_paths.as_strategy().map(
                lambda case: case.as_transport_kwargs(base_url="http://testserver")
            ),
        )


def test_a_game_that_finished_while_the_server_stopped_is_rated_at_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    engine = make_engine(url)
    upgrade(engine)
    ann, bob = add_user(engine, "Ann"), add_user(engine, "Bob")
    finished(Store(engine), "late", [ann, bob], [40, 30], [0])  # its listener never ran
    assert stored(engine) == {}
    with make_client(url) as client:
        assert client.get("/api/leaderboard/builders").json()["total"] == 2
    assert stored(engine)[f"user:{ann}"][2] == 1
    engine.dispose()
