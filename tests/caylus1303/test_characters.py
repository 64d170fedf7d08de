"""The 12 characters of Caylus 1303, each on its own and where two of them meet.

Every test builds the moment it needs with the helpers (a phase run alone, workers and tiles put by hand) and
then plays through the public API. Seats: Blue 0, Red 1, Green 2 (helpers.py).
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PLACE,
)
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    activation,
    administration,
    check,
    delivery,
    done,
    fresh,
    give,
    labels,
    pending,
    planning,
    put,
    refused,
    residence,
    set_workers,
    site_worker,
    slot,
    supply_only,
    tile,
    worker,
)


def hand_and_camp(state: Caylus1303State, seat: int) -> tuple[int, int]:
    return state.workers(seat), state.camp(seat)


# ---- Der Frühaufsteher (Early Riser) --------------------------------------------------------------------


def test_early_riser_places_before_the_first_player_returning_one_more_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher: "noch bevor der Startspieler seinen Zug
    # macht, 1 Arbeiter einsetzen. Wenn du das tust, musst du 1 zusätzlichen Arbeiter ins Camp
    # zurückschicken. Spielt nach diesem Einsetzen die Planungsphase ... beginnend mit dem Startspieler."
    s = fresh(3, chars={RED: [Char.EARLY_RISER]}, first=BLUE)
    put(s, 6, "start_quarry")
    hand, camp = hand_and_camp(s, RED)
    planning(s)
    assert pending(s) == (D_EARLY, RED)
    assert "decline" in labels(s) and "pass" not in labels(s)
    s.apply("place 6")
    assert hand_and_camp(s, RED) == (hand - 2, camp + 1)
    assert s.workers_at(6) == [RED]
    assert pending(s) == (D_PLACE, BLUE)  # then the first player, as usual
    s.apply("pass")
    assert pending(s) == (D_PLACE, RED)
    check(s)


def test_early_riser_is_optional() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher: "darfst du ... 1 Arbeiter einsetzen"
    s = fresh(3, chars={RED: [Char.EARLY_RISER]}, first=BLUE)
    hand, camp = hand_and_camp(s, RED)
    planning(s)
    s.apply("decline")
    assert hand_and_camp(s, RED) == (hand, camp)
    assert pending(s) == (D_PLACE, BLUE)
    s.apply("place 1")
    s.apply("place 2")  # Red's normal turn costs 1 worker
    assert hand_and_camp(s, RED) == (hand - 1, camp)


def test_first_player_holding_the_early_riser_acts_twice_in_a_row() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher, Hinweis: "Falls der Startspieler den
    # Frühaufsteher besitzt, kann er zu Beginn der Planungsphase zweimal nacheinander spielen"
    s = fresh(2, chars={BLUE: [Char.EARLY_RISER]}, first=BLUE)
    hand, camp = hand_and_camp(s, BLUE)
    planning(s)
    assert pending(s) == (D_EARLY, BLUE)
    s.apply("place 1")
    assert pending(s) == (D_PLACE, BLUE)
    s.apply("place 2")
    assert hand_and_camp(s, BLUE) == (hand - 3, camp + 1)
    assert pending(s) == (D_PLACE, RED)


def test_early_riser_with_a_single_worker_cannot_place_early() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher: the early worker needs 1 more for the camp
    s = fresh(2, chars={RED: [Char.EARLY_RISER]}, first=BLUE)
    set_workers(s, RED, 1)
    planning(s)
    assert pending(s) == (D_PLACE, BLUE)
    assert hand_and_camp(s, RED)[0] == 1 and s.workers_at(6) == []


def test_early_riser_without_the_character_nobody_places_early() -> None:
    # rules: Caylus 1303, "Phase 1 – Planung": "Beginnend mit dem Startspieler"
    s = fresh(3, chars={BLUE: [Char.NIGHT_WORKER]}, board=[Char.EARLY_RISER], first=GREEN)
    planning(s)
    assert pending(s) == (D_PLACE, GREEN)


def test_night_worker_does_not_cancel_the_early_risers_extra_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Nachtarbeiter, Hinweis: "Der Nachtarbeiter hebt die
    # zusätzlichen Kosten des Frühaufstehers nicht auf."
    s = fresh(2, chars={RED: [Char.EARLY_RISER, Char.NIGHT_WORKER]}, first=BLUE)
    hand, camp = hand_and_camp(s, RED)
    planning(s)
    assert s.placement_cost(RED, early=True) == 2
    s.apply("place 3")
    assert hand_and_camp(s, RED) == (hand - 2, camp + 1)


# ---- Der Nachtarbeiter (Night Worker) -------------------------------------------------------------------


def test_night_worker_places_without_the_extra_worker_once_another_player_passed() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Nachtarbeiter: "Wenn mindestens ein Mitspieler gepasst hat,
    # kannst du weiter Arbeiter ohne zusätzliche Kosten einsetzen." Phase 1 c): the others pay 1 extra
    s = fresh(3, chars={RED: [Char.NIGHT_WORKER]}, first=BLUE)
    planning(s)
    s.apply("pass")
    assert s.placement_cost(RED) == 1 and s.placement_cost(GREEN) == 2
    red, green = hand_and_camp(s, RED), hand_and_camp(s, GREEN)
    s.apply("place 1")
    assert hand_and_camp(s, RED) == (red[0] - 1, red[1])
    s.apply("place 2")
    assert hand_and_camp(s, GREEN) == (green[0] - 2, green[1] + 1)
    s.apply("place 3")  # still 1 for the Night Worker on later turns
    assert hand_and_camp(s, RED) == (red[0] - 2, red[1])
    check(s)


def test_night_worker_with_one_worker_left_may_still_place_after_a_pass() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Nachtarbeiter (no extra worker), phase 1 c) for the others
    s = fresh(2, chars={RED: [Char.NIGHT_WORKER]}, first=BLUE)
    set_workers(s, RED, 1)
    planning(s)
    s.apply("pass")
    assert pending(s) == (D_PLACE, RED)
    assert "place 1" in labels(s)
    s.apply("place 1")
    assert s.workers(RED) == 0 and done(s)  # nothing left to place: Red passes by itself


# ---- Die Händlerin (Journeyman) -------------------------------------------------------------------------


def test_journeyman_joins_another_players_worker_once_per_round() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: "Einmal pro Runde darfst du einen Arbeiter auf
    # einem Gebäude platzieren, das bereits von dem Arbeiter eines Mitspielers besetzt ist."
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]}, first=BLUE)
    planning(s)
    s.apply("place 6")
    assert "place 6" in labels(s)
    s.apply("place 6")
    assert s.workers_at(6) == [BLUE, RED] and s.journeyman_used
    s.apply("place 7")
    assert "place 7" not in labels(s) and "place 6" not in labels(s)  # used this round; 6 is full
    assert "occupied" in refused(s, A.place(7))
    assert "two workers" in refused(s, A.place(6))
    check(s)


def test_without_the_journeyman_an_occupied_building_is_refused() -> None:
    # rules: Caylus 1303, phase 1 a): verboten "ein Gebäude, auf dem bereits ein anderer Arbeiter steht"
    s = fresh(2, chars={BLUE: [Char.JOURNEYMAN]}, first=BLUE)
    planning(s)
    s.apply("place 6")
    assert "place 6" not in labels(s)
    assert "occupied" in refused(s, A.place(6))


def test_journeyman_never_joins_its_own_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: only a building occupied "von dem Arbeiter eines
    # Mitspielers"
    s = fresh(2, chars={BLUE: [Char.JOURNEYMAN]}, first=BLUE)
    planning(s)
    s.apply("place 6")
    s.apply("place 7")
    assert "place 6" not in labels(s) and "place 7" in labels(s)
    assert "own" in refused(s, A.place(6))
    s.apply("place 7")
    assert s.workers_at(7) == [RED, BLUE]


def test_journeyman_can_be_used_again_next_round() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: "Einmal pro Runde"
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]}, first=BLUE)
    s._journeyman_used = 1
    administration(s, end_round=True)  # the round ends; round 2 starts with planning
    assert s.round == 2 and not s.journeyman_used
    check(s)


def test_journeyman_placement_on_a_third_players_building_gives_its_owner_pp_each_time() -> None:
    # rules: Caylus 1303, phase 1 a): "Wenn ihr einen Arbeiter auf einem Gebäude einsetzt, das ein Mitspieler
    # errichtet hat, erhält dieser sofort 1 Prestigepunkt" — for the Journeyman's worker too
    s = fresh(3, chars={RED: [Char.JOURNEYMAN]}, first=BLUE)
    put(s, 15, "wood_farm", GREEN)
    planning(s)
    s.apply("place 15")
    assert s.prestige(GREEN) == 1
    s.apply("place 15")
    assert s.prestige(GREEN) == 2 and s.workers_at(15) == [BLUE, RED]


def test_journeyman_worker_is_activated_after_the_other_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: "Der Effekt deines Arbeiters wird erst nach dem
    # des anderen Arbeiters, der schon vorher dort war, aktiviert."
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]})
    supply_only(s, "market", "wood_farm")
    worker(s, 3, BLUE)  # the printed Carpenter
    worker(s, 3, RED)
    give(s, BLUE, food=1, wood=1)
    give(s, RED, food=1, wood=1)
    activation(s)
    assert pending(s) == (D_EFFECT, BLUE, tile("carpenter"), 1)
    assert set(labels(s)) == {"decline", "build market", "build wood farm"}
    s.apply("build market")
    assert s.tile_at(15) == tile("market") and s.owner_at(15) == BLUE
    assert (pending(s) or ())[:2] == (D_EFFECT, RED)
    assert labels(s) == ["decline", "build wood farm"]  # Blue took the Market first
    s.apply("build wood farm")
    assert s.tile_at(16) == tile("wood_farm") and s.owner_at(16) == RED
    assert done(s) and s.workers_at(3) == []
    check(s)


def test_journeyman_production_bonus_is_given_once_for_two_other_players() -> None:
    # rules: Caylus 1303, "Steingebäude", Effekt der Händlerin: "Der Besitzer eines Produktionsgebäudes ...
    # nimmt nur 1 Bonusressource, auch wenn 2 Mitspieler Arbeiter auf sein Gebäude gestellt haben."
    s = fresh(3, chars={RED: [Char.JOURNEYMAN]})
    put(s, 15, "stone_farm", GREEN)
    s._provost = 15
    worker(s, 15, BLUE)
    worker(s, 15, RED)
    for seat in (BLUE, RED, GREEN):
        give(s, seat)
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == (2, 0, 0, 1, 0)
    assert s.resources(RED) == (2, 0, 0, 1, 0)
    assert s.resources(GREEN) == (1, 0, 0, 0, 0)  # one food, not two
    check(s)


@pytest.mark.parametrize("owner_first", [True, False])
def test_journeyman_no_production_bonus_if_the_owner_has_one_of_the_two_workers(owner_first: bool) -> None:
    # rules: Caylus 1303, "Steingebäude", Effekt der Händlerin: "Der Besitzer erhält keine Bonusressource,
    # wenn er selbst 1 der beiden Arbeiter auf das Gebäude gestellt hat."
    owner, other = (BLUE, RED) if owner_first else (RED, BLUE)
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]})
    put(s, 15, "stone_sawmill", owner)
    s._provost = 15
    worker(s, 15, BLUE)
    worker(s, 15, RED)
    give(s, BLUE)
    give(s, RED)
    activation(s)
    assert s.resources(owner) == (0, 2, 0, 1, 0)  # its own production, no bonus wood
    assert s.resources(other) == (0, 2, 0, 1, 0)
    check(s)


def test_production_bonus_for_a_single_other_worker_and_none_for_the_owner_alone() -> None:
    # rules: Caylus 1303, "Steingebäude": "In dem Fall, dass das Gebäude von einem Mitspieler aktiviert worden
    # ist (nicht vom Besitzer selbst), erhält der Besitzer sofort den an der Seite abgebildeten Bonus."
    s = fresh(2)
    put(s, 15, "stone_quarry", BLUE)
    put(s, 16, "stone_farm", RED)
    s._provost = 16
    worker(s, 15, RED)
    worker(s, 16, RED)
    give(s, BLUE)
    give(s, RED)
    activation(s)
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)
    assert s.resources(RED) == (2, 0, 2, 2, 0)


# ---- Der Dieb (Thief) and Der Hofmarschall (Steward) -----------------------------------------------------


def test_thief_gives_the_owner_no_pp() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Dieb: "Wenn du einen Arbeiter auf dem Gebäude eines
    # Mitspielers einsetzt, erhält dieser keine PP"
    s = fresh(3, chars={RED: [Char.THIEF]}, first=RED)
    put(s, 15, "wood_farm", BLUE)
    put(s, 16, "wood_sawmill", RED)
    planning(s)
    s.apply("place 15")
    assert s.prestige(BLUE) == 0
    s.apply("place 16")  # Green on the Thief's own building: the Thief is an owner like any other
    assert s.prestige(RED) == 1


def test_thief_gives_the_owner_no_pp_even_with_the_steward() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Dieb: "(auch nicht, wenn er den Hofmarschall besitzt)"
    s = fresh(2, chars={RED: [Char.THIEF], BLUE: [Char.STEWARD]}, first=RED)
    put(s, 15, "wood_farm", BLUE)
    planning(s)
    s.apply("place 15")
    assert s.prestige(BLUE) == 0


def test_steward_gets_two_pp_instead_of_one() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Hofmarschall: "Erhalte 2 PP, wenn ein Mitspieler einen seiner
    # Arbeiter auf einem deiner Gebäude einsetzt." (PL: "2 punkty prestiżu zamiast 1")
    s = fresh(3, chars={BLUE: [Char.STEWARD]}, first=RED)
    put(s, 15, "wood_farm", BLUE)
    put(s, 16, "wood_quarry", GREEN)
    planning(s)
    s.apply("place 15")
    assert s.prestige(BLUE) == 2
    s.apply("place 16")  # Green on its own building: nothing
    assert s.prestige(GREEN) == 0 and s.prestige(BLUE) == 2


def test_steward_on_own_building_gets_nothing() -> None:
    # rules: Caylus 1303, phase 1 a): "Ihr bekommt keine PP, wenn ihr einen Arbeiter auf einem eigenen Gebäude
    # einsetzt."
    s = fresh(2, chars={BLUE: [Char.STEWARD]}, first=BLUE)
    put(s, 15, "wood_farm", BLUE)
    planning(s)
    s.apply("place 15")
    assert s.prestige(BLUE) == 0


def test_steward_gets_two_pp_for_the_journeymans_worker_too() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Hofmarschall and Die Händlerin: each placement by another
    # player on the Steward's building
    s = fresh(3, chars={GREEN: [Char.STEWARD], RED: [Char.JOURNEYMAN]}, first=BLUE)
    put(s, 15, "wood_farm", GREEN)
    planning(s)
    s.apply("place 15")
    s.apply("place 15")
    assert s.prestige(GREEN) == 4


def test_owner_keeps_the_placement_pp_when_the_building_is_not_activated() -> None:
    # rules: Caylus 1303, "Steingebäude", Hinweis: "Der PP den der Besitzer in dem Moment erhält, in dem ein
    # Mitspieler einen Arbeiter auf das Gebäude stellt, behält er unabhängig davon, ob das Gebäude später
    # aktiviert wird oder nicht." (here: the Steward's 2 PP)
    s = fresh(2, chars={BLUE: [Char.STEWARD]}, first=RED)
    put(s, 15, "stone_farm", BLUE)
    planning(s)
    s.apply("place 15")
    s.apply("pass")
    s.apply("pass")
    assert done(s) and s.prestige(BLUE) == 2
    food = s.resources(BLUE)[0]
    s._passed = []  # nobody moves the provost at the bridge
    activation(s)  # the provost stays after space 13: the Farm is not activated, Blue gets no bonus food
    assert s.prestige(BLUE) == 2 and s.resources(BLUE)[0] == food
    assert s.workers_at(15) == []


# ---- Der Gutsverwalter (Bailiff) ------------------------------------------------------------------------


def test_bailiff_moves_the_provost_one_step_for_free_after_the_bridge() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Gutsverwalter: "Nachdem alle Spieler Stufe e der
    # Aktivierungsphase (Gildenbrücke) gespielt haben, darfst du den Vogt kostenlos 1 Schritt vor oder
    # zurück setzen."
    s = fresh(2, chars={RED: [Char.BAILIFF]})
    s._passed = [RED, BLUE]
    put(s, 14, "wood_farm")
    worker(s, 14, BLUE)
    activation(s)
    assert pending(s) == (D_BRIDGE, RED)
    s.apply("decline")
    assert pending(s) == (D_BRIDGE, BLUE)
    s.apply("decline")
    assert pending(s) == (D_BAILIFF, RED)
    assert labels(s) == ["decline", "provost -1", "provost +1"]
    hand, camp = hand_and_camp(s, RED)
    food, pp = s.resources(BLUE)[0], s.prestige(BLUE)
    s.apply("provost +1")
    assert s.provost == 14 and hand_and_camp(s, RED) == (hand, camp)  # free
    assert done(s)
    assert s.resources(BLUE)[0] == food + 1 and s.prestige(BLUE) == pp + 1  # the Farm's setup side ran


def test_bailiff_moves_after_every_bridge_move() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Gutsverwalter (after step e); phase 2 e): "Für jeden Schritt
    # müsst ihr 1 Arbeiter ins Camp zurückschicken"
    s = fresh(3, chars={BLUE: [Char.BAILIFF]})
    s._passed = [GREEN, BLUE]
    activation(s)
    hand, camp = hand_and_camp(s, GREEN)
    s.apply("provost +2")
    assert s.provost == 15 and hand_and_camp(s, GREEN) == (hand - 2, camp + 2)
    assert pending(s) == (D_BRIDGE, BLUE)
    s.apply("provost -3")
    assert s.provost == 12
    assert pending(s) == (D_BAILIFF, BLUE)
    s.apply("provost -1")
    assert s.provost == 11
    check(s)


def test_bailiff_never_moves_the_provost_behind_the_bridge() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen": "Er kann nicht hinter die Gildenbrücke zurückbewegt werden."
    s = fresh(2, chars={BLUE: [Char.BAILIFF]})
    s._provost = 5
    activation(s)
    assert pending(s) == (D_BAILIFF, BLUE)
    assert labels(s) == ["decline", "provost +1"]
    assert refused(s, A.move(-1))


def test_bailiff_acts_even_when_nobody_is_on_the_bridge() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Gutsverwalter
    s = fresh(2, chars={RED: [Char.BAILIFF]})
    activation(s)
    assert pending(s) == (D_BAILIFF, RED)
    s.apply("decline")
    assert done(s) and s.provost == 13


# ---- Die Architektin (Architect) ------------------------------------------------------------------------


@pytest.mark.parametrize("architect", [True, False])
def test_architect_gets_one_more_pp_for_a_wood_building(architect: bool) -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Architektin: "Erhalte 1 zusätzlichen PP, wenn du ein
    # Holzgebäude, ein Steingebäude oder ein Monument errichtest."; "c) Zimmermann": the tile's PP
    s = fresh(2, chars={BLUE: [Char.ARCHITECT] if architect else [Char.FOREMAN]})
    supply_only(s, "wood_farm")
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1)
    activation(s)
    s.apply("build wood farm")
    assert s.prestige(BLUE) == 2 + (1 if architect else 0)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)


def test_architect_gets_one_more_pp_for_a_stone_building() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Architektin; "Holzgebäude" — Maurer (Bauseite): pay the
    # stone building's cost, "Erhalte die in der rechten oberen Ecke angegebenen PP"
    s = fresh(2, chars={BLUE: [Char.ARCHITECT]})
    put(s, 15, "stonemason", RED)  # built by Red: its construction side
    supply_only(s, "stone_farm")
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, food=1, stone=1)
    activation(s)
    s.apply("build stone farm")
    assert s.prestige(BLUE) == 3 + 1
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.owner_at(16) == BLUE and s.tile_at(16) == tile("stone_farm")


def test_architect_gets_one_more_pp_for_a_monument() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Architektin; "Spielerhilfe — Verwaltung": "Die Architektin
    # erhält + 1 PP, wenn sie ein Monument errichtet."
    s = fresh(2, chars={RED: [Char.ARCHITECT]})
    residence(s, 6, RED)
    residence(s, 7, BLUE)
    give(s, RED, wood=1, gold=1)
    give(s, BLUE, wood=1, gold=1)
    s._supply[tile("garden")] = 1
    s._supply[tile("factory")] = 1
    administration(s)
    assert pending(s) == (D_MONUMENT, RED, 6)
    s.apply("build garden")
    assert s.prestige(RED) == 4 + 1
    assert done(s)  # Blue cannot pay the Factory, the only monument left for its wood and gold
    assert s.prestige(BLUE) == 0


# ---- Der Fuhrmann (Deliveryman) -------------------------------------------------------------------------


def test_deliveryman_delivers_without_a_site_worker_after_everyone() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Fuhrmann: "Du darfst Bündel auf der Baustelle abliefern, ohne
    # dort einen Arbeiter einsetzen zu müssen, aber du lieferst als Letzter."
    s = fresh(3, chars={GREEN: [Char.DELIVERYMAN]})
    site_worker(s, BLUE)
    site_worker(s, RED)
    give(s, BLUE, food=2, wood=2, stone=2)
    give(s, RED, food=1, wood=1, cloth=1)
    give(s, GREEN, food=1, stone=1, cloth=1)
    delivery(s)
    assert pending(s) == (D_DELIVER, BLUE, 0)
    s.apply("bundle food+wood+stone")
    s.apply("decline")
    assert pending(s) == (D_DELIVER, RED, 0)
    s.apply("decline")
    assert pending(s) == (D_DELIVER, GREEN, 1)
    s.apply("bundle food+stone+cloth")
    assert s.prestige(GREEN) == 5 and s.bundles_delivered(GREEN) == 1
    assert s.resources(GREEN) == (0, 0, 0, 0, 0)
    # 1 bundle each for Blue and Green: Blue's lot comes first
    assert pending(s) == (D_FAVOUR, BLUE)
    check(s)


def test_deliveryman_without_a_worker_delivering_most_gets_the_favour() -> None:
    # rules: Caylus 1303, phase 3: "erhält der Spieler, der in dieser Runde die meisten Bündel geliefert hat,
    # sofort eine Gunst"; "Der Fuhrmann"
    s = fresh(2, chars={RED: [Char.DELIVERYMAN], BLUE: [Char.THIEF]})
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1)
    give(s, RED, food=2, wood=2, cloth=2)
    delivery(s)
    s.apply("bundle food+wood+stone")  # then no bundle left: Blue stops by itself
    assert pending(s) == (D_DELIVER, RED, 1)
    s.apply("bundle food+wood+cloth")
    s.apply("bundle food+wood+cloth")
    assert pending(s) == (D_FAVOUR, RED)
    assert s.bundles_delivered(RED) == 2 and s.prestige(RED) == 10


def test_deliveryman_with_a_worker_delivers_in_turn_and_again_at_the_end() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Fuhrmann: "Wenn du bereits 1 Arbeiter auf der Baustelle hast,
    # darfst du eine bestimmte Anzahl Bündel liefern und dann später noch welche mit dem Fuhrmann hinzufügen
    # ... Die Gesamtzahl an Bündeln und die Positionierung deines Arbeiters werden bei der Bestimmung, wer die
    # Gunst erhält, berücksichtigt."
    s = fresh(2, chars={RED: [Char.DELIVERYMAN], BLUE: [Char.THIEF]})
    site_worker(s, RED)  # lot 1
    site_worker(s, BLUE)  # lot 2
    give(s, RED, food=2, wood=2, stone=2)
    give(s, BLUE, food=2, wood=2, cloth=2)
    delivery(s)
    assert pending(s) == (D_DELIVER, RED, 0)
    s.apply("bundle food+wood+stone")
    s.apply("decline")
    assert pending(s) == (D_DELIVER, BLUE, 0)
    s.apply("bundle food+wood+cloth")
    s.apply("bundle food+wood+cloth")
    assert pending(s) == (D_DELIVER, RED, 1)
    s.apply("bundle food+wood+stone")
    assert s.bundles_delivered(RED) == 2 and s.prestige(RED) == 10
    # 2 - 2: Red's worker stands on the earlier lot
    assert pending(s) == (D_FAVOUR, RED)
    assert s.site == []  # the site workers went to the camp
    check(s)


def test_worker_less_deliveryman_ranks_after_every_lot_in_a_tie() -> None:
    # rules: Caylus 1303, phase 3: "Im Falle eines Gleichstands erhält derjenige von euch die Gunst, dessen
    # Arbeiter weiter vorne steht." A Deliveryman without a worker stands nowhere: after every lot
    # (reference 8.3, docs/rules-notes.md D9)
    s = fresh(3, chars={BLUE: [Char.DELIVERYMAN]})
    site_worker(s, RED)
    site_worker(s, GREEN)
    give(s, BLUE, food=1, wood=1, stone=1)
    give(s, RED)
    give(s, GREEN, food=1, wood=1, stone=1)
    delivery(s)
    assert pending(s) == (D_DELIVER, GREEN, 0)  # Red has nothing to deliver: it stops by itself
    s.apply("bundle food+wood+stone")
    s.apply("bundle food+wood+stone")
    assert pending(s) == (D_FAVOUR, GREEN)


def test_nobody_delivering_means_no_favour() -> None:
    # rules: Caylus 1303, phase 3 (the favour goes to the most bundles; none delivered, nobody has "die
    # meisten") — reference 8.3
    s = fresh(2, chars={RED: [Char.DELIVERYMAN]})
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("decline")
    s.apply("decline")
    assert done(s) and s.site == []


# ---- Der Kämmerer (Chamberlain) -------------------------------------------------------------------------


def test_chamberlain_delivers_any_three_resources() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Kämmerer: "Du darfst Bündel ohne jegliche
    # Ressourcenbeschränkung auf der Baustelle abliefern (z.B. 3 ..., 2 und 1 ...)"; Spielerhilfe: "(Nahrung
    # muss nicht darunter sein)"
    s = fresh(2, chars={BLUE: [Char.CHAMBERLAIN]})
    site_worker(s, BLUE)
    give(s, BLUE, wood=3, stone=2, gold=1)
    delivery(s)
    assert set(labels(s)) == {
        "decline",
        "bundle wood+wood+wood",
        "bundle wood+wood+stone",
        "bundle wood+wood+gold",
        "bundle wood+stone+stone",
        "bundle wood+stone+gold",
        "bundle stone+stone+gold",
    }
    s.apply("bundle wood+wood+wood")
    assert s.prestige(BLUE) == 5 and s.resources(BLUE) == (0, 0, 2, 0, 1)
    s.apply("bundle stone+stone+gold")
    assert s.prestige(BLUE) == 10 and s.bundles_delivered(BLUE) == 2


def test_chamberlain_may_still_deliver_a_standard_bundle() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Kämmerer ("ohne jegliche Ressourcenbeschränkung")
    s = fresh(2, chars={BLUE: [Char.CHAMBERLAIN]})
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, cloth=1)
    delivery(s)
    assert "bundle food+wood+cloth" in labels(s)


def test_without_the_chamberlain_a_bundle_is_three_different_resources_with_food() -> None:
    # rules: Caylus 1303, phase 3: "Ein Bündel muss aus ... 3 verschiedenen Ressourcen bestehen, von denen
    # eine Nahrung sein muss"; gold counts as a resource (Die Goldschmiedin)
    s = fresh(2, chars={RED: [Char.CHAMBERLAIN]})
    site_worker(s, BLUE)
    give(s, BLUE, food=2, wood=2, stone=1, gold=1)
    delivery(s)
    assert set(labels(s)) == {
        "decline",
        "bundle food+wood+stone",
        "bundle food+wood+gold",
        "bundle food+stone+gold",
    }
    assert "Chamberlain" in refused(s, A.LABELS.index("bundle food+food+wood"))
    assert "Chamberlain" in refused(s, A.LABELS.index("bundle wood+stone+gold"))


# ---- Der Vorarbeiter (Foreman) and Die Goldschmiedin (Goldsmith) -----------------------------------------


def test_foreman_gets_one_more_pp_per_bundle() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Vorarbeiter: "Erhalte 1 zusätzlichen PP pro Bündel"
    s = fresh(2, chars={BLUE: [Char.FOREMAN]})
    site_worker(s, BLUE)
    site_worker(s, RED)
    give(s, BLUE, food=2, wood=2, stone=2)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert s.prestige(BLUE) == 6
    s.apply("bundle food+wood+stone")
    assert s.prestige(BLUE) == 12
    s.apply("bundle food+wood+stone")  # Red: the usual 5
    assert s.prestige(RED) == 5


def test_goldsmith_gets_five_more_pp_once_per_round_for_a_bundle_with_gold() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Goldschmiedin: "Einmal pro Runde, wenn du ein Bündel ...
    # ablieferst, das mindestens 1 Gold enthält, erhältst du zusätzliche 5 PP für dieses Bündel."
    s = fresh(2, chars={BLUE: [Char.GOLDSMITH]})
    site_worker(s, BLUE)
    give(s, BLUE, food=3, wood=3, stone=1, gold=2)
    delivery(s)
    s.apply("bundle food+wood+stone")  # no gold: no bonus, and the bonus is not spent
    assert s.prestige(BLUE) == 5 and not s.goldsmith_used
    s.apply("bundle food+wood+gold")
    assert s.prestige(BLUE) == 15 and s.goldsmith_used
    s.apply("bundle food+wood+gold")
    assert s.prestige(BLUE) == 20  # once per round


def test_goldsmith_and_foreman_bonuses_add_up() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Vorarbeiter / Die Goldschmiedin, Hinweis: "Die Boni von
    # Vorarbeiter und Goldschmiedin werden zusammengezählt."
    s = fresh(2, chars={BLUE: [Char.GOLDSMITH, Char.FOREMAN]})
    site_worker(s, BLUE)
    give(s, BLUE, food=2, wood=2, gold=2)
    delivery(s)
    s.apply("bundle food+wood+gold")
    assert s.prestige(BLUE) == 5 + 1 + 5
    s.apply("bundle food+wood+gold")
    assert s.prestige(BLUE) == 11 + 6


def test_goldsmith_bonus_is_available_again_next_round() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Goldschmiedin: "Einmal pro Runde"
    s = fresh(2, chars={BLUE: [Char.GOLDSMITH]})
    s._goldsmith_used = 1
    administration(s, end_round=True)
    assert s.round == 2 and not s.goldsmith_used


def test_other_players_gold_bundles_get_no_goldsmith_bonus() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Goldschmiedin (only its holder)
    s = fresh(2, chars={BLUE: [Char.GOLDSMITH]})
    site_worker(s, RED)
    give(s, RED, food=1, wood=1, gold=1)
    delivery(s)
    s.apply("bundle food+wood+gold")
    assert s.prestige(RED) == 5 and not s.goldsmith_used


# ---- Der Tagelöhner (Day Laborer) -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "base"), [(2, 3), (3, 3), (4, 3), (5, 2)])
def test_day_laborer_recruits_one_more_worker(players: int, base: int) -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Tagelöhner: "Nimm 1 zusätzlichen Arbeiter bei der Anwerbung";
    # phase 4 3): 3 workers (2 with five players)
    s = fresh(players, chars={RED: [Char.DAY_LABORER]})
    for seat in range(players):
        set_workers(s, seat, 0)
    administration(s)
    assert done(s)
    assert s.workers(RED) == base + 1
    assert all(s.workers(seat) == base for seat in range(players) if seat != RED)
    check(s)


# ---- holding several characters, and characters in the view ----------------------------------------------


def test_characters_are_public_in_every_view() -> None:
    # rules: Caylus 1303, "Spielaufbau": "wählt ihr jeder ein Charakterplättchen, das ihr offen vor euch
    # ablegt. Die übrigen 3 Charaktere legt ihr auf den Spielplan"
    s = fresh(2, chars={BLUE: [Char.THIEF, Char.FOREMAN], RED: [Char.STEWARD]}, board=[Char.BAILIFF])
    planning(s)
    for seat in (None, BLUE, RED):
        v = s.view(seat)
        assert v["characters"] == {"thief": 0, "steward": 1, "foreman": 0, "bailiff": "board"}
        assert v["players"][BLUE]["characters"] == ["thief", "foreman"]
    assert s.characters_of(BLUE) == [Char.THIEF, Char.FOREMAN]
    assert s.character_holder(Char.STEWARD) == RED and s.character_holder(Char.BAILIFF) is None
    assert s.board_characters == [Char.BAILIFF]


def test_no_effect_when_the_character_is_on_the_board() -> None:
    # rules: Caylus 1303, "Spielaufbau": the 3 characters on the board belong to nobody until taken (Gunst)
    s = fresh(2, board=[Char.FOREMAN, Char.DAY_LABORER, Char.NIGHT_WORKER])
    slot(s, 0, "start_quarry")
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert s.prestige(BLUE) == 5  # no Foreman bonus
    # the most-bundles favour: no other player holds a character, so it uses slot 1 by itself (1 stone),
    # then Blue may take a board character
    assert pending(s) == (D_BOARD_CHAR, BLUE)
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)
    s.apply("day laborer")
    assert s.characters_of(BLUE) == [Char.DAY_LABORER]
    set_workers(s, BLUE, 0)
    set_workers(s, RED, 0)
    administration(s)
    assert s.workers(BLUE) == 4 and s.workers(RED) == 3


def test_journeyman_and_the_other_worker_beyond_the_provost_both_go_unused() -> None:
    # rules: Caylus 1303, phase 2 h): "Diese Gebäude werden nicht aktiviert: Arbeiter, die hier stehen, kehren
    # ins Camp zurück." — both workers, and the owner gets no bonus resource
    s = fresh(3, chars={RED: [Char.JOURNEYMAN]})
    put(s, 15, "stone_quarry", GREEN)
    worker(s, 15, BLUE)
    worker(s, 15, RED)
    for seat in (BLUE, RED, GREEN):
        give(s, seat)
    camps = [s.camp(seat) for seat in (BLUE, RED)]
    activation(s)
    assert done(s) and s.workers_at(15) == []
    assert [s.camp(seat) for seat in (BLUE, RED)] == [camps[0] + 1, camps[1] + 1]
    assert all(s.resources(seat) == (0, 0, 0, 0, 0) for seat in (BLUE, RED, GREEN))
    check(s)
