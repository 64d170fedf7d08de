"""Caylus 1303 phase 3, delivery to the construction site ("Phase 3 – Lieferung", rulebook p. 6): bundles of
3 different resources, one of them food, 5 PP each, in lot order; a favour for the most bundles.

In these tests Blue holds the Day Laborer (a character without effect in this phase), so that a favour for
Red or Green is a real choice ("take the Day Laborer" or "slot 1") and stops at its decision."""

from __future__ import annotations

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_DELIVER, D_FAVOUR
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    check,
    decision,
    delivery,
    done,
    events,
    fresh,
    give,
    labels,
    refused,
    site_worker,
)


def game(*lots: int) -> Caylus1303State:
    """3 players, Blue holds the Day Laborer; workers at the construction site on lots in this order; nobody
    has resources yet."""
    s = fresh(3, chars={BLUE: [Char.DAY_LABORER]})
    for seat in lots:
        site_worker(s, seat)
    for seat in range(3):
        give(s, seat)
    return s


def test_a_bundle_is_three_different_resources_one_of_them_food_for_5_pp() -> None:
    # rules: Caylus 1303, phase 3 "Ein Bündel muss aus mindestens 3 verschiedenen Ressourcen bestehen, von
    # denen eine [Nahrung] sein muss. Ihr erhaltet 5 PP pro Bündel" (Spielerhilfe: "3 unterschiedliche
    # Ressourcen"; exactly 3: reference 9)
    s = game(RED)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    assert decision(s) == (D_DELIVER, RED, 0)
    assert labels(s) == ["decline", "bundle food+wood+stone"]
    s.apply("bundle food+wood+stone")
    assert s.prestige(RED) == 5
    assert s.resources(RED) == (0, 0, 0, 0, 0)
    assert s.bundles_delivered(RED) == 1
    check(s)


def test_every_combination_with_food_may_be_delivered_gold_included() -> None:
    # rules: Caylus 1303, phase 3 — any 3 different resources with food; gold is a resource (the Goldsmith
    # speaks of a bundle with gold)
    s = game(RED)
    give(s, RED, food=6, wood=3, stone=3, cloth=3, gold=3)
    delivery(s)
    assert labels(s) == [
        "decline",
        "bundle food+wood+stone",
        "bundle food+wood+cloth",
        "bundle food+wood+gold",
        "bundle food+stone+cloth",
        "bundle food+stone+gold",
        "bundle food+cloth+gold",
    ]


def test_no_bundle_without_food_or_with_a_repeated_resource() -> None:
    # rules: Caylus 1303, phase 3 "3 verschiedenen Ressourcen ..., von denen eine [Nahrung] sein muss" (any 3
    # only with the Chamberlain)
    s = game(RED)
    give(s, RED, food=3, wood=3, stone=3, cloth=3)
    delivery(s)
    refused(s, A.bundle((0, 1, 1, 1, 0)), "food")
    refused(s, A.bundle((2, 1, 0, 0, 0)), "different")
    refused(s, A.bundle((3, 0, 0, 0, 0)))


def test_a_player_who_cannot_make_a_bundle_is_not_asked() -> None:
    # rules: Caylus 1303, phase 3 — food and two other different resources are needed
    s = game(RED)
    give(s, RED, food=3, wood=5)  # only two kinds
    delivery(s)
    assert done(s)
    assert s.prestige(RED) == 0 and s.resources(RED) == (3, 5, 0, 0, 0)
    s = game(RED)
    give(s, RED, wood=2, stone=2, cloth=2, gold=2)  # no food
    delivery(s)
    assert done(s)


def test_deliver_as_many_bundles_as_you_like() -> None:
    # rules: Caylus 1303, phase 3 "In eurem Zug entscheidet ihr selbst, wie viele Bündel ihr anliefern
    # wollt."
    s = game(RED)
    give(s, RED, food=3, wood=3, stone=2, cloth=1)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert decision(s) == (D_DELIVER, RED, 0)
    s.apply("bundle food+wood+cloth")
    assert decision(s) == (D_DELIVER, RED, 0)
    s.apply("decline")  # keeps 1 food, 1 wood, 1 stone
    assert s.prestige(RED) == 10
    assert s.resources(RED) == (1, 1, 1, 0, 0)
    assert s.bundles_delivered(RED) == 2


def test_delivering_nothing_is_allowed() -> None:
    s = game(RED)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("decline")
    assert done(s)
    assert s.prestige(RED) == 0 and s.resources(RED) == (1, 1, 1, 0, 0)


def test_deliveries_in_lot_order() -> None:
    # rules: Caylus 1303, phase 3 "Ihr macht eure Lieferung in der Reihenfolge, in der eure Arbeiter dort
    # stehen (von links nach rechts)."
    s = game(GREEN, RED)
    for seat in (RED, GREEN):
        give(s, seat, food=1, wood=1, stone=1)
    delivery(s)
    assert decision(s) == (D_DELIVER, GREEN, 0)
    s.apply("decline")
    assert decision(s) == (D_DELIVER, RED, 0)


def test_only_players_with_a_worker_at_the_construction_site_deliver() -> None:
    # rules: Caylus 1303, phase 3 "Diese Phase ist nur relevant für diejenigen von euch, die einen Arbeiter
    # auf der Baustelle eingesetzt haben."
    s = game(RED)
    give(s, GREEN, food=2, wood=2, stone=2)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert s.current_player != GREEN
    assert s.prestige(GREEN) == 0 and s.resources(GREEN) == (2, 2, 2, 0, 0)


def test_nobody_at_the_construction_site_nothing_happens() -> None:
    s = game()
    give(s, RED, food=2, wood=2, stone=2)
    delivery(s)
    assert done(s)
    assert s.prestige(RED) == 0


def test_the_most_bundles_gets_a_favour() -> None:
    # rules: Caylus 1303, phase 3 "Sobald ihr alle eure Bündel geliefert habt, erhält der Spieler, der in
    # dieser Runde die meisten Bündel geliefert hat, sofort eine Gunst"
    s = game(RED, GREEN)
    give(s, RED, food=1, wood=1, stone=1)
    give(s, GREEN, food=2, wood=2, stone=1, cloth=1)
    s.log_events()
    delivery(s)
    s.apply("bundle food+wood+stone")  # Red: 1
    s.apply("bundle food+wood+stone")  # Green
    s.apply("bundle food+wood+cloth")  # Green: 2 (then nothing left: stops by itself)
    assert decision(s) == (D_FAVOUR, GREEN)
    assert [e[1:] for e in events(s, "most_bundles")] == [(GREEN, 2)]
    s.apply("day laborer")
    assert s.character_holder(Char.DAY_LABORER) == GREEN
    assert done(s)


def test_a_tie_goes_to_the_earlier_lot() -> None:
    # rules: Caylus 1303, phase 3 "Im Falle eines Gleichstands erhält derjenige von euch die Gunst, dessen
    # Arbeiter weiter vorne steht."
    s = game(GREEN, RED)
    for seat in (RED, GREEN):
        give(s, seat, food=1, wood=1, stone=1)
    s.log_events()
    delivery(s)
    s.apply("bundle food+wood+stone")  # Green, lot 1
    s.apply("bundle food+wood+stone")  # Red, lot 2
    assert decision(s) == (D_FAVOUR, GREEN)
    assert [e[1:] for e in events(s, "most_bundles")] == [(GREEN, 1)]


def test_the_favour_goes_to_a_later_lot_with_more_bundles() -> None:
    s = game(GREEN, RED)
    give(s, GREEN, food=1, wood=1, stone=1)
    give(s, RED, food=2, wood=2, stone=2)
    delivery(s)
    s.apply("bundle food+wood+stone")  # Green: 1
    s.apply("bundle food+wood+stone")
    s.apply("bundle food+wood+stone")  # Red: 2
    assert decision(s) == (D_FAVOUR, RED)


def test_a_worker_who_delivered_nothing_can_still_win_over_nobody() -> None:
    # rules: Caylus 1303, phase 3 — "die meisten Bündel": one delivered bundle beats none, whatever the lot
    s = game(GREEN, RED)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    assert s.current_player == RED  # Green has nothing to deliver
    s.apply("bundle food+wood+stone")
    assert decision(s) == (D_FAVOUR, RED)


def test_nobody_delivers_no_favour() -> None:
    # rules: Caylus 1303, phase 3 — the favour is for the most bundles delivered; with none delivered there is
    # nobody to give it to (reference 8.3: implied)
    s = game(RED, GREEN)
    give(s, RED, food=1, wood=1, stone=1)
    s.log_events()
    delivery(s)
    s.apply("decline")
    assert done(s)
    assert events(s, "most_bundles") == []
    assert s.character_holder(Char.DAY_LABORER) == BLUE


def test_construction_site_workers_go_to_the_camp_after_delivery() -> None:
    # rules: Caylus 1303, phase 2 "Nehmt NIEMALS einen Arbeiter, den ihr auf dem Spielplan eingesetzt habt, in
    # euren eigenen Vorrat zurück" — the site is emptied, its workers go to the camp
    s = game(RED, GREEN)
    delivery(s)
    assert done(s)
    assert s.site == []
    assert s.camp(RED) == 10 and s.workers(RED) == 5
    assert s.camp(GREEN) == 10 and s.workers(GREEN) == 5
    check(s)


def test_the_favour_winner_may_use_the_construction_site_tile() -> None:
    # rules: Caylus 1303, "Gunst" — "den Effekt eines der 3 zu Spielbeginn auf der Baustelle ausgelegten
    # Gebäude für dich nutzen" (round 1: the first one only)
    s = game(RED)
    give(s, RED, food=1, wood=1, stone=1)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert decision(s) == (D_FAVOUR, RED)
    assert labels(s) == ["day laborer", "slot 1"]
