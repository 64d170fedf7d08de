"""What a Caylus move set off, in a few lines: income, the special buildings, buildings that act without a
choice, workers beyond the provost, castle penalties and the best builder, the bailiff, the scorings and
the end bonus.

The engine runs every automatic step (and every decision with a single choice) as soon as it comes up, so
one action can carry the game through several phases. The summary walks the same steps in the engine's
order over a copy of the public table before the action (plus the pending decision, to know what the
action was), adding what each step gives or takes, and checks the result against the table after it:
whatever is still unexplained is reported as "Also: ...", so no change goes unmentioned. The action's own
effect (paying for a placement, the cubes a building gives when you chose them) is not repeated.
"""

from __future__ import annotations

from typing import Any

from masterbuilder.core.state import State
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import (
    D_BUILD,
    D_CASTLE,
    D_COLUMN,
    D_GATE,
    D_GUILD,
    D_JOUST,
    D_LAWYER,
    D_MARKET,
    D_OWNER,
    D_PAY,
    D_PEDDLER,
    D_PLACE,
    D_PRODUCE,
    D_PROVOST,
    D_ROW,
    D_TAKE,
    D_TRADE,
    EMPTY,
    TRADE_EFFECTS,
)
from masterbuilder.games.caylus.tiles import (
    BY_KEY,
    CASTLE_PENALTY,
    CUBE_NAMES,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    FAVOUR_ROW_NAMES,
    RESIDENCE,
    ROAD_LENGTH,
    SECTION_FAVOURS,
    SECTION_MARK,
    SECTION_NAMES,
    SECTION_PENALTY,
    SECTION_PP,
    SECTION_SIZE,
    SPECIAL_NAMES,
    TILES,
    Cube,
    Effect,
    FavourRow,
    Special,
    Tile,
    main_cube,
)
from masterbuilder.ui.caylus_view import short_name
from masterbuilder.ui.events import amount, and_list, register_summariser, signed

# a purse: deniers, the five cubes, prestige points
UNITS = ("deniers", *CUBE_NAMES, "PP")
DENIERS, PP = 0, 6
Purse = list[int]
SIMPLE_FAVOUR_PP = 3  # the simplified variant: a royal favour is 3 PP
INCOME = 2  # every player's income before residences and buildings
TRADING_POST = 3
CASTLE_SPACE = 6 + ROAD_LENGTH  # the castle's place id (PLACE + 34)


def seat(s: int) -> str:
    return f"s{s}"


def _purse(player: dict[str, Any]) -> Purse:
    return [player["deniers"], *(player["cubes"][c] for c in CUBE_NAMES), player["prestige"]]


def purse_text(change: Purse) -> str:
    """'+1 food, +2 stone', '−2 PP'; empty for no change."""
    return ", ".join(amount(n, unit) for n, unit in zip(change, UNITS, strict=True) if n)


def _add(purse: Purse, cubes: tuple[int, ...]) -> None:
    for i, n in enumerate(cubes):
        purse[1 + i] += n


def _only_produce(tile: Tile) -> tuple[int, ...] | None:
    """What a production building gives when there is no choice to make; None if there is one."""
    if tile.effect is Effect.PRODUCE and len({main_cube(b) for b in tile.produces}) == 1:
        return tile.produces[0]
    return None


class _Summary:
    """One action's events, worked out step by step over a running copy of the table."""

    def __init__(self, before: CaylusState, action: int, after: CaylusState) -> None:
        pending = before.pending_decision
        if pending is None:
            raise ValueError("The game was already over before the action.")
        self.b, self.a, self.action = before, after, action
        self.bv, self.av = before.view(None), after.view(None)
        self.task = pending
        self.kind, self.actor = pending[0], pending[1]
        self.simple = before.options.get("favours") == "simple"
        self.turn, self.phase = self.bv["turn"], self.bv["phase"]
        self.ended = after.is_terminal
        self.new_turn = self.av["turn"] > self.turn
        # the running table: the table before the action plus every step accounted for so far
        self.purses = [_purse(p) for p in self.bv["players"]]
        self.road = self.bv["road"]
        self.workers: dict[int, int] = {r["space"]: r["worker"] for r in self.road if r["worker"] is not None}
        self.specials: dict[str, list[int]] = {k: list(v) for k, v in self.bv["special"].items()}
        self.inn_left: int | None = self.bv["inn"]["left"]
        self.castle: list[int] = list(self.bv["castle_workers"])
        self.provost: int = self.bv["provost"]
        self.order: list[int] = list(self.bv["turn_order"])
        self.passed: list[int] = list(self.bv["passing_order"])
        self.transforms = {int(k): v for k, v in self.bv["pending_transforms"].items()}
        self.paid_more = False  # the action's own follow-up payments (an "any cube" cost, the alchemist)
        self.gained_gold = False  # ... and the alchemist's gold
        self.lines: list[str] = []

    # ---- where the action left the game -------------------------------------------------------------
    def reached(self, phase: int) -> bool:
        """The game got to ``phase`` of this turn (or past this turn)."""
        return self.new_turn or self.ended or self.av["phase"] >= phase

    def finished(self, phase: int) -> bool:
        return self.new_turn or self.ended or self.av["phase"] > phase

    def waiting_in(self, phase: int) -> bool:
        """The game stopped for a decision in ``phase`` of the same turn."""
        return not (self.new_turn or self.ended) and self.av["phase"] == phase

    def tile(self, space: int) -> Tile:
        key = self.road[space - 1]["tile"]
        return BY_KEY[key]

    def grant_favours(self, who: int, count: int) -> str:
        """Royal favours given to ``who``, in words; in the simplified variant they are 3 PP each, at once."""
        text = f"+{count} favour" + ("s" if count != 1 else "")
        if self.simple:
            self.purses[who][PP] += SIMPLE_FAVOUR_PP * count
            text += f" ({SIMPLE_FAVOUR_PP * count} PP)"
        return text

    # ---- the steps, in the engine's order ------------------------------------------------------------
    def run(self) -> list[str]:
        self.own_action()
        self.forced_passes()
        self.special_buildings()
        self.buildings_without_choice()
        self.lawyer_transforms()
        self.beyond_the_provost()
        self.castle_penalties()
        self.best_builder()
        self.end_of_turn()
        self.favour_columns()
        self.game_over()
        self.next_turn()
        self.unexplained()
        return self.lines

    def own_action(self) -> None:
        """The action's effect, as its description announces it; only the building owner's PP is news."""
        kind, a, me = self.kind, self.action, self.actor
        purse = self.purses[me]
        task = self.task
        if kind == D_PLACE:
            if a == A.PASS:
                if not self.passed:
                    purse[DENIERS] += 1  # the first to pass takes 1 denier
                self.passed.append(me)
            else:
                target = a - A.PLACE
                space = target - 5
                own = 6 <= target < CASTLE_SPACE and self.road[space - 1]["owner"] == me
                purse[DENIERS] -= self.b.placement_cost(me, own)
                self.put_worker(me, target)
        elif kind == D_GATE:
            if a != A.PASS:
                self.put_worker(me, a - A.PLACE)
        elif kind in (D_GUILD, D_PROVOST):
            if a != A.PASS:
                delta = A.PROVOST_DELTAS[a - A.PROVOST]
                self.provost += delta
                if kind == D_PROVOST:
                    purse[DENIERS] -= abs(delta)
        elif kind == D_JOUST:
            if a == A.YES:
                purse[DENIERS] -= 1
                purse[1 + Cube.CLOTH] -= 1
                self.grant_favours(me, 1)
        elif kind == D_PRODUCE:
            for bundle in TILES[task[2]].produces:
                if main_cube(bundle) == a - A.CUBE:
                    _add(purse, bundle)
                    break
        elif kind in (D_OWNER, D_TAKE):
            purse[1 + a - A.CUBE] += 1
        elif kind == D_MARKET:
            if a != A.PASS:
                purse[1 + a - A.CUBE] -= 1
                purse[DENIERS] += task[2]
        elif kind == D_PEDDLER:
            if a != A.PASS:
                purse[DENIERS] -= task[3]
                purse[1 + a - A.CUBE] += 1
        elif kind == D_BUILD:
            if a != A.PASS:
                self.build(me, TILES[A.BUILDABLE[a - A.BUILD]], task[3])
        elif kind == D_PAY:
            purse[1 + a - A.CUBE] -= 1
            self.paid_more = self.gained_gold = True  # more payments may follow, then the alchemist's gold
        elif kind == D_LAWYER:
            if a != A.PASS:
                space = a - A.SPACE + 1
                purse[1 + Cube.CLOTH] -= 1
                purse[DENIERS] -= task[2]
                if space in self.workers:
                    self.transforms[space] = me  # done once that building's worker has acted
                else:
                    purse[PP] += TILES[RESIDENCE].pp
        elif kind == D_TRADE:
            if a != A.PASS:
                self.trade(purse, TRADE_EFFECTS[task[2]], a - A.OPTION)
        elif kind == D_CASTLE:
            section = self.b.building_section
            if a == A.PASS:
                if self.b.batches_given(me) == 0 and section is not None:
                    purse[PP] -= min(purse[PP], CASTLE_PENALTY)
            elif section is not None:
                x, y = A.BATCHES[a - A.BATCH]
                purse[1 + Cube.FOOD] -= 1
                purse[1 + x] -= 1
                purse[1 + y] -= 1
                purse[PP] += SECTION_PP[section]
        elif kind == D_ROW:
            self.favour_row(me, a - A.ROW)
        elif kind == D_COLUMN:
            self.favour_column(me, task[2], a - A.COLUMN + 1)

    def put_worker(self, who: int, target: int) -> None:
        if target < Special.STABLES:
            self.specials[SPECIAL_NAMES[target]] = [who]
        elif target == Special.STABLES:
            self.specials[SPECIAL_NAMES[Special.STABLES]].append(who)
        elif target == Special.INN:
            self.inn_left = who
        elif target == CASTLE_SPACE:
            self.castle.append(who)
        else:
            space = target - 5
            self.workers[space] = who
            owner = self.road[space - 1]["owner"]
            if owner is not None and owner != who:
                self.purses[owner][PP] += 1
                self.lines.append(f"{seat(owner)} +1 PP as the owner of the {short_name(self.tile(space))}")

    def build(self, who: int, tile: Tile, discount: int) -> None:
        purse = self.purses[who]
        cost = list(tile.cost)
        if discount != EMPTY and cost[discount]:
            cost[discount] -= 1
        _add(purse, tuple(-n for n in cost))
        purse[PP] += tile.pp
        if tile.favours:
            self.grant_favours(who, tile.favours)
        self.paid_more = tile.cost_any > 0

    def trade(self, purse: Purse, effect: Effect, option: int) -> None:
        if effect is Effect.BANK:
            purse[DENIERS] -= (2, 5)[option]
            purse[1 + Cube.GOLD] += option + 1
        elif effect is Effect.ALCHEMIST:
            self.paid_more = self.gained_gold = True
        elif effect is Effect.CHURCH:
            purse[DENIERS] -= (2, 4)[option]
            purse[PP] += (3, 5)[option]
        elif effect is Effect.TAILOR:
            purse[1 + Cube.CLOTH] -= (2, 3)[option]
            purse[PP] += (4, 6)[option]
        else:
            purse[1 + Cube.GOLD] -= (1, 2)[option]
            purse[PP] += (5, 9)[option]

    def favour_row(self, who: int, row: int) -> None:
        marker = self.bv["players"][who]["favours"][FAVOUR_ROW_NAMES[row]]
        reach = marker + 1 if marker < self.bv["open_favour_columns"] else marker
        purse = self.purses[who]
        if row == FavourRow.PRESTIGE:
            purse[PP] += FAVOUR_PP[reach - 1]
        elif row == FavourRow.DENIERS:
            purse[DENIERS] += FAVOUR_DENIERS[reach - 1]
        elif row == FavourRow.RESOURCES and reach == 1:
            purse[1 + Cube.FOOD] += 1  # column 1 is the only choice: taken at once

    def favour_column(self, who: int, row: int, column: int) -> None:
        if row != FavourRow.RESOURCES:
            return
        gift = {1: Cube.FOOD, 3: Cube.CLOTH, 5: Cube.GOLD}.get(column)
        if gift is not None:
            self.purses[who][1 + gift] += 1
        elif column == 4:
            self.paid_more = True  # one cube given for two: the payment may be made at once

    def forced_passes(self) -> None:
        """Players who can place no worker pass without being asked (the first to pass takes 1 denier)."""
        if self.phase != 2:
            return
        if not (self.new_turn or self.ended):
            passers = self.av["passing_order"][len(self.passed) :] if self.av["phase"] >= 2 else []
        elif self.new_turn:  # everyone passed: those not asked did so in turn order after the actor
            start = self.order.index(self.actor) + 1
            cycle = self.order[start:] + self.order[:start]
            passers = [s for s in cycle if s not in self.passed]
        else:
            passers = []
        first = None
        for s in passers:
            if not self.passed:
                self.purses[s][DENIERS] += 1
                first = s
            self.passed.append(s)
        if passers:
            who = and_list([seat(s) for s in passers])
            line = f"{who} cannot place a worker" + (" and passes" if len(passers) == 1 else " and pass")
            if first is not None:
                line += f" ({seat(first)} first: +1 denier)"
            self.lines.append(line)

    def special_buildings(self) -> None:
        if self.phase > 3 or not self.reached(3):
            return
        after = self.av["special"]
        name = SPECIAL_NAMES[Special.TRADING_POST]
        if self.specials[name] and not after[name]:
            who = self.specials[name][0]
            self.purses[who][DENIERS] += TRADING_POST
            self.lines.append(f"Trading post: {seat(who)} {amount(TRADING_POST, 'deniers')}")
        name = SPECIAL_NAMES[Special.JOUST]
        if self.specials[name] and not after[name]:
            who = self.specials[name][0]
            if self.a.pending_decision != (D_JOUST, who):
                self.lines.append(f"Joust field: {seat(who)} cannot pay 1 denier + 1 cloth, goes home")
        name = SPECIAL_NAMES[Special.STABLES]
        stables = self.specials[name]
        if stables and not after[name]:
            order = stables + [s for s in self.order if s not in stables]
            words = "new turn order" if order != self.order else "the turn order stays"
            self.lines.append(f"Stables: {words} {', '.join(seat(s) for s in order)}")
            self.order = order
        if self.inn_left is not None and self.av["inn"]["left"] is None:
            line = f"Inn: {seat(self.inn_left)} moves to the right circle (places for 1 denier next turn)"
            right = self.bv["inn"]["right"]
            if right is not None:
                line += f"; {seat(right)}'s worker there goes home"
            self.lines.append(line)

    def buildings_without_choice(self) -> None:
        """Road buildings that acted without a decision: production with one option, or nothing to do."""
        if self.phase > 5 or not self.reached(5):
            return
        acting = self.b.activating_space if self.phase == 5 else None
        start = acting + 1 if acting is not None else 1
        stop = self.provost + 1
        partial = None
        if self.waiting_in(5):
            now = self.a.activating_space
            if now is not None:
                stop = min(stop, now)
                pending = self.a.pending_decision
                if pending is not None and pending[0] == D_OWNER and now != acting:
                    partial = now  # its production (no choice) is done; the owner now chooses a cube
        items = []
        spaces = [s for s in range(start, stop) if s in self.workers]
        if partial is not None and partial in self.workers:
            spaces.append(partial)
        for space in spaces:
            who = self.workers[space]
            tile = self.tile(space)
            bundle = _only_produce(tile)
            if bundle is None:
                continue
            _add(self.purses[who], bundle)
            gain = purse_text([0, *bundle, 0])
            items.append(f"{seat(who)} {gain} ({short_name(tile)})")
        if items:
            self.lines.append("Buildings: " + ", ".join(items))

    def lawyer_transforms(self) -> None:
        after = self.av["pending_transforms"]
        for space, who in sorted(self.transforms.items()):
            if str(space) not in after:
                self.purses[who][PP] += TILES[RESIDENCE].pp
                self.lines.append(
                    f"Lawyer: the {short_name(self.tile(space))} on space {space} becomes "
                    f"{seat(who)}'s residence (+{TILES[RESIDENCE].pp} PP)"
                )

    def beyond_the_provost(self) -> None:
        if self.phase > 5 or not self.finished(5):
            return
        idle = [(s, w) for s, w in sorted(self.workers.items()) if s > self.provost]
        if idle:
            who = ", ".join(f"{seat(w)} from the {short_name(self.tile(s))}" for s, w in idle)
            self.lines.append(f"Beyond the provost ({self.provost}), home without acting: {who}")

    def castle_section(self) -> int | None:
        """The section castle batches go to (houses only change by batches, so the final count tells)."""
        for section, (before, after) in enumerate(zip(self.bv["castle"], self.av["castle"], strict=True)):
            if not before["scored"] and sum(after["houses"]) < SECTION_SIZE[section]:
                return section
        return None

    def castle_penalties(self) -> None:
        """Castle workers who cannot give a batch stop without being asked, and lose 2 PP."""
        if self.phase > 6 or not self.reached(6):
            return
        if self.phase < 6:
            start = 0
        elif self.kind == D_CASTLE:
            start = self.castle.index(self.actor) + 1
        else:
            return
        stop = len(self.castle)
        pending = self.a.pending_decision
        if self.waiting_in(6) and pending is not None and pending[0] == D_CASTLE:
            stop = self.castle.index(pending[1])
        if self.castle_section() is None:
            return
        items = []
        for who in self.castle[start:stop]:
            loss = min(self.purses[who][PP], CASTLE_PENALTY)
            self.purses[who][PP] -= loss
            items.append(f"{seat(who)} loses {loss} PP" if loss else f"{seat(who)} has no PP to lose")
        if items:
            self.lines.append(f"Castle, no batch: {', '.join(items)}")

    def best_builder(self) -> None:
        """The castle worker who gave the most batches this turn (the earlier on a tie) gets a favour."""
        if self.phase > 6 or not self.castle or self.av["castle_workers"]:
            return
        given = {s: self.b.batches_given(s) for s in self.castle}
        if self.kind == D_CASTLE and A.BATCH <= self.action < A.ROW:
            given[self.actor] += 1
        best, most = None, 0
        for s in self.castle:
            if given[s] > most:
                best, most = s, given[s]
        if best is not None:
            houses = f"{most} house" + ("s" if most != 1 else "")
            self.lines.append(f"Castle: {seat(best)} best builder ({houses}): {self.grant_favours(best, 1)}")

    def end_of_turn(self) -> None:
        """The bailiff moves (2 if the provost is ahead), the provost joins him; a section may be scored."""
        bailiff, moved_to = self.bv["bailiff"], self.av["bailiff"]
        if moved_to == bailiff:
            return
        if self.provost > moved_to:
            provost = f"provost back to {moved_to}"
        elif self.provost < moved_to:
            provost = f"provost moves up to {moved_to}"
        else:
            provost = f"provost stays at {moved_to}"
        self.lines.append(
            f"End of turn {self.turn} · bailiff moves to {moved_to} ({signed(moved_to - bailiff)}); {provost}"
        )
        castle_before, castle_after = self.bv["castle"], self.av["castle"]
        due = [
            s
            for s in range(3)
            if not castle_before[s]["scored"]
            and (moved_to >= SECTION_MARK[s] or sum(castle_after[s]["houses"]) == SECTION_SIZE[s])
        ]
        if not due:
            return
        section = due[0]
        gains, losses = [], []
        for who in self.order:
            houses = castle_after[section]["houses"][who]
            if houses == 0:
                loss = min(self.purses[who][PP], SECTION_PENALTY[section])
                self.purses[who][PP] -= loss
                losses.append(f"{seat(who)} {amount(-loss, 'PP')}" if loss else f"{seat(who)} (has no PP)")
            else:
                favours = SECTION_FAVOURS[section][min(houses, 6)]
                if favours:
                    gains.append(f"{seat(who)} {self.grant_favours(who, favours)}")
        parts = [", ".join(gains)] if gains else []
        if losses:
            parts.append("no house: " + ", ".join(losses))
        result = " · ".join(parts) or "no favours, no penalties"
        self.lines.append(f"{SECTION_NAMES[section]} scored: {result}")

    def favour_columns(self) -> None:
        columns = self.av["open_favour_columns"]
        if not self.simple and columns > self.bv["open_favour_columns"]:
            self.lines.append(f"Royal favours: columns 1–{columns} are open now")

    def game_over(self) -> None:
        if not self.ended:
            return
        items = []
        for p in self.av["players"]:
            self.purses[p["seat"]][PP] += p["final_bonus"]
            items.append(f"{seat(p['seat'])} +{p['final_bonus']} PP")
        self.lines.append("Game over · end bonus (gold, cubes, deniers): " + ", ".join(items))

    def next_turn(self) -> None:
        if not self.new_turn:
            return
        income = [INCOME] * len(self.purses)
        for r in self.av["road"]:
            if r["owner"] is not None and r["tile"] is not None:
                income[r["owner"]] += BY_KEY[r["tile"]].income
        items: list[str] = []
        for who, gain in enumerate(income):
            self.purses[who][DENIERS] += gain
            items.append(f"{seat(who)} {amount(gain, 'deniers') if not items else signed(gain)}")
        line = f"Turn {self.av['turn']} · income: {', '.join(items)}"
        if len(self.order) == 2:  # two players: the turn order alternates
            line += f" · {seat(self.av['turn_order'][0])} places first"
        self.lines.append(line)

    def unexplained(self) -> None:
        """Whatever the steps above do not account for (never expected; kept so nothing goes unsaid)."""
        items: list[str] = []
        for who, (running, player) in enumerate(zip(self.purses, self.av["players"], strict=True)):
            change = [x - y for x, y in zip(_purse(player), running, strict=True)]
            if who == self.actor:  # the action's own follow-ups: cubes paid, the alchemist's gold
                for i in range(1, 6):
                    gold = i == 1 + Cube.GOLD and change[i] > 0 and self.gained_gold
                    if gold or (change[i] < 0 and self.paid_more):
                        change[i] = 0
            if any(change):
                items.append(f"{seat(who)} {purse_text(change)}")
        if items:
            self.lines.append("Also: " + ", ".join(items))


def summarise_caylus(before: State, action: int, after: State) -> list[str]:
    """The events of one Caylus action (see the module's docstring)."""
    if not isinstance(before, CaylusState) or not isinstance(after, CaylusState):
        raise TypeError(f"The Caylus summariser cannot read a {after.game} game.")
    return _Summary(before, action, after).run()


register_summariser("caylus", summarise_caylus)
