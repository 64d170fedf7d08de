"""Accounts' defences: sign-in limits per account and per address, the same answer for an unknown name,
session fixation, CSRF on cookie-authenticated POSTs, no endpoint showing another account's e-mail, and the
password reset by mail."""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
import schemathesis
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from starlette.routing import Route

from masterbuilder.server import Settings, accounts
from tests.server.conftest import create, make_client
from tests.server.test_accounts import CHEAP, Browser, sign_up
from tests.server.test_openapi import check


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "hasher", CHEAP)


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[TestClient]:
    """A server with tight sign-in limits: 2 failures an account, 4 an address, in a minute."""
    with make_client(
        f"sqlite:///{tmp_path / 'games.db'}",
        signin_failures_per_account=2,
        signin_failures_per_address=4,
        signin_window=60.0,
    ) as client:
        yield client


def sign_in(client: TestClient | Browser, name: str, password: str) -> Any:
    return client.post("/api/account/signin", json={"name": name, "password": password})


def test_sign_in_limit_per_account(strict: TestClient) -> None:
    sign_up(strict, "ann")
    strict.cookies.clear()
    assert [sign_in(strict, "ann", "wrong horse").status_code for _ in range(2)] == [401, 401]
    refused = sign_in(strict, "ANN", "correct horse")  # even the right password, for now
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many failed sign-ins" in refused.json()["detail"]
    assert strict.get("/api/account/me").json() == {"user": None}
    sign_up(strict, "bob")  # another account is not locked
    strict.cookies.clear()
    assert sign_in(strict, "bob", "correct horse").status_code == 200


def test_sign_in_limit_per_address(strict: TestClient) -> None:
    sign_up(strict, "ann")
    strict.cookies.clear()
    for name in ("zed", "yan", "xia", "wil"):  # names that do not exist count too
        assert sign_in(strict, name, "wrong horse").status_code == 401
    refused = sign_in(strict, "ann", "correct horse")
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_the_window_passes() -> None:
    limits = accounts.SignInLimits(per_account=1, per_address=5, window=0.2)
    limits.failed("ann", "10.0.0.1")
    assert limits.wait("ann", "10.0.0.2") > 0 and limits.wait("bob", "10.0.0.1") == 0
    time.sleep(0.25)
    assert limits.wait("ann", "10.0.0.1") == 0


def test_unknown_name_costs_a_hash(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_up(client, "ann")
    client.cookies.clear()
    calls: list[str | bytes] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            calls.append(hash)
            return super().verify(hash, password)

    monkeypatch.setattr(accounts, "hasher", Counting(time_cost=1, memory_cost=1024, parallelism=1))
    wrong, unknown = sign_in(client, "ann", "wrong horse"), sign_in(client, "nobody", "wrong horse")
    assert wrong.status_code == unknown.status_code == 401 and wrong.json() == unknown.json()
    assert len(calls) == 2 and all(str(c).startswith("$argon2id$") for c in calls)


def plant(browser: Browser, value: str) -> None:
    """A session cookie set in a browser by someone else (a subdomain's page, a shared computer)."""
    browser.jar = httpx.Cookies()
    browser.jar.set(accounts.COOKIE, value, domain="testserver.local", path="/")


def test_session_fixation(client: TestClient) -> None:
    sign_up(client, "mallory")
    planted = client.cookies[accounts.COOKIE]  # the attacker's own session, planted in a victim's browser
    victim = Browser(client)
    sign_up(victim, "victim")
    plant(victim, planted)
    assert sign_in(victim, "victim", "correct horse").status_code == 200
    after = victim.jar.get(accounts.COOKIE)
    assert after and after != planted
    attacker = Browser(client)
    plant(attacker, planted)
    assert attacker.get("/api/account/me").json() == {"user": None}  # the planted session ended
    plant(victim, "made-up-value")
    sign_in(victim, "victim", "correct horse")
    assert victim.jar.get(accounts.COOKIE) != "made-up-value"


def test_cookie(client: TestClient) -> None:
    response = client.post("/api/account/signup", json={"name": "ann", "password": "correct horse"})
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert "secure" not in header  # plain http here; https or an https public URL: Secure


def test_csrf_refused(client: TestClient) -> None:
    sign_up(client, "ann", email="ann@example.org")
    foreign = {"Origin": "https://evil.example"}
    changed = client.post("/api/account/settings", json={"email": "evil@example.org"}, headers=foreign)
    assert changed.status_code == 403 and "page of this site" in changed.json()["detail"]
    by_referer = client.post(
        "/api/account/settings",
        json={"email": "evil@example.org"},
        headers={"Referer": "https://evil.example/page"},
    )
    assert by_referer.status_code == 403
    assert client.get("/api/account/me").json()["user"]["email"] == "ann@example.org"
    for path, body in [
        ("/api/account/password", {"old": "correct horse", "new": "evil evil evil"}),
        ("/api/account/delete", {"password": "correct horse"}),
        ("/api/account/signout", None),
        ("/api/games", {"game": "builders", "players": 2, "join": [0]}),
    ]:
        assert client.post(path, json=body, headers=foreign).status_code == 403, path
    assert client.get("/api/games").json()["total"] == 0
    assert client.get("/api/account/me").json()["user"]["name"] == "ann"
    same = client.post(
        "/api/account/settings", json={"email": "new@example.org"}, headers={"Origin": "http://testserver"}
    )
    assert same.status_code == 200 and same.json()["email"] == "new@example.org"
    login = client.post(
        "/api/account/signin", json={"name": "ann", "password": "correct horse"}, headers=foreign
    )
    assert login.status_code == 403  # nor may another site sign a browser in (login CSRF)


FILLERS = {
    "game": "builders",
    "lang": "en",
    "seat": "0",
    "ply": "0",
    "path": "css/site.css",
}


def get_paths(routes: Iterable[Any], prefix: str = "") -> Iterator[str]:
    """Every GET route's path, through the included routers (FastAPI wraps each in an object of its own)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from get_paths(inner.routes, prefix + route.include_context.prefix)
        elif isinstance(route, Route) and "GET" in (route.methods or ()):
            yield prefix + route.path_format


def test_no_endpoint_shows_another_accounts_email(client: TestClient) -> None:
    ann = Browser(client)
    sign_up(ann, "ann", email="ann.secret@example.org")
    gid = create(ann, join=[0], name="Ann")["id"]
    bob = Browser(client)
    sign_up(bob, "bob", email="bob@example.org")
    assert bob.post(f"/api/games/{gid}/seats/1/join", json={"name": "Bob"}).status_code == 200
    walked = 0
    paths = set(get_paths(client.app.routes))  # type: ignore[attr-defined]
    assert {"/api/account/me", "/api/account/games", "/api/games/{game_id}", "/play/{game_id}"} <= paths
    for path in sorted(paths):
        for name in re.findall(r"{(\w+)}", path):
            path = path.replace("{" + name + "}", gid if name == "game_id" else FILLERS.get(name, "x"))
        for url in (path, path + "?status=live"):
            response = bob.get(url)
            assert "ann.secret" not in response.text, url
            walked += 1
    assert walked > 20
    assert "bob@example.org" in bob.get("/api/account/me").text  # its owner sees it


class FakeMailer:
    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []

    async def send(self, to: str, subject: str, body: str) -> None:
        self.sent.append((to, subject, body))


def test_password_reset_by_mail(client: TestClient) -> None:
    no_mail = client.post("/api/account/reset-request", json={"name": "ann"})
    assert no_mail.status_code == 503 and "operator" in no_mail.json()["detail"]
    mailer = FakeMailer()
    client.app.state.mailer = mailer  # type: ignore[attr-defined]
    sign_up(client, "ann", email="ann@example.org")
    phone = Browser(client)
    sign_in(phone, "ann", "correct horse")
    known = client.post("/api/account/reset-request", json={"name": "ANN"})
    unknown = client.post("/api/account/reset-request", json={"name": "nobody"})
    assert known.status_code == unknown.status_code == 200 and known.json() == unknown.json()
    deadline = time.monotonic() + 5
    while not mailer.sent and time.monotonic() < deadline:
        time.sleep(0.01)
    assert client.post("/api/account/reset-request", json={"name": "ann"}).json() == known.json()
    time.sleep(0.2)
    [(to, subject, body)] = mailer.sent  # the second ask, within minutes of the first, mails nothing
    assert to == "ann@example.org" and "Master Builder" in subject
    token = re.search(r"/account\?reset=([\w-]+)", body)
    assert token is not None
    bad = client.post("/api/account/reset", json={"token": "nope", "password": "battery staple"})
    assert bad.status_code == 400
    done = client.post("/api/account/reset", json={"token": token[1], "password": "battery staple"})
    assert done.status_code == 200
    again = client.post("/api/account/reset", json={"token": token[1], "password": "another one"})
    assert again.status_code == 400  # a link works once
    assert phone.get("/api/account/me").json() == {"user": None}  # every session ended
    assert sign_in(phone, "ann", "battery staple").status_code == 200


@pytest.mark.slow  # a hundred generated requests
def test_no_generated_account_request_gets_a_500(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        client.app.state.mailer = FakeMailer()  # type: ignore[attr-defined]  # else reset-request is a 503
        sign_up(client, "ann", email="ann@example.org")  # signed in: the requests reach past the 401
        schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        cases = schema.include(path_regex=r"^/api/account").as_strategy()
        check(client, cases.map(lambda case: case.as_transport_kwargs(base_url="http://testserver")))


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERBUILDER_SIGNIN_FAILURES_PER_ACCOUNT", "3")
    monkeypatch.setenv("MASTERBUILDER_SESSION_DAYS", "7")
    settings = Settings().with_env()
    assert settings.signin_failures_per_account == 3 and settings.session_days == 7.0
    monkeypatch.setenv("MASTERBUILDER_SIGNIN_WINDOW", "soon")
    with pytest.raises(ValueError, match="MASTERBUILDER_SIGNIN_WINDOW must be a number"):
        Settings().with_env()


def test_password_hashing_runs_one_at_a_time_in_its_own_thread() -> None:
    """A flood of sign-ups or sign-ins costs at most one core: every hash is made in one thread, in turn."""
    import asyncio
    import threading
    import time

    from masterbuilder.server import accounts

    inside = 0
    most = 0
    names: set[str] = set()
    lock = threading.Lock()

    def work() -> None:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
            names.add(threading.current_thread().name)
        time.sleep(0.02)
        with lock:
            inside -= 1

    async def flood() -> None:
        await asyncio.gather(*(accounts.hashed(work) for _ in range(6)))

    asyncio.run(flood())
    assert most == 1 and len(names) == 1 and next(iter(names)).startswith("masterbuilder-argon2")
