"""Reading and writing games, seats and moves. Plain blocking SQLAlchemy: the game manager calls these in
its database thread(s), never on the event loop.

Every write that changes a game takes the game's row lock (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite
locks the whole file for a write) and checks the ``version`` the caller's copy was built from; a caller with
an old copy gets ``False`` and must reload. With PostgreSQL each committed change also sends a NOTIFY
(``masterbuilder``, ``"ID:VERSION"``) so that other server processes can update their clients.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, text, update

from masterbuilder.server.db import games, moves, seats, undone_moves

CHANNEL = "masterbuilder"


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None
    name: str
    token_hash: str | None
    taken: bool
    user_id: int | None = None  # the account playing this seat (None: a guest with a token, or a bot)
    invited: int | None = None  # the account this open seat is kept for (invited by user name)
    bank_ms: int | None = None  # turn-based: the time left; for the seat to move, as of games.turn_started
    replaced: bool = False  # a bot plays it since its time ran out (``bot`` names it)


@dataclass
class MoveRow:
    ply: int
    action: int
    seat: int
    time: datetime


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str  # "open" | "live" | "finished"
    ply: int
    to_move: int | None
    version: int
    scores: list[int] | None
    winners: list[int] | None
    rematch: str | None
    created: datetime
    updated: datetime
    seats: list[SeatRow] = field(default_factory=list)
    clock: dict[str, Any] | None = None  # None: real time; else the time control (db.games.clock)
    turn_started: datetime | None = None
    timed_out: int | None = None  # the seat whose time ran out, while the others choose
    ended: str | None = None  # None (played out) | "abandoned"
    rated: bool = False
    rating_done: bool = False
    chat: str = "shared"  # "shared" | "apart"
    creator: int | None = None


@dataclass(frozen=True)
class ClockUpdate:
    """What a change of a turn-based game writes besides the move (server/clocks.py makes them): when the
    seat to move started (None: nobody's time runs) and the banks that changed (seat -> ms)."""

    turn_started: datetime | None
    banks: dict[int, int]


@dataclass(frozen=True)
class Outcome:
    """What a move leaves behind, written with it."""

    status: str
    to_move: int | None
    scores: list[int] | None
    winners: list[int] | None
    clock: ClockUpdate | None = None  # turn-based games: the clock's change, in the same transaction


def update_seats(game_id: str, seat: int) -> Any:
    return update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.notifies = engine.dialect.name == "postgresql"

    # ---- reading ----------------------------------------------------------------------------------------
    def load_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            return self._game(conn, row)

    def _game(self, conn: Connection, row: Any) -> GameRow:
        seat_rows = conn.execute(select(seats).where(seats.c.game_id == row["id"]).order_by(seats.c.seat))
        return self._game_row(row, [self._seat(s) for s in seat_rows.mappings()])

    @staticmethod
    def _seat(s: Any) -> SeatRow:
        return SeatRow(
            s["seat"],
            s["kind"],
            s["bot"],
            s["name"],
            s["token_hash"],
            bool(s["taken"]),
            s["user_id"],
            s["invited"],
            s["bank_ms"],
            bool(s["replaced"]),
        )

    @staticmethod
    def _game_row(row: Any, seat_rows: list[SeatRow]) -> GameRow:
        return GameRow(
            id=row["id"],
            game=row["game"],
            players=row["players"],
            seed=row["seed"],
            options=dict(row["options"]),
            status=row["status"],
            ply=row["ply"],
            to_move=row["to_move"],
            version=row["version"],
            scores=row["scores"],
            winners=row["winners"],
            rematch=row["rematch"],
            created=aware(row["created"]),
            updated=aware(row["updated"]),
            seats=seat_rows,
            clock=None if row["clock"] is None else dict(row["clock"]),
            turn_started=None if row["turn_started"] is None else aware(row["turn_started"]),
            timed_out=row["timed_out"],
            ended=row["ended"],
            rated=bool(row["rated"]),
            rating_done=bool(row["rating_done"]),
            chat=row["chat"],
            creator=row["creator"],
        )

    def load_snapshot(self, game_id: str) -> tuple[GameRow, list[MoveRow]] | None:
        """The game's row and its moves, read consistently: another process may commit between the two
        reads, so they are read again until the moves are exactly the row's ``ply`` moves."""
        while True:
            row = self.load_game(game_id)
            if row is None:
                return None
            move_rows = self.load_moves(game_id)
            if len(move_rows) == row.ply:
                again = self.load_game(game_id)
                if again is not None and again.version == row.version:
                    return row, move_rows

    def load_moves(self, game_id: str) -> list[MoveRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(moves).where(moves.c.game_id == game_id).order_by(moves.c.ply))
            return [MoveRow(r.ply, r.action, r.seat, aware(r.time)) for r in rows]

    def load_undone(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(undone_moves).where(undone_moves.c.game_id == game_id).order_by(undone_moves.c.id)
            )
            return [
                {
                    "ply": r.ply,
                    "action": r.action,
                    "seat": r.seat,
                    "time": aware(r.time),
                    "undone_at": aware(r.undone_at),
                    "undone_by": r.undone_by,
                }
                for r in rows
            ]

    def list_games(self, status: str | None, page: int, per_page: int) -> tuple[list[GameRow], int]:
        """A page of games, newest first, with their seats."""
        where = [] if status is None else [games.c.status == status]
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(games).where(*where)).scalar_one()
            rows = list(
                conn.execute(
                    select(games)
                    .where(*where)
                    .order_by(games.c.created.desc(), games.c.id)
                    .limit(per_page)
                    .offset((page - 1) * per_page)
                ).mappings()
            )
            ids = [r["id"] for r in rows]
            by_game: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                seat_rows = conn.execute(
                    select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)
                )
                for s in seat_rows.mappings():
                    by_game[s["game_id"]].append(self._seat(s))
            return [self._game_row(r, by_game[r["id"]]) for r in rows], int(total)

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(games.c.status != "finished"))
            return [r.id for r in rows]

    # ---- writing ----------------------------------------------------------------------------------------
    def create_game(self, row: GameRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=row.seed,
                    options=row.options,
                    status=row.status,
                    ply=row.ply,
                    to_move=row.to_move,
                    version=row.version,
                    scores=None,
                    winners=None,
                    rematch=None,
                    created=row.created,
                    updated=row.updated,
                    clock=row.clock,
                    turn_started=row.turn_started,
                    timed_out=None,
                    ended=None,
                    rated=row.rated,
                    rating_done=False,
                    chat=row.chat,
                    creator=row.creator,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "taken": s.taken,
                        "user_id": s.user_id,
                        "invited": s.invited,
                        "bank_ms": s.bank_ms,
                        "replaced": s.replaced,
                    }
                    for s in row.seats
                ],
            )
            self._notify(conn, row.id, row.version)

    def _lock(self, conn: Connection, game_id: str) -> Any:
        """The game's row, locked until the transaction ends (PostgreSQL; SQLite has one writer anyway)."""
        return conn.execute(select(games).where(games.c.id == game_id).with_for_update()).mappings().first()

    def _notify(self, conn: Connection, game_id: str, version: int) -> None:
        if self.notifies:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{game_id}:{version}"},
            )

    def _bump(
        self, conn: Connection, game_id: str, version: int, moment: datetime | None = None, **values: Any
    ) -> None:
        conn.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(version=version + 1, updated=moment or now(), **values)
        )
        self._notify(conn, game_id, version + 1)

    def append_move(self, game_id: str, version: int, move: MoveRow, outcome: Outcome) -> bool:
        """Store a move made on the copy at ``version``; False (nothing written) if the game has changed."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None or row["version"] != version or row["ply"] != move.ply:
                return False
            conn.execute(
                insert(moves).values(
                    game_id=game_id, ply=move.ply, action=move.action, seat=move.seat, time=move.time
                )
            )
            self._bump(
                conn,
                game_id,
                version,
                move.time,
                ply=move.ply + 1,
                status=outcome.status,
                to_move=outcome.to_move,
                scores=outcome.scores,
                winners=outcome.winners,
                **self._clock_values(outcome.clock),
            )
            self._write_banks(conn, game_id, outcome.clock)
            return True

    @staticmethod
    def _clock_values(change: ClockUpdate | None) -> dict[str, Any]:
        return {} if change is None else {"turn_started": change.turn_started}

    @staticmethod
    def _write_banks(conn: Connection, game_id: str, change: ClockUpdate | None) -> None:
        for seat, left in sorted((change.banks if change is not None else {}).items()):
            conn.execute(update_seats(game_id, seat).values(bank_ms=left))

    def append_moves(self, items: Sequence[tuple[str, int, MoveRow, Outcome]]) -> list[bool]:
        """Store moves of several games in one transaction (group commit: one disk flush for all). Each
        item is (game id, version of the caller's copy, move, outcome); its answer is False (nothing written
        for it) if its game has changed. Each game's row is locked by the conditional UPDATE that checks its
        version, in id order, so two processes cannot deadlock; one NOTIFY carries every game changed."""
        answers = [False] * len(items)
        with self.engine.begin() as conn:
            handled: set[int] = set()
            if self.notifies and len(items) > 1:  # PostgreSQL: the batch in two round trips
                handled = self._update_batch(conn, items, answers)
            for k in sorted(range(len(items)), key=lambda i: (items[i][0], items[i][2].ply)):
                if k in handled:
                    continue
                game_id, version, move, outcome = items[k]
                changed = conn.execute(
                    update(games)
                    .where(games.c.id == game_id, games.c.version == version, games.c.ply == move.ply)
                    .values(
                        version=version + 1,
                        updated=move.time,
                        ply=move.ply + 1,
                        status=outcome.status,
                        to_move=outcome.to_move,
                        scores=outcome.scores,
                        winners=outcome.winners,
                        **self._clock_values(outcome.clock),
                    )
                ).rowcount
                answers[k] = changed == 1
                if changed == 1:
                    self._write_banks(conn, game_id, outcome.clock)
            stored = [items[k] for k in range(len(items)) if answers[k]]
            if stored:
                conn.execute(
                    insert(moves),
                    [
                        {"game_id": g, "ply": m.ply, "action": m.action, "seat": m.seat, "time": m.time}
                        for g, _, m, _ in stored
                    ],
                )
                self._notify_many(conn, [(g, v + 1) for g, v, _, _ in stored])
        return answers

    def _update_batch(
        self, conn: Connection, items: Sequence[tuple[str, int, MoveRow, Outcome]], answers: list[bool]
    ) -> set[int]:
        """PostgreSQL: lock the batch's games in id order (one statement), then update every game whose move
        does not end it in one UPDATE ... FROM unnest(...). The items handled (stored or refused); the
        others (moves that end a game: they write its result; moves that change a clock) are left to the
        caller."""
        plain = [k for k, item in enumerate(items) if item[3].status == "live" and item[3].clock is None]
        if not plain:
            return set()
        ids = sorted({items[k][0] for k in plain})
        conn.execute(text("SELECT id FROM games WHERE id = ANY(:ids) ORDER BY id FOR UPDATE"), {"ids": ids})
        rows = conn.execute(
            text(
                "UPDATE games AS g SET version = v.version + 1, ply = v.ply + 1, status = v.status, "
                "to_move = v.to_move, updated = v.updated "
                "FROM unnest(CAST(:ids AS varchar[]), CAST(:versions AS integer[]), "
                "CAST(:plies AS integer[]), CAST(:statuses AS varchar[]), CAST(:to_moves AS integer[]), "
                "CAST(:times AS timestamptz[])) WITH ORDINALITY "
                "AS v(id, version, ply, status, to_move, updated, n) "
                "WHERE g.id = v.id AND g.version = v.version AND g.ply = v.ply RETURNING v.n"
            ),
            {
                "ids": [items[k][0] for k in plain],
                "versions": [items[k][1] for k in plain],
                "plies": [items[k][2].ply for k in plain],
                "statuses": [items[k][3].status for k in plain],
                "to_moves": [items[k][3].to_move for k in plain],
                "times": [items[k][2].time for k in plain],
            },
        )
        updated = {int(r[0]) for r in rows}  # positions (from 1) in ``plain``
        for n, k in enumerate(plain, start=1):
            answers[k] = n in updated
        return set(plain)

    def _notify_many(self, conn: Connection, changes: Sequence[tuple[str, int]]) -> None:
        if not self.notifies:
            return
        payloads = [f"{game_id}:{version}" for game_id, version in changes]
        for start in range(0, len(payloads), 200):  # a NOTIFY payload must stay under 8000 bytes
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": ",".join(payloads[start : start + 200])},
            )

    def take_seat(
        self,
        game_id: str,
        seat: int,
        name: str,
        token_hash: str,
        start: Outcome | None,
        user_id: int | None = None,
    ) -> GameRow | None:
        """Give an open human seat to someone; the game starts (``start``) when it was the last open seat.
        The game as it is now, or None if the seat was not open."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None or row["status"] != "open":
                return None
            taken = conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "human")
                .where(seats.c.taken.is_(False))
                .values(taken=True, name=name, token_hash=token_hash, user_id=user_id)
            ).rowcount
            if taken != 1:
                return None
            still_open = conn.execute(
                select(func.count())
                .select_from(seats)
                .where(seats.c.game_id == game_id, seats.c.taken.is_(False))
            ).scalar_one()
            values: dict[str, Any] = {}
            if still_open == 0 and start is not None:
                values = {"status": start.status, "to_move": start.to_move, **self._clock_values(start.clock)}
                self._write_banks(conn, game_id, start.clock)
            self._bump(conn, game_id, row["version"], **values)
            fresh = conn.execute(select(games).where(games.c.id == game_id)).mappings().one()
            return self._game(conn, fresh)

    def free_seat(self, game_id: str, seat: int, default_name: str) -> bool:
        """A person leaves an open game: the seat is open again."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None or row["status"] != "open":
                return False
            freed = conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.taken.is_(True))
                .values(taken=False, token_hash=None, name=default_name, user_id=None)
            ).rowcount
            if freed != 1:
                return False
            self._bump(conn, game_id, row["version"])
            return True

    def undo(
        self, game_id: str, version: int, from_ply: int, by_seat: int, outcome: Outcome, moment: datetime
    ) -> bool:
        """Move every move from ``from_ply`` on into the audit table; False if the game has changed."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None or row["version"] != version:
                return False
            taken_back = list(
                conn.execute(
                    select(moves).where(moves.c.game_id == game_id, moves.c.ply >= from_ply)
                ).mappings()
            )
            if taken_back:
                conn.execute(
                    insert(undone_moves),
                    [
                        {
                            "game_id": game_id,
                            "ply": m["ply"],
                            "action": m["action"],
                            "seat": m["seat"],
                            "time": m["time"],
                            "undone_at": moment,
                            "undone_by": by_seat,
                        }
                        for m in taken_back
                    ],
                )
            conn.execute(delete(moves).where(moves.c.game_id == game_id, moves.c.ply >= from_ply))
            self._bump(
                conn,
                game_id,
                version,
                moment,
                ply=from_ply,
                status=outcome.status,
                to_move=outcome.to_move,
                scores=outcome.scores,
                winners=outcome.winners,
                **self._clock_values(outcome.clock),
            )
            self._write_banks(conn, game_id, outcome.clock)
            return True

    def change_game(
        self,
        game_id: str,
        version: int,
        moment: datetime,
        values: dict[str, Any],
        seat_values: dict[int, dict[str, Any]],
    ) -> bool:
        """Write ``values`` to the game's row and ``seat_values`` (seat -> columns) to its seats if the game
        is still at ``version`` (a timeout, the choice that follows); False (nothing written) otherwise."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None or row["version"] != version:
                return False
            for seat, columns in sorted(seat_values.items()):
                conn.execute(update_seats(game_id, seat).values(**columns))
            self._bump(conn, game_id, version, moment, **values)
            return True

    def set_rematch(self, game_id: str, rematch_id: str) -> str:
        """Link a finished game to its rematch; the rematch already linked if someone was first."""
        with self.engine.begin() as conn:
            row = self._lock(conn, game_id)
            if row is None:
                raise KeyError(game_id)
            if row["rematch"] is not None:
                return str(row["rematch"])
            self._bump(conn, game_id, row["version"], rematch=rematch_id)
            return rematch_id

    def ping(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
