"""Property test over the OpenAPI schema (schemathesis strategies driven by hypothesis): no generated
request to the lobby gets a 500, and every error is a JSON object whose "detail" is a sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import make_client


def test_no_generated_request_gets_a_500(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        open_game = client.post("/api/games", json={"game": "caylus", "players": 2}).json()["id"]
        client.post("/api/games", json={"game": "builders", "players": 2, "join": [0, 1]})
        schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        lobby = schema.include(path_regex=r"^/api/(health|catalog|games)")
        # the generated cases, plus the ids of games that exist, so that paths reach past the 404
        cases = lobby.as_strategy()

        @st.composite
        def requests(draw: st.DrawFn) -> dict[str, Any]:
            case = draw(cases)
            if case.path_parameters and "game_id" in case.path_parameters and draw(st.booleans()):
                case.path_parameters["game_id"] = open_game
            kwargs: dict[str, Any] = case.as_transport_kwargs(base_url="http://testserver")
            return kwargs

        check(client, requests())


def check(client: TestClient, strategy: st.SearchStrategy[dict[str, Any]]) -> None:
    @given(strategy)
    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    def no_500(kwargs: dict[str, Any]) -> None:
        response = client.request(**kwargs)
        assert response.status_code < 500, (kwargs, response.text)
        if response.status_code >= 400:
            detail = response.json()["detail"]
            assert isinstance(detail, str) and detail, response.text

    no_500()
