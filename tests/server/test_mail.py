"""Mail: "your turn" and the other notifications through a local SMTP server (aiosmtpd), the per-game limit,
the unsubscribe link, and a broken SMTP server that never breaks a move."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update

from masterbuilder import new_game
from masterbuilder.server import db
from masterbuilder.server.mail import smtp_problem
from masterbuilder.server.notifications import Notifier, concerned
from masterbuilder.server.settings import Settings
from masterbuilder.server.startup import StartupError, mail
from masterbuilder.server.tables import Extras, Tables
from tests.ports import free_ports
from tests.server.conftest import make_client

CLOCK = {"kind": "turn", "bank": 86400, "increment": 3600, "cap": 259200, "bot": "random"}


@dataclass
class Inbox:
    port: int
    mails: list[Message] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def wait(self, count: int, seconds: float = 10.0) -> list[Message]:
        deadline = time.monotonic() + seconds
        while len(self.mails) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.mails)


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox(free_ports(1)[0])
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


def closed_port() -> int:
    """A loopback port nothing listens on: an SMTP server that cannot be reached."""
    return free_ports(1)[0]


def mail_settings(port: int) -> dict[str, Any]:
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "none",
        "smtp_from": "table@example.org",
        "smtp_timeout": 3.0,
        "public_url": "http://testserver",
    }


def add_user(client: TestClient, name: str, email: str | None = None) -> tuple[int, str]:
    """An account row, as the accounts part makes them: its id and mail key."""
    key = secrets.token_urlsafe(24)
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        found = conn.execute(
            insert(db.users).values(
                name=name,
                name_key=name.casefold(),
                email=email,
                password_hash="x",
                mail_key=key,
                created=datetime.now(UTC),
            )
        )
    return int(found.inserted_primary_key[0]), key


def turn_based_game(client: TestClient, users: list[int], clock: dict[str, Any] | None = CLOCK) -> str:
    """A two-seat Builders game, seat k played by account ``users[k]``: created by the first, the second
    seat joined by the second account (the game starts)."""
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    created = client.portal.call(  # type: ignore[union-attr]
        lambda: tables.create(
            "builders", 2, {}, 11, [], [0], "Ann", extras=Extras(clock=clock, creator=users[0])
        )
    )
    gid = created.row.id
    client.portal.call(tables.join, gid, 1, "Bob", users[1])  # type: ignore[union-attr]
    return gid


def play_until_turn_changes(client: TestClient, gid: str) -> int:
    """Moves of the seat to move until the other seat is to move: that seat."""
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    state = new_game("builders", 2, 11)
    mover = state.current_player
    while state.current_player == mover:
        action = state.legal_action_ids()[0]
        client.portal.call(tables.act, gid, mover, action, len(state.history))  # type: ignore[union-attr]
        state.apply(action)
    assert state.current_player is not None
    return state.current_player


def user_row(client: TestClient, user_id: int) -> Any:
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return conn.execute(select(db.users).where(db.users.c.id == user_id)).one()


def test_your_turn_mail_when_the_other_seat_moves(db_url: str, inbox: Inbox) -> None:
    with make_client(db_url, **mail_settings(inbox.port)) as client:
        ann, ann_key = add_user(client, "Ann", "ann@example.org")
        bob, bob_key = add_user(client, "Bob", "bob@example.org")
        gid = turn_based_game(client, [ann, bob])
        started = inbox.wait(2)
        assert sorted(m["To"] for m in started) == ["ann@example.org", "bob@example.org"]
        assert all("has started" in m["Subject"] for m in started)
        inbox.mails.clear()
        to_move = play_until_turn_changes(client, gid)
        address, key, uid = (
            ("ann@example.org", ann_key, ann) if to_move == 0 else ("bob@example.org", bob_key, bob)
        )
        mails = inbox.wait(1)
        time.sleep(0.3)  # nothing else comes: the mover's own moves mail nobody
        assert len(inbox.mails) == 1
        turn = mails[0]
        assert turn["To"] == address and turn["From"] == "table@example.org"
        assert turn["Subject"] == "[Master Builder] The Builders: Middle Ages: your turn"
        payload = turn.get_payload(decode=True)
        assert isinstance(payload, bytes)
        body = payload.decode()
        assert f"http://testserver/play/{gid}" in body
        link = f"http://testserver/api/mail/unsubscribe?u={uid}&k={key}"
        assert link in body and turn["List-Unsubscribe"] == f"<{link}>"


def test_real_time_games_mail_no_turns(sqlite_url: str, inbox: Inbox) -> None:
    with make_client(sqlite_url, **mail_settings(inbox.port)) as client:
        ann, _ = add_user(client, "Ann", "ann@example.org")
        bob, _ = add_user(client, "Bob", "bob@example.org")
        gid = turn_based_game(client, [ann, bob], clock=None)
        inbox.wait(2)
        inbox.mails.clear()
        play_until_turn_changes(client, gid)
        time.sleep(0.5)
        assert inbox.mails == []


def test_at_most_one_mail_per_game_in_mail_hours_but_the_end_always(db_url: str, inbox: Inbox) -> None:
    with make_client(db_url, **mail_settings(inbox.port), mail_hours=4) as client:
        ann, _ = add_user(client, "Ann", "ann@example.org")
        bob, _ = add_user(client, "Bob", "bob@example.org")
        nobody, _ = add_user(client, "Cid")  # no address: never mailed
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        gid = turn_based_game(client, [ann, bob])
        inbox.wait(2)
        table = client.portal.call(tables.get, gid)  # type: ignore[union-attr]
        start = datetime.now(UTC) + timedelta(hours=1)
        moment = [start]
        notifier = Notifier(tables, client.app.state.mailer, client.app.state.settings, lambda: moment[0])  # type: ignore[attr-defined]
        seat = table.row.to_move
        assert seat is not None
        assert concerned(table.row, "low_time") == [seat]
        inbox.mails.clear()
        client.portal.call(notifier, table, "low_time")  # type: ignore[union-attr]
        assert len(inbox.wait(1)) == 1
        moment[0] = start + timedelta(hours=3, minutes=59)
        client.portal.call(notifier, table, "low_time")  # type: ignore[union-attr]
        time.sleep(0.3)
        assert len(inbox.mails) == 1  # within 4 hours of the last: none
        client.portal.call(notifier, table, "finished")  # type: ignore[union-attr]
        assert len(inbox.wait(3)) == 3  # the end: both accounts, whatever the limit
        moment[0] = start + timedelta(hours=8)
        client.portal.call(notifier, table, "low_time")  # type: ignore[union-attr]
        assert len(inbox.wait(4)) == 4  # past the limit again
        # an account's own setting wins over the server's
        engine = tables.store.engine
        owner = table.row.seats[seat].user_id
        with engine.begin() as conn:
            conn.execute(update(db.users).where(db.users.c.id == owner).values(mail_hours=24))
        moment[0] = start + timedelta(hours=13)
        client.portal.call(notifier, table, "low_time")  # type: ignore[union-attr]
        time.sleep(0.3)
        assert len(inbox.mails) == 4
        # the others hear that a seat's time ran out (and the late one does not)
        table.row.timed_out = seat
        assert concerned(table.row, "timed_out") == [1 - seat]
        assert nobody not in [s.user_id for s in table.row.seats]


def test_unsubscribe_link(db_url: str) -> None:
    with make_client(db_url, **mail_settings(closed_port())) as client:
        uid, key = add_user(client, "Ann", "ann@example.org")
        page = client.get(f"/api/mail/unsubscribe?u={uid}&k={key}")
        assert page.status_code == 200 and "<form method='post'" in page.text
        assert user_row(client, uid).notify_mail is True  # following the link changes nothing
        wrong = client.post(f"/api/mail/unsubscribe?u={uid}&k=not-the-key")
        assert wrong.status_code == 400 and "not valid" in wrong.text
        assert client.post(f"/api/mail/unsubscribe?u={uid + 99}&k={key}").status_code == 400
        assert client.post("/api/mail/unsubscribe").status_code == 400
        assert client.get("/api/mail/unsubscribe?u=abc&k=x").status_code == 422
        assert user_row(client, uid).notify_mail is True
        done = client.post(f"/api/mail/unsubscribe?u={uid}&k={key}")
        assert done.status_code == 200 and "no more mails" in done.text
        assert user_row(client, uid).notify_mail is False


def test_a_failing_smtp_server_does_not_break_a_move(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with make_client(sqlite_url, **mail_settings(closed_port())) as client:
        ann, _ = add_user(client, "Ann", "ann@example.org")
        bob, _ = add_user(client, "Bob", "bob@example.org")
        with caplog.at_level(logging.WARNING, logger="masterbuilder.server.mail"):
            gid = turn_based_game(client, [ann, bob])
            play_until_turn_changes(client, gid)
            deadline = time.monotonic() + 10
            while len(caplog.records) < 3 and time.monotonic() < deadline:
                time.sleep(0.05)
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["status"] == "live" and summary["ply"] > 0
        failures = [r.getMessage() for r in caplog.records if r.name == "masterbuilder.server.mail"]
        assert len(failures) == 3 and all("not sent" in f and "\n" not in f for f in failures)


def test_no_smtp_host_no_mailer_and_bad_settings_in_one_line(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        assert client.app.state.mailer is None  # type: ignore[attr-defined]
        listeners = client.app.state.tables.listeners  # type: ignore[attr-defined]
        assert not any(isinstance(listener, Notifier) for listener in listeners)
    base = Settings(smtp_host="mail.example.org", smtp_from="table@example.org")
    assert smtp_problem(base) is None
    for change, word in (
        ({"smtp_security": "tls"}, "SECURITY"),
        ({"smtp_port": 70000}, "PORT"),
        ({"smtp_from": "nobody"}, "FROM"),
        ({"smtp_user": "me"}, "PASSWORD"),
    ):
        bad = Settings(**{**base.__dict__, **change})
        with pytest.raises(StartupError) as caught:
            mail(bad)
        assert word in str(caught.value) and "\n" not in str(caught.value)


def test_mail_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERBUILDER_SMTP_HOST", "mail.example.org")
    monkeypatch.setenv("MASTERBUILDER_SMTP_PORT", "2525")
    monkeypatch.setenv("MASTERBUILDER_SMTP_FROM", "table@example.org")
    monkeypatch.setenv("MASTERBUILDER_MAIL_HOURS", "6")
    settings = Settings().with_env()
    assert (settings.smtp_host, settings.smtp_port, settings.smtp_from) == (
        "mail.example.org",
        2525,
        "table@example.org",
    )
    assert settings.mail_hours == 6
    monkeypatch.setenv("MASTERBUILDER_SMTP_PORT", "many")
    with pytest.raises(ValueError, match="MASTERBUILDER_SMTP_PORT"):
        Settings().with_env()


def test_the_last_mail_says_the_result_in_the_servers_language() -> None:
    from masterbuilder.core.i18n import use_language
    from masterbuilder.server.notifications import letter
    from masterbuilder.server.store import GameRow, SeatRow

    moment = datetime.now(UTC)
    seats = [
        SeatRow(0, "human", None, "Ann", None, True, 1),
        SeatRow(1, "bot", "random", "random", None, True),
    ]
    row = GameRow(
        "g1", "caylus", 2, 1, {}, "finished", 90, None, 9, [31, 24], [0], None, moment, moment, seats
    )
    with use_language("de"):
        mail = letter(row, "finished", 0, {})
    assert mail.subject == "[Master Builder] Caylus: Das Spiel ist zu Ende"
    assert "Punkte: Ann 31 und random 24." in mail.body and "Sieger: Ann." in mail.body
    assert "http" not in mail.body  # no public URL: no links, and how to stop the mails instead


def test_serve_says_what_is_wrong_with_the_mail_settings_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from masterbuilder.cli import app

    monkeypatch.setenv("MASTERBUILDER_SMTP_HOST", "mail.example.org")
    monkeypatch.setenv("MASTERBUILDER_SMTP_SECURITY", "tls")
    monkeypatch.setenv("MASTERBUILDER_SMTP_FROM", "table@example.org")
    db_file = f"sqlite:///{tmp_path / 'games.db'}"
    result = CliRunner().invoke(app, ["serve", "--port", "18390", "--db", db_file])
    lines = result.output.splitlines()
    assert result.exit_code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("Error: ") and "MASTERBUILDER_SMTP_SECURITY" in lines[0]


def test_guests_and_spectators_get_no_mail() -> None:
    from masterbuilder.server.store import GameRow, SeatRow

    moment = datetime.now(UTC)
    seats = [SeatRow(0, "human", None, "Ann", "h", True, 1), SeatRow(1, "human", None, "Guest", "h", True)]
    row = GameRow("g1", "builders", 2, 1, {}, "live", 3, 1, 4, None, None, None, moment, moment, seats, CLOCK)
    assert concerned(row, "started") == [0] and concerned(row, "finished") == [0]
    assert concerned(row, "moved", last_mover=0) == []  # the guest's turn: no account, no mail
    row.to_move = 0
    assert concerned(row, "moved", last_mover=1) == [0]
    assert concerned(row, "moved", last_mover=0) == []  # the same seat again: its turn goes on
    row.clock = None
    assert concerned(row, "moved", last_mover=1) == []  # real time: no "your turn"


def test_a_password_reset_by_mail_from_the_local_smtp_server(sqlite_url: str, inbox: Inbox) -> None:
    """With SMTP set, a forgotten password: the link arrives by mail, it sets a new password once."""
    from urllib.parse import parse_qs, urlsplit

    with make_client(sqlite_url, **mail_settings(inbox.port)) as client:
        signed = client.post(
            "/api/account/signup",
            json={"name": "Ann", "password": "old password", "email": "ann@example.org"},
        )
        assert signed.status_code == 201, signed.text
        client.post("/api/account/signout")
        asked = client.post("/api/account/reset-request", json={"name": "ann"})
        assert asked.status_code == 200
        (mail,) = inbox.wait(1)
        assert mail["To"] == "ann@example.org" and "new password" in mail["Subject"]
        payload = mail.get_payload(decode=True)
        assert isinstance(payload, bytes)
        link = next(w for w in payload.decode().split() if w.startswith("http://testserver/account?reset="))
        token = parse_qs(urlsplit(link).query)["reset"][0]
        assert client.post(
            "/api/account/reset", json={"token": token, "password": "new password"}
        ).json() == {"changed": True}
        assert (
            client.post("/api/account/reset", json={"token": token, "password": "other one"}).status_code
            == 400
        )
        wrong = client.post("/api/account/signin", json={"name": "Ann", "password": "old password"})
        assert wrong.status_code in (401, 403)
        right = client.post("/api/account/signin", json={"name": "Ann", "password": "new password"})
        assert right.status_code == 200, right.text
        assert client.post("/api/account/reset-request", json={"name": "nobody"}).json() == asked.json()
