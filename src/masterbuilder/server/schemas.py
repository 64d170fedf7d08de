"""The lobby's request and response bodies (pydantic): every field checked, with limits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from masterbuilder.core.i18n import shell as _

Name = Field(default=None, min_length=1, max_length=40)


def _clean_name(value: str | None) -> str | None:
    if value is None:
        return None
    cleaned = " ".join(value.split())
    if not cleaned:
        raise ValueError(_("a name must have at least one visible character"))
    if any(not ch.isprintable() for ch in cleaned):
        raise ValueError(_("a name may not contain control characters"))
    return cleaned


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, min_length=1, max_length=40, examples=["mcts:medium"])
    name: str | None = Name
    # a person's seat kept for this account (invited by user name): only they can take it
    invite: str | None = Field(default=None, min_length=1, max_length=32, examples=["ann"])

    _name = field_validator("name")(_clean_name)

    @model_validator(mode="after")
    def _bot_named(self) -> SeatIn:
        if self.kind == "bot" and self.bot is None:
            raise ValueError(_("a bot seat needs 'bot', the bot's name (see /api/catalog)"))
        return self


class TimeControl(BaseModel):
    """Turn-based play with a time bank (Board Game Arena's style): each seat starts with ``bank`` seconds,
    which run only while it is to move, and gains ``increment`` seconds with each move, up to ``cap``.
    When a seat's time runs out the others choose: ``bot`` plays it from then on, or the game is abandoned."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["turn"] = "turn"
    bank: int = Field(ge=60, le=60 * 86400, examples=[3 * 86400], description="seconds")
    increment: int = Field(default=0, ge=0, le=7 * 86400, examples=[86400], description="seconds a move")
    cap: int | None = Field(default=None, ge=60, le=60 * 86400, description="seconds; null: the bank")
    bot: str = Field(default="mcts:medium", min_length=1, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=32, examples=["caylus"])
    players: int = Field(ge=1, le=8, examples=[3])
    options: dict[str, Any] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    seats: list[SeatIn] = Field(default_factory=list, max_length=8)
    join: list[int] = Field(default_factory=list, max_length=8)
    name: str | None = Name
    clock: TimeControl | None = None  # null: real time (no clock)
    rated: bool = False  # counts for the ratings (every person's seat must be an account's)
    chat: Literal["shared", "apart"] = "shared"  # apart: the players' chat is not the spectators'

    _name = field_validator("name")(_clean_name)


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40, examples=["Bob"])

    @field_validator("name")
    @classmethod
    def _clean(cls, value: str) -> str:
        cleaned = _clean_name(value)
        assert cleaned is not None
        return cleaned


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str
    taken: bool


class ClockOut(BaseModel):
    """A turn-based game's clocks as of the answer (docs/web.md, "Turn-based clocks")."""

    kind: Literal["turn"]
    bank: int = Field(description="seconds each seat started with")
    increment: int = Field(description="seconds a seat gains each turn")
    cap: int | None = Field(description="seconds a bank may grow to; null: the starting bank")
    left: list[int] = Field(description="ms left per seat")
    running: int | None = Field(description="the seat whose time is running")
    low: list[bool]
    timed_out: int | None = Field(description="the seat whose time ran out while the others choose")
    choosers: list[int] = Field(description="the seats that may choose: a bot plays on, or abandon")
    bot: str


class TimeoutChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    choice: Literal["bot", "abandon"]


class GameSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "live", "finished"]
    ply: int
    seats: list[SeatOut]
    to_move: int | None
    created: str
    updated: str
    rematch: str | None = None
    scores: list[int] | None = None
    winners: list[int] | None = None
    clock: ClockOut | None = None  # null: real time
    ended: Literal["abandoned"] | None = None  # a finished game that was not played out
    rated: bool = False  # counts for the ratings
    chat: Literal["shared", "apart"] = "shared"  # apart: the players' chat is not the spectators'


class Created(BaseModel):
    id: str
    game: GameSummary
    tokens: dict[str, str]
    invites: dict[str, str]
    # the address friends use (serve --public-url); null: the invites are relative to the page's own address
    public_url: str | None = None


class Joined(BaseModel):
    seat: int
    token: str
    invites: dict[str, str]


class Left(BaseModel):
    seat: int


class GameList(BaseModel):
    games: list[GameSummary]
    page: int
    per_page: int
    total: int


class Health(BaseModel):
    status: str
    games_live: int


class OptionOut(BaseModel):
    default: Any
    choices: list[Any] | None
    minimum: int | None
    maximum: int | None
    doc: str


class BotOut(BaseModel):
    name: str
    description: str


class GameOut(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, OptionOut]
    bots: list[BotOut]


class Catalog(BaseModel):
    games: list[GameOut]


class Problem(BaseModel):
    detail: str
