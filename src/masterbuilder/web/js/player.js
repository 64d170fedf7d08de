// A player's profile: since when, the rating in each game, the latest finished games with their results.
import { el, gameIdFromPath, getJSON } from "./api.js";
import { language, loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";

function ratingsTable(ratings) {
  if (!ratings.length) return el("p", { class: "muted", text: t("player.no_ratings") });
  return el("table", { class: "rank-table" },
    el("thead", {}, el("tr", {}, el("th", { text: t("lobby.col_game") }),
      el("th", { class: "num", text: t("leaderboard.col_rating") }), el("th", { class: "num", text: t("leaderboard.col_games") }))),
    el("tbody", {}, ratings.map((r) => el("tr", { "data-game": r.game },
      el("td", {}, el("a", { href: `/leaderboard?game=${encodeURIComponent(r.game)}`, text: r.title })),
      el("td", { class: "num", title: `μ ${r.mu.toFixed(2)} · σ ${r.sigma.toFixed(2)}`, text: r.rating.toFixed(1) }),
      el("td", { class: "num", text: String(r.games) })))));
}

function gameRow(game) {
  const won = new Set(game.winners);
  const mine = new Set(game.mine);
  const seats = game.seats.map((s) => el("div", { class: [won.has(s.seat) ? "won" : "", mine.has(s.seat) ? "mine" : ""].join(" ").trim() || null },
    el("span", { class: `swatch s${s.seat}` }), s.kind === "bot" && !s.name ? s.bot : s.name,
    s.score === null ? null : el("span", { class: "seat-score" }, ` · ${s.score}`),
    won.has(s.seat) ? el("strong", { class: "winner" }, ` ★ ${t("table.winner")}`) : null));
  const place = game.places.map((p) => t("player.place", { place: p, players: game.players })).join(", ");
  const notes = [t(game.rated ? "player.rated" : "player.unrated")];
  if (game.change) {
    const delta = game.change.after - game.change.before;
    notes.push(t("player.change", { rating: game.change.after.toFixed(1), change: `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)}` }));
  }
  if (game.ended === "abandoned") notes.push(t("player.abandoned"));
  return el("tr", { "data-game": game.id },
    el("td", { class: "title" }, game.title),
    el("td", {}, seats),
    el("td", {}, place, el("div", { class: "small muted", text: notes.join(" · ") })),
    el("td", { class: "small muted when" }, new Date(game.finished).toLocaleDateString(language())),
    el("td", { class: "links" }, el("a", { href: `/play/${game.id}`, text: t("lobby.result") }),
      el("a", { href: `/replay/${game.id}`, text: t("lobby.replay") })));
}

function gamesTable(games) {
  if (!games.length) return el("p", { class: "muted", text: t("player.no_games") });
  return el("table", { class: "rank-table finished" },
    el("thead", {}, el("tr", {}, ["lobby.col_game", "lobby.col_seats", "player.col_place", "player.col_when", "lobby.col_links"]
      .map((k) => el("th", { class: k === "player.col_when" ? "when" : null, text: t(k) })))),
    el("tbody", {}, games.map(gameRow)));
}

async function main() {
  await loadCatalog();
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  const name = gameIdFromPath("/players/");
  document.getElementById("mb-player").textContent = name;
  try {
    const profile = await getJSON(`/api/players/${encodeURIComponent(name)}`);
    document.getElementById("mb-player").textContent = profile.name;
    document.title = t("player.heading", { name: profile.name });
    const since = new Date(profile.since).toLocaleDateString(language(), { year: "numeric", month: "long", day: "numeric" });
    document.getElementById("mb-since").textContent = t("player.since", { date: since });
    document.getElementById("mb-ratings").replaceChildren(ratingsTable(profile.ratings));
    document.getElementById("mb-games").replaceChildren(gamesTable(profile.games));
  } catch (error) {
    const box = document.getElementById("mb-error");
    box.textContent = error.message;
    box.classList.remove("hidden");
    document.getElementById("mb-ratings-card").classList.add("hidden");
    document.getElementById("mb-games-card").classList.add("hidden");
  }
  document.body.dataset.ready = "1";
}

main();
