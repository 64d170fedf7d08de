"""The game manager: the live games in memory, every change made through the engine and stored, and the
updates pushed to every connection of a game.

One :class:`Table` per game in memory: its state (``load_record`` of its stored moves), its log, its seats,
the connections watching it and the bot task moving for its bot seats. Every change is made under the
table's lock and acknowledged (pushed) only after its transaction commits. The pages use this object too
(``app.state.tables``): see :meth:`Tables.state_of`, :meth:`Tables.summary`, :meth:`Tables.moves`,
:meth:`Tables.log`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, ParamSpec, TypeVar

from masterbuilder import GAMES, State, new_game
from masterbuilder.agents import agent_spec
from masterbuilder.core.i18n import SOURCE, language, use_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.server import clocks
from masterbuilder.server.board_changes import Drawing
from masterbuilder.server.boards import BoardPool
from masterbuilder.server.bots import BotPool
from masterbuilder.server.languages import seat_entries, shown_name, unnamed
from masterbuilder.server.security import hash_token, new_token, token_matches
from masterbuilder.server.store import GameRow, MoveRow, Outcome, SeatRow, Store, now
from masterbuilder.server.workers import WorkerPool
from masterbuilder.ui.events import summarise
from masterbuilder.ui.renderers import renderer_for

log = logging.getLogger("masterbuilder.server")

P = ParamSpec("P")
R = TypeVar("R")

ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"
MAX_QUEUE = 256  # updates waiting for one slow connection before it is dropped


class PlayError(Exception):
    """A refused request: ``code`` for programs, ``message`` (a sentence) for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class NotFound(PlayError):
    def __init__(self, game_id: str) -> None:
        super().__init__("not_found", _("There is no game {game}.", game=repr(game_id)))


def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


def outcome_of(state: State) -> Outcome:
    if state.is_terminal:
        return Outcome("finished", None, list(state.scores()), list(state.winners()))
    return Outcome("live", state.current_player, None, None)


@dataclass
class SeatSpec:
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    invite: int | None = None  # the account this person's seat is kept for


@dataclass
class Extras:
    """What a game may have besides its rules: a time control, ratings, the chat's audience, its creator."""

    clock: dict[str, Any] | None = None  # schemas.TimeControl as a dict; None: real time
    rated: bool = False
    chat: str = "shared"
    creator: int | None = None  # the account creating it: the seats it joins are that account's


@dataclass
class Created:
    row: GameRow
    tokens: dict[int, str]
    invites: dict[int, str]


class Connection:
    """One client of one game: its seat (None: a spectator) and the updates waiting to be sent to it."""

    def __init__(
        self, seat: int | None, board: bool = True, lang: str = SOURCE, changes: bool = False
    ) -> None:
        self.seat = seat
        self.lang = lang  # the language its updates are written in
        self.board = (
            board  # whether its updates carry the SVG board (the page's do; bots and scripts skip it)
        )
        self.changes = changes  # whether its boards after the first may come as changes (the page's do)
        self.drawing: Drawing | None = None  # the last board sent, which the next changes apply to
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.log_sent = 0  # log entries this client has
        self.dropped = False

    def push(self, text: str | None) -> None:
        if self.dropped:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.dropped = True
            self.queue.put_nowait(None)  # the sender closes the socket
            return
        self.queue.put_nowait(text)


@dataclass
class Table:
    row: GameRow
    state: State
    moves: list[MoveRow]
    log: list[dict[str, Any]]  # in English (the pages' and tests' log)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    logs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # the log in other languages
    # the hint of each decision, computed once: (version, seat) -> (the state, the future of the action)
    hints: dict[tuple[int, int], tuple[State, asyncio.Future[int]]] = field(default_factory=dict)
    hint_times: dict[int, deque[float]] = field(default_factory=dict)  # seat -> when its hints were computed

    def log_in(self, lang: str) -> list[dict[str, Any]]:
        """The log in ``lang`` (made in the work pool by :meth:`Tables.ensure_log` before it is read)."""
        if lang == SOURCE:
            return self.log
        return self.logs[lang]

    def add_entry(self, after: State, move: MoveRow, before: State) -> None:
        """Log ``move`` (``before`` → ``after``) in English and in every language someone reads."""
        for lang in (SOURCE, *self.logs):
            with use_language(lang):
                entry = _entry(
                    after, move, log_names([shown_name(s.seat, s.name) for s in self.row.seats]), before
                )
            (self.log if lang == SOURCE else self.logs[lang]).append(entry)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (constant-time comparison with every seat's hash)."""
        found = None
        for s in self.row.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def seats_of(self, user_id: int) -> list[int]:
        """The seats the account holds."""
        return [s.seat for s in self.row.seats if s.user_id == user_id]

    def name(self, seat: int) -> str:
        return self.row.seats[seat].name

    def seat_names(self) -> list[str]:
        """The seats' names as the log and the page's panel show them, in the current language."""
        return log_names([shown_name(s.seat, s.name) for s in self.row.seats])

    def solo_human(self, seat: int | None) -> bool:
        """``seat`` is a person and every other seat is a bot (undo and hints are allowed)."""
        if seat is None:
            return False
        return all(s.kind == "bot" for s in self.row.seats if s.seat != seat)


def log_names(names: Sequence[str]) -> list[str]:
    """The seat names the log uses: a name that two seats share (two bots of one kind) gets its seat."""
    return [
        _("{name} (seat {seat})", name=name, seat=seat) if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    ]


def _entry(state: State, move: MoveRow, names: Sequence[str], before: State) -> dict[str, Any]:
    """A log entry: the move and what it set off, worded for everyone at the table (the third person,
    seats by their players' names), as the spectators and the other seats read it."""
    return {
        "ply": move.ply,
        "seat": move.seat,
        "name": names[move.seat],
        "text": before.describe_action(move.action, reader=None, names=names),
        "label": before.action_label(move.action),
        "events": summarise(before, move.action, state, names=names),
    }


def replay(
    row: GameRow, move_rows: Sequence[MoveRow], lang: str = SOURCE
) -> tuple[State, list[dict[str, Any]]]:
    """The state after ``move_rows`` and the log of them, in ``lang``."""
    state = new_game(row.game, row.players, row.seed, row.options)
    entries = []
    with use_language(lang):
        names = log_names([shown_name(seat.seat, seat.name) for seat in row.seats])
        for move in move_rows:
            before = state.clone()
            state.apply(move.action)
            entries.append(_entry(state, move, names, before))
    return state, entries


def replay_log(row: GameRow, move_rows: Sequence[MoveRow], lang: str = SOURCE) -> list[dict[str, Any]]:
    """The log of ``move_rows`` in ``lang`` (run in the work pool: only the log comes back)."""
    return replay(row, move_rows, lang)[1]


class MoveWriter:
    """Group commit: moves of different games that arrive while a transaction is being written go into the
    next transaction together, so that many live games share each disk flush. A move's future is resolved
    (stored or refused) only once its transaction has committed."""

    def __init__(self, tables: Tables, batch: int = 256) -> None:
        self.tables = tables
        self.batch = batch
        self.queue: asyncio.Queue[tuple[tuple[str, int, MoveRow, Outcome], asyncio.Future[bool]]] = (
            asyncio.Queue()
        )
        self.task: asyncio.Task[None] | None = None

    async def append(self, game_id: str, version: int, move: MoveRow, outcome: Outcome) -> bool:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name="masterbuilder-move-writer")
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(((game_id, version, move, outcome), future))
        return await future

    async def _run(self) -> None:
        while True:
            pending = [await self.queue.get()]
            while not self.queue.empty() and len(pending) < self.batch:
                pending.append(self.queue.get_nowait())
            items = [item for item, _ in pending]
            try:
                answers = await self.tables.db(self.tables.store.append_moves, items)
            except Exception as exc:
                for _, future in pending:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), answer in zip(pending, answers, strict=True):
                if not future.done():
                    future.set_result(answer)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()


class Tables:
    """Every game this process serves. See the module docstring."""

    def __init__(
        self,
        store: Store,
        pool: BotPool,
        hint_bot: str = "mcts:hard",
        db_threads: int = 1,
        boards: BoardPool | None = None,
        work: WorkerPool | None = None,
        hints: BotPool | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        # replays: loads, undo, a new language's log (urgent: before the pages' replays in the same pool)
        self.work = work or WorkerPool(0)
        self.hint_pool = hints or pool
        self.sockets_per_token = 4
        self.board_changes = False  # whether pages that ask may get boards as changes (Settings)
        self.hints_per_minute = 10
        self.boards = boards or BoardPool(0)
        self.hint_bot = hint_bot
        self._tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._db = ThreadPoolExecutor(db_threads, thread_name_prefix="masterbuilder-db")
        self.bots_enabled = True
        self.writer = MoveWriter(self)
        self.takeover_grace = 5.0  # seconds beyond twice the bot time limit before taking over a bot's turn
        # Called after a committed change, outside the table's lock, as their own tasks (never delaying a
        # move): listener(table, event), event "started", "moved" or "finished" (notifications, ratings,
        # clocks). Several processes: each calls its own listeners for the changes it made.
        self.listeners: list[Callable[[Table, str], Awaitable[None]]] = []
        self._listening: set[asyncio.Task[None]] = set()
        # the time of every move and of the turn-based clocks (tests and the test clock replace it)
        self.clock: Callable[[], datetime] = now
        self._low_told: dict[str, datetime | None] = {}  # game -> the turn whose "low_time" was emitted

    async def db(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    def close(self) -> None:
        self.writer.close()
        for table in self._tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for conn in table.conns:
                conn.push(None)
        self._db.shutdown(wait=True)

    # ---- loading ----------------------------------------------------------------------------------------
    async def load_unfinished(self) -> int:
        """Rebuild every open and live game from its moves (start-up); the bots of live games go on."""
        ids = await self.db(self.store.unfinished_ids)
        for game_id in ids:
            table = await self.get(game_id)
            self._kick(table)
        return len(ids)

    @property
    def live_count(self) -> int:
        return sum(1 for t in self._tables.values() if t.row.status == "live")

    async def get(self, game_id: str) -> Table:
        """The game's table, loaded from the database on first use. NotFound if there is no such game."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = self._tables.get(game_id)
            if table is None:
                table = await self._load(game_id)
                self._tables[game_id] = table
        self._loading.pop(game_id, None)
        return table

    async def _load(self, game_id: str) -> Table:
        snapshot = await self.db(self.store.load_snapshot, game_id)
        if snapshot is None:
            raise NotFound(game_id)
        row, move_rows = snapshot
        state, entries = await self.work.run(replay, row, move_rows, urgent=True)
        return Table(row, state, move_rows, entries)

    async def ensure_log(self, table: Table, lang: str) -> None:
        """Make the table's log in ``lang`` (in the work pool) if nobody has read that language yet. Called
        under the table's lock, so that no move is logged while it is made."""
        if lang != SOURCE and lang not in table.logs:
            table.logs[lang] = await self.work.run(replay_log, table.row, table.moves, lang, urgent=True)

    async def _reload(self, table: Table) -> bool:
        """Bring the table up to the database's version (another process changed it); True if it changed.
        New moves are applied one by one; after an undo the game is replayed."""
        snapshot = await self.db(self.store.load_snapshot, table.id)
        if snapshot is None or snapshot[0].version == table.version:
            return False
        row, move_rows = snapshot
        known = [(m.ply, m.action) for m in table.moves]
        if [(m.ply, m.action) for m in move_rows[: len(known)]] == known:
            table.row = row
            for move in move_rows[len(known) :]:
                before = table.state.clone()
                table.state.apply(move.action)
                table.add_entry(table.state, move, before)
        else:
            table.state, table.log = await self.work.run(replay, row, move_rows, urgent=True)
            table.logs.clear()
        table.moves = move_rows
        table.row = row
        return True

    def loaded(self, game_id: str) -> Table | None:
        """The game's table if this process holds it (never a load)."""
        return self._tables.get(game_id)

    def is_behind(self, game_id: str, version: int) -> bool:
        """Whether this process holds the game at an older version than ``version``."""
        table = self._tables.get(game_id)
        return table is not None and table.version < version

    async def refresh(self, game_id: str, version: int | None = None) -> None:
        """Another process changed the game (a NOTIFY): catch up and update this process's clients."""
        table = self._tables.get(game_id)
        if table is None or (version is not None and table.version >= version):
            return
        async with table.lock:
            if version is not None and table.version >= version:
                return  # caught up while waiting for the lock (this process's own change, most often)
            changed = await self._reload(table)
            if changed:
                await self._broadcast(table)
        if changed:
            self._watch_bot(table)

    def _watch_bot(self, table: Table) -> None:
        """A bot is to move after another process's change: that process runs the bot. Should it die first,
        this one takes over once the bot's time is well past (a duplicate move would be refused as stale)."""
        seat = table.state.current_player
        if table.row.status != "live" or seat is None or not clocks.plays_bot(table.row.seats[seat]):
            return
        version = table.version

        def check() -> None:
            if table.version == version and self._tables.get(table.id) is table:
                self._kick(table)

        asyncio.get_running_loop().call_later(self.pool.timeout * 2 + self.takeover_grace, check)

    # ---- for the pages ----------------------------------------------------------------------------------
    async def state_of(self, game_id: str) -> State:
        """A copy of the game's current state (full information: show only ``view(seat)`` to people)."""
        return (await self.get(game_id)).state.clone()

    async def summary(self, game_id: str) -> dict[str, Any]:
        """The GameSummary of the protocol."""
        return summary_of((await self.get(game_id)).row, self.clock())

    async def moves(self, game_id: str) -> list[dict[str, Any]]:
        """The stored moves: ``[{"ply", "seat", "action", "time"}]`` (time in ISO 8601, UTC)."""
        table = await self.get(game_id)
        return [
            {"ply": m.ply, "seat": m.seat, "action": m.action, "time": m.time.isoformat()}
            for m in table.moves
        ]

    async def log(self, game_id: str) -> list[dict[str, Any]]:
        """The log entries of the socket's state message, for the whole game so far, in the current
        language (the request's)."""
        table = await self.get(game_id)
        lang = language()
        if lang != SOURCE and lang not in table.logs:
            async with table.lock:
                await self.ensure_log(table, lang)
        return list(table.log_in(lang))

    async def undone(self, game_id: str) -> list[dict[str, Any]]:
        """The audit table: every move taken back by an undo, with when and by whom."""
        await self.get(game_id)
        return await self.db(self.store.load_undone, game_id)

    # ---- lobby ------------------------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int | None,
        seat_specs: Sequence[SeatSpec],
        join: Sequence[int],
        name: str | None,
        extras: Extras | None = None,
    ) -> Created:
        """Create a game; ValueError (a sentence) for anything wrong with the request."""
        extras = extras or Extras()
        info = GAMES.get(game)
        if info is None:
            raise ValueError(
                _(
                    "Unknown game {game}; the games are: {games}.",
                    game=repr(game),
                    games=", ".join(sorted(GAMES)),
                )
            )
        info.check_players(players)
        resolved = info.resolve_options(options)
        if seed is None:
            seed = secrets.randbelow(2**62)
        specs = list(seat_specs) or [SeatSpec("human") for _ in range(players)]
        if len(specs) != players:
            raise ValueError(_("{seats} seats given for a {n}-player game.", seats=len(specs), n=players))
        for k, spec in enumerate(specs):
            if spec.kind == "bot":
                if not spec.bot or agent_spec(spec.bot, game) is None:
                    from masterbuilder.agents import agents_for

                    raise ValueError(
                        _(
                            "Seat {seat}: unknown bot {bot} for {game}; the bots are: {bots}.",
                            seat=k,
                            bot=repr(spec.bot),
                            game=game,
                            bots=", ".join(agents_for(game)),
                        )
                    )
            elif spec.bot is not None:
                raise ValueError(
                    _("Seat {seat} is a human seat but names a bot ({bot}).", seat=k, bot=repr(spec.bot))
                )
        if extras.clock is not None and agent_spec(str(extras.clock.get("bot")), game) is None:
            from masterbuilder.agents import agents_for

            raise ValueError(
                _(
                    "Unknown bot {bot} to take over a seat whose time runs out; the bots of {game} are: "
                    "{bots}.",
                    bot=repr(extras.clock.get("bot")),
                    game=game,
                    bots=", ".join(agents_for(game)),
                )
            )
        if len(set(join)) != len(join):
            raise ValueError(_("A seat is listed twice in 'join'."))
        for k in join:
            if not 0 <= k < players or specs[k].kind != "human":
                raise ValueError(
                    _("Seat {seat} cannot be joined: it is not a human seat of this game.", seat=k)
                )
        if extras.rated and join and extras.creator is None:
            raise ValueError(_("A rated game is played by accounts only: sign in to take a seat in it."))
        state = new_game(game, players, seed, resolved)
        tokens = {k: new_token() for k in join}
        rows = []
        for k, spec in enumerate(specs):
            if spec.kind == "bot":
                rows.append(SeatRow(k, "bot", spec.bot, spec.name or str(spec.bot), None, True))
            else:
                label = (name if k in tokens and name else spec.name) or unnamed(k)
                token = tokens.get(k)
                rows.append(
                    SeatRow(
                        k,
                        "human",
                        None,
                        label,
                        None if token is None else hash_token(token),
                        token is not None,
                        user_id=extras.creator if token is not None else None,
                        invited=spec.invite,
                    )
                )
        started = all(r.taken for r in rows)
        moment = self.clock()
        row = GameRow(
            id=new_id(),
            game=game,
            players=players,
            seed=seed,
            options=resolved,
            status="live" if started else "open",
            ply=0,
            to_move=state.current_player if started else None,
            version=1,
            scores=None,
            winners=None,
            rematch=None,
            created=moment,
            updated=moment,
            seats=rows,
            clock=extras.clock,
            rated=extras.rated,
            chat=extras.chat,
            creator=extras.creator,
        )
        if started:
            clocks.apply(row, clocks.start(row, moment))
        await self.db(self.store.create_game, row)
        table = Table(row, state, [], [])
        self._tables[row.id] = table
        if started:
            self._emit(table, "started")
        self._kick(table)
        return Created(row, tokens, invites(row))

    async def join(
        self, game_id: str, seat: int, name: str, user_id: int | None = None
    ) -> tuple[str, dict[int, str]]:
        """Take an open human seat (for the account ``user_id``, if signed in): its token (given once) and
        the invites of the seats still open."""
        table = await self.get(game_id)
        if table.row.rated and user_id is None:
            raise PlayError(
                "conflict", _("A rated game is played by accounts only: sign in to take a seat in it.")
            )
        if not 0 <= seat < table.row.players:
            raise PlayError(
                "bad_seat",
                _(
                    "Game {game} has seats 0 to {last}, not {seat}.",
                    game=game_id,
                    last=table.row.players - 1,
                    seat=seat,
                ),
            )
        async with table.lock:
            target = table.row.seats[seat]
            if table.row.status != "open":
                raise PlayError(
                    "conflict", _("Game {game} has started; its seats can no longer be joined.", game=game_id)
                )
            if target.kind != "human":
                raise PlayError("conflict", _("Seat {seat} is a bot's seat.", seat=seat))
            if target.taken:
                raise PlayError("conflict", _("Seat {seat} is already taken.", seat=seat))
            if target.invited is not None and target.invited != user_id:
                raise PlayError(
                    "conflict", _("Seat {seat} is kept for an invited player; take another one.", seat=seat)
                )
            token = new_token()
            start = Outcome(
                "live", table.state.current_player, None, None, clocks.start(table.row, self.clock())
            )
            fresh = await self.db(
                self.store.take_seat, game_id, seat, name, hash_token(token), start, user_id
            )
            if fresh is None:
                await self._reload(table)
                raise PlayError("conflict", _("Seat {seat} has just been taken by someone else.", seat=seat))
            table.row = fresh
            await self._broadcast(table)
        if table.row.status == "live":
            self._emit(table, "started")
        self._kick(table)
        return token, invites(table.row)

    async def leave(self, game_id: str, token: str | None, by: tuple[int, int] | None = None) -> int:
        """Give a seat back before the game starts: the token's, or ``by`` = (account, seat) the account's;
        the seat left."""
        table = await self.get(game_id)
        async with table.lock:
            seat = table.seat_of(token) if token is not None else _held(table, by)
            if seat is None:
                raise PlayError("bad_token", _("That token is not a seat of this game."))
            if table.row.status != "open":
                raise PlayError(
                    "conflict", _("The game has started; seats can be left only before the start.")
                )
            if not await self.db(self.store.free_seat, game_id, seat, unnamed(seat)):
                await self._reload(table)
                raise PlayError("conflict", _("The game changed in the meantime; try again."))
            await self._reload(table)
            await self._broadcast(table)
        return seat

    async def rematch(self, game_id: str, token: str | None, by: tuple[int, int] | None = None) -> Created:
        """A new game like this finished one (new seed): the caller's seat (the token's, or ``by`` = (account,
        seat)) joined for them, the other people invited (a seat an account played, kept for it). Asked
        twice, the second caller joins the first caller's rematch."""
        table = await self.get(game_id)
        seat = table.seat_of(token) if token is not None else _held(table, by)
        user_id = None if by is None else by[0]
        if seat is None:
            raise PlayError("bad_token", _("That token is not a seat of this game."))
        if table.row.status != "finished":
            raise PlayError("conflict", _("A rematch can be asked for only once the game is over."))
        if table.row.rematch is None:
            row = table.row
            # a person's seat a bot took over (its ``bot`` set) is a person's seat again, kept for its account
            specs = [
                SeatSpec(
                    s.kind,
                    s.bot if s.kind == "bot" else None,
                    s.name if s.kind == "bot" else None,
                    s.user_id if s.seat != seat else None,
                )
                for s in row.seats
            ]
            created = await self.create(
                row.game,
                row.players,
                row.options,
                None,
                specs,
                [seat],
                row.seats[seat].name,
                Extras(
                    clock=row.clock, rated=row.rated, chat=row.chat, creator=user_id
                ),  # the same time control
            )
            linked = await self.db(self.store.set_rematch, game_id, created.row.id)
            async with table.lock:
                await self._reload(table)
                await self._broadcast(table)
            if linked == created.row.id:
                return created
        rematch_id = table.row.rematch
        assert rematch_id is not None
        try:
            token_new, open_invites = await self.join(rematch_id, seat, table.row.seats[seat].name, user_id)
        except PlayError as exc:
            raise PlayError(
                "conflict",
                _("The rematch {game} exists already: {reason}", game=rematch_id, reason=exc.message),
            ) from exc
        other = await self.get(rematch_id)
        return Created(other.row, {seat: token_new}, open_invites)

    # ---- play -------------------------------------------------------------------------------------------
    def _check_turn(self, table: Table, seat: int | None, ply: int | None) -> int:
        if seat is None:
            raise PlayError("not_seated", _("Spectators cannot play: you have no seat in this game."))
        status = table.row.status
        if status != "live":
            if status == "open":
                raise PlayError("illegal", _("The game has not started yet; no move can be made."))
            raise PlayError("illegal", _("The game is over; no move can be made."))
        if table.row.timed_out is not None:
            raise PlayError(
                "timed_out",
                # i18n: a move refused while the other players choose what happens to a seat out of time
                _(
                    "{name}'s time ran out; the others are choosing whether a bot plays on or the game ends.",
                    name=table.name(table.row.timed_out),
                ),
            )
        to_move = table.state.current_player
        if to_move != seat:
            raise PlayError(
                "not_your_turn",
                _(
                    "It is {name}'s turn (seat {seat}), not yours.",
                    name=table.name(to_move or 0),
                    seat=to_move,
                ),
            )
        if ply is not None and ply != len(table.moves):
            raise PlayError(
                "stale",
                _(
                    "Your move was for ply {ply} but the game is at ply {now}: it was not applied.",
                    ply=ply,
                    now=len(table.moves),
                ),
            )
        return seat

    async def act(
        self, game_id: str, seat: int | None, action: Any, ply: Any, version: int | None = None
    ) -> None:
        """Make a move for ``seat`` (checked: seat, turn, ply, legality), store it, push the update."""
        table = await self.get(game_id)
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise PlayError(
                "bad_message", _("'ply' must be the ply you saw (an integer), not {value}.", value=repr(ply))
            )
        if not isinstance(action, int) or isinstance(action, bool):
            raise PlayError(
                "bad_message",
                _("'action' must be an action id (an integer), not {value}.", value=repr(action)),
            )
        async with table.lock:
            if version is not None and version != table.version:
                raise PlayError("stale", _("The game changed while the bot was thinking."))
            moment = self.clock()
            await self._time_out(table, moment)  # a time that ran out before this move stops it
            self._check_turn(table, seat, ply)
            if version is None and seat is not None and table.row.seats[seat].replaced:
                raise PlayError(
                    "not_your_turn",
                    # i18n: a person's move refused: a bot took over their seat when their time ran out
                    _("A bot plays this seat since its time ran out; you can no longer move for it."),
                )
            assert seat is not None
            state = table.state
            info = GAMES[table.row.game]
            if not 0 <= action < info.num_distinct_actions(table.row.players, table.row.options):
                raise PlayError(
                    "unknown_action",
                    _("There is no action {action} in {game}.", action=action, game=info.local_title),
                )
            reason = state.illegal_reason(action)
            if reason is not None:
                raise PlayError("illegal", reason)
            # The move is made on a copy, which becomes the table's state only once it is stored: nobody
            # (a client saying hello, a page) sees a move before its transaction has committed.
            after = state.clone()
            after.apply(action)
            move = MoveRow(len(table.moves), action, seat, moment)
            outcome = outcome_of(after)
            outcome = replace(outcome, clock=clocks.after_move(table.row, seat, outcome.to_move, moment))
            try:
                stored = await self.writer.append(table.id, table.version, move, outcome)
            except Exception:
                log.exception("game %s: storing move %d failed", table.id, move.ply)
                raise PlayError(
                    "server", _("The move could not be stored; it was not made. Try again.")
                ) from None
            if not stored:  # another process moved first
                await self._reload(table)
                await self._broadcast(table)
                raise PlayError("stale", _("Another move was made first; your move was not applied."))
            table.state = after
            table.moves.append(move)
            table.add_entry(after, move, state)
            row = table.row
            row.ply, row.status, row.to_move = move.ply + 1, outcome.status, outcome.to_move
            row.scores, row.winners = outcome.scores, outcome.winners
            clocks.apply(row, outcome.clock)
            row.version += 1
            row.updated = move.time
            await self._broadcast(table)
        self._emit(table, "finished" if outcome.status == "finished" else "moved")
        self._kick(table)

    async def undo(self, game_id: str, seat: int | None) -> None:
        """Take back ``seat``'s moves since its previous decision and the bots' replies (stored in the audit
        table); only where every other seat is a bot."""
        table = await self.get(game_id)
        if seat is None:
            raise PlayError("not_seated", _("Spectators cannot undo: you have no seat in this game."))
        async with table.lock:
            if not table.solo_human(seat):
                raise PlayError("undo_refused", _("Undo is only for games where every other seat is a bot."))
            if table.row.status != "live":
                raise PlayError("undo_refused", _("Only a game in play can be taken back."))
            start = undo_point(table.moves, seat)
            if start is None:
                raise PlayError("undo_refused", _("You have made no move to take back."))
            state, entries = await self.work.run(replay, table.row, table.moves[:start], urgent=True)
            outcome = outcome_of(state)
            moment = self.clock()
            if table.row.clock is not None:  # the seat taken back to decides again: its time runs from now
                outcome = replace(outcome, clock=clocks.ClockUpdate(moment, {}))
            if not await self.db(self.store.undo, table.id, table.version, start, seat, outcome, moment):
                await self._reload(table)
                raise PlayError("stale", _("The game changed in the meantime; nothing was taken back."))
            table.state, table.log, table.moves = state, entries, table.moves[:start]
            table.logs.clear()
            row = table.row
            row.updated = moment
            row.ply, row.status, row.to_move, row.version = (
                start,
                outcome.status,
                outcome.to_move,
                row.version + 1,
            )
            clocks.apply(row, outcome.clock)
            await self._broadcast(table)
        self._kick(table)

    async def hint(self, game_id: str, seat: int | None) -> dict[str, Any]:
        """The strong bot's suggestion for ``seat``'s move (only where every other seat is a bot)."""
        table = await self.get(game_id)
        if seat is None:
            raise PlayError(
                "not_seated", _("Spectators cannot ask for hints: you have no seat in this game.")
            )
        if not table.solo_human(seat):
            raise PlayError("illegal", _("Hints are only for games where every other seat is a bot."))
        self._check_turn(table, seat, None)
        key = (table.version, seat)
        known = table.hints.get(key)
        if known is None:  # one computation per decision: asking again gets the same answer
            times = table.hint_times.setdefault(seat, deque())
            moment = time.monotonic()
            while times and moment - times[0] >= 60:
                times.popleft()
            if len(times) >= self.hints_per_minute:
                raise PlayError(
                    "rate_limited",
                    _(
                        "At most {n} hints a minute; ask again in {s} s.",
                        n=self.hints_per_minute,
                        s=max(1, round(60 - (moment - times[0]))),
                    ),
                )
            times.append(moment)
            table.hints = {k: v for k, v in table.hints.items() if k[0] == table.version}
            state = table.state.clone()
            computing = asyncio.ensure_future(self._hint(state, table.row.seed ^ len(table.moves)))
            known = table.hints[key] = (state, computing)
        state, future = known
        action = await asyncio.shield(future)
        return {
            "type": "hint",
            "ply": len(state.history),
            "action": action,
            "label": state.action_label(action),
            "description": state.describe_action(action),
        }

    async def _hint(self, state: State, seed: int) -> int:
        record, legal = state.record(), state.legal_action_ids()
        return (await self.hint_pool.choose(record, self.hint_bot, seed, legal)).action

    # ---- turn-based clocks (server/clocks.py; docs/web.md, "Turn-based clocks") ----------------------------
    async def sweep(self) -> float:
        """Apply what has fallen due in the loaded live turn-based games (timeouts, a bot taking over when
        nobody chose, "low_time"); the seconds until the next thing falls due (inf: nothing will)."""
        moment = self.clock()
        soonest: datetime | None = None
        for table in list(self._tables.values()):
            row = table.row
            if row.clock is None or row.status != "live":
                self._low_told.pop(table.id, None)
                continue
            due = clocks.next_due(row)
            chosen_by = clocks.choice_due(row)
            if (due is not None and due <= moment) or (chosen_by is not None and chosen_by <= moment):
                async with table.lock:
                    await self._time_out(table, moment)
                self._kick(table)
            low = clocks.low_due(row)
            if low is not None and low <= moment and self._low_told.get(table.id) != row.turn_started:
                self._low_told[table.id] = row.turn_started
                self._emit(table, "low_time")
            for when in (clocks.next_due(row), clocks.choice_due(row), clocks.low_due(row)):
                if when is not None and when > moment and (soonest is None or when < soonest):
                    soonest = when
        return float("inf") if soonest is None else (soonest - moment).total_seconds()

    async def _time_out(self, table: Table, moment: datetime) -> None:
        """Under the table's lock: stop the game if the running seat's time has run out (the others choose;
        with nobody to choose, the clock's bot takes over at once), or let the bot take over a timed-out
        seat nobody chose for in time."""
        row = table.row
        seat, due, chosen_by = clocks.running(row), clocks.next_due(row), clocks.choice_due(row)
        if seat is not None and due is not None and due <= moment:
            stopping = {"timed_out": seat, "turn_started": moment}
            if not await self._change(table, moment, stopping, {seat: {"bank_ms": 0}}):
                return
            self._emit(table, "timed_out")
            if not clocks.choosers(row):
                await self._take_over(table, moment)
        elif row.timed_out is not None and chosen_by is not None and chosen_by <= moment:
            await self._take_over(table, moment)

    async def _take_over(self, table: Table, moment: datetime) -> bool:
        """Under the table's lock: the clock's bot plays the timed-out seat from now on."""
        row = table.row
        seat, bot = row.timed_out, (row.clock or {}).get("bot")
        if seat is None:
            return False
        taking = {seat: {"replaced": True, "bot": bot}}
        if not await self._change(table, moment, {"timed_out": None, "turn_started": moment}, taking):
            return False
        self._kick(table)  # its task waits for the lock this caller holds
        return True

    async def _change(
        self,
        table: Table,
        moment: datetime,
        values: dict[str, Any],
        seat_values: dict[int, dict[str, Any]],
    ) -> bool:
        """Under the table's lock: store a clock's change to the game and its seats, then make it in memory
        and push it; False (reloaded instead) if another process changed the game first."""
        stored = await self.db(self.store.change_game, table.id, table.version, moment, values, seat_values)
        if not stored:
            await self._reload(table)
            await self._broadcast(table)
            return False
        row = table.row
        for key, value in values.items():
            setattr(row, key, value)
        for seat, columns in seat_values.items():
            for key, value in columns.items():
                setattr(row.seats[seat], key, value)
        row.version += 1
        row.updated = moment
        await self._broadcast(table)
        return True

    async def choose_timeout(self, game_id: str, seat: int | None, choice: Any) -> None:
        """A person's choice for a seat whose time ran out: ``"bot"`` (the clock's bot plays it on) or
        ``"abandon"`` (the game ends now, scored as it stands). The first choice stored wins."""
        table = await self.get(game_id)
        if choice not in ("bot", "abandon"):
            raise PlayError(
                "bad_message", _('"choice" must be "bot" or "abandon", not {value}.', value=repr(choice))
            )
        if seat is None:
            raise PlayError("not_seated", _("Spectators cannot choose: you have no seat in this game."))
        async with table.lock:
            row = table.row
            if row.status != "live" or row.timed_out is None:
                raise PlayError(
                    "conflict", _("Nobody's time has run out, or the choice has been made already.")
                )
            if seat not in clocks.choosers(row):
                raise PlayError(
                    "not_allowed",
                    _("Only the other players may choose what happens to a seat whose time ran out."),
                )
            moment = self.clock()
            if choice == "bot":
                await self._take_over(table, moment)
            else:
                scores = list(table.state.scores())
                ending = {
                    "status": "finished",
                    "ended": "abandoned",
                    "to_move": None,
                    "turn_started": None,
                    "scores": scores,
                    "winners": clocks.abandon_winners(scores, row.timed_out),
                }
                if await self._change(table, moment, ending, {}):
                    self._emit(table, "finished")
        self._kick(table)

    def _emit(self, table: Table, event: str) -> None:
        """Tell the listeners about a committed change (see ``listeners``)."""
        for listener in self.listeners:
            task = asyncio.ensure_future(self._listen(listener, table, event))
            self._listening.add(task)
            task.add_done_callback(self._listening.discard)

    @staticmethod
    async def _listen(listener: Callable[[Table, str], Awaitable[None]], table: Table, event: str) -> None:
        try:
            await listener(table, event)
        except Exception:
            log.exception("game %s: a listener failed on %r", table.id, event)

    # ---- bots -------------------------------------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Start the table's bot task if a bot is to move and none is running."""
        if not self.bots_enabled or table.row.status != "live":
            return
        to_move = table.state.current_player
        if (
            to_move is None
            or table.row.timed_out is not None
            or not clocks.plays_bot(table.row.seats[to_move])
        ):
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._bots(table), name=f"bots-{table.id}")

    async def _bots(self, table: Table) -> None:
        while table.row.status == "live":
            seat = table.state.current_player
            if seat is None or table.row.timed_out is not None or not clocks.plays_bot(table.row.seats[seat]):
                return
            bot = table.row.seats[seat].bot or "random"
            version = table.version
            state = table.state.clone()
            seed = (table.row.seed * 1_000_003 + len(state.history) * 7919 + seat) % 2**62
            decision = await self.pool.choose(state.record(), bot, seed, state.legal_action_ids())
            if decision.note is not None:
                log.warning("game %s, seat %d: %s (%s moved)", table.id, seat, decision.note, decision.bot)
            try:
                await self.act(table.id, seat, decision.action, len(state.history), version=version)
            except PlayError as exc:
                if exc.code not in ("stale", "not_your_turn", "timed_out"):
                    log.error("game %s: the bot's move was refused: %s", table.id, exc.message)
                    return
            except Exception:
                log.exception("game %s: the bot's move failed", table.id)
                return

    # ---- connections ------------------------------------------------------------------------------------
    async def connect(
        self,
        game_id: str,
        token: str | None,
        board: bool = True,
        lang: str = SOURCE,
        changes: bool = False,
        user_id: int | None = None,
        wanted: int | None = None,
    ) -> tuple[Table, Connection]:
        """A client joins the table (as its token's seat; with no token, the signed-in account ``user_id``'s
        seat, ``wanted`` among several, or the one to move; else a spectator) and gets the full picture, its
        words in ``lang``."""
        table = await self.get(game_id)
        seat = None
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                raise PlayError("bad_token", _("That token is not a seat of this game."))
        elif user_id is not None:
            held = table.seats_of(user_id)
            if wanted is not None and wanted not in held:
                raise PlayError(
                    "bad_token", _("Your account holds no seat {seat} in this game.", seat=wanted)
                )
            to_move = table.row.to_move
            seat = wanted if wanted is not None else (to_move if to_move in held else next(iter(held), None))
        conn = Connection(seat, board, lang, changes and self.board_changes)
        async with table.lock:  # the first picture, in order with the updates that follow
            if seat is not None and sum(1 for c in table.conns if c.seat == seat) >= self.sockets_per_token:
                raise PlayError(
                    "too_many_sockets",
                    # i18n: a seat's token opened more sockets than allowed; {n} is that number
                    _("This seat has {n} sockets open already; close one first.", n=self.sockets_per_token),
                )
            parts: dict[Any, Any] = {}
            if board:
                parts["boards"] = {
                    (seat, lang): await self.boards.draw(table.state, seat, lang, table.seat_names)
                }
            await self.ensure_log(table, lang)
            conn.push(self._message(table, conn, 0, True, parts))
            conn.log_sent = len(table.log)
            table.conns.add(conn)
        return table, conn

    async def resend(self, table: Table, conn: Connection) -> None:
        """The whole picture again, board and log, to one connection (its page could not apply a change)."""
        async with table.lock:
            if conn not in table.conns:
                return
            parts: dict[Any, Any] = {}
            if conn.board:
                parts["boards"] = {
                    (conn.seat, conn.lang): await self.boards.draw(
                        table.state, conn.seat, conn.lang, table.seat_names
                    )
                }
            conn.drawing = None
            await self.ensure_log(table, conn.lang)
            conn.push(self._message(table, conn, 0, True, parts))
            conn.log_sent = len(table.log)

    async def seats_changed(self, game_ids: Iterable[str]) -> None:
        """The seats' accounts changed in the database (a claim, a deleted account): the loaded tables read
        their seats again, and whoever watches sees a seat's new name. Another server process's copy learns
        of it at its next reload."""
        for game_id in game_ids:
            table = self._tables.get(game_id)
            if table is None:
                continue
            async with table.lock:
                row = await self.db(self.store.load_game, game_id)
                if row is None:
                    continue
                renamed = False
                for mine, stored in zip(table.row.seats, row.seats, strict=True):
                    mine.user_id, mine.invited = stored.user_id, stored.invited
                    renamed = renamed or mine.name != stored.name
                    mine.name = stored.name
                if renamed:
                    await self._broadcast(table)

    def disconnect(self, table: Table, conn: Connection) -> None:
        table.conns.discard(conn)
        if not table.conns and table.row.status == "finished" and self._tables.get(table.id) is table:
            del self._tables[table.id]  # nobody is watching a finished game: it is loaded again if asked for

    async def _broadcast(self, table: Table) -> None:
        """Push the table to every connection. Called under the table's lock, so that updates go out in
        order; the boards are drawn in the board pool meanwhile, one per seat and language that wants one,
        with the changes from each board that seat's connections were sent before (usually one), computed in
        the pool too. What is shared between connections (boards, messages) is keyed by language too."""
        cache: dict[tuple[int | None, bool, int, bool, str, str | None], str] = {}
        parts: dict[Any, Any] = {}
        wanted = sorted(
            {(c.seat, c.lang) for c in table.conns if c.board},
            key=lambda k: (-1 if k[0] is None else k[0], k[1]),
        )
        if wanted:
            previous: dict[tuple[int | None, str], dict[str, None]] = {key: {} for key in wanted}
            for c in table.conns:
                if c.board and c.changes and c.drawing is not None:
                    previous[c.seat, c.lang][c.drawing.svg] = None
            drawn = await self.boards.draw_all(
                table.state, wanted, table.seat_names, {key: list(previous[key]) for key in wanted}
            )
            parts["boards"] = {key: board for key, (board, _) in zip(wanted, drawn, strict=True)}
            parts["changes"] = {
                key: dict(zip(previous[key], found, strict=True))
                for key, (_, found) in zip(wanted, drawn, strict=True)
            }
        for lang in sorted({c.lang for c in table.conns} - {SOURCE} - set(table.logs)):
            await self.ensure_log(table, lang)
        for conn in list(table.conns):
            full = conn.log_sent > len(table.log)  # moves were taken back: the whole log again
            start = 0 if full else conn.log_sent
            # connections that were sent the same board are sent the same changes
            before = conn.drawing.svg if conn.changes and conn.drawing is not None else None
            key = (conn.seat, conn.board, start, full, conn.lang, before)
            if key not in cache:
                cache[key] = self._message(table, conn, start, full, parts)
            conn.push(cache[key])
            if conn.board:
                conn.drawing = parts["drawings"][conn.seat, conn.lang]
            conn.log_sent = len(table.log)

    def _message(
        self,
        table: Table,
        conn: Connection,
        log_from: int,
        full: bool,
        parts: dict[Any, Any],
    ) -> str:
        """The state message for ``seat`` in its connection's language, with the log from entry ``log_from``
        (``full``: the whole log)."""
        seat, lang = conn.seat, conn.lang
        row = table.row
        if "clock" not in parts:  # as of this update, the same for every connection
            parts["clock"] = clocks.clock_part(row, self.clock())
        with use_language(lang):
            if (seat, conn.board, lang) not in parts:
                board = parts["boards"][seat, lang] if conn.board else None
                parts[seat, conn.board, lang] = seat_part(table, seat, board)
            if ("words", lang) not in parts:  # the same for every seat: computed once per update and language
                renderer = renderer_for(row.game)
                parts["words", lang] = {
                    "decision": renderer.decision(table.state) if row.status == "live" else None,
                    "phase": renderer.status(table.state),
                }
            seats = seat_entries(row.seats)
        msg = {
            "type": "state",
            "id": row.id,
            "game": row.game,
            "ply": len(table.moves),
            "status": row.status,
            "seat": seat,
            "to_move": table.state.current_player if row.status == "live" else None,
            "seats": seats,
            **parts["words", lang],
            **parts[seat, conn.board, lang],
            **self._board_part(conn, parts),
            "log": table.log_in(lang)[log_from:],
            "full": full,
            "can_undo": row.status == "live"
            and table.solo_human(seat)
            and undo_point(table.moves, seat) is not None,
            "hint_allowed": row.status == "live"
            and table.solo_human(seat)
            and table.state.current_player == seat,
            "result": {"scores": row.scores, "winners": row.winners, "ended": row.ended}
            if row.status == "finished"
            else None,
            "clock": parts["clock"],
        }
        return json.dumps(msg, separators=(",", ":"))

    @staticmethod
    def _board_part(conn: Connection, parts: dict[Any, Any]) -> dict[str, Any]:
        """The board as this connection gets it: whole, or as the changes to the last one it was sent (when it
        takes changes, they were computed with the board, from that one, and are smaller); remembers what it
        was sent. The changes come from the board pool, once per move, seat, language and earlier board."""
        if not conn.board:
            return {}
        key = conn.seat, conn.lang
        board = parts["boards"][key]
        drawing = parts.setdefault("drawings", {}).setdefault(key, Drawing(board["svg"]))
        before, conn.drawing = conn.drawing, drawing
        if not conn.changes or before is None:
            return {}
        ops = parts.get("changes", {}).get(key, {}).get(before.svg)
        return {} if ops is None else {"board": {"changes": ops, "panel": board["panel"]}}


def seat_part(table: Table, seat: int | None, board: dict[str, Any] | None) -> dict[str, Any]:
    """What depends on the seat only: its view, its legal actions and its board (drawn already)."""
    state = table.state
    legal = []
    if seat is not None and table.row.status == "live" and state.current_player == seat:
        legal = [
            {"id": a, "label": state.action_label(a), "description": state.describe_action(a)}
            for a in state.legal_action_ids()
        ]
    return {"view": state.view(seat), "legal": legal, "board": board}


def undo_point(move_rows: Sequence[MoveRow], seat: int | None) -> int | None:
    """The ply an undo by ``seat`` goes back to: the start of its last run of moves (None: it has none)."""
    last = next((k for k in range(len(move_rows) - 1, -1, -1) if move_rows[k].seat == seat), None)
    if last is None:
        return None
    while last > 0 and move_rows[last - 1].seat == seat:
        last -= 1
    return last


def _held(table: Table, by: tuple[int, int] | None) -> int | None:
    """The seat of ``by`` = (account, seat) if the account holds it."""
    if by is None:
        return None
    user_id, seat = by
    return seat if seat in table.seats_of(user_id) else None


def invites(row: GameRow) -> dict[int, str]:
    return {s.seat: f"/play/{row.id}?seat={s.seat}" for s in row.seats if s.kind == "human" and not s.taken}


def summary_of(row: GameRow, moment: datetime | None = None) -> dict[str, Any]:
    """The game's summary (the lobby's); its clock as of ``moment`` (default: now)."""
    info = GAMES.get(row.game)
    out: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "title": info.local_title if info is not None else row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "ply": row.ply,
        "seats": seat_entries(row.seats),
        "to_move": row.to_move if row.status == "live" else None,
        "created": row.created.isoformat(),
        "updated": row.updated.isoformat(),
        "rematch": row.rematch,
        "clock": clocks.clock_part(row, moment or now()),
        "ended": row.ended,
        "rated": row.rated,
        "chat": row.chat,
    }
    if row.status == "finished":
        out["scores"] = row.scores
        out["winners"] = row.winners
    return out
