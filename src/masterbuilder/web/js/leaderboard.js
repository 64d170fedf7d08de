// The leaderboard: a tab per game, the ratings a page at a time (accounts link to their profiles).
import { el, getJSON, newestOnly } from "./api.js";
import { loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";

const PER_PAGE = 50;
const params = new URLSearchParams(location.search);
let game = params.get("game") || "";
let page = Math.max(1, Number(params.get("page")) || 1);
let games = [];

function remember() {
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  if (page > 1) url.searchParams.set("page", String(page)); else url.searchParams.delete("page");
  history.replaceState(null, "", url);
}

function playerCell(entry) {
  if (entry.kind === "bot") return el("td", {}, entry.name, " ", el("span", { class: "tag", text: t("leaderboard.bot") }));
  return el("td", {}, el("a", { href: `/players/${encodeURIComponent(entry.name)}`, text: entry.name }));
}

const loads = newestOnly();

async function load() {
  const stillNewest = loads();
  remember();
  for (const tab of document.querySelectorAll("#tabs [data-game]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.game === game));
  }
  const box = document.getElementById("board");
  const title = (games.find((g) => g.name === game) || {}).title || game;
  try {
    const data = await getJSON(`/api/leaderboard/${encodeURIComponent(game)}?page=${page}&per_page=${PER_PAGE}`);
    if (!stillNewest()) return;
    const pages = Math.max(1, Math.ceil(data.total / data.per_page));
    document.getElementById("page-info").textContent = t("lobby.page_of", { page: data.page, pages });
    document.getElementById("prev").disabled = data.page <= 1;
    document.getElementById("next").disabled = data.page >= pages;
    if (!data.entries.length) {
      box.replaceChildren(el("p", { class: "muted", text: t("leaderboard.none", { game: title }) }));
      return;
    }
    box.replaceChildren(el("table", { class: "rank-table" },
      el("thead", {}, el("tr", {},
        el("th", { class: "num", text: t("leaderboard.col_rank") }), el("th", { text: t("leaderboard.col_player") }),
        el("th", { class: "num", text: t("leaderboard.col_rating") }), el("th", { class: "num", text: t("leaderboard.col_games") }))),
      el("tbody", {}, data.entries.map((entry) => el("tr", { "data-player": entry.name },
        el("td", { class: "num", text: String(entry.rank) }), playerCell(entry),
        el("td", { class: "num", title: `μ ${entry.mu.toFixed(2)} · σ ${entry.sigma.toFixed(2)}`, text: entry.rating.toFixed(1) }),
        el("td", { class: "num", text: String(entry.games) }))))));
  } catch (error) {
    if (stillNewest()) box.replaceChildren(el("p", { class: "message error", text: error.message }));
  }
}

async function main() {
  await loadCatalog();
  try {
    games = (await getJSON("/api/catalog")).games;
  } catch (error) {
    document.getElementById("board").replaceChildren(el("p", { class: "message error", text: error.message }));
    return;
  }
  fillNav(games);
  if (!games.some((g) => g.name === game)) { game = games[0].name; page = 1; }
  document.getElementById("tabs").replaceChildren(...games.map((g) => el("button", {
    type: "button", role: "tab", "data-game": g.name, "aria-selected": String(g.name === game), text: g.title,
    onclick: () => { game = g.name; page = 1; load(); },
  })));
  document.getElementById("prev").addEventListener("click", () => { page = Math.max(1, page - 1); load(); });
  document.getElementById("next").addEventListener("click", () => { page += 1; load(); });
  await load();
  document.body.dataset.ready = "1";
}

main();
