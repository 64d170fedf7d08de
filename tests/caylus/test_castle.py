"""The castle: phase 6 ("Faza 6 – Budowa zamku"), the section scorings of phase 7 ("Faza 7 – Koniec tury",
"Podsumowanie") and the end they lead to ("Koniec gry"). Rulebook: the Polish rulebook of Caylus;
reference: the compiled tile list, section 5.
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import SECTION_MARK, SECTION_SIZE, Section, cubes
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_CASTLE, D_ROW
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    check,
    fresh,
    labels,
    put_castle,
    refused,
    run_phases,
    set_cubes,
    set_houses,
    start_placement,
    stopped,
)

ALL_BATCHES = [
    "batch food+wood+stone",
    "batch food+wood+cloth",
    "batch food+wood+gold",
    "batch food+stone+cloth",
    "batch food+stone+gold",
    "batch food+cloth+gold",
]


def _castle(
    *seats: int, favours: str = "table", order: tuple[int, ...] = (BLUE, RED, GREEN, ORANGE)
) -> CaylusState:
    """Workers of ``seats`` in the castle, in this order of castle spaces; nobody else has cubes."""
    s = fresh(4, favours=favours, order=order)
    for seat in range(4):
        set_cubes(s, seat)
    for seat in seats:
        put_castle(s, seat)
    return s


# ---- phase 2: the castle spaces ---------------------------------------------------------------------------


def test_castle_workers_take_the_castle_spaces_in_placement_order() -> None:
    # rules: Caylus, phase 2 e): "umieszcza swojego robotnika na pierwszym wolnym polu w zamku"; phase 6:
    # "Gracze budują zamek zgodnie z kolejnością, w jakiej ustawieni są robotnicy na ramce zamku (zaczynając
    # od miejsca 1)."
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    start_placement(s, BLUE)
    s.apply("pass")
    s.apply("castle")  # Red: space 1
    s.apply("pass")
    s.apply("castle")  # Orange: space 2
    assert s.castle_workers == [RED, ORANGE]
    for seat in range(4):
        set_cubes(s, seat, 1, 1, 1, 0, 0)
    run_phases(s, 6, 6)
    assert s._stack[-1] == (D_CASTLE, RED)
    s.apply("pass")
    assert s._stack[-1] == (D_CASTLE, ORANGE)


# ---- phase 6: batches -------------------------------------------------------------------------------------


def test_a_batch_is_food_and_two_other_different_cubes_gold_allowed() -> None:
    # rules: Caylus, phase 6: "Komplet składa się z trzech różnych kostek, z których jedna musi być kostką
    # jedzenia."; reference 5.2: gold may be one of the two others
    s = _castle(RED, favours="simple")
    set_cubes(s, RED, 1, 1, 1, 1, 1)
    run_phases(s, 6, 6)
    assert labels(s) == ["pass", *ALL_BATCHES]
    s.apply("batch food+cloth+gold")
    assert s.cubes(RED) == cubes(wood=1, stone=1)
    assert stopped(s)  # no food left: Red stops by itself
    assert s.houses(Section.DUNGEON, RED) == 1 and s.prestige(RED) == 5 + 3  # and the best builder's favour


@pytest.mark.parametrize(
    "have",
    [cubes(food=3, wood=3), cubes(wood=1, stone=1, cloth=1, gold=1), cubes(food=1, stone=2), cubes(food=5)],
)
def test_no_batch_without_food_or_two_different_others(have: tuple[int, int, int, int, int]) -> None:
    # rules: Caylus, phase 6: three different cubes, one of them food
    s = _castle(RED)
    set_cubes(s, RED, *have)
    s._pp[RED] = 7
    run_phases(s, 6, 6)
    assert stopped(s)  # no batch possible: nothing to decide; Red loses 2 PP
    assert s.cubes(RED) == have and s.houses(Section.DUNGEON, RED) == 0
    assert s.prestige(RED) == 5


def test_several_batches_in_one_go_then_stop() -> None:
    # rules: Caylus, phase 6: "Podczas swojej tury gracz decyduje, ile kompletów zasobów chce przeznaczyć na
    # budowę." Each batch puts one house in the section being built and gives its PP
    s = _castle(RED)
    set_cubes(s, RED, 3, 3, 3, 0, 0)
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")
    s.apply("batch food+wood+stone")
    assert labels(s) == ["pass", "batch food+wood+stone"]
    s.apply("pass")
    assert s.houses(Section.DUNGEON, RED) == 2 and s.prestige(RED) == 10
    assert s.cubes(RED) == cubes(1, 1, 1)
    assert s._stack[-1] == (D_ROW, RED)  # best builder
    check(s)


@pytest.mark.parametrize(
    ("scored", "section", "pp"), [(0, Section.DUNGEON, 5), (1, Section.WALLS, 4), (2, Section.TOWERS, 3)]
)
def test_a_batch_is_worth_five_four_or_three_pp_by_section(scored: int, section: Section, pp: int) -> None:
    # rules: Caylus, phase 6: "za każdy komplet dany na budowę Lochów gracz otrzymuje 5 punktów prestiżu, ...
    # Murów ... 4 ... Wież ... 3"
    s = _castle(RED, favours="simple")
    for earlier in range(scored):
        s._scored[earlier] = True
    set_cubes(s, RED, 1, 1, 1)
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")
    assert stopped(s)
    assert s.houses(section, RED) == 1
    assert s.prestige(RED) == pp + 3  # and the best builder's favour (simplified: 3 PP)


def test_houses_overflow_into_the_next_section() -> None:
    # rules: Caylus, phase 6: "Jeżeli w danej sekcji nie ma już miejsca, to gracze mogą rozpocząć budowę
    # kolejnej"
    s = _castle(RED, favours="simple")
    s._scored[Section.DUNGEON] = True
    set_houses(s, Section.WALLS, {BLUE: 9})
    set_cubes(s, RED, 3, 3, 3)
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")
    assert s.building_section is Section.TOWERS
    s.apply("batch food+wood+stone")
    s.apply("batch food+wood+stone")
    assert stopped(s)
    assert s.houses(Section.WALLS, RED) == 1 and s.houses(Section.TOWERS, RED) == 2
    assert s.prestige(RED) == 4 + 3 + 3 + 3


def test_no_batch_given_costs_two_pp_not_below_zero() -> None:
    # rules: Caylus, phase 6: "Jeżeli gracz umieścił swojego robotnika w zamku, ale nie jest w stanie dać
    # kompletu zasobów ... to traci on 2 punkty prestiżu (niemożliwe jest zejście poniżej 0)."
    s = _castle(RED, GREEN, ORANGE)
    s._pp[RED], s._pp[GREEN], s._pp[ORANGE] = 5, 1, 0
    run_phases(s, 6, 6)
    assert stopped(s)
    assert [s.prestige(RED), s.prestige(GREEN), s.prestige(ORANGE)] == [3, 0, 0]
    assert s.castle_workers == [] and s.workers_at_home(RED) == 6


def test_choosing_not_to_give_a_batch_also_costs_two_pp() -> None:
    # rules: reference 5.2 and section 10, conflict 7: the English and Romanian rules say "will not or
    # cannot"; the Polish text says only "nie jest w stanie" (cannot). The engine follows "will not or
    # cannot".
    s = _castle(RED)
    set_cubes(s, RED, 1, 1, 1)
    s._pp[RED] = 4
    run_phases(s, 6, 6)
    s.apply("pass")
    assert stopped(s) and s.prestige(RED) == 2 and s.cubes(RED) == cubes(1, 1, 1)


def test_no_penalty_when_the_castle_is_full() -> None:
    # rules: Caylus, phase 6: "Taka kara nie dotyczy gracza, który w trakcie budowy Wież nie może oddać
    # kompletu zasobów, ponieważ nie ma już miejsca (jeżeli gracz ma przynajmniej jeden komplet kostek, to
    # zatrzymuje je, a jego prestiż nie ucierpi)."
    s = _castle(RED, GREEN, favours="simple")
    s._scored[Section.DUNGEON] = s._scored[Section.WALLS] = True
    set_houses(s, Section.TOWERS, {BLUE: 13})
    set_cubes(s, RED, 1, 1, 1)
    set_cubes(s, GREEN, 2, 2, 2)
    s._pp[GREEN] = 6
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")
    assert stopped(s)  # Red's batch filled the towers; Green has no choice left
    assert s.section_filled(Section.TOWERS) == 14 and s.building_section is None
    assert s.cubes(GREEN) == cubes(2, 2, 2) and s.prestige(GREEN) == 6
    assert A.BATCH not in s.legal_action_ids()


def test_best_builder_gets_a_favour_ties_to_the_earlier_castle_space() -> None:
    # rules: Caylus, phase 6: "Gracz ten natychmiast otrzymuje 1 królewską łaskę ... Jeżeli jest remis, to
    # łaskę otrzymuje ten, który szybciej przybył do zamku (zajmuje pole z mniejszą cyfrą)."
    s = _castle(ORANGE, BLUE, GREEN, favours="simple")
    set_cubes(s, ORANGE, 1, 1, 1)
    set_cubes(s, BLUE, 2, 2, 2)
    set_cubes(s, GREEN, 2, 2, 2)
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")  # Orange, castle space 1
    s.apply("batch food+wood+stone")  # Blue, space 2
    s.apply("batch food+wood+stone")
    s.apply("batch food+wood+stone")  # Green, space 3
    s.apply("batch food+wood+stone")
    assert stopped(s)
    assert s.prestige(ORANGE) == 5 and s.prestige(BLUE) == 10 + 3 and s.prestige(GREEN) == 10


def test_nobody_is_best_builder_without_a_house() -> None:
    # rules: reference 5.2 item 8: at least one house is needed to be the best builder
    s = _castle(RED, GREEN, favours="simple")
    run_phases(s, 6, 6)
    assert stopped(s) and s.scores() == [0, 0, 0, 0]


def test_castle_workers_go_home_after_phase_six() -> None:
    # rules: Caylus, phase 6: "Gracze biorą swoich robotników z powrotem."
    s = _castle(RED, GREEN, BLUE)
    run_phases(s, 6, 6)
    assert s.castle_workers == [] and all(s.workers_at_home(p) == 6 for p in range(4))


# ---- phase 7: the scorings --------------------------------------------------------------------------------

# (section, houses, favours) by the scoring table; 0 houses is a penalty of 2, 3 or 4 PP
TABLE = [
    (Section.DUNGEON, 0, -2),
    (Section.DUNGEON, 1, 0),
    (Section.DUNGEON, 2, 1),
    (Section.DUNGEON, 4, 1),
    (Section.DUNGEON, 6, 1),
    (Section.WALLS, 0, -3),
    (Section.WALLS, 1, 0),
    (Section.WALLS, 2, 1),
    (Section.WALLS, 3, 2),
    (Section.WALLS, 4, 2),
    (Section.WALLS, 5, 3),
    (Section.WALLS, 7, 3),
    (Section.TOWERS, 0, -4),
    (Section.TOWERS, 1, 0),
    (Section.TOWERS, 2, 1),
    (Section.TOWERS, 3, 1),
    (Section.TOWERS, 4, 2),
    (Section.TOWERS, 5, 2),
    (Section.TOWERS, 6, 3),
    (Section.TOWERS, 9, 3),
]


@pytest.mark.parametrize(("section", "houses", "effect"), TABLE)
def test_scoring_table(section: Section, houses: int, effect: int) -> None:
    # rules: Caylus, "Podsumowanie": Lochy: 0 -> -2 PP, 2+ -> 1 favour; Mury: 0 -> -3, 2 -> 1, 3-4 -> 2,
    # 5+ -> 3 favours; Wieże: 0 -> -4, 2-3 -> 1, 4-5 -> 2, 6+ -> 3 favours (simplified favours: 3 PP each)
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE], favours="simple")
    for earlier in range(section):
        s._scored[earlier] = True
    blue = 1 if houses < SECTION_SIZE[section] else 0
    set_houses(s, section, {RED: houses, BLUE: blue})
    s._pp = [10, 10, 10, 10]
    s._bailiff = s._provost = SECTION_MARK[section] - 1
    run_phases(s, 7, 7)
    assert s.section_scored(section)
    expected = 10 + effect if effect < 0 else 10 + 3 * effect
    bonus = s.final_bonus  # the towers' scoring ends the game
    assert s.prestige(RED) - bonus[RED] == expected
    if blue:
        assert s.prestige(BLUE) - bonus[BLUE] == 10  # one house: nothing


@pytest.mark.parametrize("section", list(Section))
def test_scoring_when_the_bailiff_passes_over_the_mark(section: Section) -> None:
    # rules: Caylus, phase 7: "jeżeli zarządca podczas swojego ruchu osiągnął lub przeszedł przez pole
    # podsumowania"
    s = fresh(4, favours="simple")
    for earlier in range(section):
        s._scored[earlier] = True
    s._bailiff, s._provost = SECTION_MARK[section] - 1, SECTION_MARK[section] + 3
    s._pp = [9, 9, 9, 9]
    run_phases(s, 7, 7)
    assert s.bailiff == SECTION_MARK[section] + 1
    assert s.section_scored(section)
    assert s.scores()[0] == 9 - (2, 3, 4)[section] + (s.final_bonus[0] if s.is_terminal else 0)


def test_no_scoring_before_the_mark() -> None:
    # rules: Caylus, phase 7: the scoring needs the mark reached or the section complete
    s = fresh(4)
    s._bailiff, s._provost = 9, 11
    run_phases(s, 7, 7)
    assert s.bailiff == 11 and not s.section_scored(Section.DUNGEON) and stopped(s)


@pytest.mark.parametrize("section", [Section.DUNGEON, Section.WALLS])
def test_a_section_completed_this_turn_is_scored_before_its_mark(section: Section) -> None:
    # rules: Caylus, phase 7: "lub jeżeli podczas tej tury została zakończona budowa jednej z sekcji zamku"
    s = fresh(4, favours="simple", order=[BLUE, RED, GREEN, ORANGE])
    for earlier in range(section):
        s._scored[earlier] = True
    set_houses(s, section, {BLUE: SECTION_SIZE[section] - 1})
    put_castle(s, RED)
    set_cubes(s, RED, 1, 1, 1)
    s._bailiff = s._provost = 7
    run_phases(s, 6, 7)
    s.apply("batch food+wood+stone")
    assert stopped(s) and s.bailiff == 8
    assert s.section_scored(section)
    assert s.open_columns == (4 if section is Section.DUNGEON else 5)


def test_each_section_is_scored_once() -> None:
    # rules: Caylus, phase 7 (reference 5.3 and section 10, conflict 3: one scoring per section)
    s = fresh(4, favours="simple")
    s._scored[Section.DUNGEON] = True
    s._pp = [8, 8, 8, 8]
    for bailiff in (11, 12, 13):
        s._bailiff = s._provost = bailiff
        run_phases(s, 7, 7)
    assert s.scores() == [8, 8, 8, 8]


def test_after_a_scoring_the_section_stays_unfinished_and_houses_go_to_the_next() -> None:
    # rules: Caylus, phase 7: "Jeżeli podsumowanie miało miejsce ponieważ zarządca przekroczył pole
    # podsumowania danej sekcji, to nie można już budować w podsumowanej sekcji, choćby były tam jeszcze
    # miejsca."; phase 6: "W takim przypadku miejsca te pozostaną puste do końca gry."
    s = _castle(RED, favours="simple")
    set_houses(s, Section.DUNGEON, {BLUE: 3})
    s._scored[Section.DUNGEON] = True
    set_cubes(s, RED, 1, 1, 1)
    run_phases(s, 6, 6)
    s.apply("batch food+wood+stone")
    assert s.houses(Section.DUNGEON, RED) == 0 and s.houses(Section.WALLS, RED) == 1
    assert s.prestige(RED) == 4 + 3
    assert s.section_filled(Section.DUNGEON) == 3


def test_scoring_goes_in_turn_order_and_overflow_houses_do_not_count() -> None:
    # rules: Caylus, "Podsumowanie": "Każdy z graczy, zgodnie z kolejnością w turze, zlicza swoje domki, które
    # znajdują się w podliczanej sekcji... nie bierze się pod uwagę domków postawionych na nowej sekcji."
    s = fresh(4, order=[GREEN, ORANGE, BLUE, RED])
    set_houses(s, Section.DUNGEON, {RED: 2, BLUE: 2, GREEN: 1, ORANGE: 1})
    set_houses(s, Section.WALLS, {GREEN: 3, ORANGE: 1})
    s._bailiff = s._provost = 11
    run_phases(s, 7, 7)
    asked = []
    while not stopped(s):
        assert s._stack[-1][0] == D_ROW
        asked.append(s.current_player)
        s.apply("row prestige")
    assert asked == [BLUE, RED]
    assert s.prestige(GREEN) == 0 and s.prestige(ORANGE) == 0


def test_two_sections_due_in_one_turn_are_scored_in_two_turns() -> None:
    # rules: Caylus, phase 7: "(w jednej turze może być tylko jedno podsumowanie)"; reference 5.3: the case is
    # not covered by any source; the engine scores the earlier section now and the other at the next end of
    # turn (it is still due: it is full)
    s = fresh(4, favours="simple", order=[BLUE, RED, GREEN, ORANGE])
    set_houses(s, Section.DUNGEON, {BLUE: 6})
    set_houses(s, Section.WALLS, {BLUE: 10})
    s._pp = [0, 9, 9, 9]
    s._bailiff = s._provost = 11
    run_phases(s, 7, 7)
    assert s.section_scored(Section.DUNGEON) and not s.section_scored(Section.WALLS)
    assert s.scores() == [3, 7, 7, 7]
    assert s.building_section is Section.TOWERS
    run_phases(s, 7, 7)
    assert s.section_scored(Section.WALLS)
    assert s.scores() == [3 + 9, 4, 4, 4]


# ---- the end ----------------------------------------------------------------------------------------------


def test_game_ends_when_the_towers_are_complete() -> None:
    # rules: Caylus, "Koniec gry": "Gra kończy się po podsumowaniu sekcji Wież (tj. po tym, jak zarządca
    # osiągnie pole podsumowania sekcji Wież lub kiedy zostanie wybudowane wszystkie 14 części sekcji Wież)."
    s = _castle(RED, favours="simple")
    s._scored[Section.DUNGEON] = s._scored[Section.WALLS] = True
    set_houses(s, Section.TOWERS, {BLUE: 12})
    set_cubes(s, RED, 2, 2, 2, deniers=0)
    s._deniers = [0, 0, 0, 0]
    s._bailiff = s._provost = 15
    run_phases(s, 6)
    s.apply("batch food+wood+stone")
    s.apply("batch food+wood+stone")
    assert s.is_terminal and s.section_scored(Section.TOWERS)
    assert s.bailiff == 16
    assert s.houses(Section.TOWERS, RED) == 2
    # 2 batches (6) + best builder (3) + towers scoring with 2 houses (3); no cubes or deniers left
    assert s.prestige(RED) == 12
    assert s.scores() == [9, 12, 0, 0]  # Blue: 12 houses = 3 favours = 9 PP; Green, Orange: -4, not below 0
    assert s.winners() == [RED]
    check(s)


def test_game_ends_when_the_bailiff_reaches_the_towers_mark() -> None:
    # rules: Caylus, "Koniec gry"
    s = fresh(4, favours="simple")
    s._scored[Section.DUNGEON] = s._scored[Section.WALLS] = True
    s._bailiff, s._provost = 22, 23
    run_phases(s, 7)
    assert s.is_terminal and s.bailiff == 24


def test_the_game_is_not_over_after_the_walls_scoring() -> None:
    # rules: Caylus, "Koniec gry": only the towers' scoring ends the game
    s = fresh(4, favours="simple")
    s._scored[Section.DUNGEON] = True
    s._bailiff, s._provost = 17, 17
    run_phases(s, 7)
    assert not s.is_terminal and s.section_scored(Section.WALLS) and s.turn == 2
    assert refused(s, -1)
