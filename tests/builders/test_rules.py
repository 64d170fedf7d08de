"""The rules of The Builders: Middle Ages, paragraph by paragraph of the Polish rulebook
(the Polish rulebook, the primary authority; English summary in
the compiled reference, section 4). Each test cites the paragraph it checks.

Engine decisions where the rulebook is silent (docs/rules-notes.md) are tested as they are: a send is two
decisions; extra actions are bought with "buy action"; the turn ends by itself at 0 actions and fewer than
5 coins; "end turn" is otherwise always legal; an empty deck leaves its row slot empty; "tiebreak" and
"round_limit" options; seats play clockwise = increasing seat numbers.

Paragraph names used in the citations, with the rulebook's headings (OCR text, diacritics dropped here):
setup = "Przygotowanie"; the turn = the unheaded paragraph "Rozgrywka toczy sie przez szereg rund...";
start construction = "Rozpoczecie budowy"; hire = "Najecie Robotnika"; send a worker = "Wyslanie Robotnika
do pracy" with its table "Koszt akcji Robotnika"; take coins = "Wziecie Monet"; completion = "Ukonczenie
Budynku"; machines = "Maszyny"; end of the game = the closing paragraphs "Jesli ktorys z graczy, na koniec
swojej tury, posiada 17 punktow...".
"""

from __future__ import annotations

import pytest

from masterbuilder import IllegalAction
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.data import APPRENTICES, BUILDINGS, WAGE, WORKERS, WorkerKind
from masterbuilder.games.builders.state import EMPTY, BuildersState
from tests.builders.helpers import (
    building,
    check,
    empty_building_deck,
    empty_worker_deck,
    fresh,
    give_completed,
    give_site,
    give_workers,
    send,
    set_coins,
    set_turn,
    worker,
)

AP = WorkerKind.APPRENTICE
LA = WorkerKind.LABORER
CR = WorkerKind.CRAFTSMAN
MA = WorkerKind.MASTER

CATHEDRAL = building("Cathedral")  # S5 W4 K4 T4: never completed by accident
CHAPEL = building("Chapel")
WOODEN_SHACK = building("Wooden Shack")  # W1 K1, 8 coins, 0 points
BOWER = building("Bower")  # S1 T1, 8 coins, 0 points
AQUEDUCT = building("Aqueduct")  # S5 W2 K5 T0
SMALL_CRANE = building("Small Crane")  # machine: needs W1 T1, 1 point, then produces S2
LARGE_TILE_OVEN = building("Large Tile Oven")  # machine: needs S2 W1, 2 points, then produces T3

SEEDS = range(40)


def ready(players: int = 2, seed: int = 0, *, seat: int = 0, first: int = 0) -> BuildersState:
    """A fresh game where it is ``seat``'s turn (3 actions) and ``first`` is the first player."""
    state = fresh(players, seed)
    set_turn(state, seat, first=first)
    return state


def unchanged_after_refusal(state: BuildersState, action: int | str) -> str:
    """Apply an illegal action: it must raise IllegalAction and leave the state as it was. The reason."""
    before = state.to_json()
    reason = state.illegal_reason(action) if isinstance(action, int) else None
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    if reason is not None:
        assert info.value.reason == reason
    return info.value.reason


# ---- setup ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_five_face_up_buildings_from_the_shuffled_42_card_deck(players: int) -> None:
    # rules: Builders, setup ("Przygotowanie"): shuffle the building cards, deck construction side up,
    # lay the five top cards in a row beside it
    decks = set()
    seen_in_row: set[int] = set()
    for seed in SEEDS:
        s = fresh(players, seed)
        assert len(s._brow) == 5 and EMPTY not in s._brow
        assert len(s._bdeck) == 42 - 5
        assert sorted(s._bdeck + s._brow) == list(range(42))  # the 34 buildings and the 8 machines
        assert all(s.sites(p) == [] and s.completed(p) == [] for p in range(players))
        decks.add(tuple(s._bdeck))
        seen_in_row.update(s._brow)
    assert len(decks) == len(SEEDS)  # shuffled differently for every seed
    assert seen_in_row & {b.id for b in BUILDINGS if b.is_machine}  # machines are shuffled in too


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_is_dealt_exactly_one_apprentice(players: int) -> None:
    # rules: Builders, setup ("Przygotowanie"): take out the Apprentices ("Uczniowie"), deal one at random
    # to each player, shuffle the ones not dealt into the worker deck
    for seed in SEEDS:
        s = fresh(players, seed)
        dealt = [s.free_workers(p) for p in range(players)]
        assert all(len(d) == 1 and d[0] in APPRENTICES for d in dealt)
        dealt_ids = {d[0] for d in dealt}
        assert len(dealt_ids) == players
        undealt = set(APPRENTICES) - dealt_ids
        assert undealt <= set(s._wdeck) | set(s._wrow)
        assert sorted(s._wdeck + s._wrow + sorted(dealt_ids)) == list(range(42))


def test_setup_apprentices_are_dealt_at_random_and_the_rest_shuffled_in() -> None:
    # rules: Builders, setup ("Przygotowanie"): "Losowo rozdajcie" / "wtasujcie do stosu"
    dealt_to_seat_0 = {fresh(2, seed).free_workers(0)[0] for seed in SEEDS}
    assert dealt_to_seat_0 == set(APPRENTICES)
    positions: set[int] = set()
    apprentice_face_up = False
    for seed in SEEDS:
        s = fresh(2, seed)
        order = s._wdeck + s._wrow
        positions.update(i for i, w in enumerate(order) if w in APPRENTICES)
        apprentice_face_up |= bool(set(s._wrow) & set(APPRENTICES))
    assert len(positions) > 20  # spread through the deck, not put on top or at the bottom
    assert apprentice_face_up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_five_face_up_workers_and_ten_coins_each(players: int) -> None:
    # rules: Builders, setup ("Przygotowanie"): reveal five worker cards in a row; each player gets
    # 10 coins (1 gold + 5 silver)
    s = fresh(players, 3)
    assert len(s._wrow) == 5 and EMPTY not in s._wrow
    assert len(s._wdeck) == 42 - players - 5
    assert [s.coins(p) for p in range(players)] == [10] * players
    assert [s.building_points(p) for p in range(players)] == [0] * players
    assert s.scores() == [1] * players  # 10 coins are worth 1 point
    assert s.actions_left == 3 and s.round == 1 and not s.final_round


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_first_player_is_random_and_varies_with_the_seed(players: int) -> None:
    # rules: Builders, setup ("Przygotowanie"): "Losowo wybierzcie Pierwszego gracza"
    firsts = set()
    for seed in SEEDS:
        s = fresh(players, seed)
        assert s.current_player == s.first_player
        firsts.add(s.first_player)
    assert firsts == set(range(players))


def test_building_deck_top_is_visible_worker_deck_top_only_with_the_option() -> None:
    # rules: Builders, setup ("Przygotowanie"): the building deck lies construction side up ("strong, w
    # budowie ku gorze"), so its top card can be seen; the worker cards are revealed ("Odkryjcie") only in
    # the row, so the worker deck's top is hidden unless the "open_worker_deck" option is set
    s = fresh(3, 5)
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        assert v["building_deck_top"] == s._bdeck[-1]
        assert v["building_deck_size"] == len(s._bdeck)
        assert v["worker_deck_top"] is None
        assert v["worker_deck_size"] == len(s._wdeck)
    s = fresh(3, 5, {"open_worker_deck": True})
    assert s.view(None)["worker_deck_top"] == s._wdeck[-1]


# ---- turns and actions ------------------------------------------------------------------------------------


def test_a_turn_has_three_actions() -> None:
    # rules: Builders, the turn ("W swojej turze gracz wykonuje 3 akcje")
    s = ready(2, seat=0)
    for _ in range(3):
        s.apply("take 1 coin")
    assert s.coins(0) == 13 and s.actions_left == 0 and s.current_player == 0
    assert s.legal_action_ids() == [A.END_TURN, A.BUY_ACTION]  # 13 coins: an extra action may be bought
    assert "you have 0" in unchanged_after_refusal(s, A.TAKE_COINS)
    s.apply(A.END_TURN)
    assert s.current_player == 1 and s.actions_left == 3


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 0), (4, 2)])
def test_rounds_go_clockwise_from_the_first_player(players: int, first: int) -> None:
    # rules: Builders, the turn ("poczawszy od Pierwszego gracza i dalej w kierunku zgodnym z ruchem
    # wskazowek zegara"); clockwise is increasing seat numbers
    s = ready(players, seat=first, first=first)
    order = []
    for _ in range(2 * players):
        seat = s.current_player
        assert seat is not None
        order.append(seat)
        s.apply(A.END_TURN)
    assert order == [(first + i) % players for i in range(2 * players)]
    assert s.round == 3


def test_the_turn_ends_by_itself_with_no_action_and_under_five_coins() -> None:
    # engine decision (rules silent): nothing is left to decide, so the turn passes
    s = ready(2, seat=0)
    set_coins(s, 0, 0)
    s.apply("take 1 coin")
    s.apply("take 1 coin")
    assert s.current_player == 0
    s.apply("take 1 coin")
    assert s.coins(0) == 3
    assert s.current_player == 1 and s.actions_left == 3


def test_end_turn_is_legal_with_actions_left_and_they_are_lost() -> None:
    # engine decision (rules silent on unused actions): "end turn" is always legal without a pending send
    s = ready(2, seat=0)
    assert A.END_TURN in s.legal_action_ids()
    s.apply("end turn")
    assert s.current_player == 1 and s.actions_left == 3
    s.apply("end turn")
    assert s.current_player == 0 and s.actions_left == 3  # not 6: unused actions are not carried over


def test_an_action_may_be_repeated_in_a_turn() -> None:
    # rules: Builders, start construction / hire ("Gracz moze powtorzyc to dzialanie ... o ile posiada akcje")
    s = ready(2, seat=0)
    s.apply(A.START + s._brow[0])
    s.apply(A.START + s._brow[0])
    s.apply(A.HIRE + s._wrow[0])
    assert len(s.sites(0)) == 2 and len(s.free_workers(0)) == 2


# ---- extra actions ----------------------------------------------------------------------------------------


def test_an_extra_action_costs_five_coins() -> None:
    # rules: Builders, the turn ("Kazda dodatkowa akcja kosztuje 5 Monet")
    s = ready(2, seat=0)
    s.apply("buy action")
    assert s.coins(0) == 5 and s.actions_left == 4
    s.apply("buy action")
    assert s.coins(0) == 0 and s.actions_left == 5
    reason = unchanged_after_refusal(s, A.BUY_ACTION)
    assert "5 coins" in reason and "0" in reason
    assert A.BUY_ACTION not in s.legal_action_ids()


def test_any_number_of_extra_actions_at_any_time_of_the_turn() -> None:
    # rules: Builders, the turn ("doplacic, aby wykonac dowolna liczbe dodatkowych akcji"); engine decision:
    # buying is allowed at any time of the turn, also before the 3 actions are used and after they are
    s = ready(2, seat=0)
    set_coins(s, 0, 50)
    for _ in range(10):
        s.apply(A.BUY_ACTION)
    assert s.actions_left == 13 and s.coins(0) == 0
    s = ready(2, seat=0)
    for _ in range(3):
        s.apply(A.TAKE_COINS)  # 13 coins, 0 actions: the turn waits
    s.apply(A.BUY_ACTION)
    assert s.actions_left == 1 and s.coins(0) == 8
    s.apply(A.TAKE_COINS)  # 9 coins left: still enough to buy another action, so the turn goes on
    assert s.current_player == 0 and s.actions_left == 0


def test_no_extra_action_while_a_send_is_pending() -> None:
    # engine decision: "buy action" is legal only when no send is pending
    s = ready(2, seat=0)
    give_site(s, 0, CATHEDRAL)
    s.apply(A.SEND + s.free_workers(0)[0])
    assert A.BUY_ACTION not in s.legal_action_ids()
    assert s.illegal_reason(A.BUY_ACTION) is not None
    unchanged_after_refusal(s, A.BUY_ACTION)


# ---- start construction -----------------------------------------------------------------------------------


def test_start_construction_costs_one_action_and_refills_the_row_at_once() -> None:
    # rules: Builders, start construction ("Rozpoczecie budowy kosztuje 1 akcje ... Natychmiast uzupelnia
    # rzad nowa karta ze stosu Budynkow")
    s = ready(2, seat=0)
    b = s._brow[2]
    top = s._bdeck[-1]
    deck_size = len(s._bdeck)
    s.apply(A.START + b)
    assert s.sites(0) == [b]
    assert s._brow[2] == top and b not in s._brow
    assert len(s._bdeck) == deck_size - 1
    assert s.actions_left == 2 and s.coins(0) == 10  # taking a building costs no coins
    check(s)


def test_a_machine_is_started_like_any_building() -> None:
    # rules: Builders, machines ("Maszyne buduje sie tak samo jak zwykly Budynek")
    s = ready(2, 0, seat=0)
    machines = [b for b in s._brow if BUILDINGS[b].is_machine]
    assert machines  # seed 0 has a machine face up
    s.apply(A.START + machines[0])
    assert s.sites(0) == [machines[0]]


def test_any_number_of_buildings_under_construction() -> None:
    # rules: Builders, start construction ("Gracz moze posiadac dowolna liczbe Budynkow w budowie")
    s = ready(2, seat=0)
    set_coins(s, 0, 20)
    for _ in range(4):
        s.apply(A.BUY_ACTION)
    for _ in range(7):
        s.apply(A.START + s._brow[0])
    assert len(s.sites(0)) == 7
    check(s)


def test_only_a_face_up_building_can_be_started() -> None:
    # rules: Builders, start construction ("wybiera jedna z pieciu wylozonych kart Budynkow")
    s = ready(2, seat=0)
    hidden = s._bdeck[0]
    assert A.START + hidden not in s.legal_action_ids()
    assert "face-up row" in unchanged_after_refusal(s, A.START + hidden)
    top = s._bdeck[-1]  # visible, but still in the deck
    unchanged_after_refusal(s, A.START + top)


def test_starting_needs_an_action() -> None:
    # rules: Builders, start construction costs 1 action
    s = ready(2, seat=0)
    set_turn(s, 0, actions=0)
    assert not any(A.START <= a < A.HIRE for a in s.legal_action_ids())
    assert "no actions" in unchanged_after_refusal(s, A.START + s._brow[0])


# ---- hire a worker ----------------------------------------------------------------------------------------


def test_hire_costs_one_action_no_coins_and_refills_the_row_at_once() -> None:
    # rules: Builders, hire ("Najecie Robotnika kosztuje 1 akcje ... Natychmiast uzupelnia rzad nowa karta
    # ze stosu Robotnikow. Gracz moze posiadac dowolna liczbe Robotnikow")
    s = ready(2, seat=0)
    w = s._wrow[4]
    top = s._wdeck[-1]
    s.apply(A.HIRE + w)
    assert w in s.free_workers(0) and s._wrow[4] == top
    assert s.coins(0) == 10 and s.actions_left == 2
    s.apply(A.HIRE + s._wrow[0])
    s.apply(A.HIRE + s._wrow[0])
    assert len(s.free_workers(0)) == 4
    check(s)


def test_only_a_face_up_worker_can_be_hired() -> None:
    # rules: Builders, hire ("bierze jedna z pieciu wylozonych kart Robotnikow")
    s = ready(2, seat=0)
    assert "face-up row" in unchanged_after_refusal(s, A.HIRE + s._wdeck[-1])
    own = s.free_workers(1)[0]
    unchanged_after_refusal(s, A.HIRE + own)


# ---- send a worker ----------------------------------------------------------------------------------------


def test_send_is_two_decisions_and_pays_the_wage_to_the_bank() -> None:
    # rules: Builders, send a worker ("musi uiscic do banku oplate w Monetach wskazana w prawym gornym rogu
    # karty Robotnika"); engine decision: "send <worker>" then "to <building>"
    s = ready(2, seat=0)
    master = worker(MA, (3, 2, 0, 0))
    give_workers(s, 0, master)
    give_site(s, 0, CATHEDRAL)
    s.apply(f"send {WORKERS[master].code}")
    assert s.pending_worker == master and s.coins(0) == 10 and s.actions_left == 3
    assert s.legal_action_ids() == [A.TO + CATHEDRAL]
    assert s.illegal_reason(A.END_TURN) is not None
    s.apply("to Cathedral")
    assert s.pending_worker is None
    assert s.coins(0) == 10 - 5 and s.actions_left == 2
    assert s.crew(CATHEDRAL) == (master,) and master not in s.free_workers(0)
    assert s.have(CATHEDRAL) == (3, 2, 0, 0)
    check(s)


def test_send_only_to_your_own_buildings_under_construction() -> None:
    # rules: Builders, send a worker ("obok jednego ze swoich Budynkow w budowie")
    s = ready(2, seat=0)
    give_site(s, 0, CATHEDRAL)
    give_site(s, 1, CHAPEL)
    s.apply(A.SEND + s.free_workers(0)[0])
    assert s.legal_action_ids() == [A.TO + CATHEDRAL]
    assert "not one of your buildings" in unchanged_after_refusal(s, A.TO + CHAPEL)
    unchanged_after_refusal(s, A.TO + s._brow[0])  # face up, not started
    unchanged_after_refusal(s, A.HIRE + s._wrow[0])  # the building must be chosen first


def test_send_needs_a_building_under_construction() -> None:
    # rules: Builders, send a worker (to one of the player's buildings under construction)
    s = ready(2, seat=0)
    w = s.free_workers(0)[0]
    assert A.SEND + w not in s.legal_action_ids()
    assert "no building under construction" in unchanged_after_refusal(s, A.SEND + w)
    unchanged_after_refusal(s, A.TO + s._brow[0])  # no worker chosen


def test_an_unaffordable_wage_is_refused_with_a_clear_reason() -> None:
    # rules: Builders, send a worker (the wage is paid when the worker is placed)
    s = ready(2, seat=0)
    master = worker(MA, (0, 0, 2, 3))
    give_workers(s, 0, master)
    give_site(s, 0, CATHEDRAL)
    set_coins(s, 0, 4)
    assert A.SEND + master not in s.legal_action_ids()
    reason = unchanged_after_refusal(s, A.SEND + master)
    assert reason == f"{WORKERS[master].code}'s wage is 5 coins; you have 4."
    set_coins(s, 0, 5)
    assert A.SEND + master in s.legal_action_ids()


def test_a_worker_cannot_be_moved_until_the_building_is_completed() -> None:
    # rules: Builders, send a worker ("Robotnik nie moze zostac odsuniety od pracy, ani przesuniety do
    # pracy gdzie indziej, dopoki Budynek nie zostanie ukonczony")
    s = ready(2, seat=0)
    laborer = worker(LA, (2, 1, 0, 0))
    give_site(s, 0, CATHEDRAL, crew=[laborer])
    give_site(s, 0, CHAPEL)
    assert "not one of your free workers" in unchanged_after_refusal(s, A.SEND + laborer)
    other = s.free_workers(1)[0]
    unchanged_after_refusal(s, A.SEND + other)  # another player's worker


def test_a_worker_that_adds_nothing_may_still_be_sent() -> None:
    # engine decision (not forbidden by the rulebook)
    s = ready(2, seat=0)
    give_site(s, 0, AQUEDUCT, crew=[worker(CR, (2, 2, 0, 0))])  # wood already covered; no tile needed
    useless = worker(AP, (0, 1, 0, 1))
    give_workers(s, 0, useless)
    before = s.view(0)["players"][0]["sites"][0]["missing"]
    send(s, useless, AQUEDUCT)
    assert s.coins(0) == 8 and useless in s.crew(AQUEDUCT)
    assert s.view(0)["players"][0]["sites"][0]["missing"] == before


def test_machines_work_for_no_wage() -> None:
    # rules: Builders, machines ("dziala ona jak Robotnik niewymagajacy zaplaty za prace (koszt wyslania
    # Maszyny do pracy wynosi 0)")
    s = ready(2, seat=0)
    give_completed(s, 0, SMALL_CRANE)
    crane = BUILDINGS[SMALL_CRANE].machine_worker
    assert crane is not None and WAGE[crane] == 0
    give_site(s, 0, CATHEDRAL)
    set_coins(s, 0, 0)
    assert A.SEND + crane in s.legal_action_ids()
    s.apply(A.SEND + crane)
    s.apply(A.TO + CATHEDRAL)
    assert s.coins(0) == 0 and s.have(CATHEDRAL) == (2, 0, 0, 0) and s.actions_left == 2


# ---- the action cost of sending workers -------------------------------------------------------------------


def test_send_cost_is_1_then_2_more_then_3_more_on_the_same_building_in_a_turn() -> None:
    # rules: Builders, send a worker, "Koszt akcji Robotnika": one worker 1 action; a second to the same
    # building 2 more (3 in all); a third 3 more (6 in all); and so on
    s = ready(2, seat=0)
    crew = [
        worker(AP, (1, 1, 0, 0)),
        worker(LA, (2, 1, 0, 0)),
        worker(CR, (2, 2, 0, 0)),
        worker(MA, (3, 2, 0, 0)),
    ]
    give_workers(s, 0, *crew)
    give_site(s, 0, CATHEDRAL)
    set_coins(s, 0, 100)
    set_turn(s, 0, actions=10)
    spent = []
    for n, w in enumerate(crew, start=1):
        assert s.send_cost(CATHEDRAL) == n
        before = s.actions_left
        send(s, w, CATHEDRAL)
        spent.append(before - s.actions_left)
        assert s.sent_this_turn(CATHEDRAL) == n
    assert spent == [1, 2, 3, 4]
    assert s.actions_left == 0


def test_send_cost_with_bought_actions() -> None:
    # rules: Builders, "Koszt akcji Robotnika" and extra actions at 5 coins: a third worker on one building
    # in one turn needs 6 actions
    s = ready(2, seat=0)
    a, b, c = worker(AP, (1, 1, 0, 0)), worker(AP, (1, 0, 1, 0)), worker(AP, (1, 0, 0, 1))
    give_workers(s, 0, a, b, c)
    give_site(s, 0, CATHEDRAL)
    set_coins(s, 0, 15 + 6)
    for _ in range(3):
        s.apply(A.BUY_ACTION)
    assert s.actions_left == 6
    for w in (a, b, c):
        send(s, w, CATHEDRAL)
    assert s.crew(CATHEDRAL) == (a, b, c) and s.coins(0) == 0
    assert s.current_player == 1  # all 6 actions used, no coins: the turn ended by itself


def test_another_building_costs_one_action() -> None:
    # rules: Builders, "Koszt akcji Robotnika": "Jesli gracz wysle kolejnego Robotnika do innego Budynku,
    # koszt wynosi tylko jedna akcje"
    s = ready(2, seat=0)
    a, b, c = worker(AP, (1, 1, 0, 0)), worker(AP, (1, 0, 1, 0)), worker(AP, (1, 0, 0, 1))
    give_workers(s, 0, a, b, c)
    give_site(s, 0, CATHEDRAL)
    give_site(s, 0, AQUEDUCT)
    give_site(s, 0, CHAPEL)
    send(s, a, CATHEDRAL)
    send(s, b, AQUEDUCT)
    assert s.actions_left == 1
    s.apply(A.SEND + c)
    assert s.legal_action_ids() == [A.TO + CHAPEL]  # the other two would cost 2 actions
    reason = unchanged_after_refusal(s, A.TO + CATHEDRAL)
    assert "2 actions" in reason and "1 left" in reason
    s.apply(A.TO + CHAPEL)
    assert s.crew(CHAPEL) == (c,) and s.current_player == 1  # 0 actions, 4 coins: the turn is over


def test_send_is_refused_when_every_building_costs_too_much() -> None:
    # rules: Builders, "Koszt akcji Robotnika" (the second worker on a building costs 2 actions)
    s = ready(2, seat=0)
    a, b = worker(AP, (1, 1, 0, 0)), worker(AP, (1, 0, 1, 0))
    give_workers(s, 0, a, b)
    give_site(s, 0, CATHEDRAL)
    set_turn(s, 0, actions=2)
    send(s, a, CATHEDRAL)
    assert s.actions_left == 1 and s.coins(0) == 8
    assert A.SEND + b not in s.legal_action_ids()
    assert "too few actions" in unchanged_after_refusal(s, A.SEND + b)
    s.apply(A.BUY_ACTION)
    assert A.SEND + b in s.legal_action_ids()
    send(s, b, CATHEDRAL)  # 2 actions; 1 coin left: the turn ends by itself
    assert s.crew(CATHEDRAL) == (a, b) and s.coins(0) == 1 and s.current_player == 1


def test_workers_already_on_the_building_from_earlier_turns_do_not_count() -> None:
    # rules: Builders, "Koszt akcji Robotnika": "bez wzgledu na liczbe Robotnikow, ktorzy juz pracuja przy
    # tym samym Budynku"
    s = ready(2, seat=0)
    give_site(s, 0, CATHEDRAL, crew=[worker(MA, (3, 2, 0, 0)), worker(MA, (0, 0, 3, 2))])
    assert s.send_cost(CATHEDRAL) == 1
    send(s, s.free_workers(0)[0], CATHEDRAL)
    assert s.actions_left == 2 and len(s.crew(CATHEDRAL)) == 3


def test_send_cost_resets_at_the_next_turn() -> None:
    # rules: Builders, "Koszt akcji Robotnika" counts the workers sent "w swojej turze"
    s = ready(2, seat=0)
    a, b, c = worker(AP, (1, 1, 0, 0)), worker(AP, (1, 0, 1, 0)), worker(AP, (1, 0, 0, 1))
    give_workers(s, 0, a, b, c)
    give_site(s, 0, CATHEDRAL)
    send(s, a, CATHEDRAL)
    send(s, b, CATHEDRAL)  # 1 + 2 = 3 actions
    assert s.actions_left == 0 and s.sent_this_turn(CATHEDRAL) == 2
    s.apply(A.END_TURN)
    s.apply(A.END_TURN)
    assert s.current_player == 0 and s.send_cost(CATHEDRAL) == 1 and s.sent_this_turn(CATHEDRAL) == 0
    send(s, c, CATHEDRAL)
    assert s.actions_left == 2


def test_machines_follow_the_same_send_cost() -> None:
    # rules: Builders, "Koszt akcji Robotnika" and "Maszyny" (a built machine acts as a worker: the
    # rulebook does not exempt it from the action cost; reference 4d, an inference)
    s = ready(2, seat=0)
    give_completed(s, 0, SMALL_CRANE)
    crane = BUILDINGS[SMALL_CRANE].machine_worker
    assert crane is not None
    give_site(s, 0, CATHEDRAL)
    send(s, s.free_workers(0)[0], CATHEDRAL)
    send(s, crane, CATHEDRAL)
    assert s.actions_left == 0


# ---- take coins -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "actions", "coins"), [("take 1 coin", 1, 1), ("take 3 coins", 2, 3), ("take 6 coins", 3, 6)]
)
def test_take_coins_1_3_6_for_1_2_3_actions(label: str, actions: int, coins: int) -> None:
    # rules: Builders, take coins ("za jedna akcje ... 1 Monete, za dwie akcje ... 3 Monety, za trzy akcje
    # ... 6 Monet")
    s = ready(2, seat=0)
    s.apply(label)
    assert s.coins(0) == 10 + coins
    assert s.current_player == 0 and s.actions_left == 3 - actions


def test_no_take_coins_above_three_actions() -> None:
    # rules: Builders, take coins (the table stops at 3 actions; no "and so on")
    s = ready(2, seat=0)
    set_turn(s, 0, actions=6)
    takes = [a for a in s.legal_action_ids() if A.TAKE_COINS <= a < A.START]
    assert takes == [2, 3, 4]
    assert {s.action_label(a) for a in takes} == {"take 1 coin", "take 3 coins", "take 6 coins"}
    s.apply("take 6 coins")
    s.apply("take 6 coins")
    assert s.coins(0) == 22  # twice 3 actions, not 6 actions for more


def test_take_coins_needs_the_actions() -> None:
    # rules: Builders, take coins (2 and 3 actions)
    s = ready(2, seat=0)
    set_turn(s, 0, actions=2)
    assert A.TAKE_COINS + 2 not in s.legal_action_ids()
    assert unchanged_after_refusal(s, A.TAKE_COINS + 2) == "Taking 6 coins needs 3 actions; you have 2."


# ---- completing a building --------------------------------------------------------------------------------


def test_a_building_is_completed_when_the_crew_covers_every_requirement() -> None:
    # rules: Builders, completion ("Ukonczenie Budynku nie jest akcja. Gdy ... suma Materialow ... jest
    # rowna lub wieksza od kosztu jego wznoszenia, to Budynek zostaje ukonczony")
    s = ready(2, seat=0)
    wk = worker(AP, (0, 1, 1, 0))
    give_workers(s, 0, wk)
    give_site(s, 0, WOODEN_SHACK)
    send(s, wk, WOODEN_SHACK)
    assert s.completed(0) == [WOODEN_SHACK] and s.sites(0) == []
    assert s.coins(0) == 10 - 2 + 8 and s.building_points(0) == 0
    assert s.actions_left == 2  # completing is not an action
    assert wk in s.free_workers(0) and s.crew(WOODEN_SHACK) == ()
    check(s)


def test_a_building_short_of_one_resource_is_not_completed() -> None:
    # rules: Builders, completion (every requirement must be covered)
    s = ready(2, seat=0)
    give_site(s, 0, CHAPEL, crew=[worker(CR, (2, 1, 1, 0)), worker(AP, (1, 1, 0, 0))])  # S3 W2 K1 T0
    wk = worker(LA, (1, 0, 0, 2))  # no knowledge: K stays short by 1
    give_workers(s, 0, wk)
    send(s, wk, CHAPEL)
    assert s.sites(0) == [CHAPEL] and s.completed(0) == []
    assert s.view(0)["players"][0]["sites"][0]["missing"] == [0, 0, 1, 1]
    assert s.coins(0) == 10 - 3


def test_surplus_is_wasted() -> None:
    # rules: Builders, completion ("rowna lub wieksza": more than needed also completes; nothing is kept)
    s = ready(2, seat=0)
    master = worker(MA, (3, 0, 0, 2))
    give_workers(s, 0, master)
    give_site(s, 0, BOWER)
    send(s, master, BOWER)
    assert s.completed(0) == [BOWER]
    assert s.coins(0) == 10 - 5 + 8  # no refund for the surplus S2 T1
    assert s.have(BOWER) == (0, 0, 0, 0)
    assert master in s.free_workers(0)


def test_freed_workers_can_be_sent_again_in_the_same_turn_for_their_wage() -> None:
    # rules: Builders, completion ("Robotnicy pracujacy przy ukonczonym Budynku powracaja do puli gracza");
    # engine decision: nothing stops sending them again at once, paying the wage again
    s = ready(2, seat=0)
    wk = worker(AP, (0, 1, 1, 0))
    give_workers(s, 0, wk)
    give_site(s, 0, WOODEN_SHACK)
    give_site(s, 0, CATHEDRAL)
    send(s, wk, WOODEN_SHACK)
    assert s.coins(0) == 16
    send(s, wk, CATHEDRAL)
    assert s.coins(0) == 14 and s.crew(CATHEDRAL) == (wk,) and s.actions_left == 1


def test_rulebook_example_the_chapel() -> None:
    # rules: Builders, completion, the worked example: the Chapel ("Kaplica") needs 3 stone, 2 wood,
    # 2 knowledge and 3 tiles; a Craftsman ("Rzemieslnik") sent for 4 coins supplies the missing 1
    # knowledge and 3 tiles; the player takes 18 coins and the Chapel is worth 5 points; the workers go
    # back to the pool
    s = ready(2, seat=0)
    crew = [worker(CR, (2, 1, 1, 0)), worker(AP, (1, 1, 0, 0))]  # S3 W2 K1 T0 from earlier turns
    give_site(s, 0, CHAPEL, crew=crew)
    craftsman = worker(CR, (0, 0, 1, 3))
    give_workers(s, 0, craftsman)
    set_coins(s, 0, 4)
    assert BUILDINGS[CHAPEL].requires == (3, 2, 2, 3)
    assert s.view(0)["players"][0]["sites"][0]["missing"] == [0, 0, 1, 3]
    send(s, craftsman, CHAPEL)
    assert s.coins(0) == 4 - 4 + 18
    assert s.building_points(0) == 5 and s.completed(0) == [CHAPEL]
    assert set(crew) | {craftsman} <= set(s.free_workers(0))
    assert s.scores()[0] == 5 + 1


# ---- machines ---------------------------------------------------------------------------------------------


def test_a_completed_machine_gives_points_no_coins_and_joins_the_free_workers() -> None:
    # rules: Builders, machines ("Maszyne buduje sie tak samo jak zwykly Budynek i tak samo po ukonczeniu
    # budowy przynosi ona punkty zwyciestwa ... gracz odwraca jej karte i kladzie w puli obok swoich wolnych
    # Robotnikow")
    s = ready(2, seat=0)
    wk = worker(LA, (2, 1, 0, 0))
    give_workers(s, 0, wk)
    give_site(s, 0, LARGE_TILE_OVEN)
    send(s, wk, LARGE_TILE_OVEN)
    oven = BUILDINGS[LARGE_TILE_OVEN].machine_worker
    assert oven == 42 + 7
    assert s.completed(0) == [LARGE_TILE_OVEN] and s.building_points(0) == 2
    assert s.coins(0) == 10 - 3  # no coins for a machine
    assert oven in s.free_workers(0) and wk in s.free_workers(0)
    assert WORKERS[oven].produces == (0, 0, 0, 3) and WORKERS[oven].wage == 0
    give_site(s, 0, CATHEDRAL)
    send(s, oven, CATHEDRAL)
    assert s.have(CATHEDRAL) == (0, 0, 0, 3) and s.coins(0) == 7
    check(s)


# ---- end of the game --------------------------------------------------------------------------------------


def near_trigger(state: BuildersState, seat: int) -> int:
    """Give ``seat`` 15 building points and a Townhouse (2 points) missing only one tile; return the free
    Apprentice (S1 T1) that completes it."""
    give_completed(state, seat, CATHEDRAL)  # 8
    give_completed(state, seat, building("Castle"))  # 7
    give_site(state, seat, building("Townhouse"), crew=[worker(CR, (2, 0, 2, 0))])  # S2 K2 of S2 K2 T1
    finisher = worker(AP, (1, 0, 0, 1))
    give_workers(state, seat, finisher)
    assert state.building_points(seat) == 15
    return finisher


def test_reaching_17_points_triggers_the_end_only_at_the_end_of_the_turn() -> None:
    # rules: Builders, end of the game ("Jesli ktorys z graczy, na koniec swojej tury, posiada 17 punktow
    # zwyciestwa (liczac tylko Budynki i Maszyny ...)")
    s = ready(2, seat=0, first=0)
    send(s, near_trigger(s, 0), building("Townhouse"))
    assert s.building_points(0) == 17
    assert not s.final_round and s.current_player == 0 and s.actions_left == 2  # the turn goes on
    s.apply("take 1 coin")
    s.apply(A.END_TURN)
    assert s.final_round and not s.is_terminal and s.current_player == 1


def test_coins_do_not_count_for_the_end_trigger() -> None:
    # rules: Builders, end of the game ("z wylaczeniem Monet")
    s = ready(2, seat=0, first=0)
    near_trigger(s, 0)
    give_completed(s, 0, building("Treehouse"))  # 16 building points
    set_coins(s, 0, 200)
    assert s.scores()[0] == 16 + 20
    s.apply(A.END_TURN)
    assert not s.final_round
    s.apply(A.END_TURN)
    assert not s.is_terminal and s.current_player == 0


@pytest.mark.parametrize(
    ("players", "first", "trigger", "still_to_play"),
    [
        (4, 0, 0, [1, 2, 3]),  # the first player: everyone else plays a last turn
        (4, 0, 1, [2, 3]),  # a middle seat: only the rest of the round
        (4, 0, 2, [3]),
        (4, 0, 3, []),  # the last player: the game ends at once
        (3, 2, 0, [1]),  # the round 2, 0, 1 wraps around the table
        (3, 2, 1, []),  # the player on the first player's right is last
        (2, 1, 1, [0]),
        (2, 1, 0, []),
    ],
)
def test_the_final_round_is_finished_so_everyone_has_as_many_turns(
    players: int, first: int, trigger: int, still_to_play: list[int]
) -> None:
    # rules: Builders, end of the game ("Gracze, ktorzy w biezacej rundzie nie rozegrali jeszcze swojej
    # tury, rozgrywaja swoja ostatnia ture ... jako ostatni rozgrywa swoja ture gracz siedzacy na prawo od
    # Pierwszego gracza"; "Jesli to Pierwszy gracz ... wszyscy pozostali gracze rozgrywaja swoje ostatnie
    # tury. Lecz gdy bedzie to ostatni gracz ... cala rozgrywka dobiega konca")
    s = ready(players, seat=trigger, first=first)
    send(s, near_trigger(s, trigger), building("Townhouse"))
    s.apply(A.END_TURN)
    assert s.final_round
    played = []
    while s.current_player is not None:
        played.append(s.current_player)
        s.apply(A.END_TURN)
        assert len(played) <= players
    assert played == still_to_play
    assert s.is_terminal and s.legal_action_ids() == []


def finished(tiebreak: str, seat0: list[str], coins0: int, seat1: list[str], coins1: int) -> BuildersState:
    """A 2-player game that ends when seat 1 (the last player, at 17 points or more) ends its turn."""
    s = fresh(2, 0, {"tiebreak": tiebreak})
    set_turn(s, 1, first=0)
    for name in seat0:
        give_completed(s, 0, building(name))
    for name in seat1:
        give_completed(s, 1, building(name))
    set_coins(s, 0, coins0)
    set_coins(s, 1, coins1)
    s.apply(A.END_TURN)
    assert s.is_terminal
    return s


def test_final_score_is_building_points_plus_one_per_ten_coins() -> None:
    # rules: Builders, end of the game ("Kazdy gracz podlicza ... punkty ... za ukonczone Budynki i Maszyny.
    # Dodatkowo, otrzymuje 1 punkt za kazde 10 Monet")
    s = ready(3, seat=2, first=0)
    give_completed(s, 0, CHAPEL)
    give_completed(s, 0, SMALL_CRANE)  # a machine's points count too
    set_coins(s, 0, 29)
    set_coins(s, 1, 30)
    set_coins(s, 2, 9)
    assert s.scores() == [5 + 1 + 2, 3, 0]
    s = finished(
        "shared", ["Cathedral", "Castle", "Large Crane"], 39, ["Church", "Chapel", "Abbey", "Windmill"], 9
    )
    assert s.scores() == [17 + 3, 18 + 0] and s.winners() == [0]


def test_the_most_points_wins() -> None:
    # rules: Builders, end of the game ("Gracz z najwieksza liczba punktow ... zostaje zwyciezca")
    s = finished("shared", ["Cathedral", "Castle"], 49, ["Church", "Chapel", "Abbey", "Windmill"], 0)
    assert s.scores() == [19, 18] and s.winners() == [0]


@pytest.mark.parametrize("tiebreak", ["shared", "building_points"])
def test_tie_break_options(tiebreak: str) -> None:
    # rules: Builders, end of the game (the rulebook gives no tie-break): option "tiebreak": "shared" (all
    # tied players win, the default) or "building_points" (most building and machine points among them)
    s = finished(
        tiebreak, ["Cathedral", "Castle", "Aqueduct"], 5, ["Church", "Chapel", "Abbey", "Cloister"], 10
    )
    assert s.scores() == [21, 21]
    assert s.winners() == ([0, 1] if tiebreak == "shared" else [0])


def test_building_points_tie_break_can_still_tie() -> None:
    # option "tiebreak": "building_points" with equal building points: the tied players share the win
    s = finished(
        "building_points",
        ["Cathedral", "Castle", "Aqueduct"],
        0,
        ["Church", "Chapel", "Abbey", "Cloister", "Treehouse"],
        0,
    )
    assert s.scores() == [21, 21] and s.winners() == [0, 1]


def test_the_default_tie_break_is_shared() -> None:
    # rules: Builders, end of the game (no tie-break in the rulebook: tied players share the win by default)
    assert fresh().options["tiebreak"] == "shared"


def test_round_limit_ends_the_game_after_that_many_full_rounds() -> None:
    # option "round_limit": the game ends after that many full rounds even if nobody reached 17 points
    s = fresh(3, 1, {"round_limit": 2})
    first = s.first_player
    played = []
    while s.current_player is not None:
        played.append(s.current_player)
        s.apply(A.END_TURN)
    assert played == [(first + i) % 3 for i in range(6)]
    assert s.winners() == [0, 1, 2]  # 10 coins each: 1 point each


def test_the_default_round_limit_is_100_and_0_means_none() -> None:
    # option "round_limit" (not a rule): default 100 full rounds; 0 = no limit
    s = fresh(2, 4)
    for _ in range(199):
        s.apply(A.END_TURN)
    assert not s.is_terminal
    s.apply(A.END_TURN)
    assert s.is_terminal and s.round == 100  # the last round played
    s = fresh(2, 4, {"round_limit": 0})
    for _ in range(500):
        s.apply(A.END_TURN)
    assert not s.is_terminal


# ---- decks running out ------------------------------------------------------------------------------------


def test_an_empty_building_deck_leaves_the_row_slot_empty() -> None:
    # engine decision (the rulebook does not cover it): the slot stays empty
    s = ready(2, seat=0)
    empty_building_deck(s)
    set_turn(s, 0)
    assert s.view(0)["building_deck_top"] is None and s.view(0)["building_deck_size"] == 0
    b = s._brow[1]
    s.apply(A.START + b)
    assert s._brow[1] == EMPTY and len(s.building_row()) == 4
    assert len(s.view(0)["building_row"]) == 4
    assert sorted(a - A.START for a in s.legal_action_ids() if A.START <= a < A.HIRE) == sorted(
        s.building_row()
    )
    unchanged_after_refusal(s, A.START + b)
    check(s)


def test_an_empty_worker_deck_leaves_the_row_slot_empty() -> None:
    # engine decision (the rulebook does not cover it): the slot stays empty
    s = ready(2, seat=0)
    empty_worker_deck(s)
    set_turn(s, 0)
    for _ in range(3):
        s.apply(A.HIRE + s.worker_row()[0])
    assert s._wrow.count(EMPTY) == 3 and len(s.view(None)["worker_row"]) == 2
    check(s)
