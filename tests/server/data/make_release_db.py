"""Make ``release-0001.db``: a database written by the release before accounts (schema 0001, commit 0da35a1)
with games in every state, for tests/server/test_migrations.py. Run with that release's source first on the
path, from its checkout: ``git worktree add /tmp/release 0da35a1 && PYTHONPATH=/tmp/release/src python
tests/server/data/make_release_db.py tests/server/data``. It writes the database and ``release-0001.json``
(what each game must still be after the upgrade: its seats, moves, undone moves, status and seat tokens)."""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from masterbuilder import State, new_game
from masterbuilder.server.db import make_engine, upgrade
from masterbuilder.server.security import hash_token
from masterbuilder.server.store import GameRow, MoveRow, Outcome, SeatRow, Store

START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


Plan = tuple[str, str, int, list[tuple[str, str | None]], list[int], int, bool]


def outcome(state: State) -> Outcome:
    if state.is_terminal:
        return Outcome("finished", None, list(state.scores()), list(state.winners()))
    return Outcome("live", state.current_player, None, None)


def main(folder: Path) -> None:
    path = folder / "release-0001.db"
    path.unlink(missing_ok=True)
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    store = Store(engine)
    expected: dict[str, dict[str, object]] = {}
    plans: list[Plan] = [
        # id, game, players, seats (kind, bot), tokens for the people's seats taken, plies to play, undo
        ("livebuild01", "builders", 2, [("human", None), ("human", None)], [0, 1], 12, False),
        (
            "livecaylus1",
            "caylus",
            3,
            [("human", None), ("bot", "random"), ("human", None)],
            [0, 2],
            30,
            False,
        ),
        ("solo1303abc", "caylus1303", 2, [("human", None), ("bot", "heuristic")], [0], 16, True),
        ("openbuild02", "builders", 3, [("human", None), ("human", None), ("bot", "random")], [0], 0, False),
        ("donebuild03", "builders", 2, [("bot", "random"), ("bot", "random")], [], 10_000, False),
    ]
    rng = random.Random(20261127)
    for k, (game_id, game, players, seats, taken, plies, undo) in enumerate(plans):
        seed = 1000 + k
        state = new_game(game, players, seed, {})
        tokens = {s: f"token-{game_id}-{s}" for s in taken}
        rows = [
            SeatRow(
                s,
                kind,
                bot,
                f"Player {s + 1}" if kind == "human" else str(bot),
                hash_token(tokens[s]) if s in tokens else None,
                kind == "bot" or s in tokens,
            )
            for s, (kind, bot) in enumerate(seats)
        ]
        started = all(r.taken for r in rows)
        moment = START + timedelta(hours=k)
        row = GameRow(
            game_id,
            game,
            players,
            seed,
            {},
            "live" if started else "open",
            0,
            state.current_player if started else None,
            1,
            None,
            None,
            None,
            moment,
            moment,
            rows,
        )
        store.create_game(row)
        version = 1
        ply = 0
        while started and ply < plies and not state.is_terminal:
            action = rng.choice(state.legal_action_ids())
            seat = state.current_player
            assert seat is not None
            state.apply(action)
            moment += timedelta(minutes=1)
            assert store.append_move(game_id, version, MoveRow(ply, action, seat, moment), outcome(state))
            version += 1
            ply += 1
        if undo:
            from_ply = ply - 4  # the human's last moves and the bot's replies
            replayed = new_game(game, players, seed, {})
            for move in store.load_moves(game_id)[:from_ply]:
                replayed.apply(move.action)
            assert store.undo(game_id, version, from_ply, 0, outcome(replayed), moment + timedelta(minutes=1))
            version += 1
        final = store.load_game(game_id)
        assert final is not None
        expected[game_id] = {
            "status": final.status,
            "ply": final.ply,
            "version": final.version,
            "to_move": final.to_move,
            "scores": final.scores,
            "winners": final.winners,
            "seats": [[s.kind, s.bot, s.name, s.taken] for s in final.seats],
            "moves": [[m.ply, m.action, m.seat] for m in store.load_moves(game_id)],
            "undone": len(store.load_undone(game_id)),
            "tokens": {str(s): t for s, t in tokens.items()},
        }
    engine.dispose()
    (folder / "release-0001.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
