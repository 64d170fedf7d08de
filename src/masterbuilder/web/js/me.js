// "Your games": the signed-in account's games on any device: its move first (least time left first), open
// ones for it, the others live, and the finished ones a page at a time.
import { el, getJSON, newestOnly } from "./api.js";
import { loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";
import { notify } from "./notify.js";

const $ = (id) => document.getElementById(id);
const PER_PAGE = 20;
let page = 1;

// Milliseconds as days and hours, or hours and minutes.
export function timeText(ms) {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t("me.days_hours", { days, hours });
  return t("me.hours_minutes", { hours, minutes: minutes % 60 });
}

function seatText(seat) {
  if (seat.kind === "bot") return seat.bot;
  return seat.taken ? seat.name : t("lobby.open_seat");
}

function timeLeft(game) {
  const clock = game.clock;
  const seat = game.to_move;
  if (!clock || !Array.isArray(clock.left) || typeof seat !== "number" || typeof clock.left[seat] !== "number") return null;
  return el("span", { class: "chip", text: t("me.time_left", { time: timeText(clock.left[seat]) }) });
}

function gameRow(game) {
  const mine = new Set(game.your_seats || []);
  const won = new Set(game.winners || []);
  const seats = game.seats.map((s) => el("div", { class: won.has(s.seat) ? "won" : null },
    el("span", { class: `swatch s${s.seat}` }), seatText(s),
    mine.has(s.seat) ? el("span", { class: "muted small", text: ` (${t("me.you")})` }) : null,
    Array.isArray(game.scores) ? el("span", { class: "muted small", text: ` ${game.scores[s.seat]}` }) : null));
  const links = [el("a", { href: game.play, text: game.status === "finished" ? t("lobby.result") : t("me.play") })];
  if (game.replay) links.push(el("a", { href: game.replay, text: t("lobby.replay") }));
  let state = t(`status.${game.status}`);
  if (game.status === "live") state += ` · ${t("lobby.move_n", { ply: game.ply })}`;
  // the links under the game's title: on a phone the table keeps to the screen's width
  return el("tr", { "data-game": game.id },
    el("td", { class: "links" }, game.title, el("div", {}, links)),
    el("td", {}, seats),
    el("td", { class: "small muted" }, new Date(game.updated || game.created).toLocaleString()),
    el("td", {}, state, " ", timeLeft(game)));
}

function list(box, games) {
  if (!games.length) {
    box.replaceChildren(el("p", { class: "muted", text: t("me.none") }));
    return;
  }
  box.replaceChildren(el("table", { class: "games" },
    el("thead", {}, el("tr", {}, ["lobby.col_game", "lobby.col_seats", "lobby.col_when", "lobby.col_state"]
      .map((k) => el("th", { text: t(k) })))),
    el("tbody", {}, games.map(gameRow))));
}

let waitingBefore = null; // the games that waited for you at the last look (null: not looked yet)

// A game that has come to wait for you since the last look: the chime, and the browser's notification
// when the tab is in the background (the permission is asked on the table page).
function announceNew(waiting) {
  const ids = new Set(waiting.map((g) => g.id));
  if (waitingBefore !== null) {
    for (const game of waiting) {
      if (!waitingBefore.has(game.id)) notify(t("notify.your_turn"), t("notify.your_turn_in", { game: game.title }), { tag: game.id });
    }
  }
  waitingBefore = ids;
}

const loads = newestOnly();

async function load() {
  const stillNewest = loads();
  const data = await getJSON(`/api/account/games?page=${page}&per_page=${PER_PAGE}`);
  if (!stillNewest()) return;
  announceNew(data.waiting);
  list($("mb-waiting"), data.waiting);
  list($("mb-open"), data.open_for_you);
  list($("mb-live"), data.live);
  list($("mb-finished"), data.finished);
  const pages = Math.max(1, Math.ceil(data.total_finished / PER_PAGE));
  $("mb-page").textContent = t("lobby.page_of", { page, pages });
  $("mb-prev").disabled = page <= 1;
  $("mb-next").disabled = page >= pages;
  document.title = data.waiting.length ? `(${data.waiting.length}) ${t("me.title")}` : t("me.title");
}

async function main() {
  await loadCatalog();
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  try {
    const { user } = await getJSON("/api/account/me");
    if (!user) {
      $("mb-signed-out").classList.remove("hidden");
    } else {
      $("mb-lists").classList.remove("hidden");
      $("mb-prev").addEventListener("click", () => { page = Math.max(1, page - 1); load(); });
      $("mb-next").addEventListener("click", () => { page += 1; load(); });
      await load();
      // every minute, in the background too: that is when a new turn needs telling
      setInterval(() => { load().catch(() => {}); }, 60000);
    }
  } catch (error) {
    $("mb-error").textContent = error.message;
    $("mb-error").classList.remove("hidden");
  }
  document.body.dataset.ready = "1";
}

main();
