"""The driver shared by games whose rounds run as a stack of small tasks (Caylus, Caylus 1303).

A task is a tuple of ints ``(kind, *args)``. Kinds below :data:`DECISION` run by themselves (``_auto_tasks``);
a decision ``(kind, seat, *args)`` waits for that seat's action (``_legal`` lists the choices, ``_decide``
carries one out). A decision with a single legal action is taken automatically, so ``legal_action_ids``
always offers a real choice. The stack, like the rest of the state, is plain data: it is copied by
``clone`` and written by ``to_json``.

An optional event log records what the automatic steps did, for people watching; it is not part of the
state (``clone`` starts without it and ``to_json`` leaves it out).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

from masterbuilder.core.excerpt import excerpt
from masterbuilder.core.i18n import Text
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.state import State

DECISION: Final = 100  # task kinds from here on are decisions
# an automatic task's rule: (the state, the task) -> None
AutoTask = Callable[[Any, tuple[int, ...]], None]


class TaskStackState(State):
    """A State driven by a stack of tasks; subclasses provide the rules of each task kind."""

    title: ClassVar[str]  # the game's name in messages
    num_actions: ClassVar[int]

    _stack: list[tuple[int, ...]]
    _over: bool
    _legal_now: list[int]  # the legal actions of the pending decision (derived, cached by _run)
    _events: list[tuple[Any, ...]] | None = None

    # ---- provided by each game ----------------------------------------------------------------------
    @abstractmethod
    def _auto_tasks(self) -> tuple[AutoTask, ...]:
        """The automatic tasks indexed by kind (0 up, no gaps): ``table[task[0]](self, task)`` carries out
        ``task`` (it has been popped). A table rather than a chain of comparisons or a method per task."""

    @abstractmethod
    def _legal(self, task: tuple[int, ...]) -> list[int]:
        """The legal action ids of a decision task, ascending."""

    @abstractmethod
    def _decide(self, task: tuple[int, ...], action_id: int) -> None:
        """Carry out a legal choice of a decision task (it has been popped)."""

    @abstractmethod
    def _why_not(self, task: tuple[int, ...], action_id: int) -> str:
        """Why ``action_id`` is not legal in the decision ``task``: a sentence for a player."""

    # ---- queries ------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._over or not self._stack:
            return None
        return self._stack[-1][1]

    @property
    def is_terminal(self) -> bool:
        return self._over

    @property
    def pending_decision(self) -> tuple[int, ...] | None:
        """The decision waiting for an action: ``(kind, seat, *args)``, kind one of the game's decision
        kinds (``D_*`` in its ``tasks.py``); None once the game is over."""
        if self._over or not self._stack:
            return None
        return self._stack[-1]

    # ---- the event log ------------------------------------------------------------------------------
    def log_events(self) -> None:
        """Record events from now on (an empty log; whatever was recorded before is dropped)."""
        self._events = []

    @property
    def logs_events(self) -> bool:
        return self._events is not None

    def take_events(self) -> list[tuple[Any, ...]]:
        """The events recorded since the last call (or since ``log_events``), oldest first; [] if the log
        is off."""
        events = self._events
        if events is None:
            return []
        self._events = []
        return events

    # ---- integrity --------------------------------------------------------------------------------------
    def stack_problem(self, arguments: Mapping[int, tuple[range, ...]]) -> str | None:
        """None if every task on the stack is of a known kind with its arguments in range
        (``arguments``: kind -> the allowed values of each argument) and, unless the game is over, a
        decision is on top; else what is wrong. For the games' ``integrity_problem``."""
        for task in self._stack:
            allowed = arguments.get(task[0]) if task else None
            if allowed is None or len(task) != 1 + len(allowed):
                return f"unknown or malformed task {list(task)[:8]} on the stack"
            for value, values in zip(task[1:], allowed, strict=True):
                if value not in values:
                    return f"the task {list(task)} on the stack has an argument out of range"
        if not self._over:
            if not self._stack:
                return "the game is not over but nothing is left to do"
            if self._stack[-1][0] < DECISION:
                return f"an automatic task {list(self._stack[-1])} on top of the stack instead of a decision"
        return None

    def round_layer_problem(
        self, round_tasks: tuple[tuple[int, ...], ...], advancing: frozenset[int], phase_kind: int
    ) -> str | None:
        """None if the stack holds what is left of one round (``round_tasks``, bottom first: a prefix of
        it, the last one's argument moved on for kinds in ``advancing``) at its bottom with every other
        task above, and the phase is that of the round's latest ``phase_kind`` task already run; else what
        is wrong. For loading documents: a stack that lacks the round's end would stop the game."""
        kinds = {t[0] for t in round_tasks}
        stack = self._stack
        k = 0
        while k < len(stack) and stack[k][0] in kinds:
            k += 1
        if k > len(round_tasks) or any(t[0] in kinds for t in stack[k:]):
            return "the tasks of the round are not at the bottom of the task stack, in order"
        for got, want in zip(stack[:k], round_tasks, strict=False):
            if got[0] != want[0] or (got[0] not in advancing and got != want):
                return f"the task {list(got)} is not the round's task {list(want)} at its place on the stack"
        phase = next((t[1] for t in round_tasks[k:] if t[0] == phase_kind), None)
        if phase is not None and phase != getattr(self, "_phase", phase):
            return f"the phase is {getattr(self, '_phase', None)}, but the task stack is in phase {phase}"
        return None

    # ---- the driver ---------------------------------------------------------------------------------
    def _run(self) -> None:
        """Run automatic tasks until a decision with a real choice is on top, or the game is over (a game
        that ends clears its stack, in place)."""
        stack, auto = self._stack, self._auto_tasks()
        while stack:
            task = stack.pop()
            if task[0] < DECISION:
                auto[task[0]](self, task)
                continue
            legal = self._legal(task)
            if len(legal) > 1:
                stack.append(task)  # it waits for its seat
                self._legal_now = legal
                return
            if legal:
                if self._events is not None:
                    self._events.append(("forced", task[1], legal[0], task[0]))
                self._decide(task, legal[0])

    def legal_action_ids(self) -> list[int]:
        if self._over or not self._stack:
            return []
        return self._legal_now.copy()

    def apply(self, action: object) -> None:
        # the common case at once: a legal id (an exact int); anything else is resolved as State.apply does
        if type(action) is int and not self._over and action in self._legal_now:
            task = self._stack.pop()  # _apply_legal, written out: a call fewer on every action
            self._legal_now = []
            self._decide(task, action)
            self._run()
            self._history.append(action)
            return
        super().apply(action)

    def resolve(self, action: object) -> int:
        # the common case first: a legal id (an exact int; a bool, an Action or a label takes the long way)
        if type(action) is int and not self._over and action in self._legal_now:
            return action
        return super().resolve(action)

    def illegal_reason(self, action_id: object) -> str | None:
        if self._over:
            return _("The game is over; no more actions can be taken.")
        n = self.num_actions
        if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < n:
            return _(
                "There is no action with id {id} in {game} (ids are 0 to {last}).",
                id=excerpt(action_id),
                game=Text(self.game)(self.title),
                last=n - 1,
            )
        if action_id in self._legal_now:
            return None
        return self._why_not(self._stack[-1], action_id)

    def _apply_legal(self, action_id: int) -> None:
        task = self._stack.pop()
        self._legal_now = []
        self._decide(task, action_id)
        self._run()
