"""Fixtures for the server's tests: a database of each kind, an app on it, socket helpers.

PostgreSQL tests need MASTERBUILDER_TEST_PG (an SQLAlchemy URL of a server where the test user may create
databases; .ci/run starts a throw-away cluster and sets it). Without it they are skipped, except under
CI=true, where they fail: CI must test both databases.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from masterbuilder.server import Settings, create_app
from masterbuilder.server.db import make_engine, upgrade

PG_ENV = "MASTERBUILDER_TEST_PG"


def pg_url() -> str:
    """The PostgreSQL server to test against; skip (fail under CI) without one."""
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{PG_ENV} is not set: CI must run the PostgreSQL tests (.ci/run sets it).")
        pytest.skip(f"{PG_ENV} is not set (no PostgreSQL server to test against)")
    return url


def fresh_pg_database() -> Iterator[str]:
    """A new, empty database on the test server, dropped afterwards."""
    base = make_url(pg_url())
    name = f"mbtest_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, then (when available) a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
    else:
        yield from fresh_pg_database()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A migrated database of each kind (``db_url``), as an engine."""
    engine = make_engine(db_url)
    upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def pg_db() -> Iterator[str]:
    yield from fresh_pg_database()


def make_client(url: str, **settings: Any) -> TestClient:
    # test clients send as fast as the server answers: a rate limit fit for people would stop them
    # boards drawn in-process: a pool of board processes per app would cost each test its start-up
    options: dict[str, Any] = {
        "bot_workers": 1,
        "bot_timeout": 20.0,
        "rate": 10_000.0,
        "burst": 10_000,
        "board_workers": 0,
        # the TestClient's host; requests as fast as the tests send them; replays and hints in the
        # server's threads and the bots' pool (no process start-up per test)
        "allowed_hosts": ("testserver",),
        "requests_per_second": 10_000.0,
        "request_burst": 10_000,
        "work_workers": 0,
        "hint_workers": 0,
    }
    options.update(settings)
    return TestClient(create_app(Settings(db_url=url, **options)))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as c:
        yield c


class Poster(Protocol):
    """What posts to the server: a TestClient, or one of several browsers on it (test_accounts.Browser)."""

    def post(self, url: str, **kwargs: Any) -> httpx.Response: ...


def create(client: Poster, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "builders")
    body.setdefault("players", 2)
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data
