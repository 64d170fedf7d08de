"""Tournaments: many bots, seats rotated, games in parallel, results on disk (resumable), ratings.

The schedule
    Game ``i`` of a tournament is a pure function of the configuration and ``i``: its seed is
    ``seed + i`` and its seating is ``cycle[i % len(cycle)]``. With ``k`` agents and ``p`` players
    (``k >= p``) the cycle is every ``p``-combination of the agents (in the order given, lexicographic),
    each followed by its ``p`` cyclic rotations; so the cycle has ``C(k, p) * p`` games and over one full
    cycle every agent sits in every seat equally often (``C(k-1, p-1)`` times). With ``k == p`` this is
    just the ``p`` cyclic rotations. A tournament whose length is a multiple of the cycle is exactly
    seat-balanced; otherwise the last, partial cycle is not.

Results file (JSON lines)
    Line 1 is a header ``{"tournament": {...config...}}``; every later line is one finished game
    (``index``, ``seed``, ``seats`` (agent per seat), ``scores``, ``winners``, ``actions``, ``rounds``,
    ``seconds``), appended and flushed as soon as the game ends, in order of completion. Rerunning the
    same tournament skips the game indices already in the file; a file with a different header is refused.
    The number of games is not part of the header: rerunning with a larger ``--games`` extends it.

Statistics
    A *win* is a sole win; a game won jointly by several seats counts a *shared win* for each of them
    (shown separately, not part of the win rate), and ``points`` adds ``1/n`` for a win shared by ``n``
    (so points add up to the number of games). Win rates come with 95% Wilson intervals. Ratings are
    OpenSkill Plackett-Luce, updated game by game in game-index order (so they do not depend on which
    worker finished first): winners rank first, the others by score.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from masterbuilder.arena.match import play_game
from masterbuilder.arena.simulate import wilson_interval
from masterbuilder.core.i18n import shell as _
from masterbuilder.extras import install_hint

_n = _.plural
FORMAT = 1
BACKENDS = ("process", "ray")


# ---- configuration and schedule -------------------------------------------------------------------------
@dataclass(frozen=True)
class TournamentConfig:
    game: str
    players: int
    agents: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.agents) < 2:
            raise ValueError(_("A tournament needs at least two agents."))
        if len(set(self.agents)) != len(self.agents):
            raise ValueError(
                _("Each agent may be named only once, not {agents}.", agents=", ".join(self.agents))
            )
        if len(self.agents) < self.players:
            raise ValueError(
                _n(
                    "{n} players need at least {n} agents, not {given}.",
                    "{n} players need at least {n} agents, not {given}.",
                    self.players,
                    given=len(self.agents),
                )
            )

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "seed": self.seed,
            "options": dict(self.options),
        }


@dataclass(frozen=True)
class Pairing:
    """One scheduled game: its index, seed and the agent in each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


def seat_cycle(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings of one cycle: each ``players``-combination of ``agents``, then its cyclic rotations."""
    if not 1 <= players <= len(agents):
        raise ValueError(f"Need 1 <= players <= agents, got {players} players and {len(agents)} agents.")
    cycle = []
    for combo in itertools.combinations(agents, players):
        for shift in range(players):
            cycle.append(combo[shift:] + combo[:shift])
    return cycle


def schedule(config: TournamentConfig, games: int) -> list[Pairing]:
    """The first ``games`` games of the tournament (game ``i``: seed ``seed + i``, seating cycled)."""
    cycle = seat_cycle(config.agents, config.players)
    return [Pairing(i, config.seed + i, cycle[i % len(cycle)]) for i in range(games)]


# ---- playing ------------------------------------------------------------------------------------------
def play_pairing(game: str, options: Mapping[str, Any], pairing: Pairing) -> dict[str, Any]:
    """Play one scheduled game; the result as the JSON-able record stored in the results file."""
    start = time.perf_counter()
    result = play_game(game, pairing.seats, pairing.seed, options)
    return {
        "index": pairing.index,
        "seed": pairing.seed,
        "seats": list(pairing.seats),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "actions": result.actions,
        "rounds": result.rounds,
        "seconds": round(time.perf_counter() - start, 6),
        "decisions": list(result.decisions),
        "think": [round(t, 6) for t in result.think_seconds],
        "think_max": [round(t, 6) for t in result.think_max],
    }


class ConfigMismatch(ValueError):
    """The results file holds a different tournament."""


def read_results(path: Path, config: TournamentConfig | None = None) -> list[dict[str, Any]]:
    """The games stored in ``path`` (by index); [] if there is no file. A partly written last line (an
    interrupted write) is dropped from the file. Raises :class:`ConfigMismatch` if the header differs."""
    return read_records(path, None if config is None else config.header())


def read_records(path: Path, header: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """:func:`read_results` for any JSON-lines file of that form: a ``{"tournament": header}`` line (with
    the keys ``_describe`` reads), then one record per line with its ``index``."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    if not lines:
        return []
    try:
        found = json.loads(lines[0])["tournament"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise ConfigMismatch(
            _("{path} is not a tournament results file (no header line).", path=path)
        ) from exc
    if header is not None and found != header:
        raise ConfigMismatch(
            _(
                "{path} holds a different tournament ({found}), not {wanted}; "
                "give another --out or remove the file.",
                path=path,
                found=_describe(found),
                wanted=_describe(header),
            )
        )
    games: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = json.loads(line)
            games[int(record["index"])] = record
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(_("{path}, line {line}: not a game result.", path=path, line=number)) from exc
    return [games[i] for i in sorted(games)]


@contextmanager
def appending(path: Path, header: Mapping[str, Any]) -> Iterator[Callable[[dict[str, Any]], None]]:
    """A writer that appends one record per line to the results file ``path``, each flushed at once (an
    interrupted run keeps every finished game); a new or empty file starts with the header line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8") as fh:

        def write(record: Mapping[str, Any]) -> None:
            fh.write(json.dumps(record) + "\n")
            fh.flush()

        if fresh:
            write({"tournament": header})
        yield write


def _describe(header: Mapping[str, Any]) -> str:
    # i18n: a tournament's settings, in a message saying a results file holds another tournament
    return _(
        "{game}, {players} players, agents {agents}, seed {seed}, options {options}",
        game=header.get("game"),
        players=header.get("players"),
        agents=",".join(header.get("agents", [])),
        seed=header.get("seed"),
        options=json.dumps(header.get("options"), sort_keys=True),
    )


def run_tournament(
    config: TournamentConfig,
    games: int,
    out: Path,
    workers: int = 1,
    backend: str = "process",
    ray_address: str | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the games ``0 .. games-1`` not yet in ``out``, appending each to it as it ends; all the
    results for those indices, sorted by index. ``workers`` > 1 plays in parallel (``backend`` "process":
    worker processes; "ray": Ray tasks, on a local instance unless ``ray_address`` is given or Ray is
    already initialised)."""
    if games < 1:
        raise ValueError(f"Need at least one game, not {games}.")
    if workers < 1:
        raise ValueError(f"Need at least one worker, not {workers}.")
    if backend not in BACKENDS:
        raise ValueError(f"Unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}.")
    done = {r["index"]: r for r in read_results(out, config)}
    if on_resume is not None:
        on_resume(sum(1 for i in done if i < games))
    pending = [p for p in schedule(config, games) if p.index not in done]
    with appending(out, config.header()) as write:

        def finished(record: dict[str, Any]) -> None:
            write(record)
            done[record["index"]] = record
            if on_game is not None:
                on_game(record)

        options = dict(config.options)
        if not pending:
            pass
        elif backend == "ray":
            _run_ray(config.game, options, pending, workers, ray_address, finished)
        elif workers == 1:
            for pairing in pending:
                finished(play_pairing(config.game, options, pairing))
        else:
            _run_processes(config.game, options, pending, workers, finished)
    return [done[i] for i in sorted(done) if i < games]


def _run_processes(
    game: str,
    options: dict[str, Any],
    pending: list[Pairing],
    workers: int,
    finished: Callable[[dict[str, Any]], None],
) -> None:
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        todo: set[Future[dict[str, Any]]] = {pool.submit(play_pairing, game, options, p) for p in pending}
        while todo:
            ready, todo = wait(todo, return_when=FIRST_COMPLETED)
            for future in ready:
                finished(future.result())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_ray(
    game: str,
    options: dict[str, Any],
    pending: list[Pairing],
    workers: int,
    address: str | None,
    finished: Callable[[dict[str, Any]], None],
) -> None:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is in the "arena" extra
        raise ValueError(f"The Ray backend needs ray: {install_hint('arena')}.") from exc
    started = False
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    todo: list[Any] = []
    try:
        remote = ray.remote(play_pairing)
        todo = [remote.remote(game, options, p) for p in pending]
        while todo:
            ready, todo = ray.wait(todo, num_returns=1)
            for ref in ready:
                finished(ray.get(ref))
    except BaseException:
        for ref in todo:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


# ---- statistics ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """One agent's (or one seat's) record: ``seat`` is None for the agent over all seats."""

    agent: str
    seat: int | None
    games: int
    wins: int  # sole wins
    shared_wins: int  # wins shared with other seats (not in wins nor the win rate)
    points: float  # wins + 1/n for each win shared by n seats
    win_rate: float  # wins / games
    win_rate_low: float  # 95% Wilson interval
    win_rate_high: float
    mean_score: float
    # Seconds per decision with a real choice: the mean, and the longest (None: not recorded, as in
    # results files written before these fields existed).
    seconds_per_move: float | None = None
    max_seconds_per_move: float | None = None


@dataclass(frozen=True)
class Rating:
    agent: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma


@dataclass(frozen=True)
class TournamentSummary:
    config: TournamentConfig
    games: int
    cycle: int  # games in one seat-balanced cycle
    agents: tuple[Standing, ...]  # in the order configured
    seats: tuple[Standing, ...]  # by seat, then agent
    ratings: tuple[Rating, ...]  # best ordinal first
    shared_games: int
    mean_actions: float
    history: dict[str, list[tuple[float, float]]]  # agent -> (mu, sigma) after each game

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.config.header(),
            "games": self.games,
            "cycle": self.cycle,
            "balanced": self.games % self.cycle == 0,
            "agents": [asdict(s) for s in self.agents],
            "seats": [asdict(s) for s in self.seats],
            "ratings": [asdict(r) for r in self.ratings],
            "shared_games": self.shared_games,
            "mean_actions": self.mean_actions,
        }


def _standing(
    agent: str, seat: int | None, rows: list[tuple[int, float, int, int, float, float]]
) -> Standing:
    """``rows``: (sole win 0/1, share of a shared win (0 if none), score, decisions, seconds thinking, the
    longest decision; -1 for the last three when not recorded) per game."""
    games = len(rows)
    wins = sum(r[0] for r in rows)
    shared = sum(1 for r in rows if r[1] > 0)
    low, high = wilson_interval(wins, games)
    timed = [r for r in rows if r[3] >= 0]
    moves = sum(r[3] for r in timed)
    return Standing(
        agent=agent,
        seat=seat,
        games=games,
        wins=wins,
        shared_wins=shared,
        points=wins + sum(r[1] for r in rows),
        win_rate=wins / games if games else 0.0,
        win_rate_low=low,
        win_rate_high=high,
        mean_score=sum(r[2] for r in rows) / games if games else 0.0,
        seconds_per_move=sum(r[4] for r in timed) / moves if moves else None,
        max_seconds_per_move=max(r[5] for r in timed) if moves else None,
    )


def ranks(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Ranks for the rating update (1 best, ties equal): the winners first, then the others by score."""
    keys = [(0 if seat in winners else 1, -score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def rate(
    agents: Sequence[str], results: Iterable[Mapping[str, Any]]
) -> tuple[tuple[Rating, ...], dict[str, list[tuple[float, float]]]]:
    """OpenSkill Plackett-Luce ratings after ``results`` taken in game-index order, and each agent's
    (mu, sigma) after every game (unchanged for the agents not in it)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {a: model.rating(name=a) for a in agents}
    history: dict[str, list[tuple[float, float]]] = {a: [] for a in agents}
    for record in sorted(results, key=lambda r: int(r["index"])):
        seats = record["seats"]
        teams = model.rate(
            [[current[a]] for a in seats],
            ranks=[float(n) for n in ranks(record["scores"], record["winners"])],
        )
        for a, team in zip(seats, teams, strict=True):
            current[a] = team[0]
        for a in agents:
            history[a].append((current[a].mu, current[a].sigma))
    ratings = [Rating(a, r.mu, r.sigma, r.ordinal()) for a, r in current.items()]
    ratings.sort(key=lambda r: (-r.ordinal, r.agent))
    return tuple(ratings), history


def summarize_tournament(config: TournamentConfig, results: Iterable[Mapping[str, Any]]) -> TournamentSummary:
    """Standings by agent and by seat, and ratings, from results (any order)."""
    ordered = sorted(results, key=lambda r: int(r["index"]))
    by_agent: dict[str, list[tuple[int, float, int, int, float, float]]] = {a: [] for a in config.agents}
    by_seat: dict[tuple[int, str], list[tuple[int, float, int, int, float, float]]] = {
        (s, a): [] for s in range(config.players) for a in config.agents
    }
    shared_games = actions = 0
    for record in ordered:
        winners = record["winners"]
        tie = len(winners) > 1
        shared_games += tie
        actions += record["actions"]
        decisions, think, longest = record.get("decisions"), record.get("think"), record.get("think_max")
        for seat, (agent, score) in enumerate(zip(record["seats"], record["scores"], strict=True)):
            won = seat in winners
            timing = (
                (decisions[seat], think[seat], longest[seat])
                if decisions and think and longest
                else (-1, -1.0, -1.0)
            )
            row = (int(won and not tie), 1 / len(winners) if won and tie else 0.0, score, *timing)
            by_agent[agent].append(row)
            by_seat[seat, agent].append(row)
    ratings, history = rate(config.agents, ordered)
    return TournamentSummary(
        config=config,
        games=len(ordered),
        cycle=len(seat_cycle(config.agents, config.players)),
        agents=tuple(_standing(a, None, rows) for a, rows in by_agent.items()),
        seats=tuple(_standing(a, s, rows) for (s, a), rows in by_seat.items() if rows),
        ratings=ratings,
        shared_games=shared_games,
        mean_actions=actions / len(ordered) if ordered else 0.0,
        history=history,
    )


def ratings_chart(summary: TournamentSummary, path: Path) -> None:
    """A PNG of each agent's rating (mu, shaded mu ± sigma) after each game."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4.5), dpi=100)
    ax = fig.add_subplot()
    for agent, points in summary.history.items():
        xs = range(1, len(points) + 1)
        mus = [m for m, _sigma in points]
        ax.plot(xs, mus, label=agent)
        ax.fill_between(xs, [m - s for m, s in points], [m + s for m, s in points], alpha=0.2)
    ax.set_xlabel(_("Games"))
    ax.set_ylabel(_("OpenSkill rating (mu ± sigma)"))
    ax.set_title(
        _n(
            "{game}, {players} players: ratings over {n} game",
            "{game}, {players} players: ratings over {n} games",
            summary.games,
            game=summary.config.game,
            players=summary.config.players,
        )
    )
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png")
