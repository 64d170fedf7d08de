"""Ratings between people: OpenSkill (Plackett-Luce, the model ``masterbuilder tournament`` uses) per game,
of accounts (``user:ID``) and bots (``bot:NAME``, rated as players too), over finished rated games.

What counts (docs/web.md, "Ratings"):

- a game created rated, finished, whose every person's seat is an account's; a guest's seat (no account, not a
  bot) leaves the game unrated (the lobby refuses guests in rated games; this is the last guard), and so does
  a game of bots alone;
- places come from the final scores, the winners first (the engine's tie-breaks), equal places shared;
- a seat a bot took over after its time ran out (``seats.replaced``) still counts as its account's; if the
  game was abandoned (``games.ended``), the seats whose time ran out share the last place;
- a player holding several seats of one game (two bots of one kind) is rated once, at the mean of its places;
- the number shown is mu − 3·sigma (OpenSkill's ``ordinal``): a rating the player is very likely above, which
  starts at 0 and rises as games make the estimate surer.

Each game is rated once: the first conditional UPDATE of ``games.rating_done`` wins, and the new ratings are
written in the same transaction, so a second "finished" or another server process changes nothing. Games are
rated in the order they finished (their last move's time, then id); the rating change of a game (before →
after per seat) is recomputed in that order from the stored games, since the schema keeps only the current
ratings.

Everything here but :func:`listen` is blocking: the game manager runs it in its database thread.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, and_, false, func, insert, select, true, update
from sqlalchemy.exc import IntegrityError

from masterbuilder.server.db import games, moves, rating_changes, ratings, seats, users
from masterbuilder.server.store import GameRow, SeatRow, Store, aware, now

if TYPE_CHECKING:
    from masterbuilder.server.tables import Table, Tables

log = logging.getLogger("masterbuilder.server")

SIGMAS = 3  # the displayed rating: mu - SIGMAS * sigma
RETRIES = 3  # two processes adding the same new player at once: the loser retries


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return self.mu - SIGMAS * self.sigma


@dataclass(frozen=True)
class Place:
    """One seat of a rated game: who it counts for, and its place (1 best; equal places tie)."""

    seat: int
    player: str
    user_id: int | None
    place: int


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


@cache
def initial() -> Skill:
    start = _model().rating()
    return Skill(float(start.mu), float(start.sigma))


def player_of(seat: SeatRow) -> str | None:
    """The rated player of a seat: its account (even once a bot has taken it over), else its bot; None for a
    guest."""
    if seat.user_id is not None:
        return f"user:{seat.user_id}"
    if seat.kind == "bot" and seat.bot:
        return f"bot:{seat.bot}"
    return None


def places(row: GameRow) -> list[int]:
    """Each seat's place (1 best, ties equal, no gaps): winners first, then by score; in an abandoned game the
    seats whose time ran out come last."""
    out: set[int] = set()
    if row.ended == "abandoned":
        out = {s.seat for s in row.seats if s.replaced}
        if row.timed_out is not None:
            out.add(row.timed_out)
    winners = set(row.winners or ())
    keys = []
    for seat in range(row.players):
        if seat in out:
            keys.append((2, 0))
        elif row.scores is None:  # ended with no scores: everyone still in shares the first place
            keys.append((1, 0))
        else:
            keys.append((0 if seat in winners else 1, -row.scores[seat]))
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def match_of(row: GameRow) -> list[Place] | None:
    """The rated seats of a finished game, or None if it does not count (not rated, a guest's seat, fewer than
    two distinct players, or no account at all: bots alone never move the ratings)."""
    if not row.rated or row.status != "finished":
        return None
    who = [player_of(s) for s in row.seats]
    if any(p is None for p in who):
        return None
    if len(set(who)) < 2 or not any(s.user_id is not None for s in row.seats):
        return None
    ranks = places(row)
    return [Place(s.seat, str(p), s.user_id, r) for s, p, r in zip(row.seats, who, ranks, strict=True)]


def rate(current: Mapping[str, Skill], match: Sequence[Place]) -> dict[str, Skill]:
    """The ratings after ``match`` of each player in it (from ``current``, else the initial rating)."""
    players = list(dict.fromkeys(p.player for p in match))
    ranks = {
        p: sum(x.place for x in match if x.player == p) / sum(1 for x in match if x.player == p)
        for p in players
    }
    model = _model()
    start = initial()
    teams = [
        [model.rating(mu=current.get(p, start).mu, sigma=current.get(p, start).sigma, name=p)]
        for p in players
    ]
    rated = model.rate(teams, ranks=[ranks[p] for p in players])
    return {p: Skill(float(t[0].mu), float(t[0].sigma)) for p, t in zip(players, rated, strict=True)}


@dataclass(frozen=True)
class Change:
    seat: int
    player: str
    before: Skill
    after: Skill


class Ratings:
    """The ratings table: rating finished games, the leaderboard, profiles, a game's rating changes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # ---- rating -------------------------------------------------------------------------------------------
    def rate_pending(self, game: str | None = None) -> int:
        """Rate the finished rated games not rated yet (of ``game``, else of every game), in the order they
        finished; how many this call rated."""
        done = 0
        for game_id in self._pending(game):
            done += self.rate_game(game_id)
        return done

    def _pending(self, game: str | None) -> list[str]:
        finish = self._finish_times()
        query = (
            select(games.c.id, finish.c.finished)
            .select_from(games.outerjoin(finish, finish.c.game_id == games.c.id))
            .where(games.c.rated == true(), games.c.rating_done == false(), games.c.status == "finished")
            .order_by(finish.c.finished, games.c.id)
        )
        if game is not None:
            query = query.where(games.c.game == game)
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    @staticmethod
    def _finish_times() -> Any:
        return (
            select(moves.c.game_id, func.max(moves.c.time).label("finished"))
            .group_by(moves.c.game_id)
            .subquery()
        )

    def rate_game(self, game_id: str) -> bool:
        """Rate one finished game if nobody has: True if this call did (and wrote its ratings)."""
        for attempt in range(RETRIES):
            try:
                with self.engine.begin() as conn:
                    return self._rate(conn, game_id)
            except IntegrityError:  # another process inserted one of its new players first: read it again
                if attempt == RETRIES - 1:
                    raise
        return False

    def _rate(self, conn: Connection, game_id: str) -> bool:
        guard = conn.execute(
            update(games)
            .where(
                games.c.id == game_id,
                games.c.rated == true(),
                games.c.rating_done == false(),
                games.c.status == "finished",
            )
            .values(rating_done=True)
        )
        if guard.rowcount != 1:
            return False
        found = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        assert found is not None  # it was just updated, in this transaction
        row = self.store._game(conn, found)
        match = match_of(row)
        if match is None:
            log.info("game %s: rated, but a seat is a guest's; its result is not rated", game_id)
            return True
        players = sorted({p.player for p in match})
        stored = conn.execute(
            select(ratings).where(ratings.c.game == row.game, ratings.c.player.in_(players)).with_for_update()
        ).mappings()
        current = {r["player"]: (Skill(r["mu"], r["sigma"]), int(r["games"])) for r in stored}
        after = rate({p: s for p, (s, _n) in current.items()}, match)
        users_of = {p.player: p.user_id for p in match}
        start = initial()
        conn.execute(
            insert(rating_changes),
            [
                {
                    "game_id": game_id,
                    "seat": p.seat,
                    "player": p.player,
                    "mu_before": current[p.player][0].mu if p.player in current else start.mu,
                    "sigma_before": current[p.player][0].sigma if p.player in current else start.sigma,
                    "mu_after": after[p.player].mu,
                    "sigma_after": after[p.player].sigma,
                }
                for p in match
            ],
        )
        moment = now()
        for player, skill in after.items():
            if player in current:
                conn.execute(
                    update(ratings)
                    .where(ratings.c.game == row.game, ratings.c.player == player)
                    .values(mu=skill.mu, sigma=skill.sigma, games=current[player][1] + 1, updated=moment)
                )
            else:
                conn.execute(
                    insert(ratings).values(
                        game=row.game,
                        player=player,
                        user_id=users_of[player],
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=1,
                        updated=moment,
                    )
                )
        return True

    # ---- a game's changes ---------------------------------------------------------------------------------
    def changes(self, game_id: str) -> tuple[GameRow, list[Change] | None] | None:
        """A game and its seats' ratings before and after it (None if it does not count or is not rated yet);
        None if there is no such game."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if found is None:
                return None
            row = self.store._game(conn, found)
            if not row.rating_done or match_of(row) is None:
                return row, None
            return row, self._stored(conn, game_id)

    @staticmethod
    def _stored(conn: Connection, game_id: str) -> list[Change]:
        """The changes written when the game was rated, by seat."""
        found = conn.execute(
            select(rating_changes).where(rating_changes.c.game_id == game_id).order_by(rating_changes.c.seat)
        ).mappings()
        return [
            Change(
                r["seat"],
                r["player"],
                Skill(float(r["mu_before"]), float(r["sigma_before"])),
                Skill(float(r["mu_after"]), float(r["sigma_after"])),
            )
            for r in found
        ]

    # ---- reading ------------------------------------------------------------------------------------------
    def leaderboard(self, game: str, page: int, per_page: int) -> tuple[list[dict[str, Any]], int]:
        """A page of the game's ratings, the best first: rank, name, rating, games (accounts by name, bots by
        their bot's name; disabled accounts left out)."""
        shown = (ratings.c.mu - SIGMAS * ratings.c.sigma).label("shown")
        visible = and_(
            ratings.c.game == game,
            (ratings.c.user_id.is_(None)) | (users.c.disabled == false()),
        )
        base = ratings.outerjoin(users, users.c.id == ratings.c.user_id)
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(base).where(visible)).scalar_one()
            rows = conn.execute(
                select(ratings.c.player, ratings.c.games, ratings.c.mu, ratings.c.sigma, users.c.name, shown)
                .select_from(base)
                .where(visible)
                .order_by(shown.desc(), ratings.c.games.desc(), ratings.c.player)
                .offset((page - 1) * per_page)
                .limit(per_page)
            ).mappings()
            entries = [
                {
                    "rank": (page - 1) * per_page + k + 1,
                    **_who(r["player"], r["name"]),
                    "rating": round(float(r["shown"]), 2),
                    "mu": round(float(r["mu"]), 3),
                    "sigma": round(float(r["sigma"]), 3),
                    "games": int(r["games"]),
                }
                for k, r in enumerate(rows)
            ]
        return entries, int(total)

    def profile(self, name: str, recent: int = 20) -> dict[str, Any] | None:
        """An account's public profile (never its e-mail): name, since, its rating in each game, its latest
        finished games with their results and its rating before and after each rated one. None if there is no
        such account (or it is disabled)."""
        with self.engine.connect() as conn:
            user = (
                conn.execute(
                    select(users.c.id, users.c.name, users.c.created).where(
                        users.c.name_key == name.casefold(), users.c.disabled == false()
                    )
                )
                .mappings()
                .first()
            )
            if user is None:
                return None
            rated = conn.execute(
                select(ratings.c.game, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .where(ratings.c.user_id == user["id"])
                .order_by(ratings.c.game)
            ).mappings()
            per_game = [
                {
                    "game": r["game"],
                    "rating": round(float(r["mu"]) - SIGMAS * float(r["sigma"]), 2),
                    "mu": round(float(r["mu"]), 3),
                    "sigma": round(float(r["sigma"]), 3),
                    "games": int(r["games"]),
                }
                for r in rated
            ]
            mine = select(seats.c.game_id).where(seats.c.user_id == user["id"])
            found = conn.execute(
                select(games)
                .where(games.c.id.in_(mine), games.c.status == "finished")
                .order_by(games.c.updated.desc(), games.c.id)
                .limit(recent)
            ).mappings()
            finished = []
            for g in found:
                row = self.store._game(conn, g)
                entry = _result(row, int(user["id"]))
                entry["change"] = None
                if row.rating_done and entry["rated"]:
                    own = [c for c in self._stored(conn, row.id) if c.player == f"user:{user['id']}"]
                    if own:
                        before, after = own[0].before.shown, own[0].after.shown
                        entry["change"] = {"before": round(before, 2), "after": round(after, 2)}
                finished.append(entry)
        return {
            "name": user["name"],
            "since": aware(user["created"]).isoformat(),
            "ratings": per_game,
            "games": finished,
        }

    def names(self, players: Iterable[str]) -> dict[str, str]:
        """The shown name of each player key (an account's name, a bot's spec)."""
        ids = [int(p.split(":", 1)[1]) for p in players if p.startswith("user:")]
        with self.engine.connect() as conn:
            found = dict(conn.execute(select(users.c.id, users.c.name).where(users.c.id.in_(ids))).all())
        return {p: _who(p, found.get(int(p[5:])) if p.startswith("user:") else None)["name"] for p in players}


def _who(player: str, account: str | None) -> dict[str, Any]:
    """How a rated player is shown: an account by its name, a bot by its spec (``mcts:hard``)."""
    if player.startswith("user:"):
        return {"name": account or "?", "kind": "account"}
    return {"name": player.removeprefix("bot:"), "kind": "bot"}


def _result(row: GameRow, user_id: int) -> dict[str, Any]:
    """A finished game as a profile lists it: who sat where, the scores, the account's seats and places."""
    ranks = places(row)
    own = [s.seat for s in row.seats if s.user_id == user_id]
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "finished": _iso(row.updated),
        "rated": match_of(row) is not None,
        "ended": row.ended,
        "seats": [
            {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "score": _score(row, s.seat)}
            for s in row.seats
        ],
        "winners": row.winners or [],
        "mine": own,
        "places": [ranks[k] for k in own],
    }


def _score(row: GameRow, seat: int) -> int | None:
    return None if row.scores is None else row.scores[seat]


def _iso(moment: datetime) -> str:
    return aware(moment).isoformat()


def listen(tables: Tables, book: Ratings) -> None:
    """Rate each rated game as it finishes (and any finished before it that is still waiting, in order)."""

    async def on_change(table: Table, event: str) -> None:
        if event == "finished" and table.row.rated:
            await tables.db(book.rate_pending, table.row.game)

    tables.listeners.append(on_change)
