"""Accounts: sign up, in and out, passwords, deletion, disabled accounts, claiming a guest's seats, playing
by the session cookie, invites by user name and "your games" (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from masterbuilder.server import accounts
from masterbuilder.server.db import games, seats, users
from tests.server.conftest import create, make_client

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests hash many passwords: argon2id with small costs (the server's are argon2-cffi's defaults)."""
    monkeypatch.setattr(accounts, "hasher", CHEAP)


def sign_up(
    client: TestClient | Browser, name: str, password: str = "correct horse", **more: Any
) -> dict[str, Any]:
    response = client.post("/api/account/signup", json={"name": name, "password": password, **more})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


class Browser:
    """One browser of several on the same test server: its own cookies."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jar = httpx.Cookies()

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.jar
        try:
            response: httpx.Response = self.client.request(method, url, **kwargs)
            return response
        finally:
            self.jar = httpx.Cookies(self.client.cookies)

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    @contextmanager
    def websocket_connect(self, url: str) -> Iterator[Any]:
        self.client.cookies = self.jar
        with self.client.websocket_connect(url) as ws:
            yield ws


def test_sign_up_in_out(client: TestClient) -> None:
    me = sign_up(client, "Ann", email="ann@example.org")
    assert me["name"] == "Ann" and me["email"] == "ann@example.org"
    cookie = client.cookies.get(accounts.COOKIE)
    assert cookie and len(cookie) >= 40
    assert client.get("/api/account/me").json()["user"]["name"] == "Ann"
    assert client.post("/api/account/signout").json() == {"signed_in": False}
    assert client.get("/api/account/me").json() == {"user": None}
    client.cookies.set(accounts.COOKIE, cookie)  # a cookie kept from before sign-out is dead
    assert client.get("/api/account/me").json() == {"user": None}
    client.cookies.clear()
    wrong = client.post("/api/account/signin", json={"name": "ann", "password": "wrong horse"})
    assert wrong.status_code == 401 and wrong.json()["detail"] == "Wrong user name or password."
    nobody = client.post("/api/account/signin", json={"name": "zed", "password": "wrong horse"})
    assert nobody.status_code == 401 and nobody.json() == wrong.json()
    ok = client.post("/api/account/signin", json={"name": "ANN", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["name"] == "Ann"
    assert client.get("/api/account/games").status_code == 200


def test_names_and_passwords_checked(client: TestClient) -> None:
    sign_up(client, "Łukasz.b")
    taken = client.post("/api/account/signup", json={"name": "łUKASZ.B", "password": "12345678"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    for name in ("ab", "a b c", "x" * 33, "<script>"):
        bad = client.post("/api/account/signup", json={"name": name, "password": "12345678"})
        assert bad.status_code == 422, name
    short = client.post("/api/account/signup", json={"name": "bob", "password": "1234567"})
    assert short.status_code == 422 and "8 to 256" in short.json()["detail"]
    mail = client.post("/api/account/signup", json={"name": "bob", "password": "12345678", "email": "bob"})
    assert mail.status_code == 422 and "e-mail" in mail.json()["detail"]
    extra = client.post("/api/account/signup", json={"name": "bob", "password": "12345678", "admin": True})
    assert extra.status_code == 422


def test_password_change_ends_other_sessions(client: TestClient) -> None:
    ann = Browser(client)
    sign_up(ann, "ann")
    phone = Browser(client)
    phone.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert phone.get("/api/account/me").json()["user"] is not None
    wrong = ann.post("/api/account/password", json={"old": "nope nope", "new": "battery staple"})
    assert wrong.status_code == 403
    changed = ann.post("/api/account/password", json={"old": "correct horse", "new": "battery staple"})
    assert changed.status_code == 200, changed.text
    assert ann.get("/api/account/me").json()["user"]["name"] == "ann"  # this session goes on
    assert phone.get("/api/account/me").json() == {"user": None}
    old = phone.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert old.status_code == 401
    assert phone.post("/api/account/signin", json={"name": "ann", "password": "battery staple"}).is_success


def test_weaker_hash_is_rehashed_at_sign_in(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_up(client, "ann")
    stronger = PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1)
    monkeypatch.setattr(accounts, "hasher", stronger)
    assert client.post("/api/account/signin", json={"name": "ann", "password": "correct horse"}).is_success
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        stored = conn.execute(select(users.c.password_hash)).scalar_one()
    assert "m=2048,t=2" in stored and not stronger.check_needs_rehash(stored)


def test_disabled_account(client: TestClient) -> None:
    me = sign_up(client, "ann")
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    accounts.set_disabled(engine, me["id"], True)
    assert client.get("/api/account/me").json() == {"user": None}
    refused = client.post("/api/account/signin", json={"name": "ann", "password": "correct horse"})
    assert refused.status_code == 403 and "disabled" in refused.json()["detail"]
    accounts.set_disabled(engine, me["id"], False)
    assert client.post("/api/account/signin", json={"name": "ann", "password": "correct horse"}).is_success


def test_delete_keeps_games(client: TestClient) -> None:
    me = sign_up(client, "ann")
    made = create(client, players=2, join=[0], name="Ann")
    gid = made["id"]
    wrong = client.post("/api/account/delete", json={"password": "wrong horse"})
    assert wrong.status_code == 403
    assert client.post("/api/account/delete", json={"password": "correct horse"}).json() == {"deleted": True}
    assert client.get("/api/account/me").json() == {"user": None}
    assert client.get(f"/api/games/{gid}").json()["seats"][0]["name"] == "ann"  # the name it was played under
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        assert conn.execute(select(users)).first() is None
        assert conn.execute(select(seats.c.user_id).where(seats.c.game_id == gid)).scalars().all() == [
            None,
            None,
        ]
        assert conn.execute(select(games.c.creator).where(games.c.id == gid)).scalar_one() is None
    # the guest's token still plays the seat
    token = made["tokens"]["0"]
    left = client.post(f"/api/games/{gid}/seats/0/leave", headers={"Authorization": f"Bearer {token}"})
    assert left.status_code == 200
    assert me["id"] not in client.app.state.tables._tables[gid].seats_of(me["id"])  # type: ignore[attr-defined]


def test_guest_seats_claimed_at_sign_up(client: TestClient) -> None:
    ann = Browser(client)
    made = create(ann, players=2, join=[0], name="Ann")
    gid, token = made["id"], made["tokens"]["0"]
    other = create(ann, players=2, join=[0])
    held = [
        {"game": gid, "seat": 0, "token": token},
        {"game": other["id"], "seat": 0, "token": "not-the-token"},
        {"game": gid, "seat": 1, "token": token},
    ]
    sign_up(ann, "ann", seats=held)
    listing = ann.get("/api/account/games").json()
    assert [g["id"] for g in listing["open_for_you"]] == [gid]
    assert listing["open_for_you"][0]["your_seats"] == [0]
    # a seat of another account is never claimed
    thief = Browser(client)
    sign_up(thief, "eve")
    claimed = thief.post("/api/account/claim", json={"seats": held[:1]})
    assert claimed.json() == {"claimed": []}
    assert ann.post("/api/account/claim", json={"seats": held[:1]}).json()["claimed"] == [
        {"game": gid, "seat": 0}
    ]


def test_an_accounts_seat_shows_the_accounts_name(client: TestClient) -> None:
    """Nobody plays as someone else: a signed-in player's seat is shown under the account's user name,
    whatever name the request typed (creating, joining, or claiming a seat held as a guest); a guest's
    seat keeps the name typed."""
    ann, bob, guest = Browser(client), Browser(client), Browser(client)
    sign_up(ann, "ann")
    sign_up(bob, "Bob")
    made = create(ann, players=3, join=[0], name="Bob")
    gid = made["id"]
    assert bob.post(f"/api/games/{gid}/seats/1/join", json={"name": "ann"}).status_code == 200
    assert guest.post(f"/api/games/{gid}/seats/2/join", json={"name": "Guest"}).status_code == 200
    names = [s["name"] for s in client.get(f"/api/games/{gid}").json()["seats"]]
    assert names == ["ann", "Bob", "Guest"]
    assert [s["name"] for s in hello_state(guest, gid, {})["seats"]] == names  # the table says the same
    # a guest's seat claimed at sign-up takes the account's name, in the lobby and at the table
    cy = Browser(client)
    open_game = create(cy, players=2, join=[0], name="ann")
    cid = open_game["id"]
    with cy.websocket_connect(f"/ws/games/{cid}") as watcher:
        watcher.send_text(json.dumps({"type": "hello", "board": False}))
        assert json.loads(watcher.receive_text())["seats"][0]["name"] == "ann"
        sign_up(cy, "cyd", seats=[{"game": cid, "seat": 0, "token": open_game["tokens"]["0"]}])
        assert json.loads(watcher.receive_text())["seats"][0]["name"] == "cyd"
    assert client.get(f"/api/games/{cid}").json()["seats"][0]["name"] == "cyd"


def hello_state(client: TestClient | Browser, gid: str, hello: dict[str, Any]) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "board": False, **hello}))
        message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def test_play_over_the_socket_by_cookie(client: TestClient) -> None:
    ann = Browser(client)
    sign_up(ann, "ann")
    made = create(ann, players=2, join=[0, 1], name="Ann")  # hot seat: both seats the account's
    gid = made["id"]
    state = hello_state(ann, gid, {})
    assert state["type"] == "state" and state["seat"] == state["to_move"]
    assert hello_state(ann, gid, {"seat": 1})["seat"] == 1
    assert hello_state(ann, gid, {"seat": "1"})["type"] == "error"
    guest = Browser(client)
    assert hello_state(guest, gid, {})["seat"] is None  # no cookie: a spectator
    sign_up(guest, "bob")
    refused = hello_state(guest, gid, {"seat": 0})
    assert refused["type"] == "error" and refused["code"] == "bad_token"
    with ann.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "board": False}))
        first = json.loads(ws.receive_text())
        action = first["legal"][0]["id"]
        ws.send_text(json.dumps({"type": "act", "action": action, "ply": first["ply"]}))
        assert json.loads(ws.receive_text())["ply"] == first["ply"] + 1


def test_invite_by_user_name(client: TestClient) -> None:
    ann = Browser(client)
    sign_up(ann, "ann")
    unknown = ann.post(
        "/api/games",
        json={
            "game": "builders",
            "players": 2,
            "join": [0],
            "seats": [{"kind": "human"}, {"kind": "human", "invite": "zed"}],
        },
    )
    assert unknown.status_code == 422 and "zed" in unknown.json()["detail"]
    bob, eve = Browser(client), Browser(client)
    sign_up(bob, "Bob")
    sign_up(eve, "eve")
    made = create(ann, join=[0], name="Ann", seats=[{"kind": "human"}, {"kind": "human", "invite": "BOB"}])
    gid = made["id"]
    assert [g["id"] for g in bob.get("/api/account/games").json()["open_for_you"]] == [gid]
    assert eve.get("/api/account/games").json()["open_for_you"] == []
    refused = eve.post(f"/api/games/{gid}/seats/1/join", json={"name": "Eve"})
    assert refused.status_code == 409 and "invited" in refused.json()["detail"]
    guest = Browser(client).post(f"/api/games/{gid}/seats/1/join", json={"name": "Guest"})
    assert guest.status_code == 409
    assert bob.post(f"/api/games/{gid}/seats/1/join", json={"name": "Bob"}).status_code == 200
    assert ann.get(f"/api/games/{gid}").json()["status"] == "live"
    # "your games": the game is live for both; waiting for the one to move
    to_move = ann.get(f"/api/games/{gid}").json()["to_move"]
    anns, bobs = ann.get("/api/account/games").json(), bob.get("/api/account/games").json()
    waiting, other = (anns, bobs) if to_move == 0 else (bobs, anns)
    assert [g["id"] for g in waiting["waiting"]] == [gid] and waiting["live"] == []
    assert [g["id"] for g in other["live"]] == [gid] and other["waiting"] == []
    assert waiting["waiting"][0]["play"] == f"/play/{gid}"


def play_out(client: TestClient, gid: str) -> None:
    """Play the account's seat (the first legal action each time) until the game is over."""
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "board": False}))
        while True:
            message = json.loads(ws.receive_text())
            if message.get("status") == "finished":
                return
            if message.get("type") == "state" and message["legal"]:
                ws.send_text(
                    json.dumps({"type": "act", "action": message["legal"][0]["id"], "ply": message["ply"]})
                )


@pytest.mark.slow  # a whole game against a bot
def test_leave_and_rematch_by_account(client: TestClient) -> None:
    sign_up(client, "ann")
    made = create(client, players=2, join=[0], name="Ann")
    gid = made["id"]
    assert client.post(f"/api/games/{gid}/seats/1/leave").status_code == 401  # not the account's seat
    assert client.post(f"/api/games/{gid}/seats/0/leave").json() == {"seat": 0}
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        held = conn.execute(select(seats.c.user_id).where(seats.c.game_id == gid)).scalars().all()
    assert held == [None, None]
    bots = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    pid = create(client, players=2, join=[0], seats=bots, name="Ann")["id"]
    play_out(client, pid)
    listing = client.get("/api/account/games").json()
    assert [g["id"] for g in listing["finished"]] == [pid] and listing["total_finished"] == 1
    assert listing["finished"][0]["replay"] == f"/replay/{pid}" and listing["finished"][0]["scores"]
    again = client.post(f"/api/games/{pid}/rematch")
    assert again.status_code == 201, again.text
    rid = again.json()["id"]
    with engine.connect() as conn:
        owner = conn.execute(
            select(seats.c.user_id).where(seats.c.game_id == rid, seats.c.seat == 0)
        ).scalar()
    assert owner is not None
    now = client.get("/api/account/games").json()  # against a bot the rematch starts at once
    assert [g["id"] for g in now["waiting"] + now["live"]] == [rid]


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url) as c:
        yield c


def test_users_table_read_directly(sqlite_client: TestClient, sqlite_url: str) -> None:
    sign_up(sqlite_client, "ann", email="ann@example.org")
    engine = create_engine(sqlite_url)
    with engine.connect() as conn:
        row = conn.execute(select(users)).mappings().one()
    engine.dispose()
    assert row["name_key"] == "ann" and row["password_hash"].startswith("$argon2id$")
    assert "correct horse" not in row["password_hash"]
