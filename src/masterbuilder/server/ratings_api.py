"""The ratings' endpoints: a game's leaderboard, a player's profile, a finished game's rating changes.

None of them shows an e-mail address: the queries behind them (server/ratings.py) never read that column.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request
from pydantic import BaseModel

from masterbuilder import GAMES
from masterbuilder.core.i18n import shell as _
from masterbuilder.server.ratings import Ratings, Skill
from masterbuilder.server.schemas import Problem

router = APIRouter(prefix="/api", tags=["ratings"])

GameName = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[a-z0-9]+$")]
GameId = Annotated[str, Path(min_length=1, max_length=16, pattern=r"^[a-z0-9]+$")]
UserName = Annotated[str, Path(min_length=1, max_length=32)]
ERRORS: dict[int | str, dict[str, Any]] = {404: {"model": Problem}, 422: {"model": Problem}}


class Standing(BaseModel):
    rank: int
    name: str
    kind: Literal["account", "bot"]
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    games: int


class Leaderboard(BaseModel):
    game: str
    title: str
    page: int
    per_page: int
    total: int
    entries: list[Standing]


class GameRating(BaseModel):
    game: str
    title: str
    rating: float
    mu: float
    sigma: float
    games: int


class SeatResult(BaseModel):
    seat: int
    name: str
    kind: str
    bot: str | None
    score: int | None


class ShownChange(BaseModel):
    before: float  # the rating shown (mu - 3 sigma) before the game
    after: float


class FinishedGame(BaseModel):
    id: str
    game: str
    title: str
    players: int
    finished: str
    rated: bool
    ended: str | None
    seats: list[SeatResult]
    winners: list[int]
    mine: list[int]  # the profile's account's seats
    places: list[int]  # its place at each of them (1 best)
    change: ShownChange | None  # its rating before and after this game, if the game counted


class Profile(BaseModel):
    name: str
    since: str
    ratings: list[GameRating]
    games: list[FinishedGame]


class Rated(BaseModel):
    rating: float
    mu: float
    sigma: float


class SeatChange(BaseModel):
    seat: int
    name: str
    kind: Literal["account", "bot"]
    before: Rated
    after: Rated


class GameChanges(BaseModel):
    id: str
    game: str
    rated: bool  # created rated
    counted: bool  # its result is in the ratings
    seats: list[SeatChange]


def book(request: Request) -> Ratings:
    found: Ratings = request.app.state.ratings
    return found


def _title(game: str) -> str:
    return GAMES[game].local_title if game in GAMES else game


def _rated(skill: Skill) -> dict[str, float]:
    return {"rating": round(skill.shown, 2), "mu": round(skill.mu, 3), "sigma": round(skill.sigma, 3)}


@router.get("/leaderboard/{game}", response_model=Leaderboard, responses=ERRORS)
async def leaderboard(
    request: Request,
    game: GameName,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 50,
) -> dict[str, Any]:
    """The game's ratings, the best first, a page at a time: accounts and bots, the number shown being
    mu − 3·sigma."""
    if game not in GAMES:
        raise HTTPException(
            404, _("There is no game {game}; the games are {games}.", game=repr(game), games=", ".join(GAMES))
        )
    entries, total = await asyncio.to_thread(book(request).leaderboard, game, page, per_page)
    return {
        "game": game,
        "title": _title(game),
        "page": page,
        "per_page": per_page,
        "total": total,
        "entries": entries,
    }


@router.get("/players/{name}", response_model=Profile, responses=ERRORS)
async def player(request: Request, name: UserName) -> dict[str, Any]:
    """An account's profile: its name, since when, its rating in each game and its latest finished games."""
    found = await asyncio.to_thread(book(request).profile, name)
    if found is None:
        raise HTTPException(404, _("There is no player {name}.", name=repr(name)))
    for entry in found["ratings"]:
        entry["title"] = _title(entry["game"])
    for entry in found["games"]:
        entry["title"] = _title(entry["game"])
    return found


@router.get("/games/{game_id}/ratings", response_model=GameChanges, responses=ERRORS)
async def game_ratings(request: Request, game_id: GameId) -> dict[str, Any]:
    """Each rated seat's rating before and after this game (empty until the game is over and rated)."""
    ratings = book(request)
    found = await asyncio.to_thread(ratings.changes, game_id)
    if found is None:
        raise HTTPException(404, _("There is no game {game}.", game=repr(game_id)))
    row, changes = found
    seats = []
    if changes:
        names = await asyncio.to_thread(ratings.names, [c.player for c in changes])
        seats = [
            {
                "seat": c.seat,
                "name": names[c.player],
                "kind": "account" if c.player.startswith("user:") else "bot",
                "before": _rated(c.before),
                "after": _rated(c.after),
            }
            for c in changes
        ]
    return {
        "id": row.id,
        "game": row.game,
        "rated": row.rated,
        "counted": changes is not None,
        "seats": seats,
    }
