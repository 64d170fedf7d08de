"""The lobby: REST endpoints under /api (OpenAPI at /docs)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse

from masterbuilder import GAMES
from masterbuilder.agents import agent_spec, agents_for
from masterbuilder.core.i18n import Text
from masterbuilder.core.i18n import shell as _
from masterbuilder.server import accounts, schemas
from masterbuilder.server.security import bearer
from masterbuilder.server.tables import Created, Extras, PlayError, SeatSpec, Tables, summary_of

router = APIRouter(prefix="/api")

GameId = Annotated[str, Path(min_length=1, max_length=16, pattern=r"^[a-z0-9]+$")]
SeatNo = Annotated[int, Path(ge=0, le=7)]
Auth = Annotated[str | None, Header(description="Bearer TOKEN: the seat token given when joining.")]

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": schemas.Problem},
    401: {"model": schemas.Problem},
    404: {"model": schemas.Problem},
    409: {"model": schemas.Problem},
    422: {"model": schemas.Problem},
}


def tables(request: Request) -> Tables:
    manager: Tables = request.app.state.tables
    return manager


def http_error(exc: PlayError) -> HTTPException:
    status = {
        "not_found": 404,
        "bad_token": 401,
        "conflict": 409,
        "bad_seat": 404,
        "not_allowed": 403,
    }.get(exc.code, 400)
    return HTTPException(status, exc.message)


def _created(created: Created, request: Request) -> dict[str, Any]:
    return {
        "id": created.row.id,
        "game": summary_of(created.row, tables(request).clock()),
        "tokens": {str(k): v for k, v in created.tokens.items()},
        "invites": {str(k): v for k, v in created.invites.items()},
        "public_url": request.app.state.settings.public_url,
    }


def _token(authorization: str | None) -> str:
    token = bearer(authorization)
    if token is None:
        raise HTTPException(401, _("This needs your seat token as the header 'Authorization: Bearer TOKEN'."))
    return token


async def _account(request: Request) -> accounts.User | None:
    """The signed-in account, if any; a cookie-authenticated request must come from this site's pages."""
    user = await accounts.current_user(request)
    if user is not None:
        accounts.require_same_origin(request)
    return user


async def _token_or_account(
    request: Request, authorization: str | None, seat: int | None
) -> tuple[str | None, tuple[int, int] | None]:
    """The seat token of the header, else the signed-in account and the seat it names."""
    if authorization is not None or seat is None:
        return _token(authorization), None
    user = await _account(request)
    if user is None:
        return _token(authorization), None
    return None, (user.id, seat)


@router.get("/health", response_model=schemas.Health)
async def health(request: Request) -> dict[str, Any]:
    """The server is up; how many games are in play in this process."""
    return {"status": "ok", "games_live": tables(request).live_count}


@router.get("/catalog", response_model=schemas.Catalog)
async def catalog() -> dict[str, Any]:
    """The games, their options and the bots that play each (the descriptions in the request's language)."""
    out = []
    for name, info in sorted(GAMES.items()):
        game_text = Text(name)  # an option's doc and a game's own bot are the game's messages
        bots = []
        for bot in agents_for(name):
            spec = agent_spec(bot, name)
            about = ""
            if spec is not None:
                about = (
                    game_text(spec.description) if spec.games == frozenset({name}) else _(spec.description)
                )
            bots.append({"name": bot, "description": about})
        out.append(
            {
                "name": name,
                "title": info.local_title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "options": {
                    k: {
                        "default": o.default,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "doc": game_text(o.doc) if o.doc else o.doc,
                    }
                    for k, o in info.options.items()
                },
                "bots": bots,
            }
        )
    return {"games": out}


@router.post("/games", status_code=201, response_model=schemas.Created, responses=ERRORS)
async def create_game(body: schemas.CreateGame, request: Request) -> dict[str, Any]:
    """Create a game. Each seat is a person or a bot; ``join`` lists the people's seats the creator takes at
    once (their tokens are in the answer, given only this once). The game starts when every seat is taken.
    Signed in, the seats joined are the account's, under its user name (``name`` is then not used);
    ``invite`` keeps a seat for an account (a user name)."""
    user = await _account(request)
    manager = tables(request)
    wanted = [s.invite for s in body.seats if s.invite is not None]
    found = await manager.db(accounts.ids_of_names, manager.store.engine, wanted) if wanted else {}
    unknown = [name for name in wanted if name not in found]
    if unknown:
        raise HTTPException(422, _("There is no account named {name} to invite.", name=repr(unknown[0])))
    try:
        created = await manager.create(
            body.game,
            body.players,
            body.options,
            body.seed,
            [
                SeatSpec(s.kind, s.bot, s.name or s.invite, None if s.invite is None else found[s.invite])
                for s in body.seats
            ],
            body.join,
            body.name if user is None else user.name,  # an account's seat shows the account's name
            Extras(
                clock=None if body.clock is None else body.clock.model_dump(),
                rated=body.rated,
                chat=body.chat,
                creator=None if user is None else user.id,
            ),
        )
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    return _created(created, request)


@router.get("/games", response_model=schemas.GameList, responses=ERRORS)
async def list_games(
    request: Request,
    status: Literal["open", "live", "finished"] | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """Games, newest first, a page at a time; ``status`` picks open, live or finished games."""
    manager = tables(request)
    rows, total = await manager.db(manager.store.list_games, status, page, per_page)
    moment = manager.clock()
    return {
        "games": [summary_of(r, moment) for r in rows],
        "page": page,
        "per_page": per_page,
        "total": total,
    }


@router.get("/games/{game_id}", response_model=schemas.GameSummary, responses=ERRORS)
async def get_game(game_id: GameId, request: Request) -> dict[str, Any]:
    """One game: its seats, status, ply, the seat to move, and the result once it is over."""
    try:
        return await tables(request).summary(game_id)
    except PlayError as exc:
        raise http_error(exc) from None


@router.post("/games/{game_id}/seats/{seat}/join", response_model=schemas.Joined, responses=ERRORS)
async def join_seat(
    game_id: GameId, seat: SeatNo, body: schemas.JoinSeat, request: Request
) -> dict[str, Any]:
    """Take an open seat (a person's) under a name: the seat token, given only this once. Signed in, the
    seat is the account's, under its user name (not ``name``: nobody plays as someone else's account); a
    seat kept for an invited account is only theirs."""
    user = await _account(request)
    try:
        token, open_invites = await tables(request).join(
            game_id, seat, body.name if user is None else user.name, None if user is None else user.id
        )
    except PlayError as exc:
        raise http_error(exc) from None
    return {"seat": seat, "token": token, "invites": {str(k): v for k, v in open_invites.items()}}


@router.post("/games/{game_id}/seats/{seat}/leave", response_model=schemas.Left, responses=ERRORS)
async def leave_seat(
    game_id: GameId, seat: SeatNo, request: Request, authorization: Auth = None
) -> dict[str, Any]:
    """Give your seat back, before the game starts (your seat token, or the account holding the seat)."""
    token, by = await _token_or_account(request, authorization, seat)
    manager = tables(request)
    try:
        table = await manager.get(game_id)
        if token is not None and table.seat_of(token) != seat:
            raise PlayError("bad_token", _("That token is not seat {seat}'s.", seat=seat))
        await manager.leave(game_id, token, by)
    except PlayError as exc:
        raise http_error(exc) from None
    return {"seat": seat}


@router.post("/games/{game_id}/rematch", status_code=201, response_model=schemas.Created, responses=ERRORS)
async def rematch(
    game_id: GameId,
    request: Request,
    authorization: Auth = None,
    seat: Annotated[int | None, Query(ge=0, le=7, description="signed in, with no token: your seat")] = None,
) -> dict[str, Any]:
    """A new game like this finished one, with a new seed: your seat is joined for you, the other people
    get invites. If someone asked first, you join their rematch. Signed in, your account's seat (``seat``
    among several) needs no token."""
    manager = tables(request)
    if authorization is None and seat is None:
        user = await _account(request)
        if user is not None:
            try:
                held = (await manager.get(game_id)).seats_of(user.id)
            except PlayError as exc:
                raise http_error(exc) from None
            seat = held[0] if held else None
    token, by = await _token_or_account(request, authorization, seat)
    try:
        created = await manager.rematch(game_id, token, by)
    except PlayError as exc:
        raise http_error(exc) from None
    return _created(created, request)


@router.post(
    "/games/{game_id}/timeout",
    response_model=schemas.GameSummary,
    responses={**ERRORS, 403: {"model": schemas.Problem}},
)
async def choose_timeout(
    game_id: GameId, body: schemas.TimeoutChoice, request: Request, authorization: Auth = None
) -> dict[str, Any]:
    """A seat's time ran out (turn-based games): another player chooses ``bot`` (the game's takeover bot
    plays that seat from now on) or ``abandon`` (the game ends now, scored as it stands). The first choice
    wins; a later one gets 409. Your seat token, or signed in, the account holding a seat of the game."""
    manager = tables(request)
    try:
        table = await manager.get(game_id)
        user = await _account(request) if authorization is None else None
        if user is not None:
            held = [s for s in table.seats_of(user.id) if s != table.row.timed_out]
            if not held:
                raise PlayError("bad_token", _("Your account has no seat in this game that may choose."))
            seat: int | None = held[0]
        else:
            seat = table.seat_of(_token(authorization))
        if seat is None:
            raise PlayError("bad_token", _("That token is not a seat of this game."))
        await manager.choose_timeout(game_id, seat, body.choice)
        return await manager.summary(game_id)
    except PlayError as exc:
        raise http_error(exc) from None


@router.get("/games/{game_id}/record", responses=ERRORS)
async def record(game_id: GameId, request: Request) -> JSONResponse:
    """The finished game's record: exactly ``State.record()`` (before the end it would reveal the seed)."""
    manager = tables(request)
    try:
        table = await manager.get(game_id)
    except PlayError as exc:
        raise http_error(exc) from None
    if table.row.status != "finished":
        raise HTTPException(
            409,
            _("The record is available once the game is over (its seed would reveal hidden information)."),
        )
    return JSONResponse(
        table.state.record(),
        headers={"Content-Disposition": f'attachment; filename="{table.row.game}-{game_id}.json"'},
    )
