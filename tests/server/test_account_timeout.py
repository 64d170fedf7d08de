"""A signed-in player chooses what happens to a seat whose time ran out with the account's cookie, no seat
token (SQLite and PostgreSQL); from another site's page the same request is refused and changes nothing."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import create
from tests.server.test_accounts import Browser, cheap_hashes, sign_up
from tests.server.test_timeouts import CLOCK, summary, timed, wait_for

__all__ = ["cheap_hashes", "timed"]  # fixtures: cheap password hashes; a server on a fake clock


def test_an_account_chooses_the_bot_for_a_timed_out_seat(timed: Any) -> None:
    client, fake, heard = timed
    ann, bob = Browser(client), Browser(client)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    made = create(
        ann, seats=[{"kind": "human"}, {"kind": "human", "invite": "bob"}], join=[0], clock=CLOCK, seed=3
    )
    gid = made["id"]
    assert bob.post(f"/api/games/{gid}/seats/1/join", json={"name": "Bob"}).status_code == 200
    first = summary(client, gid)["to_move"]
    chooser = bob if first == 0 else ann
    fake.advance(int(str(CLOCK["bank"])) + 1)
    wait_for(client, gid, lambda s: s["clock"]["timed_out"] == first)
    # the sleeper's own account may not choose; another site's page may not either
    sleeper = ann if first == 0 else bob
    assert sleeper.post(f"/api/games/{gid}/timeout", json={"choice": "bot"}).status_code in (401, 403)
    foreign = chooser.post(
        f"/api/games/{gid}/timeout", json={"choice": "abandon"}, headers={"Origin": "https://evil.example"}
    )
    assert foreign.status_code == 403
    assert summary(client, gid)["status"] == "live"
    answer = chooser.post(f"/api/games/{gid}/timeout", json={"choice": "bot"})
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["clock"]["timed_out"] is None and after["seats"][first]["bot"] == CLOCK["bot"]
    assert "timed_out" in heard
