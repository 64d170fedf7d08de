"""The account and "your games" pages in Chromium: a guest signs up and keeps the seat the browser holds,
sees the game in "your games", then signs in on another device (another context) and sees it there too;
signing out puts "Sign in" back in the top bar. Screenshots in English and German."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, give_tokens, shoot, sign_up, states_of

pytestmark = pytest.mark.slow  # a real server and browser


def test_sign_up_keeps_the_guests_seat_and_your_games_follow(
    server: Server, new_context: Any, browser: Any, artifacts: Path
) -> None:
    name = f"ann{secrets.token_hex(3)}"
    made = create_game(server, "builders", 7, [{"kind": "human"}, {"kind": "human"}], [0])
    gid = made["id"]
    laptop = new_context()
    give_tokens(laptop, server, gid, made["tokens"])
    page = laptop.new_page()
    page.goto(server.url + "/account")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#mb-account").inner_text() == "Sign in"
    shoot(page, artifacts, "account-signed-out")
    page.fill("#u-name", name)
    page.fill("#u-password", "correct horse")
    page.fill("#u-email", f"{name}@example.org")
    with page.expect_navigation(url="**/me"):
        page.click("#mb-signup button[type=submit]")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator(f"#mb-open tr[data-game='{gid}']").count() == 1
    assert page.locator("#mb-account").inner_text() == name
    assert page.locator("#mb-waiting").inner_text().strip() == "None."
    shoot(page, artifacts, "me")
    cookie = next(c for c in laptop.cookies() if c["name"] == "mb_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"

    phone = new_context()
    other = phone.new_page()
    other.goto(server.url + "/account")
    other.wait_for_selector("body[data-ready='1']")
    other.fill("#i-name", name.upper())
    other.fill("#i-password", "correct horse")
    with other.expect_navigation(url="**/me"):
        other.click("#mb-signin button[type=submit]")
    other.wait_for_selector("body[data-ready='1']")
    assert other.locator(f"#mb-open tr[data-game='{gid}'] a").first.get_attribute("href") == f"/play/{gid}"
    # the game starts; this device holds no token, yet its table is the account's seat
    server.post(f"/api/games/{gid}/seats/1/join", {"name": "Bob"})
    states = states_of(other)
    other.goto(server.url + f"/play/{gid}")
    other.wait_for_selector("body[data-ply='0']")
    assert states and states[0]["seat"] == 0
    other.goto(server.url + "/account")
    other.wait_for_selector("body[data-ready='1']")
    assert name in other.locator("#mb-who").inner_text()
    assert other.locator("#s-email").input_value() == f"{name}@example.org"
    shoot(other, artifacts, "account-signed-in")
    with other.expect_navigation():
        other.click("#mb-signout")
    other.wait_for_selector("body[data-ready='1']")
    assert other.locator("#mb-account").inner_text() == "Sign in"
    wrong = other.locator("#mb-message")
    other.fill("#i-name", name)
    other.fill("#i-password", "wrong horse")
    other.click("#mb-signin button[type=submit]")
    wrong.wait_for(state="visible")
    assert wrong.inner_text() == "Wrong user name or password."

    german = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
    try:
        seite = german.new_page()
        seite.goto(server.url + "/account")
        seite.wait_for_selector("body[data-ready='1']")
        assert seite.locator("#mb-account").inner_text() == "Anmelden"
        shoot(seite, artifacts, "account-de")
        seite.goto(server.url + "/me")
        seite.wait_for_selector("body[data-ready='1']")
        assert "Melde dich an" in seite.locator("#mb-signed-out").inner_text()
        seite.goto(server.url + "/account")
        seite.wait_for_selector("body[data-ready='1']")
        seite.fill("#i-name", name)
        seite.fill("#i-password", "correct horse")
        with seite.expect_navigation(url="**/me"):
            seite.click("#mb-signin button[type=submit]")
        seite.wait_for_selector("body[data-ready='1']")
        row = f"#mb-waiting tr[data-game='{gid}'], #mb-live tr[data-game='{gid}']"
        assert seite.locator(row).count() == 1
        shoot(seite, artifacts, "me-de")
    finally:
        german.close()


def test_signed_in_the_name_fields_show_the_accounts_name(
    server: Server, new_context: Any, artifacts: Path
) -> None:
    """Signed in, the lobby's and the table's name fields hold the account's user name and cannot be changed
    (the server shows an account's seat under its name whatever is typed); the seat taken shows it."""
    name = f"cy{secrets.token_hex(3)}"
    made = create_game(server, "builders", 8, [{"kind": "human"}, {"kind": "human"}], [0])
    page = new_context().new_page()
    page.add_init_script("localStorage.setItem('mb:name', 'Someone else')")
    sign_up(page, server.url, name)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function(f"document.getElementById('my-name').value === {name!r}")
    assert page.locator("#my-name").get_attribute("readonly") is not None
    page.goto(f"{server.url}/play/{made['id']}?seat=1")
    page.wait_for_selector("#mb-join:not(.hidden)")
    page.wait_for_function(f"document.getElementById('mb-join-name').value === {name!r}")
    assert page.locator("#mb-join-name").get_attribute("readonly") is not None
    shoot(page, artifacts, "join-as-account")
    page.click("#mb-join-button")
    page.wait_for_selector("#mb-join", state="hidden")
    assert server.get(f"/api/games/{made['id']}")["seats"][1]["name"] == name
    assert page.evaluate("localStorage.getItem('mb:name')") == "Someone else"  # the guest's name, kept
