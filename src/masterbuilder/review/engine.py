"""Reviewing a finished game: every decision of every seat (or one seat) valued by the strong bot's
search, graded, with an accuracy per seat and the key moments.

A decision is one action where the bot's candidates are single actions (Caylus, Caylus 1303), a whole
turn (the seat's consecutive actions) where they are turn plans (The Builders). A decision with one
legal action (every action of it forced) is skipped. Each decision is searched on its own, with a seed
drawn from the game's seed and the decision's place, so a review is the same however it is split over
processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from masterbuilder.agents.mcts import preset_config
from masterbuilder.core.i18n import language, use_language
from masterbuilder.core.registry import load_record, new_game
from masterbuilder.core.state import State
from masterbuilder.review.grades import KEY_MOMENTS, accuracy, grade, win_chance
from masterbuilder.review.search import ReviewSearch

# Seconds per budget step of the review search on one core of the development machine (two-core AMD
# EPYC, CPython 3.11), measured by benchmarks/review_time.py; used to say how long a review will take.
SECONDS_PER_STEP = {"caylus": 0.0003, "caylus1303": 0.00036, "builders": 0.000025}
# The review's default budget per decision, as a multiple of mcts:hard's steps per decision: the bot's own
# budget; twice it in The Builders, whose decisions are whole turns (7 to 10 a seat in a 2-player game, so
# one noisy turn decides a seat's accuracy) and whose steps are cheap. Chosen by measurement
# (docs/strength.md: at half and twice mcts:hard's budget the grades told The Builders' heuristic from
# mcts:hard in 48 and 51 of the same 60 games); the calibration was measured at these budgets.
BUDGET_SHARE: dict[str, float] = {"caylus": 1.0, "caylus1303": 1.0, "builders": 2.0}
# Where the bot's moves are single actions (Caylus, Caylus 1303) and the move played is not the search's
# best, both are valued again by a second search with another seed over ``pairs`` paired samples (the
# same deal and the same random stream for the rollouts of both moves): the search that chose the best
# move from a rollout or two per candidate overrates it (the winner's curse), which charged the strong
# bot's own moves large losses (docs/strength.md, "Do the grades tell players apart?"). 0: the loss is
# read from the choosing search, as The Builders' turn plans (many rollouts each) still are.
PAIRS = 4
# Where the moves are turn plans (The Builders), the choosing search gives each many simulations and its
# loss is read as it stands; TURN_PAIRS > 0 re-evaluates them too over that many paired samples (tried by
# benchmarks/review_separation.py --turn-pairs; docs/strength.md).
TURN_PAIRS = 0
# How much longer a review takes with the paired re-evaluation (4 pairs), at the default budget, measured
# by benchmarks/review_time.py (3 players, both cores): Caylus 26.9 s with, 30.2 s without; Caylus 1303
# 35.1 s and 10.9 s. (A Caylus decision's budget already pays for several rollouts; Caylus 1303's, for one
# or two.)
PAIRED_COST = {"caylus": 1.0, "caylus1303": 3.2}


def default_budget(game: str) -> int:
    steps = preset_config(game, "hard").max_steps
    assert steps is not None
    return max(1, round(steps * BUDGET_SHARE.get(game, 1.0)))


@dataclass(frozen=True)
class Decision:
    """A decision to judge: the actions from ``ply`` on that the seat played as one move."""

    ply: int
    seat: int
    played: tuple[int, ...]


@dataclass(frozen=True)
class Judgement:
    """A graded decision. Chances are the seat's winning chance (0 to 1): ``before`` the move (the
    search's value of the position), ``after`` the move played, ``after_best`` after the bot's move."""

    ply: int
    seat: int
    played: list[int]
    played_text: str
    best: list[int]
    best_text: str
    before: float
    after: float
    after_best: float
    loss: float
    grade: str
    values: tuple[float, float, float]  # the search's own values behind the three chances (0 to 1)
    # points of score margin the move played lost against the best move in the paired re-evaluation
    # (0 where there was none): read where the chance no longer moves (``grades.effective_loss``)
    margin_loss: float = 0.0


@dataclass
class Review:
    game: str
    players: int
    seed: int
    budget: int
    omniscient: bool
    judgements: list[Judgement] = field(default_factory=list)
    skipped: int = 0  # forced decisions
    pairs: int = PAIRS

    def accuracy(self) -> dict[int, float | None]:
        out: dict[int, float | None] = {}
        for seat in range(self.players):
            mine = [j for j in self.judgements if j.seat == seat]
            # decided or not by the search's own value of the position (``values[0]``): it is the value
            # whose margin term stops moving, whatever chance the calibration map reads from it
            out[seat] = accuracy(
                [j.loss for j in mine], [j.values[0] for j in mine], [j.margin_loss for j in mine]
            )
        return out

    def key_moments(self) -> list[Judgement]:
        """The three to five largest losses (in game order); beyond three only real ones (mistakes or
        worse)."""
        ranked = sorted(self.judgements, key=lambda j: -j.loss)
        low, high = KEY_MOMENTS
        chosen = [j for i, j in enumerate(ranked[:high]) if j.loss > 0 and (i < low or j.grade in HEAVY)]
        return sorted(chosen, key=lambda j: j.ply)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "budget": self.budget,
            "omniscient": self.omniscient,
            "pairs": self.pairs,
            "skipped_forced": self.skipped,
            "accuracy": {str(s): a for s, a in self.accuracy().items()},
            "key_moments": [j.ply for j in self.key_moments()],
            "decisions": [asdict(j) for j in self.judgements],
        }


HEAVY = ("mistake", "blunder")


def _plans_turns(state: State) -> bool:
    """Whether the bot's moves in this game are whole turns (its candidates several actions long)."""
    search = ReviewSearch(state.game, 0, budget=1)
    guide = search._guide
    assert guide is not None
    return any(len(m) > 1 for m in guide.candidates(state, 2))


def decisions(record: Mapping[str, Any], seat: int | None = None) -> tuple[list[Decision], int]:
    """The decisions of a record to judge (of one seat, or all), and how many forced ones were skipped."""
    actions: list[int] = list(record["actions"])
    state = new_game(record["game"], record["players"], record["seed"], record.get("options") or {})
    found: list[Decision] = []
    skipped = 0
    turns: bool | None = None
    ply = 0
    while ply < len(actions):
        mover = state.current_player
        assert mover is not None
        if turns is None and len(state.legal_action_ids()) > 1:
            turns = _plans_turns(state)
        start = ply
        free = False
        while ply < len(actions) and state.current_player == mover:
            free = free or len(state.legal_action_ids()) > 1
            state.apply(actions[ply])
            ply += 1
            if not turns:
                break
        if seat is not None and mover != seat:
            continue
        if free:
            found.append(Decision(start, mover, tuple(actions[start:ply])))
        else:
            skipped += 1
    return found, skipped


def _describe(state: State, move: Sequence[int]) -> str:
    s = state.clone()
    texts = []
    for a in move:
        if s.is_terminal or a not in s.legal_action_ids():
            break
        texts.append(s.describe_action(a))
        s._apply_legal(a)
    return "; ".join(texts)


def judge(
    record: Mapping[str, Any],
    decision: Decision,
    budget: int,
    omniscient: bool,
    pairs: int = PAIRS,
    salt: int = 0,
) -> Judgement:
    """Search one decision of ``record`` and grade the move played (``pairs``: see :data:`PAIRS`; 0 reads
    the loss from the search that chose the best move). ``salt`` other than 0 seeds the searches
    otherwise: another opinion of the same decision, to tell the search's noise from a real loss."""
    prefix = dict(record)
    prefix["actions"] = list(record["actions"])[: decision.ply]
    state = load_record(prefix)
    single = len(decision.played) == 1 and not _plans_turns(state)
    other = salt * 1000003
    search = ReviewSearch(state.game, record["seed"] * 7919 + decision.ply + other, budget, omniscient)
    if single:
        search.vary_rollouts()
    found = search.values(state, decision.played)
    is_best = found.best_move == decision.played
    played_value, best_value = found.played, found.best
    margin_loss = 0.0
    count = pairs if single else TURN_PAIRS if pairs > 0 else 0
    if not is_best and count > 0:
        check = ReviewSearch(state.game, record["seed"] * 104729 + decision.ply + other, budget, omniscient)
        if single:
            check.vary_rollouts()
        (played_value, best_value), (played_margin, best_margin) = check.compare_margins(
            state, [decision.played, found.best_move], count
        )
        margin_loss = max(0.0, best_margin - played_margin)
    game = state.game
    before = win_chance(game, found.position)
    after = win_chance(game, played_value)
    after_best = win_chance(game, best_value)
    loss = 0.0 if is_best else max(0.0, after_best - after)
    return Judgement(
        ply=decision.ply,
        seat=decision.seat,
        played=list(decision.played),
        played_text=_describe(state, decision.played),
        best=list(found.best_move),
        best_text=_describe(state, found.best_move),
        before=round(before, 4),
        after=round(after, 4),
        after_best=round(after_best, 4),
        loss=round(loss, 4),
        grade=grade(loss, is_best),
        values=(round(found.position, 4), round(played_value, 4), round(best_value, 4)),
        margin_loss=round(margin_loss, 2),
    )


# record, decision, budget, omniscient, language, pairs
Task = tuple[Mapping[str, Any], Decision, int, bool, str, int]


def _judge_job(task: Task) -> Judgement:
    record, decision, budget, omniscient, code, pairs = task
    with use_language(code):  # the moves are described in the reader's language, in any process
        return judge(record, decision, budget, omniscient, pairs)


def estimated_seconds(game: str, count: int, budget: int, jobs: int, pairs: int = PAIRS) -> float:
    """About how long ``count`` decisions take at ``budget`` steps each on ``jobs`` cores."""
    per_step = SECONDS_PER_STEP.get(game, 0.0005)
    paired = PAIRED_COST.get(game, 1.0) if pairs else 1.0
    return count * budget * per_step * paired / max(1, jobs)


def review(
    record: Mapping[str, Any],
    seat: int | None = None,
    budget: int | None = None,
    omniscient: bool = False,
    jobs: int = 1,
    found: tuple[list[Decision], int] | None = None,
    progress: Callable[[Judgement], None] | None = None,
    pairs: int = PAIRS,
) -> Review:
    """Review ``record`` (checked by ``load_record`` beforehand), ``jobs`` decisions at a time."""
    game = record["game"]
    steps = budget if budget is not None else default_budget(game)
    chosen, skipped = found if found is not None else decisions(record, seat)
    result = Review(game, record["players"], record["seed"], steps, omniscient, skipped=skipped, pairs=pairs)
    tasks: list[Task] = [(record, d, steps, omniscient, language(), pairs) for d in chosen]
    for judged in _run(tasks, jobs):
        result.judgements.append(judged)
        if progress is not None:
            progress(judged)
    return result


def _run(tasks: list[Task], jobs: int) -> Iterator[Judgement]:
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_judge_job, tasks)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or 1, len(tasks))) as pool:
        yield from pool.map(_judge_job, tasks, chunksize=1)
