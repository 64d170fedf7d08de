// The account page: sign in or up (the seats this browser holds as a guest go with it), reset a forgotten
// password, and, signed in: sign out, the e-mail and mail settings, a new password, deleting the account.
import { getJSON, postJSON } from "./api.js";
import { loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";

const $ = (id) => document.getElementById(id);

// Every seat token this browser holds: localStorage "mb:tokens:<game>" = {"<seat>": "<token>"}.
function heldSeats() {
  const held = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("mb:tokens:")) continue;
    const game = key.slice("mb:tokens:".length);
    let tokens = {};
    try { tokens = JSON.parse(localStorage.getItem(key) || "{}"); } catch { tokens = {}; }
    for (const [seat, token] of Object.entries(tokens)) {
      if (/^[a-z0-9]{1,16}$/.test(game) && /^\d$/.test(seat) && typeof token === "string") {
        held.push({ game, seat: Number(seat), token });
      }
    }
  }
  return held.slice(0, 200);
}

function say(text, kind = "info") {
  const box = $("mb-message");
  box.className = `message ${kind}`;
  box.textContent = text;
}

function form(id, action) {
  $(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $(id).querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await action();
    } catch (error) {
      say(error.message, "error");
    } finally {
      button.disabled = false;
    }
  });
}

function showSignedIn(user) {
  $("mb-signed-out").classList.add("hidden");
  $("mb-signed-in").classList.remove("hidden");
  $("mb-who").textContent = t("account.signed_in_as", { name: user.name });
  $("s-email").value = user.email || "";
  $("s-notify").checked = user.notify_mail;
  $("s-hours").value = user.mail_hours ?? "";
}

function showSignedOut() {
  $("mb-signed-in").classList.add("hidden");
  $("mb-signed-out").classList.remove("hidden");
}

function setup() {
  form("mb-signin", async () => {
    await postJSON("/api/account/signin", {
      name: $("i-name").value, password: $("i-password").value, seats: heldSeats(),
    });
    location.assign("/me");
  });
  form("mb-signup", async () => {
    const email = $("u-email").value.trim();
    await postJSON("/api/account/signup", {
      name: $("u-name").value, password: $("u-password").value, email: email || null, seats: heldSeats(),
    });
    location.assign("/me");
  });
  form("mb-forgot", async () => {
    const answer = await postJSON("/api/account/reset-request", { name: $("f-name").value });
    say(answer.detail);
  });
  form("mb-reset", async () => {
    const token = new URLSearchParams(location.search).get("reset");
    await postJSON("/api/account/reset", { token, password: $("r-password").value });
    history.replaceState(null, "", "/account");
    $("mb-reset-card").classList.add("hidden");
    say(t("account.reset_done"));
  });
  $("mb-signout").addEventListener("click", async () => {
    try {
      await postJSON("/api/account/signout", {});
      location.reload();
    } catch (error) {
      say(error.message, "error");
    }
  });
  form("mb-settings", async () => {
    const hours = $("s-hours").value;
    const user = await postJSON("/api/account/settings", {
      email: $("s-email").value.trim(), notify_mail: $("s-notify").checked, mail_hours: hours ? Number(hours) : null,
    });
    showSignedIn(user);
    say(t("account.saved"));
  });
  form("mb-password", async () => {
    await postJSON("/api/account/password", { old: $("p-old").value, new: $("p-new").value });
    $("p-old").value = "";
    $("p-new").value = "";
    say(t("account.saved"));
  });
  form("mb-delete", async () => {
    if (!confirm(t("account.delete_help"))) return;
    await postJSON("/api/account/delete", { password: $("d-password").value });
    location.assign("/");
  });
}

async function main() {
  await loadCatalog();
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  setup();
  try {
    const { user } = await getJSON("/api/account/me");
    if (user) showSignedIn(user);
    else showSignedOut();
  } catch (error) {
    showSignedOut();
    say(error.message, "error");
  }
  if (new URLSearchParams(location.search).has("reset")) $("mb-reset-card").classList.remove("hidden");
  document.body.dataset.ready = "1";
}

main();
