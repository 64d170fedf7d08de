"""What Caylus 1303 tells a player: prompt() for every decision kind, describe_action() for its choices, and
illegal_reason() for the typical refusals (each a specific sentence, not a generic "not legal")."""

from __future__ import annotations

import random

from masterbuilder import new_game
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import Char, res
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
)
from masterbuilder.games.caylus1303.text import why_not
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    activation,
    administration,
    delivery,
    fresh,
    give,
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

DECISIONS = (
    D_DRAFT,
    D_EARLY,
    D_PLACE,
    D_EFFECT,
    D_PAY,
    D_BRIDGE,
    D_BAILIFF,
    D_DELIVER,
    D_FAVOUR,
    D_BOARD_CHAR,
    D_MONUMENT,
)


def described(state: Caylus1303State) -> dict[str, str]:
    return {a.label: state.describe_action(a.id) for a in state.legal_actions()}


# ---- prompt() and describe_action() for every decision kind ----------------------------------------------


def test_every_decision_kind_has_a_prompt_and_described_choices_in_random_games() -> None:
    seen: set[int] = set()
    for seed in range(12):
        s = new_game("caylus1303", players=2 + seed % 4, seed=seed)
        assert isinstance(s, Caylus1303State)
        rng = random.Random(seed)
        while not s.is_terminal:
            decision = pending(s)
            assert decision is not None
            seen.add(decision[0])
            prompt = s.prompt()
            assert prompt.startswith(f"Seat {decision[1]}") and prompt.endswith(".")
            for a in s.legal_action_ids():
                text = s.describe_action(a)
                assert text and text == text.strip()
                if a not in (A.PASS, A.DECLINE):
                    assert text != A.LABELS[a]  # a sentence, not just the label
            s.apply(rng.choice(s.legal_action_ids()))
        assert s.prompt() == "The game is over."
    assert seen >= set(DECISIONS) - {D_MONUMENT}  # monuments are rare in random play: tested below


def test_draft_prompt_and_character_descriptions() -> None:
    # rules: Caylus 1303, "Spielaufbau": the draft from the last player counter-clockwise
    s = new_game("caylus1303", players=2, seed=4, options={"characters": "recommended"})
    assert isinstance(s, Caylus1303State)
    seat = s.current_player
    assert s.prompt() == f"Seat {seat}: choose a character."
    text = described(s)
    assert text["architect"].startswith("take the Architect: +1 PP")
    assert text["foreman"] == "take the Foreman: +1 PP per bundle delivered"


def test_early_riser_prompt() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher
    s = fresh(2, chars={RED: [Char.EARLY_RISER]})
    planning(s)
    assert s.prompt().startswith("Seat 1 (Early Riser): place a worker first")
    assert "1 more to the camp" in s.prompt()
    assert s.describe_action(A.DECLINE) == "do not place early"


def test_placement_prompt_says_when_the_extra_worker_is_due() -> None:
    # rules: Caylus 1303, phase 1 c): after the first pass every other player pays 1 extra worker; "Der
    # Nachtarbeiter" does not
    s = fresh(3, chars={GREEN: [Char.NIGHT_WORKER]}, first=BLUE)
    put(s, 15, "wood_farm", GREEN)
    planning(s)
    assert s.prompt() == "Seat 0: place a worker or pass."
    text = described(s)
    assert text["pass"] == "pass: put your house on the Guilds Bridge"
    assert text["place 15"] == "place a worker on seat 2's Farm (wood) on space 15"
    assert text["site"] == "place a worker at the construction site (lot 1)"
    s.apply("pass")
    assert "extra worker" in s.prompt() and s.prompt().startswith("Seat 1")
    s.apply("site")
    assert s.prompt() == "Seat 2: place a worker or pass."  # the Night Worker pays no extra
    assert s.describe_action(A.SITE) == "place a worker at the construction site (lot 2)"


def test_journeyman_placement_says_it_joins_a_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]})
    planning(s)
    s.apply("place 6")
    assert ", joining another worker" in s.describe_action(A.place(6))


def test_effect_prompts_name_the_building_and_its_effect() -> None:
    # rules: Caylus 1303, phase 2 a)-d) and "Holzgebäude"
    s = fresh(2)
    supply_only(s, "wood_farm", "tailor")
    worker(s, 3, BLUE)
    worker(s, 4, BLUE)
    give(s, BLUE, food=1, wood=2, cloth=1)
    activation(s)
    assert s.prompt() == "Seat 0: the Carpenter — build a wood building; or decline."
    text = described(s)
    assert text["build wood farm"] == "build the Farm (wood) for 1 food + 1 wood (2 PP; take 2 food)"
    assert text["build tailor"].startswith("build the Tailor for 1 wood + 1 any (4 PP; pay 1 cloth for 4 PP")
    s.apply("build tailor")
    assert pending(s) == (D_PAY, BLUE)
    assert s.prompt() == "Seat 0: choose a resource to pay for the 'any resource' part of the Tailor's cost."
    assert described(s) == {"pay food": "pay 1 food", "pay wood": "pay 1 wood", "pay cloth": "pay 1 cloth"}
    s.apply("pay food")
    assert s.prompt().startswith("Seat 0: the Toll — move the provost up to 2 steps either way")
    assert s.describe_action(A.move(2)) == "move the provost 2 steps forward (to after space 15)"
    assert s.describe_action(A.move(-1)) == "move the provost 1 step back (to after space 12)"


def test_market_and_trade_descriptions() -> None:
    # rules: Caylus 1303, phase 2 f) Markt; "Steingebäude" — Juwelier
    s = fresh(2)
    put(s, 6, "start_market_1")
    put(s, 15, "jeweller", RED)
    s._provost = 15
    worker(s, 6, BLUE)
    worker(s, 15, BLUE)
    give(s, BLUE, gold=2)
    activation(s)
    assert s.describe_action(A.TAKE + 2) == "take 1 stone (returning 1 more worker to the camp)"
    s.apply("take stone")
    assert s.prompt().startswith("Seat 0: the Jeweller — pay 1 gold for 5 PP or pay 2 gold for 9 PP")
    assert described(s) == {
        "decline": "do not use the Jeweller",
        "offer 1": "pay 1 gold for 5 PP",
        "offer 2": "pay 2 gold for 9 PP",
    }


def test_notary_claim_description() -> None:
    # rules: Caylus 1303, phase 2 b) Notar
    s = fresh(2)
    put(s, 6, "start_quarry")
    worker(s, 2, BLUE)
    give(s, BLUE, cloth=1)
    activation(s)
    assert "claim a start building" in s.prompt()
    assert s.describe_action(A.claim(6)) == "pay 1 cloth to claim the Quarry (start) on space 6"


def test_bridge_and_bailiff_prompts() -> None:
    # rules: Caylus 1303, phase 2 e) and "Der Gutsverwalter"
    s = fresh(2, chars={RED: [Char.BAILIFF]})
    s._passed = [BLUE]
    activation(s)
    assert (
        s.prompt()
        == "Seat 0: Guilds Bridge — move the provost 1-3 steps (1 worker to the camp each), or decline."
    )
    assert (
        s.describe_action(A.move(-3))
        == "move the provost 3 steps back (to after space 10, 3 workers to the camp)"
    )
    assert (
        s.describe_action(A.move(1))
        == "move the provost 1 step forward (to after space 14, 1 worker to the camp)"
    )
    s.apply("decline")
    assert s.prompt() == "Seat 1 (Bailiff): move the provost 1 step for free, or decline."
    assert s.describe_action(A.move(1)) == "move the provost 1 step forward (to after space 14)"


def test_delivery_prompts() -> None:
    # rules: Caylus 1303, phase 3 and "Der Fuhrmann"
    s = fresh(2, chars={RED: [Char.DELIVERYMAN]})
    site_worker(s, BLUE)
    give(s, BLUE, food=2, wood=1, stone=1, gold=1)
    give(s, RED, food=1, wood=1, cloth=1)
    delivery(s)
    assert s.prompt() == "Seat 0: deliver a bundle to the construction site (5 PP each), or stop."
    assert s.describe_action(A.DECLINE) == "deliver no more bundles"
    assert s.describe_action(A.bundle(res(food=1, wood=1, gold=1))) == "deliver 1 food + 1 wood + 1 gold"
    s.apply("decline")
    assert (
        s.prompt()
        == "Seat 1 (Deliveryman, after everyone): deliver a bundle to the construction site (5 PP each), "
        "or stop."
    )


def test_favour_and_board_character_prompts() -> None:
    # rules: Caylus 1303, "Gunst"
    s = fresh(2, chars={RED: [Char.THIEF]}, board=[Char.FOREMAN])
    slot(s, 0, "start_sawmill")
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    assert s.describe_action(A.YES) == "pay 1 wood for a favour"
    s.apply("yes")
    assert s.prompt() == (
        "Seat 0: a favour — take a character from another player, or use a construction-site tile."
    )
    text = described(s)
    assert text["thief"].startswith("take the Thief from seat 1: ")
    assert text["slot 1"] == "use the construction-site Sawmill (start): take 1 wood"
    s.apply("slot 1")
    assert s.prompt() == "Seat 0: take a character from the board, or decline."
    assert s.describe_action(A.CHAR + Char.FOREMAN) == "take the Foreman: +1 PP per bundle delivered"


def test_monument_prompt() -> None:
    # rules: Caylus 1303, phase 4 2) Monumente
    s = fresh(2)
    residence(s, 6, BLUE)
    give(s, BLUE, wood=1, gold=1)
    administration(s)
    assert s.prompt() == "Seat 0: replace your residence on space 6 with a monument, or decline."
    assert s.describe_action(A.build(tile("garden"))).startswith("build the Garden for 1 wood + 1 gold (4 PP")


def test_monument_descriptions_name_their_lasting_effect() -> None:
    # rules: Caylus 1303, phase 4 3): "2 Arbeiter, wenn ihr den Garten gebaut habt, 1 [Nahrung], wenn ihr den
    # Kornspeicher gebaut habt"; 2): the Theatre "erhält zusätzlich zu den 12 PP sofort eine Gunst"
    s = fresh(2)
    residence(s, 6, BLUE)
    give(s, BLUE, wood=4, stone=1, gold=3)
    administration(s)
    garden = s.describe_action(A.build(tile("garden")))
    granary = s.describe_action(A.build(tile("granary")))
    theatre = s.describe_action(A.build(tile("theatre")))
    assert "2 workers" in garden and "no worker may go here" not in garden
    assert "food" in granary.split("PP", 1)[1]
    assert "favour" in theatre


def test_stonemason_setup_side_describes_the_cost_without_stone() -> None:
    # rules: Caylus 1303, "Holzgebäude" — Maurer, Startseite: "beim Bauen zahlst du den [Stein] nicht"
    s = fresh(2, chars={RED: [Char.THIEF]}, round=4)
    slot(s, 1, "stonemason")
    supply_only(s, "stone_farm")
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    s.apply("yes")
    give(s, BLUE, food=1)
    s.apply("slot 2")
    assert (
        s.describe_action(A.build(tile("stone_farm")))
        == "build the Farm (stone) for 1 food (3 PP; take 2 food + 1 cloth)"
    )


# ---- illegal_reason: specific sentences ----------------------------------------------------------------


def test_reason_occupied_space() -> None:
    # rules: Caylus 1303, phase 1 a): verboten "ein Gebäude, auf dem bereits ein anderer Arbeiter steht"
    s = fresh(2)
    put(s, 15, "wood_farm", RED)
    planning(s)
    s.apply("place 15")
    assert refused(s, A.place(15)) == "The Farm (wood) on space 15 is already occupied."


def test_reason_occupied_printed_space() -> None:
    # rules: Caylus 1303, phase 1 a) (the same for the buildings printed on the board)
    s = fresh(2)
    planning(s)
    s.apply("place 1")
    assert refused(s, A.place(1)) == "The Fair on space 1 is already occupied."


def test_reason_not_enough_workers_after_a_pass() -> None:
    # rules: Caylus 1303, phase 1 c): "Für den Rest der Runde müssen alle Mitspieler für jeden Arbeiter, den
    # sie einsetzen, 1 zusätzlichen Arbeiter ins Camp zurückschicken." and "Wenn ihr passen wollt (oder müsst,
    # weil ihr keine Arbeiter mehr zum Einsetzen habt)"
    s = fresh(3, first=BLUE)
    set_workers(s, GREEN, 1)
    planning(s)
    s.apply("pass")
    s.apply("place 1")
    # Green cannot pay 1 + 1 workers: its only choice, passing, was taken by itself
    assert s.passing_order == [BLUE, GREEN] and s.current_player == RED
    # the sentence for that placement, asked while Green's turn waits
    s._stack.append((D_PLACE, GREEN))
    s._legal_now = []
    assert s.illegal_reason(A.place(2)) == "A placement costs 2 workers now; you have 1."
    assert s.illegal_reason(A.SITE) == "A placement costs 2 workers now; you have 1."


def test_reason_forbidden_places() -> None:
    # rules: Caylus 1303, phase 1 a): verboten "ein Monument, eine Residenz, ... ein Feld auf der Straße, auf
    # dem noch kein Gebäude errichtet wurde"; the Guilds Bridge takes houses (c), not workers; b) one site
    # worker per player
    s = fresh(2, first=BLUE)
    residence(s, 6, RED)
    put(s, 7, "garden", RED)
    s._residence[7] = 1
    planning(s)
    s.apply("site")
    s.apply("pass")
    assert refused(s, A.place(6)) == "Workers may not go on a residence."
    assert refused(s, A.place(7)) == "Workers may not go on a monument."
    assert refused(s, A.place(5)) == "The Guilds Bridge takes no workers: pass to put your house on it."
    assert refused(s, A.place(20)) == "Space 20 has no building yet."
    assert refused(s, A.SITE) == "You already have a worker at the construction site (one per player)."


def test_reason_journeyman_on_its_own_worker() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: "von dem Arbeiter eines Mitspielers"
    s = fresh(2, chars={BLUE: [Char.JOURNEYMAN]})
    planning(s)
    s.apply("place 6")
    s.apply("place 7")
    assert refused(s, A.place(6)) == "The Journeyman joins another player's worker, not your own."


def test_reason_unaffordable_or_missing_building() -> None:
    # rules: Caylus 1303, "c) Zimmermann": "gibst die geforderten Ressourcen ab"; a tile built already is gone
    s = fresh(2)
    supply_only(s, "wood_farm", "spinning_mill")
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1, cloth=1)
    activation(s)
    assert (
        refused(s, A.build(tile("spinning_mill")))
        == "You cannot pay for the Spinning Mill (it costs 2 wood)."
    )
    assert refused(s, A.build(tile("manor"))) == "The Manor is not in the supply."


def test_reason_stone_building_at_the_carpenter() -> None:
    # rules: Caylus 1303, "c) Zimmermann": "Du wählst 1 Holzgebäude"; stone buildings come from the Maurer
    s = fresh(2)
    supply_only(s, "wood_farm", "foundry")
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1)
    activation(s)
    assert s.legal_action_ids() == [A.DECLINE, A.build(tile("wood_farm"))]
    reason = refused(s, A.build(tile("foundry")))
    assert "cannot pay" not in reason  # Blue can pay for it: the Carpenter just does not build stone
    assert "wood" in reason


def test_reason_stonemason_setup_side_quotes_the_cost_without_stone() -> None:
    # rules: Caylus 1303, "Holzgebäude" — Maurer, Startseite: "zahle nur die andere abgebildete Ressource"
    s = fresh(2, chars={RED: [Char.THIEF]}, round=4)
    slot(s, 1, "stonemason")
    supply_only(s, "stone_farm", "church")
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    s.apply("yes")
    give(s, BLUE, food=1)
    s.apply("slot 2")
    reason = refused(s, A.build(tile("church")))
    assert "Church" in reason and "1 cloth" in reason and "stone" not in reason


def test_reason_bundle_without_food_and_not_owned() -> None:
    # rules: Caylus 1303, phase 3: "3 verschiedenen Ressourcen ..., von denen eine [Nahrung] sein muss";
    # "Der Kämmerer" alone may deliver any 3
    s = fresh(2)
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=3, stone=1, cloth=1)
    delivery(s)
    chamberlain = "A bundle is 3 different resources, one of them food (any 3 only with the Chamberlain)."
    assert refused(s, A.bundle(res(wood=1, stone=1, cloth=1))) == chamberlain
    assert refused(s, A.bundle(res(wood=3))) == chamberlain
    assert refused(s, A.bundle(res(food=1, wood=1, gold=1))) == "You do not have 1 food + 1 wood + 1 gold."


def test_reason_slot_not_open_yet_and_characters_in_a_favour() -> None:
    # rules: Caylus 1303, "Gunst", Achtung (rounds 1-3: slot 1; 4-6: slots 1-2; 7-9: all) and "einen Charakter
    # von einem Mitspieler nehmen"
    s = fresh(2, chars={RED: [Char.THIEF], BLUE: [Char.FOREMAN]}, board=[Char.BAILIFF], round=5)
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    s.apply("yes")
    assert refused(s, A.SLOT + 2) == "In round 5 a favour may use construction-site slots 1 to 2."
    assert refused(s, A.CHAR + Char.FOREMAN) == "You already have that character."
    assert "board" in refused(s, A.CHAR + Char.BAILIFF)


def test_reason_bridge_move_without_the_workers() -> None:
    # rules: Caylus 1303, phase 2 e): "Für jeden Schritt müsst ihr 1 Arbeiter ins Camp zurückschicken."
    s = fresh(2)
    s._passed = [BLUE]
    set_workers(s, BLUE, 2)
    activation(s)
    assert refused(s, A.move(3)) == "Moving 3 steps costs 3 workers; you have 2."
    assert refused(s, A.move(-3)) == "Moving 3 steps costs 3 workers; you have 2."
    s._hand[BLUE] = 0  # the refusal's wording for one step (the legal moves are not recomputed)
    assert why_not(s, s._stack[-1], A.move(1)) == "Moving 1 step costs 1 worker; you have 0."


def test_reason_provost_behind_the_bridge() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen": "Er kann nicht hinter die Gildenbrücke zurückbewegt werden."
    s = fresh(2)
    s._passed = [BLUE]
    s._provost = 6
    activation(s)
    reason = refused(s, A.move(-2))
    assert "Guilds Bridge" in reason


def test_reason_toll_beyond_two_steps() -> None:
    # rules: Caylus 1303, phase 2 d) Zoll: "Bewege den Vogt 0, 1 oder 2 Felder vor oder zurück."
    s = fresh(2)
    worker(s, 4, BLUE)
    activation(s)
    assert refused(s, A.move(3)) == "That is further than this move allows."


def test_reason_trade_and_payment() -> None:
    # rules: Caylus 1303, "Steingebäude" — Juwelier (1 or 2 gold) and Alchemist (1 or 2 resources)
    s = fresh(2)
    put(s, 15, "jeweller", RED)
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, gold=1)
    activation(s)
    assert refused(s, A.OFFER + 1) == "You cannot afford to pay 2 gold for 9 PP."
    s = fresh(2)
    put(s, 15, "alchemist", RED)
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, food=1, cloth=2)
    activation(s)
    s.apply("offer 2")
    assert refused(s, A.PAY + 1) == "You have no wood."
    # both payments of the 2 resources are for the trade
    assert s.prompt() == "Seat 0: choose a resource to pay for the trade."
    s.apply("pay cloth")
    assert s.prompt() == "Seat 0: choose a resource to pay for the trade."


def test_reason_monument() -> None:
    # rules: Caylus 1303, phase 4 2): "musst du den ... geforderten Preis für das ausgewählte Monument
    # zahlen"; only monuments replace residences
    s = fresh(2)
    residence(s, 6, BLUE)
    give(s, BLUE, wood=1, gold=1)
    administration(s)
    assert (
        refused(s, A.build(tile("mansion"))) == "You cannot pay for the Mansion (it costs 5 stone + 5 gold)."
    )
    assert refused(s, A.build(tile("market"))) == "Only a monument can replace a residence."


def test_reason_choice_of_another_decision_names_the_decision_at_hand() -> None:
    # An action of another kind is refused with the pending decision, not a reason about another building
    s = fresh(2)
    supply_only(s, "wood_farm")
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1)
    activation(s)
    assert s.prompt().startswith("Seat 0: the Carpenter")
    for action in (A.claim(6), A.move(1), A.OFFER, A.bundle(res(food=1, wood=1, stone=1)), A.PASS):
        reason = refused(s, action)
        assert "Notary" not in reason and "further than this move" not in reason, (A.LABELS[action], reason)


def test_reason_out_of_range_and_after_the_end() -> None:
    s = fresh(2)
    planning(s)
    assert "ids are 0 to 130" in refused(s, 131)
    assert "ids are 0 to 130" in (s.illegal_reason(-1) or "")
    end = new_game("caylus1303", players=2, seed=1)
    rng = random.Random(0)
    while not end.is_terminal:
        end.apply(rng.choice(end.legal_action_ids()))
    assert end.illegal_reason(A.PASS) == "The game is over; no more actions can be taken."
    assert end.describe_action(A.PASS) == "pass"
