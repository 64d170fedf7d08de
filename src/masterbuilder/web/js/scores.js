// Player panels and the end-of-game breakdown, read from the view's players (each game names its fields).
import { el } from "./api.js";
import { t } from "./i18n.js";

// The sources each game's score adds up at the end.
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
// A field of a view's player by its dotted path ("cubes.food"); a list counts as its length when asked.
function valueAt(player, item) {
  let value = player;
  for (const key of item.path.split(".")) value = value === null || value === undefined ? undefined : value[key];
  return item.count && Array.isArray(value) ? value.length : value;
}

function chip(player, item) {
  const value = valueAt(player, item);
  if (value === null || value === undefined) return null;
  const label = t(item.label);
  return el("span", { class: "chip", title: label, "aria-label": `${label} ${value}` },
    item.colour ? el("i", { class: "cube", style: `background:${item.colour}` }) : el("span", { class: "label" }, label),
    el("b", {}, String(value)));
}

// The player panels: per seat its name, its score (or "hidden") and its resources, as the game's panel
// (``panel``: from /api/pages/panels) names them in the view this seat receives.
export function renderScoreboard(box, message, names, panel) {
  const players = (message.view && message.view.players) || [];
  const items = panel ? panel.items : [];
  const rows = names.map((name, seat) => {
    const player = players[seat];
    const score = player && panel ? player[panel.score] : null;
    const chips = player ? items.map((item) => chip(player, item)).filter(Boolean) : [];
    return el("tr", { class: message.to_move === seat ? "to-move" : "", "data-seat": seat },
      el("td", {},
        el("div", { class: "who" }, el("span", { class: `swatch s${seat}` }), name, seat === message.seat ? ` (${t("table.you")})` : ""),
        el("div", { class: "chips" }, chips)),
      el("td", { class: "num" }, score === null || score === undefined ? el("span", { title: t("table.hidden_help") }, t("table.hidden")) : String(score)));
  });
  box.replaceChildren(el("table", { class: "scoreboard" },
    el("thead", {}, el("tr", {}, el("th", { text: t("table.player") }), el("th", { class: "num", text: t("table.score") }))),
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
