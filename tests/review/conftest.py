"""The review tests use the server tests' databases (SQLite; PostgreSQL with MASTERBUILDER_TEST_PG)."""

from tests.server.conftest import db_url, sqlite_url  # noqa: F401 (fixtures)
