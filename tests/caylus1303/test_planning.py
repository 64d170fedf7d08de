"""Caylus 1303 phase 1, planning ("Phase 1 – Planung", rulebook p. 4): placing workers on buildings and at
the construction site, the owner's PP, passing, the extra worker after the first pass."""

from __future__ import annotations

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_PLACE
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    administration,
    check,
    done,
    fresh,
    labels,
    planning,
    put,
    refused,
    residence,
    set_workers,
    worker,
)


def placed(s: Caylus1303State, seat: int) -> int:
    """Workers of ``seat`` standing on the road or at the construction site."""
    return s.workers_on_board(seat)


# ---- where a worker may go ----------------------------------------------------------------------------


def test_workers_go_on_the_buildings_along_the_road_and_the_construction_site() -> None:
    # rules: Caylus 1303, phase 1 a) "auf eines der Gebäude entlang der Straße (z.B. auf das Gebäude vor der
    # Gildenbrücke, auf eines der zu Spielbeginn platzierten Gebäude ...)" and b) the construction site;
    # c) pass. Buildings beyond the provost (14 and 19 with the provost after 13) are allowed too.
    s = planning(fresh(2))
    assert s.current_player == BLUE
    expected = ["pass", *(f"place {space}" for space in (1, 2, 3, 4, *range(6, 15), 19)), "site"]
    assert labels(s) == expected
    assert s.provost == 13


def test_workers_go_on_buildings_built_during_the_game() -> None:
    # rules: Caylus 1303, phase 1 a) "... oder eines der Gebäude, die im Laufe des Spiels auf den Plan gelegt
    # werden"
    s = fresh(2)
    put(s, 15, "wood_farm", RED)
    put(s, 20, "gold_mine", RED)
    planning(s)
    assert "place 15" in labels(s) and "place 20" in labels(s)


def test_placing_takes_one_worker_from_the_supply() -> None:
    # rules: Caylus 1303, phase 1 a) "Stelle 1 deiner Arbeiter auf eines der Gebäude"
    s = planning(fresh(2))
    s.apply("place 8")
    assert s.workers_at(8) == [BLUE]
    assert s.workers(BLUE) == 9 and s.camp(BLUE) == 5 and placed(s, BLUE) == 1
    assert s.current_player == RED
    check(s)


def test_no_worker_on_an_occupied_building() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: "ein Gebäude, auf dem bereits ein anderer Arbeiter steht"
    s = planning(fresh(2))
    s.apply("place 8")
    assert "place 8" not in labels(s)
    refused(s, A.place(8), "occupied")


def test_no_worker_on_a_building_occupied_by_your_own_worker() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: an occupied building, whoever's worker it is
    s = planning(fresh(2))
    s.apply("place 8")
    s.apply("place 9")
    assert s.current_player == BLUE
    refused(s, A.place(8), "occupied")


def test_no_worker_on_a_monument() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: "ein Monument"
    s = fresh(2)
    put(s, 9, "statue", RED)
    planning(s)
    assert "place 9" not in labels(s)
    refused(s, A.place(9), "monument")


def test_no_worker_on_a_residence() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: "eine Residenz"
    s = fresh(2)
    residence(s, 10, RED)
    planning(s)
    assert "place 10" not in labels(s)
    refused(s, A.place(10), "residence")
    s.apply("pass")
    assert s.current_player == RED
    refused(s, A.place(10), "residence")  # the owner may not either


def test_no_worker_on_an_empty_space() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: "ein Feld auf der Straße, auf dem noch kein Gebäude errichtet
    # wurde"
    s = planning(fresh(2))
    for space in (*range(15, 19), *range(20, 29)):
        refused(s, A.place(space), "no building")


def test_no_worker_on_the_guilds_bridge() -> None:
    # rules: Caylus 1303, phase 1 c) and 2 e) — the Guilds Bridge is reached by passing, not by a worker
    s = planning(fresh(2))
    assert "place 5" not in labels(s)
    refused(s, A.place(5), "bridge")


def test_the_construction_site_tiles_take_no_worker() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: "eines der 3 Gebäude, die zu Spielbeginn auf die Baustelle
    # gelegt wurden" — they are not on the road; the only construction-site choice is a lot ("site")
    s = planning(fresh(2))
    assert all(label == "pass" or label == "site" or label.startswith("place ") for label in labels(s))
    assert not any(label.startswith("slot") for label in labels(s))
    for slot in range(3):
        refused(s, A.SLOT + slot)


# ---- the owner's prestige ---------------------------------------------------------------------------------


def test_placing_on_another_players_building_gives_its_owner_one_pp() -> None:
    # rules: Caylus 1303, phase 1 a) "Wenn ihr einen Arbeiter auf einem Gebäude einsetzt, das ein Mitspieler
    # errichtet hat, erhält dieser sofort 1 Prestigepunkt."
    s = fresh(2)
    put(s, 15, "wood_farm", RED)
    planning(s)
    s.apply("place 15")
    assert s.prestige(RED) == 1
    assert s.prestige(BLUE) == 0


def test_placing_on_your_own_building_gives_no_pp() -> None:
    # rules: Caylus 1303, phase 1 a) "Ihr bekommt keine PP, wenn ihr einen Arbeiter auf einem eigenen Gebäude
    # einsetzt."
    s = fresh(2)
    put(s, 15, "wood_farm", BLUE)
    planning(s)
    s.apply("place 15")
    assert s.prestige(BLUE) == 0
    assert s.prestige(RED) == 0


def test_placing_on_an_unowned_building_gives_nobody_pp() -> None:
    # rules: Caylus 1303, phase 1 a) — only a building a player built has an owner (the printed buildings and
    # the tiles laid at setup belong to nobody: reference 2.1)
    s = planning(fresh(3))
    for label in ("place 1", "place 8", "place 14"):
        s.apply(label)
    s.apply("place 19")
    assert [s.prestige(seat) for seat in range(3)] == [0, 0, 0]


def test_the_owner_keeps_one_pp_per_placement_by_each_other_player() -> None:
    # rules: Caylus 1303, phase 1 a) — each placement by another player pays the owner 1 PP
    s = fresh(3)
    put(s, 15, "wood_farm", GREEN)
    put(s, 16, "wood_sawmill", GREEN)
    planning(s)
    s.apply("place 15")  # Blue
    s.apply("place 16")  # Red
    assert s.prestige(GREEN) == 2


# ---- the construction site ---------------------------------------------------------------------------------


def test_construction_site_lots_fill_left_to_right() -> None:
    # rules: Caylus 1303, phase 1 b) "auf dem jeweils ersten freien Platz auf der Baustelle einsetzen, von
    # links nach rechts"
    s = fresh(3, first=RED)
    planning(s)
    s.apply("site")  # Red
    s.apply("place 8")  # Green
    s.apply("site")  # Blue
    assert s.site == [RED, BLUE]
    assert s.workers(RED) == 5 and s.workers(BLUE) == 5


def test_one_worker_per_player_at_the_construction_site() -> None:
    # rules: Caylus 1303, phase 1 b) "Es können mehrere Arbeiter auf der Baustelle sein, aber nur jeweils 1
    # Arbeiter pro Spieler."
    s = planning(fresh(2))
    s.apply("site")
    s.apply("site")
    assert s.site == [BLUE, RED]
    assert "site" not in labels(s)
    refused(s, A.SITE, "construction site")


# ---- turn order and passing --------------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_first_player() -> None:
    # rules: Caylus 1303, phase 1 "Beginnend mit dem Startspieler und dann im Uhrzeigersinn"
    s = planning(fresh(4, first=2))
    order = []
    for space in (6, 7, 8, 9, 10, 11):
        order.append(s.current_player)
        s.apply(f"place {space}")
    assert order == [2, 3, 0, 1, 2, 3]


def test_passing_puts_the_house_on_the_first_free_bridge_space() -> None:
    # rules: Caylus 1303, phase 1 c) "setzt 1 Haus eurer Farbe auf das erste freie Feld auf der Gildenbrücke,
    # von links nach rechts" — the bridge house is not one of the 9 building houses
    s = planning(fresh(3))
    s.apply("pass")  # Blue
    s.apply("place 8")  # Red
    s.apply("pass")  # Green
    assert s.passing_order == [BLUE, GREEN]
    assert s.houses_left(BLUE) == 9 and s.houses_left(GREEN) == 9


def test_a_player_who_passed_places_no_more_workers() -> None:
    # rules: Caylus 1303, phase 1 c) "Sobald ihr passt, ist die Phase für euch vorbei und ihr könnt keine
    # weiteren Arbeiter mehr einsetzen."
    s = planning(fresh(3))
    s.apply("pass")  # Blue
    turns = []
    for space in (6, 7, 8, 9):
        turns.append(s.current_player)
        s.apply(f"place {space}")
    assert turns == [RED, GREEN, RED, GREEN]
    assert placed(s, BLUE) == 0


def test_the_phase_ends_when_all_have_passed() -> None:
    # rules: Caylus 1303, phase 1 "Die Phase endet, wenn alle Spieler gepasst haben."
    s = planning(fresh(3))
    s.apply("place 6")
    s.apply("pass")  # Red
    assert not done(s)
    s.apply("pass")  # Green
    assert not done(s)
    assert s.current_player == BLUE
    s.apply("pass")
    assert done(s) and s.current_player is None
    assert s.passing_order == [RED, GREEN, BLUE]
    check(s)


def test_after_the_first_pass_every_placement_costs_an_extra_worker_to_the_camp() -> None:
    # rules: Caylus 1303, phase 1 c) "Für den Rest der Runde müssen alle Mitspieler für jeden Arbeiter, den
    # sie einsetzen, 1 zusätzlichen Arbeiter ins Camp zurückschicken."
    s = planning(fresh(3))
    assert s.placement_cost(RED) == 1
    s.apply("pass")  # Blue
    assert s.placement_cost(RED) == 2 and s.placement_cost(GREEN) == 2
    s.apply("place 8")  # Red
    assert s.workers(RED) == 6 - 2
    assert s.camp(RED) == 9 + 1
    assert placed(s, RED) == 1
    s.apply("site")  # Green: the construction site costs the extra worker too
    assert s.workers(GREEN) == 6 - 2 and s.camp(GREEN) == 9 + 1
    assert s.site == [GREEN]
    s.apply("place 9")  # Red again: still 2
    assert s.workers(RED) == 6 - 4 and s.camp(RED) == 9 + 2
    check(s)


def test_before_anyone_passes_a_placement_costs_one_worker() -> None:
    # rules: Caylus 1303, phase 1 a) — 1 worker; the extra worker only after a pass (c)
    s = planning(fresh(3))
    for space in (6, 7, 8):
        s.apply(f"place {space}")
    assert [s.workers(seat) for seat in range(3)] == [5, 5, 5]
    assert [s.camp(seat) for seat in range(3)] == [9, 9, 9]


def test_the_first_passer_becomes_the_next_rounds_first_player() -> None:
    # rules: Caylus 1303, phase 1 c) "Der erste Spieler, der passt, erhält den Startspielermarker ... (er wird
    # in der folgenden Runde Startspieler)"
    s = fresh(3, first=BLUE)
    planning(s)
    s.apply("place 6")  # Blue
    s.apply("place 7")  # Red
    s.apply("pass")  # Green passes first
    s.apply("pass")  # Blue
    s.apply("pass")  # Red
    assert s.passing_order == [GREEN, BLUE, RED]
    administration(s, end_round=True)  # the round ends; round 2 starts
    assert s.round == 2
    assert s.first_player == GREEN
    assert s.current_player == GREEN
    decision = s.pending_decision
    assert decision is not None and decision[0] == D_PLACE
    assert s.passing_order == []


def test_a_player_with_no_worker_must_pass() -> None:
    # rules: Caylus 1303, phase 1 c) "Wenn ihr passen wollt (oder müsst, weil ihr keine Arbeiter mehr zum
    # Einsetzen habt)" — the engine passes for them
    s = fresh(3)
    set_workers(s, RED, 0)
    planning(s)
    s.apply("place 6")  # Blue
    assert s.passing_order == [RED]  # Red's turn was a forced pass
    assert s.current_player == GREEN
    assert s.placement_cost(GREEN) == 2  # and it counts as a pass


def test_a_player_who_cannot_pay_the_extra_worker_must_pass() -> None:
    # rules: Caylus 1303, phase 1 c) — after a pass a placement takes 2 workers; with 1 left the player can
    # only pass
    s = fresh(3)
    set_workers(s, GREEN, 1)
    planning(s)
    s.apply("pass")  # Blue
    s.apply("place 6")  # Red
    assert s.passing_order == [BLUE, GREEN]
    assert s.workers(GREEN) == 1
    assert s.current_player == RED


def test_with_one_worker_before_any_pass_a_player_may_still_place() -> None:
    # rules: Caylus 1303, phase 1 a) — 1 worker is enough while nobody has passed
    s = fresh(2)
    set_workers(s, BLUE, 1)
    planning(s)
    assert "place 6" in labels(s)
    s.apply("place 6")
    assert s.workers(BLUE) == 0
    s.apply("place 7")  # Red
    assert s.passing_order == [BLUE]  # Blue has nothing left: forced pass


def test_every_player_out_of_workers_ends_the_phase_by_forced_passes() -> None:
    # rules: Caylus 1303, phase 1 c) and "Die Phase endet, wenn alle Spieler gepasst haben."
    s = fresh(4, first=YELLOW)
    for seat in range(4):
        set_workers(s, seat, 0)
    planning(s)
    assert done(s)
    assert s.passing_order == [YELLOW, BLUE, RED, GREEN]


def test_placing_beyond_the_provost_is_allowed() -> None:
    # rules: Caylus 1303, phase 1 a) — any building along the road; phase 2 h) deals with workers beyond the
    # provost
    s = fresh(2)
    put(s, 20, "gold_mine", RED)
    planning(s)
    assert s.provost == 13
    s.apply("place 20")
    assert s.workers_at(20) == [BLUE]
    assert s.prestige(RED) == 1
    s.apply("place 19")
    assert s.workers_at(19) == [RED]


def test_the_printed_buildings_before_the_bridge_take_workers() -> None:
    # rules: Caylus 1303, phase 1 a) "z.B. auf das Gebäude vor der Gildenbrücke" — Fair, Notary, Carpenter,
    # Toll
    s = planning(fresh(2))
    for space in (1, 2, 3, 4):
        s.apply(f"place {space}")
    assert [s.workers_at(space) for space in (1, 2, 3, 4)] == [[BLUE], [RED], [BLUE], [RED]]


def test_a_worker_already_on_the_road_blocks_the_building_at_the_start_of_planning() -> None:
    # rules: Caylus 1303, phase 1 a) verboten: an occupied building (state built with a worker on 8)
    s = fresh(2)
    worker(s, 8, RED)
    planning(s)
    assert "place 8" not in labels(s)
