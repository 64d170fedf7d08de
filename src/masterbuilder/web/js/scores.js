// Scoreboard and end-of-game breakdown, read from the view's players (each game names its fields).
import { el } from "./api.js";
import { t } from "./i18n.js";

// Where each game's view keeps a player's score, and the sources it adds up at the end.
const SCORE_FIELD = { builders: "score", caylus: "prestige", caylus1303: "prestige" };
const BREAKDOWN = {
  builders: (p) => [
    ["score.buildings", p.building_points],
    ["score.coins", Math.floor(p.coins / 10)],
  ],
  caylus: (p) => [
    ["score.during_play", p.prestige - (p.final_bonus || 0)],
    ["score.end_bonus", p.final_bonus || 0],
  ],
  caylus1303: (p) => [
    ["score.during_play", p.prestige - (p.final_bonus || 0)],
    ["score.end_bonus", p.final_bonus || 0],
  ],
};
// Resources and counts for the scoreboard (a short line per seat).
const DETAILS = {
  builders: (p) => [[t("res.coins"), p.coins], [t("res.building_points"), p.building_points]],
  caylus: (p) => [[t("res.deniers"), p.deniers], [t("res.workers"), p.workers_at_home]],
  caylus1303: (p) => [[t("res.workers"), p.workers], [t("res.camp"), p.camp], [t("res.houses"), p.houses]],
};

export function scoreOf(game, player) {
  const field = SCORE_FIELD[game] || "score";
  return player ? player[field] : null;
}

export function renderScoreboard(box, message, names) {
  const view = message.view || {};
  const players = view.players || [];
  const details = DETAILS[message.game] || (() => []);
  const rows = names.map((name, seat) => {
    const player = players[seat];
    const score = scoreOf(message.game, player);
    const extra = player ? details(player).filter(([, v]) => v !== undefined && v !== null) : [];
    const classes = [];
    if (message.to_move === seat) classes.push("to-move");
    return el("tr", { class: classes.join(" "), "data-seat": seat },
      el("td", {}, el("span", { class: `swatch s${seat}` }), name, seat === message.seat ? ` (${t("table.you")})` : ""),
      el("td", { class: "small muted" }, extra.map(([k, v]) => `${k} ${v}`).join(" · ")),
      el("td", { class: "num" }, score === null || score === undefined ? el("span", { title: t("table.hidden_help") }, t("table.hidden")) : String(score)));
  });
  box.replaceChildren(el("table", { class: "scoreboard" },
    el("thead", {}, el("tr", {}, el("th", { text: t("table.player") }), el("th", {}), el("th", { class: "num", text: t("table.score") }))),
    el("tbody", {}, rows)));
}

export function renderBreakdown(box, game, view, result, names) {
  const players = (view && view.players) || [];
  const parts = BREAKDOWN[game];
  const sources = parts && players.length ? parts(players[0]).map(([key]) => key) : [];
  const header = el("tr", {}, el("th", { text: t("table.player") }), sources.map((k) => el("th", { text: t(k) })),
    el("th", { text: t("score.total") }));
  const rows = names.map((name, seat) => {
    const values = parts && players[seat] ? parts(players[seat]).map(([, v]) => v) : [];
    const winner = result.winners.includes(seat);
    return el("tr", {}, el("td", {}, el("span", { class: `swatch s${seat}` }), name, winner ? el("strong", { class: "winner" }, ` (${t("table.winner")})`) : ""),
      values.map((v) => el("td", { text: String(v) })), el("td", {}, el("strong", { text: String(result.scores[seat]) })));
  });
  box.replaceChildren(el("table", { class: "breakdown" }, el("thead", {}, header), el("tbody", {}, rows)));
}
