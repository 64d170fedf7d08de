"""Every worked example ("Przykład") of the Polish Caylus rulebook,
played with the rulebook's own numbers. Colours are seats: Blue 0, Red 1, Green 2, Orange 3.

Where the example and the rule text disagree (the lawyer's residence: the example says 1 PP, the rule text,
the English rules and the tile say 2 PP; the church: the Polish text says 2 deniers -> 4 PP, the tile and the
English rules 3 PP) the test follows the rule text / compiled reference (section 10) and
says so.
"""

from __future__ import annotations

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import Section, Special
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_ROW
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    activate,
    check,
    fresh,
    labels,
    put_castle,
    put_inn_right,
    put_special,
    put_tile,
    put_worker,
    run_phases,
    set_cubes,
    set_houses,
    start_placement,
    stopped,
    tile,
)

# ---- phase 2: the running example of placing workers ----------------------------------------------------


def _placement_story() -> CaylusState:
    """Turn order Red, Green, Orange, Blue. Earlier this turn Blue put a worker in the castle and one on
    stable spot 1; now it is Blue's decision. Green owns a mason (space 9), Red a farm (space 10)."""
    s = fresh(4, order=[RED, GREEN, ORANGE, BLUE])
    put_tile(s, 9, "mason", GREEN)
    put_tile(s, 10, "w_farm_food", RED)
    put_castle(s, BLUE)
    put_special(s, BLUE, Special.STABLES)
    for seat, deniers in ((BLUE, 3), (RED, 12), (GREEN, 6), (ORANGE, 6)):
        s._deniers[seat] = deniers
    start_placement(s, BLUE)
    assert s.current_player == BLUE and s.phase == 2
    return s


def test_example_blue_passes_first_and_takes_one_denier_then_others_pay_two() -> None:
    # rules: Caylus, phase 2 a) (passing), example "W tej turze Niebieski postanawia spasować": Blue moves
    # its marker to the first passing space, nobody passed before, so Blue takes 1 denier; from now on Green,
    # Orange and Red pay 2 deniers to place a worker on a building that is not theirs
    s = _placement_story()
    assert s.placement_cost(RED, False) == 1
    s.apply("pass")
    assert s.passing_order == [BLUE]
    assert s.deniers(BLUE) == 4
    assert all(s.placement_cost(seat, False) == 2 for seat in (GREEN, ORANGE, RED))
    assert s.placement_cost(RED, True) == 1  # own building: still 1


def test_example_green_places_on_the_fixed_peddler_for_two_deniers() -> None:
    # rules: Caylus, phase 2 b), example (cd) "Zielony decyduje się umieścić swojego robotnika u handlarza
    # (budynek stały)... musi zapłacić za tą akcję 2 denary"
    s = _placement_story()
    s.apply("pass")  # Blue
    s.apply("stables")  # Red takes stable spot 2 (for 2 deniers)
    assert s.current_player == GREEN
    s.apply("road 7")
    assert s.worker_at(7) == GREEN and s.tile_at(7) == tile("f_peddler")
    assert s.deniers(GREEN) == 6 - 2
    assert s.workers_at_home(GREEN) == 5
    check(s)


def test_example_red_on_greens_mason_pays_three_and_green_gains_one_pp() -> None:
    # rules: Caylus, phase 2 c) (another player's building), examples (cd) "W tej turze Pomarańczowy pasuje"
    # and "Czerwony umieszcza swojego robotnika na murarzu Zielonego. Kosztuje go to 3 denary (ponieważ
    # spasowało już 2 graczy). Co więcej – Zielony otrzymuje punkt prestiżu."
    s = _placement_story()
    s.apply("pass")  # Blue
    s.apply("stables")  # Red
    s.apply("road 7")  # Green
    s.apply("pass")  # Orange: not the first to pass, no denier
    assert s.deniers(ORANGE) == 6
    assert s.passing_order == [BLUE, ORANGE]
    assert s.current_player == RED
    red, green_pp = s.deniers(RED), s.prestige(GREEN)
    s.apply("road 9")
    assert s.deniers(RED) == red - 3
    assert s.prestige(GREEN) == green_pp + 1
    assert s.prestige(RED) == 0


def test_example_red_on_its_own_farm_pays_one_denier() -> None:
    # rules: Caylus, phase 2 d) (own building), example (cd) "Zielony pasuje. Czerwony umieszcza robotnika na
    # swojej farmie, co kosztuje go 1 denara." (no PP for using your own building)
    s = _placement_story()
    for label in ("pass", "stables", "road 7", "pass", "road 9", "pass"):
        s.apply(label)
    assert s.passing_order == [BLUE, ORANGE, GREEN]
    assert s.current_player == RED
    red = s.deniers(RED)
    s.apply("road 10")
    assert s.deniers(RED) == red - 1
    assert s.prestige(RED) == 0


def test_example_red_enters_the_castle_behind_blue_paying_four() -> None:
    # rules: Caylus, phase 2 e) (the castle), example (cd) "Czerwony umieszcza robotnika w zamku, zajmując
    # pierwsze możliwe miejsce (za pionkiem Niebieskiego). Jako że Niebieski, Pomarańczowy i Zielony już
    # spasowali, to musi on zapłacić 4 denary"
    s = _placement_story()
    for label in ("pass", "stables", "road 7", "pass", "road 9", "pass", "road 10"):
        s.apply(label)
    red = s.deniers(RED)
    s.apply("castle")
    assert s.deniers(RED) == red - 4
    assert s.castle_workers == [BLUE, RED]
    assert red - 4 == 12 - 2 - 3 - 1 - 4
    check(s)


def test_example_stables_blue_on_spot_one_red_on_spot_two() -> None:
    # rules: Caylus, phase 3 e) (the stables), example (cd) "Niebieski umieścił robotnika w stajni na polu 1.
    # Czerwony zajął miejsce 2. ... dotychczas było to: Czerwony/Zielony/Pomarańczowy/Niebieski. Teraz
    # Niebieski jest pierwszy, a Czerwony drugi. Zielony zajmuje trzecią pozycję, a Pomarańczowy jest
    # ostatni."
    s = _placement_story()
    for label in ("pass", "stables", "road 7", "pass", "road 9", "pass", "road 10", "castle", "pass"):
        s.apply(label)
    assert s.phase >= 3
    assert s.special_worker(Special.STABLES) == []
    assert s.turn_order == [BLUE, RED, GREEN, ORANGE]
    # the stable workers are home again; the castle and road workers are still out
    assert s.workers_at_home(BLUE) == 6 - 1
    assert s.workers_at_home(RED) == 6 - 3
    check(s)


def test_example_stables_alone() -> None:
    # rules: Caylus, phase 3 e), the same example set up directly: only the stables are resolved
    s = fresh(4, order=[RED, GREEN, ORANGE, BLUE])
    put_special(s, BLUE, Special.STABLES)
    put_special(s, RED, Special.STABLES)
    run_phases(s, 3, 3)
    assert stopped(s)
    assert s.turn_order == [BLUE, RED, GREEN, ORANGE]
    assert s.workers_at_home(BLUE) == s.workers_at_home(RED) == 6


# ---- phase 3: the inn --------------------------------------------------------------------------------------


def test_example_inn_blue_pays_one_green_takes_its_place() -> None:
    # rules: Caylus, phase 3 f) (the inn), example "Niebieski ma swojego robotnika na prawym kółku w karczmie.
    # Umieszczanie robotników kosztuje go tylko 1 denara. ... Zielony umieszcza swojego na lewym kółku
    # karczmy. Kiedy karczma zostanie aktywowana Niebieski zabiera swojego robotnika, a jego miejsce zajmuje
    # robotnik Zielonego. ... Do tego czasu koszt umieszczania jego robotników spada do 1 denara."
    s = fresh(4, order=[ORANGE, RED, BLUE, GREEN])
    put_inn_right(s, BLUE)
    for seat in range(4):
        s._deniers[seat] = 10
    start_placement(s, ORANGE)
    s.apply("pass")  # Orange
    s.apply("pass")  # Red: two players have passed, the others pay 3
    assert s.placement_cost(GREEN, False) == 3
    assert s.placement_cost(BLUE, False) == 1
    s.apply("road 7")  # Blue on the fixed peddler: 1 denier
    assert s.deniers(BLUE) == 9
    s.apply("inn")  # Green on the left circle, at the normal price
    assert s.deniers(GREEN) == 7
    assert s.inn == (GREEN, BLUE)
    s.apply("pass")  # Blue
    s.apply("pass")  # Green: phase 3 runs, the inn is resolved
    after: tuple[int | None, int | None] = s.inn
    assert after == (None, GREEN)
    assert s.workers_at_home(BLUE) == 6 - 1  # the peddler worker is still out; the inn worker is home
    assert s.placement_cost(GREEN, False) == 1
    assert s.placement_cost(BLUE, False) == len(s.passing_order) + 1  # Blue pays the passing scale again
    check(s)


# ---- phase 4: bribing the provost --------------------------------------------------------------------------


def test_example_provost_bribes_in_passing_order() -> None:
    # rules: Caylus, phase 4, example "Niebieski spasował najpierw, po nim zaś pasowali Pomarańczowy, Czerwony
    # i Zielony. ... Niebieski pasuje. Pomarańczowy przesuwa burmistrza o 2 pola w tył, co kosztuje go 2
    # denary. ... Czerwony płaci 2 denary by przesunąć burmistrza o 2 pola w przód, ale Zielony decyduje się
    # na przesunięcie go o 1 pole w tył. Budynek Zielonego zostanie aktywowany, ale Czerwonego już nie. W ten
    # sposób burmistrz skończył swój ruch o 1 pole w tył od swojej pozycji początkowej."
    s = fresh(4, order=[BLUE, ORANGE, RED, GREEN])
    put_tile(s, 9, "w_sawmill", BLUE)
    put_tile(s, 10, "w_quarry", BLUE)
    put_worker(s, GREEN, 9)
    put_worker(s, RED, 10)
    s._passed = [BLUE, ORANGE, RED, GREEN]
    s._bailiff = s._provost = 10
    for seat in range(4):
        s._deniers[seat] = 5
    run_phases(s, 4, 5)
    assert s.current_player == BLUE
    s.apply("pass")
    assert s.current_player == ORANGE
    s.apply("provost -2")
    assert s.provost == 8 and s.deniers(ORANGE) == 3
    s.apply("provost +2")  # Red
    assert s.provost == 10 and s.deniers(RED) == 3
    s.apply("provost -1")  # Green
    assert s.provost == 9 and s.deniers(GREEN) == 4
    assert s.deniers(BLUE) == 5
    # phase 5: Green's building (space 9) works, Red's (space 10) does not
    assert stopped(s)
    assert s.cubes(GREEN)[1] == 1 + 2  # the sawmill's 2 wood
    assert s.cubes(RED) == (2, 1, 0, 0, 0)  # no stone
    assert s.worker_at(10) is None and s.workers_at_home(RED) == 6
    check(s)


# ---- phase 5: building, the architect, the lawyer ----------------------------------------------------------


def test_example_red_builds_a_wood_farm_with_the_neutral_carpenter() -> None:
    # rules: Caylus, phase 5 a) (construction), example "Czerwony ma swojego robotnika na neutralnym cieśli i
    # chce wybudować drewnianą farmę. Płaci 1 kostkę drewna i 1 kostkę jedzenia i umieszcza farmę na pierwszym
    # wolnym polu. Na żetonie farmy umieszcza swój domek ... Natychmiast otrzymuje 2 punkty prestiżu"
    s = fresh(4)
    carpenter = s._road.index(tile("n_carpenter"))
    put_tile(s, 9, "w_sawmill", BLUE)  # space 9 is built: the first free lot is 10
    set_cubes(s, RED, food=2, wood=1)
    activate(s, {carpenter: RED})
    assert s.current_player == RED and "build w_farm_food" in labels(s)
    s.apply("build w_farm_food")
    assert stopped(s)
    assert s.tile_at(10) == tile("w_farm_food") and s.owner_at(10) == RED
    assert s.cubes(RED) == (1, 0, 0, 0, 0)
    assert s.prestige(RED) == 2
    assert s.supply(tile("w_farm_food")) == 0
    check(s)


def test_example_green_builds_the_statue_with_blues_architect() -> None:
    # rules: Caylus, phase 5 a) (prestige buildings), example "Zielony umieścił swojego robotnika na
    # architekcie (jako że budynek ten należy do Niebieskiego to otrzymuje on 1 punkt prestiżu) i chce
    # wybudować statuę. Zielony płaci 1 kostkę złota i 2 kostki kamienia. Zdejmuje z planszy jeden ze swoich
    # budynków mieszkalnych i kładzie tam statuę. Natychmiast otrzymuje 7 punktów prestiżu i 1 królewską
    # łaskę."
    s = fresh(4, order=[GREEN, BLUE, RED, ORANGE])
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", GREEN)
    put_tile(s, 11, "residence", GREEN)
    set_cubes(s, GREEN, stone=2, gold=1, deniers=5)
    start_placement(s, GREEN)
    s.apply("road 9")
    assert s.prestige(BLUE) == 1 and s.deniers(GREEN) == 4
    for _ in range(4):
        s.apply("pass")  # Blue, Red, Orange, Green
    s.apply("provost +3")  # Blue, the first to pass, brings the provost from 6 to the architect on 9
    while s.phase == 4:
        s.apply("pass")
    assert s.current_player == GREEN and "build statue" in labels(s)
    s.apply("build statue")
    s.apply("space 10")
    assert s.tile_at(10) == tile("statue") and s.owner_at(10) == GREEN
    assert s.prestige(GREEN) == 7 and s.cubes(GREEN) == (0, 0, 0, 0, 0)
    assert s._stack[-1] == (D_ROW, GREEN)  # the statue's royal favour
    check(s)


def test_example_green_builds_the_statue_replacing_one_of_its_residences() -> None:
    # rules: Caylus, phase 5 a) (prestige buildings), the statue example (see above), in phase 5
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", GREEN)
    put_tile(s, 11, "residence", GREEN)
    set_cubes(s, GREEN, stone=2, gold=1, deniers=0)
    activate(s, {9: GREEN})
    s.apply("build statue")
    assert sorted(labels(s)) == ["space 10", "space 11"]  # which residence it replaces
    s.apply("space 11")
    assert s.tile_at(11) == tile("statue") and s.owner_at(11) == GREEN
    assert s.tile_at(10) == tile("residence")
    assert s.cubes(GREEN) == (0, 0, 0, 0, 0)
    assert s.prestige(GREEN) == 7
    assert s._stack[-1][0] == D_ROW and s.current_player == GREEN  # and one royal favour
    s.apply("row deniers")
    assert stopped(s) and s.deniers(GREEN) == 3
    check(s)


def test_example_green_uses_its_own_lawyer_on_the_neutral_quarry() -> None:
    # rules: Caylus, phase 5 b) (the lawyer), example "Zielony umieścił swojego robotnika na polu prawnika
    # (który należy do niego, więc nie otrzymuje punktu prestiżu) ... Płaci 1 kostkę materiału i 1 denara.
    # Zdejmuje z planszy neutralny kamieniołom ... i zamienia go w budynek mieszkalny. Kładzie na tym żetonie
    # swój domek i natychmiast zyskuje 1 punkty prestiżu. W każdej kolejnej turze Zielony będzie otrzymywał
    # dodatkowego denara."
    # The example's "1 PP" contradicts the rule text above it ("natychmiast otrzymuje 2 punkty prestiżu"),
    # the English rules and the residence tile: 2 PP (reference section 10, conflict 2).
    s = fresh(4, order=[GREEN, BLUE, RED, ORANGE])
    put_tile(s, 9, "lawyer", GREEN)
    quarry = s._road.index(tile("n_quarry"))
    set_cubes(s, GREEN, cloth=1, deniers=5)
    start_placement(s, GREEN)
    s.apply("road 9")
    assert s.deniers(GREEN) == 4 and s.prestige(GREEN) == 0  # own building: 1 denier, no PP
    for _ in range(4):
        s.apply("pass")  # Blue, Red, Orange, Green
    s.apply("provost +3")  # Blue (first to pass) moves the provost from 6 to 9 so the lawyer works
    while s.phase == 4:
        s.apply("pass")
    assert s.current_player == GREEN and f"space {quarry}" in labels(s)
    s.apply(f"space {quarry}")
    assert s.tile_at(quarry) == tile("residence") and s.owner_at(quarry) == GREEN
    assert s.cubes(GREEN)[3] == 0
    assert s.prestige(GREEN) == 2
    assert tile("n_quarry") not in s._road  # the neutral quarry left the game
    # the rest of the turn needs no decision; the next turn's income is 2 + 1 for the residence
    assert s.turn == 2 and s.phase == 2
    assert s.deniers(GREEN) == 5 - 1 - 1 + 2 + 1
    check(s)


# ---- phase 6: the castle -----------------------------------------------------------------------------------


def _castle_story(green_batches: int) -> CaylusState:
    """Red on castle space 1, Green on space 2; the dungeon has 4 of its 6 houses."""
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    set_houses(s, Section.DUNGEON, {BLUE: 2, ORANGE: 2})
    put_castle(s, RED)
    put_castle(s, GREEN)
    set_cubes(s, RED, food=1, wood=1, stone=1)
    set_cubes(s, GREEN, food=2, wood=2, stone=1, cloth=1)
    run_phases(s, 6, 6)
    assert s.current_player == RED
    s.apply("batch food+wood+stone")
    assert s.houses(Section.DUNGEON, RED) == 1 and s.prestige(RED) == 5
    assert s.current_player == GREEN
    s.apply("batch food+wood+stone")
    if green_batches == 2:
        s.apply("batch food+wood+cloth")  # Green has no food left: it stops by itself
    else:
        s.apply("pass")
    return s


def test_example_castle_red_gives_one_batch_for_five_pp() -> None:
    # rules: Caylus, phase 6, example "Czerwony, którego pionek znajduje się na miejscu 1, rozpoczyna budowę.
    # Daje jeden komplet surowców (jedzenie +kamień+ drewno) i umieszcza swój domek na wolnym miejscu sekcji
    # Lochów. Otrzymuje on 5 punktów prestiżu. Teraz Zielony może dać swoje komplety surowców."
    s = fresh(4)
    put_castle(s, RED)
    set_cubes(s, RED, food=1, wood=1, stone=1)
    run_phases(s, 6, 6)
    assert labels(s) == ["pass", "batch food+wood+stone"]
    s.apply("batch food+wood+stone")
    assert s.houses(Section.DUNGEON, RED) == 1
    assert s.prestige(RED) == 5 and s.cubes(RED) == (0, 0, 0, 0, 0)


def test_example_castle_green_gives_two_batches_one_overflows_to_the_walls() -> None:
    # rules: Caylus, phase 6, example (cd) "Zielony daje 2 komplety. Umieszcza 2 domki na sekcjach, ale
    # w Lochach zostało wolne tylko 1 miejsce, więc drugi domek wędruje na sekcje Murów. Zielony otrzymuje
    # 9 punktów prestiżu (5 za Lochy i 4 za Mury). W tej turze Zielony postawił największą ilość domków
    # na zamku, więc otrzymuje królewską łaskę."
    s = _castle_story(2)
    assert s.houses(Section.DUNGEON, GREEN) == 1 and s.houses(Section.WALLS, GREEN) == 1
    assert s.section_filled(Section.DUNGEON) == 6
    assert s.prestige(GREEN) == 9
    assert s._stack[-1] == (D_ROW, GREEN)  # the best builder's favour
    s.apply("row prestige")
    assert s.prestige(GREEN) == 10 and s.prestige(RED) == 5
    assert stopped(s) and s.castle_workers == []
    check(s)


def test_example_castle_with_one_batch_each_red_gets_the_favour_on_the_earlier_space() -> None:
    # rules: Caylus, phase 6, example (cd) "Gdyby Zielony dał tylko jeden komplet, to otrzymałby 5 punktów
    # prestiżu, a Czerwony – który ma robotnika na mniejszej cyfrze – otrzymałby królewską łaskę."
    s = _castle_story(1)
    assert s.prestige(GREEN) == 5
    assert s._stack[-1] == (D_ROW, RED)
    s.apply("row prestige")
    assert s.prestige(RED) == 6 and s.prestige(GREEN) == 5
    assert stopped(s)


# ---- phase 7: the bailiff and the scorings -----------------------------------------------------------------


def test_example_bailiff_moves_one_when_the_provost_is_behind() -> None:
    # rules: Caylus, phase 7, example "Burmistrz znajduje się kilka pól za zarządcą, który przez to idzie o 1
    # pole do przodu. Następnie kładzie się burmistrza na polu, na którym znajduje się zarządca. Pole
    # podsumowania Lochów nie zostało jeszcze osiągnięte, więc gracze mogą je podsumować tylko wtedy, gdy
    # zakończyli już budowę Lochów"
    s = fresh(4)
    s._bailiff, s._provost = 10, 7
    run_phases(s, 7, 7)
    assert stopped(s)
    assert s.bailiff == 11 and s.provost == 11
    assert not s.section_scored(Section.DUNGEON)


def test_example_bailiff_moves_one_and_a_completed_dungeon_is_scored() -> None:
    # rules: Caylus, phase 7, the same example: the mark is not reached, but a completed dungeon is scored
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    set_houses(s, Section.DUNGEON, {BLUE: 3, RED: 3})
    s._bailiff, s._provost = 10, 7
    run_phases(s, 7, 7)
    assert s.bailiff == 11
    assert s._stack[-1] == (D_ROW, BLUE)  # the scoring's favours come first, then the section is scored
    s.apply("row prestige")
    s.apply("row prestige")
    assert stopped(s) and s.section_scored(Section.DUNGEON)


def test_example_bailiff_moves_two_when_the_provost_is_ahead_and_reaches_the_dungeon_mark() -> None:
    # rules: Caylus, phase 7, example "Burmistrz znajduje się pole przed zarządcą, który rusza się o 2
    # miejsca. Następnie kładzie się burmistrza na tym samym polu, które zajmuje zarządca. Zarządca osiągnął
    # pole podsumowania Lochów, więc gracze zaczynając podliczać swoje domki"
    s = fresh(4)
    s._bailiff, s._provost = 10, 11
    s._pp = [5, 5, 5, 5]
    run_phases(s, 7, 7)
    assert s.bailiff == 12 and s.provost == 12
    assert s.section_scored(Section.DUNGEON)
    assert s.prestige(BLUE) == 3  # nobody has a house: -2 each
    assert stopped(s)


def test_example_dungeon_already_scored_is_not_scored_again_at_the_mark() -> None:
    # rules: Caylus, phase 7, the same example: "(chyba, że podsumowanie Lochów miało miejsce w poprzednich
    # turach, kiedy gracze skończyli budowę tej sekcji. W takim przypadku przechodzi się po prostu do kolejnej
    # tury)"
    s = fresh(4)
    s._scored[Section.DUNGEON] = True
    s._bailiff, s._provost = 10, 11
    s._pp = [5, 5, 5, 5]
    run_phases(s, 7, 7)
    assert s.bailiff == 12 and stopped(s)
    assert s.scores() == [5, 5, 5, 5]


def test_example_dungeon_scoring_red_blue_orange_green() -> None:
    # rules: Caylus, "Podsumowanie", example "Kolejność w turze to Czerwony, Niebieski, Pomarańczowy i
    # Zielony. ... Czerwony ma 2 i otrzymuje 1 łaskę. Niebieski ma 3, więc także otrzymuje 1 łaskę.
    # Pomarańczowy nie ma żadnego, więc traci 2 punkty prestiżu (nie mogą one spaść poniżej zera). Zielony ma
    # 1 dom, więc nic nie otrzymuje (zielony domek w sekcji Murów nie zostaje doliczony, bo jest w innej
    # sekcji)."
    s = fresh(4, order=[RED, BLUE, ORANGE, GREEN])
    set_houses(s, Section.DUNGEON, {RED: 2, BLUE: 3, GREEN: 1})
    set_houses(s, Section.WALLS, {GREEN: 1})
    s._pp[RED] = s._pp[BLUE] = s._pp[GREEN] = 10
    s._pp[ORANGE] = 1
    s._bailiff, s._provost = 11, 11
    run_phases(s, 7, 7)
    assert s.bailiff == 12
    assert s.prestige(ORANGE) == 0  # 1 - 2, not below 0
    assert s.current_player == RED and s._stack[-1] == (D_ROW, RED)  # favours in turn order
    s.apply("row prestige")
    assert s.prestige(RED) == 11
    assert s.current_player == BLUE
    s.apply("row prestige")
    assert s.prestige(BLUE) == 11
    assert stopped(s)  # Green: nothing
    assert s.prestige(GREEN) == 10
    assert s.section_scored(Section.DUNGEON) and not s.section_scored(Section.WALLS)
    check(s)


def test_example_favour_at_the_dungeon_scoring_cannot_use_the_columns_it_opens() -> None:
    # rules: Caylus, royal favours, example "Podczas podsumowywania Lochów Pomarańczowy otrzymał 1 królewską
    # łaskę. Gracz ten wybrał wiersz 1 (punkty prestiżu), w którym awansował o jedno pole w poprzedniej
    # fazie. Jednakże, jako że Podziemia są dopiero podsumowywane, Pomarańczowy nie może przesunąć znacznika.
    # Zostawia go na swoim miejscu i otrzymuje 2 punkty prestiżu."
    s = fresh(4, order=[ORANGE, BLUE, RED, GREEN])
    set_houses(s, Section.DUNGEON, {ORANGE: 2, BLUE: 1, RED: 1, GREEN: 1})
    s._favour[ORANGE][0] = 2
    s._bailiff, s._provost = 11, 12
    assert s.open_columns == 2
    run_phases(s, 7, 7)
    assert s.current_player == ORANGE
    s.apply("row prestige")
    assert s.favour_columns(ORANGE)[0] == 2
    assert s.prestige(ORANGE) == 2
    assert stopped(s)
    assert s.open_columns == 4  # the dungeon is scored now


def test_example_favour_blue_builds_the_church_and_takes_food_from_column_three() -> None:
    # rules: Caylus, royal favours, example "Gracze budują Wieże. Dostępne są już wszystkie kolumny na tabeli
    # łask. Niebieski właśnie wybudował Kościół i otrzymał za to łaskę. Wybrał trzeci wiersz (kostki
    # surowców). Przesuwa swój znacznik z drugiego pola na trzecie i wybiera, że chce otrzymać kostkę
    # jedzenia"
    s = fresh(4)
    s._scored[Section.DUNGEON] = s._scored[Section.WALLS] = True
    put_tile(s, 9, "mason", RED)
    s._favour[BLUE][2] = 2
    set_cubes(s, BLUE, stone=1, cloth=1)
    activate(s, {9: BLUE})
    s.apply("build church")
    assert s.prestige(BLUE) == 3
    s.apply("row resources")
    assert s.favour_columns(BLUE)[2] == 3
    assert labels(s) == ["column 1", "column 2", "column 3"]
    s.apply("column 1")
    assert s.cubes(BLUE) == (1, 0, 0, 0, 0)
    assert stopped(s)


def test_example_favour_green_jousts_and_builds_a_park_for_one_food() -> None:
    # rules: Caylus, royal favours, example "Gracze budują Mury. W tabeli łask dostępne są już 3 i 4 kolumna.
    # Zielony właśnie otrzymał łaskę za użycie pola turniejowego. Wybrał czwarty wiersz. Przesuwa swój
    # znacznik z 2 pola na 3 i stwierdza, że wybuduje park. Płaci 1 kostkę jedzenia (jako że płaci 1 kostkę
    # mniej) i umieszcza żeton parku na pierwszy dostępnym polu na drodze. Umieszcza na tym żetonie swój domek
    # i otrzymuje 3 punkty prestiżu."
    s = fresh(4)
    s._scored[Section.DUNGEON] = True
    s._favour[GREEN][3] = 2
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, food=1, cloth=1, deniers=1)
    run_phases(s, 3, 3)
    s.apply("yes")  # 1 denier + 1 cloth
    assert s.deniers(GREEN) == 0 and s.cubes(GREEN) == (1, 0, 0, 0, 0)
    s.apply("row buildings")
    assert s.favour_columns(GREEN)[3] == 3
    s.apply("column 3")
    assert A.BUILD + A.BUILD_INDEX[tile("park")] in s.legal_action_ids()
    s.apply("build park")
    assert s.cubes(GREEN) == (0, 0, 0, 0, 0)
    assert s.tile_at(9) == tile("park") and s.owner_at(9) == GREEN
    assert s.prestige(GREEN) == 3
    assert stopped(s)
    check(s)


# ---- "Podpowiedzi" (hints): the order of the special buildings ---------------------------------------------


def test_hint_the_trading_posts_denier_pays_the_joust_field() -> None:
    # rules: Caylus, "Podpowiedzi", order: "by aktywować pole turniejowe potrzebna jest kostka materiału
    # i 1 denar. Gracz może otrzymać denara z faktorii, ponieważ na drodze znajduje się ona przed polem
    # turniejowym."
    s = fresh(4)
    put_special(s, GREEN, Special.TRADING_POST)
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, cloth=1, deniers=0)
    run_phases(s, 3, 3)
    assert s.deniers(GREEN) == 3 and labels(s) == ["pass", "yes"]
    s.apply("yes")
    s.apply("row prestige")
    assert stopped(s) and s.prestige(GREEN) == 1 and s.deniers(GREEN) == 2


def test_hint_a_cloth_from_the_farm_comes_too_late_for_the_joust_field() -> None:
    # rules: Caylus, "Podpowiedzi", order: "gracz musi mieć kostkę materiału już na początku tury, ponieważ
    # przed polem turniejowym nie ma żadnego budynku, który by ją produkował. Jeżeli gracz umieścił swojego
    # robotnika na farmie lub u handlarza, licząc na pozyskanie kostki, wtedy gorzko się rozczaruje."
    s = fresh(4)
    farm = s._road.index(tile("n_farm"))
    put_special(s, GREEN, Special.JOUST)
    put_worker(s, GREEN, farm)
    set_cubes(s, GREEN, deniers=5)
    s._provost = farm
    run_phases(s, 3, 5)
    while s.phase == 4:
        s.apply("pass")
    assert s.favour_columns(GREEN) == (0, 0, 0, 0)  # the joust field came and went: no cloth yet
    s.apply("cloth")
    assert stopped(s) and s.cubes(GREEN) == (0, 0, 0, 1, 0)
