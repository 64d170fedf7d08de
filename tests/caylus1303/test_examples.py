"""Every worked example ("Beispiel") of the German Caylus 1303 rulebook
(the German rulebook; the Polish one has the same examples),
played with the rulebook's own numbers.

Colours are seats as in helpers.py (Blue 0, Red 1, Green 2, Yellow 3, Black 4), except in the 4-player
examples with Blue, Black, Green and Red (no Yellow): there the seats follow the example's clockwise order,
Blue 0, Black 1, Green 2, Red 3 (the names below with a 4 in them). Where the icons of the German text are
lost, the resources come from the Polish text or the compiled component reference and the test
says so.
"""

from __future__ import annotations

from masterbuilder.games.caylus1303.data import TILES, Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_BRIDGE, D_DELIVER, D_EFFECT, D_FAVOUR, D_PLACE
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    activation,
    administration,
    check,
    clear_road,
    decision,
    delivery,
    done,
    fresh,
    give,
    labels,
    planning,
    put,
    residence,
    set_workers,
    site_worker,
    tile,
    worker,
)

# the 4-player examples: seats in the example's clockwise order
BLUE4, BLACK4, GREEN4, RED4 = 0, 1, 2, 3


def name_at(s: Caylus1303State, space: int) -> str:
    t = s.tile_at(space)
    assert t is not None
    return TILES[t].name


# ---- phase 1: the passing example -------------------------------------------------------------------------


def test_example_passing_blue_black_green_red() -> None:
    # rules: Caylus 1303, phase 1 c), Beispiel: "In ihrem Zug hat Blau beschlossen zu passen. ... Da sie als
    # Erste gepasst hat, bekommt sie den Startspielermarker. Von nun an müssen Schwarz, Grün und Rot jeweils 1
    # zusätzlichen Arbeiter abgeben für jeden Arbeiter, den sie einsetzen. Schwarz entschließt sich, ebenfalls
    # zu passen. Grün setzt noch einen Arbeiter ein (und zahlt dann die zusätzlichen Kosten ...). Rot passt
    # auch. Somit ist Grün der letzte noch aktive Spieler. Er setzt noch einen Arbeiter ein (und schickt einen
    # weiteren Arbeiter ins Camp). Dann passt auch er. Die Reihenfolge auf der Gildenbrücke ist nun: Blau,
    # Schwarz, Rot, Grün."
    s = fresh(4, first=BLUE4)
    planning(s)
    assert s.current_player == BLUE4
    assert all(s.placement_cost(seat) == 1 for seat in range(4))
    s.apply("pass")  # Blue
    assert s.passing_order == [BLUE4]
    assert all(s.placement_cost(seat) == 2 for seat in (BLACK4, GREEN4, RED4))
    assert s.current_player == BLACK4
    s.apply("pass")  # Black
    assert s.current_player == GREEN4
    s.apply("place 8")  # Green: 1 worker on the building + 1 extra to the camp
    assert s.workers_at(8) == [GREEN4]
    assert s.workers(GREEN4) == 6 - 2 and s.camp(GREEN4) == 9 + 1
    assert s.current_player == RED4
    s.apply("pass")  # Red
    assert s.current_player == GREEN4  # the last active player
    s.apply("place 9")  # and again 1 extra worker
    assert s.workers(GREEN4) == 6 - 4 and s.camp(GREEN4) == 9 + 2
    assert s.current_player == GREEN4
    s.apply("pass")
    assert done(s)
    assert s.passing_order == [BLUE4, BLACK4, RED4, GREEN4]
    for seat in (BLUE4, BLACK4, RED4):
        assert s.workers(seat) == 6 and s.camp(seat) == 9
    check(s)
    # Blue took the first-player marker: she starts the next round
    administration(s, end_round=True)
    assert s.first_player == BLUE4
    assert decision(s) == (D_PLACE, BLUE4)


# ---- phase 2 e): the Guilds Bridge example ----------------------------------------------------------------


def test_example_guilds_bridge_provost() -> None:
    # rules: Caylus 1303, phase 2 e), Beispiel: "In dieser Runde hatte Blau als Erste gepasst, gefolgt von
    # Schwarz, Rot und Grün. ... Blau beschließt, nichts auszugeben, Schwarz entscheidet sich, 2 Arbeiter ins
    # Camp zurückschicken und bewegt den Vogt 2 Schritte zurück. Das bedeutet, dass die Arbeiter von Rot und
    # Grün nicht mehr aktiviert werden. Deshalb schickt auch Rot 2 Arbeiter ins Camp zurück und bewegt den
    # Vogt 2 Schritte vor. Zum Schluss schickt Grün 1 Arbeiter zurück ins Camp und bewegt den Vogt 1 Schritt
    # zurück. Somit wird sein Arbeiter aktiviert, der von Rot jedoch nicht."
    # Set-up that makes the story hold: the provost after space 13, Green's worker on space 12 (a Farm), Red's
    # on space 13 (a Quarry).
    s = fresh(4)
    put(s, 12, "start_farm_1")
    put(s, 13, "start_quarry")
    clear_road(s, 14)
    worker(s, 12, GREEN4)
    worker(s, 13, RED4)
    for seat in range(4):
        give(s, seat)
    s._passed = [BLUE4, BLACK4, RED4, GREEN4]
    assert s.provost == 13
    activation(s)
    assert decision(s) == (D_BRIDGE, BLUE4)
    s.apply("decline")  # Blue spends nothing
    assert decision(s) == (D_BRIDGE, BLACK4)
    s.apply("provost -2")  # Black: 2 workers, 2 steps back
    assert s.provost == 11  # neither Green's (12) nor Red's (13) worker would be activated
    assert s.workers(BLACK4) == 6 - 2 and s.camp(BLACK4) == 9 + 2
    assert decision(s) == (D_BRIDGE, RED4)
    s.apply("provost +2")  # Red: 2 workers, 2 steps forward
    assert s.provost == 13
    assert decision(s) == (D_BRIDGE, GREEN4)
    s.apply("provost -1")  # Green: 1 worker, 1 step back
    assert s.provost == 12
    assert done(s)
    assert s.resources(GREEN4) == (1, 0, 0, 0, 0)  # Green's worker was activated (the Farm)
    assert s.resources(RED4) == (0, 0, 0, 0, 0)  # Red's was not
    assert s.workers(RED4) == 5 - 2 and s.camp(RED4) == 9 + 2 + 1  # the bridge workers and the unused one
    assert s.workers(GREEN4) == 5 - 1 and s.camp(GREEN4) == 9 + 1 + 1
    assert s.workers(BLUE4) == 6 and s.camp(BLUE4) == 9
    check(s)


# ---- phase 2 c): the Carpenter example --------------------------------------------------------------------


def test_example_carpenter_red_builds_a_quarry() -> None:
    # rules: Caylus 1303, phase 2 c), Beispiel: "Rot hat 1 Arbeiter auf dem Zimmermann und möchte einen
    # Steinbruch bauen. Sie gibt 1 [ ] und 1 [ ] ab und platziert das Gebäudeplättchen auf dem ersten freien
    # Feld auf der Straße. Dann stellt sie 1 ihrer Häuser darüber ... Außerdem erhält sie sofort 2 PP."
    # (the two resources: 1 food + 1 wood, PL "wydaje 1 [jedzenie] i 1 [drewno]"; reference 5.1)
    s = fresh(2)
    clear_road(s, 15)
    worker(s, 3, RED)
    give(s, RED, food=1, wood=1)
    s._supply[tile("wood_quarry")] = 1
    activation(s)
    assert decision(s)[:2] == (D_EFFECT, RED)
    assert "build wood quarry" in labels(s)
    s.apply("build wood quarry")
    assert done(s)
    assert s.resources(RED) == (0, 0, 0, 0, 0)
    assert s.tile_at(15) == tile("wood_quarry")  # the first empty space
    assert s.owner_at(15) == RED
    assert s.houses_left(RED) == 8
    assert s.prestige(RED) == 2
    check(s)


# ---- phase 2 h): workers beyond the provost -------------------------------------------------------------


def test_example_workers_beyond_the_provost() -> None:
    # rules: Caylus 1303, phase 2 h), Beispiel: "Rot erhält 1 [ ], Gelb erhält 2 [ ]. Der rote und der grüne
    # Arbeiter, die jenseits der aktuellen Position des Vogts stehen, können ihre Gebäude nicht aktivieren und
    # kehren ungenutzt ins Camp zurück." (icons lost: here Red's 1 is a start Quarry's stone, Yellow's 2 the
    # 2 wood of a built Sawmill)
    s = fresh(4)
    clear_road(s, 14)
    put(s, 13, "start_quarry")
    put(s, 14, "wood_sawmill", BLUE)
    put(s, 15, "wood_farm", BLUE)
    put(s, 16, "market", BLUE)
    s._provost = 14
    worker(s, 13, RED)
    worker(s, 14, YELLOW)
    worker(s, 15, RED)
    worker(s, 16, GREEN)
    for seat in range(4):
        give(s, seat)
    activation(s)
    assert done(s)
    assert s.resources(RED) == (0, 0, 1, 0, 0)
    assert s.resources(YELLOW) == (0, 2, 0, 0, 0)
    assert s.resources(GREEN) == (0, 0, 0, 0, 0)
    assert s.camp(RED) == 9 + 2 and s.camp(GREEN) == 9 + 1
    assert all(s.workers_at(space) == [] for space in range(1, 29))


# ---- the stone Farm (Bauernhof) owner bonus ---------------------------------------------------------------


def test_example_bauernhof_red_on_blues_stone_farm() -> None:
    # rules: Caylus 1303, "Steingebäude", Beispiel: "Rot stellt 1 Arbeiter auf den Bauernhof. Blau als dessen
    # Besitzerin erhält 1 PP. Wenn das Gebäude aktiviert wird, nimmt Rot 2 [Nahrung] und 1 [Tuch] und Blau
    # bekommt 1 [Nahrung]." (PL: "2 [jedzenie] i 1 [materiał]")
    s = fresh(2, first=RED)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(s, 15, "stone_farm", BLUE)
    s._provost = 15
    give(s, BLUE)
    give(s, RED)
    planning(s)
    s.apply("place 15")  # Red on Blue's Bauernhof
    assert s.prestige(BLUE) == 1
    s.apply("pass")  # Blue
    s.apply("pass")  # Red
    activation(s)
    s.apply("decline")  # the Guilds Bridge: Blue
    s.apply("decline")  # Red
    assert done(s)
    assert s.resources(RED) == (2, 0, 0, 1, 0)
    assert s.resources(BLUE) == (1, 0, 0, 0, 0)
    assert s.prestige(BLUE) == 1 and s.prestige(RED) == 0


def test_example_bauernhof_had_blue_placed_herself() -> None:
    # rules: Caylus 1303, "Steingebäude", Beispiel: "Hätte Blau selbst 1 Arbeiter auf den Bauernhof gestellt,
    # hätte sie nur 2 [Nahrung] und 1 [Tuch] erhalten."
    s = fresh(2, first=BLUE)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(s, 15, "stone_farm", BLUE)
    s._provost = 15
    give(s, BLUE)
    give(s, RED)
    planning(s)
    s.apply("place 15")  # Blue on her own Bauernhof
    assert s.prestige(BLUE) == 0
    s.apply("pass")  # Red
    s.apply("pass")  # Blue
    activation(s)
    s.apply("decline")
    s.apply("decline")
    assert done(s)
    assert s.resources(BLUE) == (2, 0, 0, 1, 0)
    assert s.prestige(BLUE) == 0
    assert s.resources(RED) == (0, 0, 0, 0, 0)


# ---- phase 3: the delivery example ------------------------------------------------------------------------


def _delivery_example(green_bundles: int) -> Caylus1303State:
    s = fresh(3, chars={BLUE: [Char.DAY_LABORER]})  # a character to take: the favour stops at its decision
    site_worker(s, RED)  # lot 1
    site_worker(s, GREEN)  # lot 2
    give(s, BLUE)
    give(s, RED, food=1, wood=1, stone=1)
    give(s, GREEN, food=2, wood=2, stone=1, cloth=1)
    delivery(s)
    assert decision(s) == (D_DELIVER, RED, 0)
    s.apply("bundle food+wood+stone")
    assert s.prestige(RED) == 5
    assert decision(s) == (D_DELIVER, GREEN, 0)
    s.apply("bundle food+wood+stone")
    if green_bundles == 2:
        s.apply("bundle food+wood+cloth")
    else:
        s.apply("decline")
    return s


def test_example_delivery_green_delivers_more_and_gets_the_favour() -> None:
    # rules: Caylus 1303, phase 3, Beispiel: "Rot hat ihren Arbeiter auf Platz 1 stehen und liefert 1 Bündel
    # (dafür erhält sie 5 PP), während Grün 2 Bündel liefert (und dafür 10 PP erhält). In dieser Runde ist
    # Grün der Spieler, der die meisten Bündel geliefert hat, und erhält dafür eine Gunst."
    s = _delivery_example(2)
    assert s.prestige(RED) == 5 and s.prestige(GREEN) == 10
    assert decision(s) == (D_FAVOUR, GREEN)


def test_example_delivery_had_green_delivered_one_red_gets_the_favour() -> None:
    # rules: Caylus 1303, phase 3, Beispiel: "Hätte Grün auch nur 1 Bündel geliefert (und nicht 2), hätte Rot
    # – die zuerst einen Arbeiter auf der Baustelle eingesetzt hatte – die Gunst gewonnen."
    s = _delivery_example(1)
    assert s.prestige(RED) == 5 and s.prestige(GREEN) == 5
    assert decision(s) == (D_FAVOUR, RED)


# ---- phase 4 3): the recruitment example ------------------------------------------------------------------


def test_example_recruitment_four_players() -> None:
    # rules: Caylus 1303, phase 4 3), "Beispiel im 4-Personenspiel: Grün nimmt 3 Arbeiter, Schwarz nimmt 5
    # Arbeiter (2 Residenzen), Rot nimmt 5 Arbeiter (Garten) und Blau nimmt 3 Arbeiter und 1 [Tuch]
    # (Manufaktur)."
    s = fresh(4)
    residence(s, 7, BLACK4)
    residence(s, 11, BLACK4)
    put(s, 9, "garden", RED4)
    put(s, 12, "factory", BLUE4)
    for seat in range(4):
        give(s, seat)
        set_workers(s, seat, 0)
    administration(s)
    assert done(s)
    assert s.workers(GREEN4) == 3
    assert s.workers(BLACK4) == 5
    assert s.workers(RED4) == 5
    assert s.workers(BLUE4) == 3 and s.resources(BLUE4) == (0, 0, 0, 1, 0)
    assert all(s.resources(seat) == (0, 0, 0, 0, 0) for seat in (GREEN4, BLACK4, RED4))


# ---- phase 4 4): the three provost examples ---------------------------------------------------------------


def _end_round(s: Caylus1303State) -> Caylus1303State:
    for seat in range(2):
        give(s, seat)
    s._provost = 9
    s._passed = [BLUE, RED]
    administration(s, end_round=True)
    assert s.round == 2
    return s


def test_example_provost_between_quarry_and_mason() -> None:
    # rules: Caylus 1303, phase 4 4) "Stellt den Vogt vor das letzte Gebäude auf der Straße (ignoriert dabei
    # das zu Spielbeginn auf der Straße platzierte Steingebäude, solange sich davor noch freie Plätze
    # befinden)." Beispiel 1: "Am Ende der Runde stellt ihr den Vogt zwischen den Steinbruch und den Maurer."
    # Road: the setup wood building on 14 is a Quarry, a player built the Mason on 15, 16-18 are empty, the
    # setup stone building on 19 is ignored.
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_quarry")
    put(s, 15, "stonemason", RED)
    put(s, 19, "stone_sawmill")
    assert s.provost_reset_position() == 14
    _end_round(s)
    assert s.provost == 14
    assert (name_at(s, s.provost), name_at(s, s.provost + 1)) == ("Quarry", "Stonemason")


def test_example_provost_between_sawmill_and_gold_mine() -> None:
    # rules: Caylus 1303, phase 4 4), Beispiel 2: "Am Ende der Runde stellt ihr den Vogt zwischen die
    # Sägemühle und die Goldmine." Road: full from 14 to 18 (a Sawmill last), the setup Gold Mine on 19,
    # nothing after it.
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    for space, key in zip(range(15, 19), ["market", "manor", "wood_quarry", "wood_sawmill"], strict=True):
        put(s, space, key, RED)
    put(s, 19, "gold_mine")
    assert s.provost_reset_position() == 18
    _end_round(s)
    assert s.provost == 18
    assert (name_at(s, s.provost), name_at(s, s.provost + 1)) == ("Sawmill", "Gold Mine")


def test_example_provost_between_gold_mine_and_alchemist() -> None:
    # rules: Caylus 1303, phase 4 4), Beispiel 3: "Am Ende der Runde stellt ihr den Vogt zwischen die Goldmine
    # und den Alchimisten." Road: full from 14 to 18, the setup Gold Mine on 19, the Alchemist built after it
    # on 20.
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    for space, key in zip(range(15, 19), ["market", "manor", "wood_quarry", "wood_sawmill"], strict=True):
        put(s, space, key, RED)
    put(s, 19, "gold_mine")
    put(s, 20, "alchemist", BLUE)
    assert s.provost_reset_position() == 19
    _end_round(s)
    assert s.provost == 19
    assert (name_at(s, s.provost), name_at(s, s.provost + 1)) == ("Gold Mine", "Alchemist")


def test_example_provost_the_last_building_is_not_activated_next_round() -> None:
    # rules: Caylus 1303, phase 4 4) — the provost before the last building: a worker on the Alchemist (20) in
    # the next round is beyond the provost unless someone moves it
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    for space, key in zip(range(15, 19), ["market", "manor", "wood_quarry", "wood_sawmill"], strict=True):
        put(s, space, key, RED)
    put(s, 19, "gold_mine")
    put(s, 20, "alchemist", BLUE)
    _end_round(s)
    assert s.provost == 19
    worker(s, 20, BLUE)  # (the next round's planning is skipped: the worker stands on the Alchemist)
    give(s, BLUE, food=2)
    activation(s)
    assert done(s)  # no Alchemist decision
    assert s.resources(BLUE) == (2, 0, 0, 0, 0)
    assert s.workers_at(20) == []
