// The review page (/review/{id}): waits for the review (queued, then decisions judged of all), then shows
// each seat's winning chance over the game, the accuracies, the key moments on the board (the move played
// and the bot's move marked) and every decision coloured by its grade.
import { el, gameIdFromPath, getJSON } from "./api.js";
import { loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";

const $ = (id) => document.getElementById(id);
const reviewId = gameIdFromPath("/review/");
const COLOURS = ["#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad"];
const NS = "http://www.w3.org/2000/svg";
const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const pct = (x) => `${Math.round(100 * x)}%`;

function node(tag, attrs, text = null) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== null) n.textContent = text;
  return n;
}

// One line per seat: its winning chance after each of its own decisions.
function chancesChart(box, review, names) {
  const W = Math.max(280, Math.round(box.clientWidth || 320));
  const H = Math.round(W * 0.4);
  const left = 36, right = 10, top = 10, bottom = 24;
  const last = Math.max(1, ...review.decisions.map((d) => d.ply));
  const x = (ply) => left + (ply / last) * (W - left - right);
  const y = (v) => top + (1 - v) * (H - top - bottom);
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("review.chances"), class: "chance-chart" });
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(node("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#e3d9c6" }));
    svg.append(node("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#6d6252" }, pct(v)));
  }
  names.forEach((name, seat) => {
    const mine = review.decisions.filter((d) => d.seat === seat);
    if (!mine.length) return;
    const points = mine.map((d) => `${x(d.ply).toFixed(1)},${y(d.after).toFixed(1)}`).join(" ");
    svg.append(node("polyline", { points, fill: "none", stroke: COLOURS[seat % COLOURS.length], "stroke-width": 2, "data-seat": seat }));
    for (const d of mine.filter((j) => j.grade === "mistake" || j.grade === "blunder")) {
      svg.append(node("circle", { cx: x(d.ply), cy: y(d.after), r: 3.5, fill: COLOURS[seat % COLOURS.length] }));
    }
  });
  box.replaceChildren(svg, el("p", { class: "legend" }, ...names.map((name, seat) =>
    el("span", { class: "legend-item" }, el("span", { class: `swatch s${seat}` }), ` ${name} `))));
}

function accuracyTable(table, review, names) {
  const head = el("tr", {}, el("th", { text: t("review.seat") }), el("th", { text: t("review.accuracy") }),
    ...GRADES.map((g) => el("th", { class: `grade-${g}`, text: t(`review.grade.${g}`) })));
  const rows = names.map((name, seat) => {
    const mine = review.decisions.filter((d) => d.seat === seat);
    const acc = review.accuracy[String(seat)];
    return el("tr", {}, el("td", { text: name }), el("td", { text: acc === null ? "–" : `${acc.toFixed(1)}%` }),
      ...GRADES.map((g) => el("td", { text: String(mine.filter((d) => d.grade === g).length) })));
  });
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

function decisionItem(d, names) {
  const best = d.grade === "best" ? null
    : el("span", { class: "best muted small", text: t("review.bot_move", { move: d.best_text, chance: pct(d.after_best) }) });
  return el("li", { class: `grade-${d.grade}`, "data-ply": d.ply },
    el("span", { class: "muted small", text: `${d.ply + 1}. ` }),
    `${names[d.seat]}: ${d.played_text} `,
    el("span", { class: "grade", text: t(`review.grade.${d.grade}`) }),
    ` (${pct(d.before)} → ${pct(d.after)})`, best);
}

async function showMoment(box, d, names) {
  const board = await getJSON(`/api/reviews/${encodeURIComponent(reviewId)}/boards/${d.ply}`);
  const wrap = el("div", { class: "board-scroll" });
  wrap.innerHTML = board.svg;
  const mark = (id, cls) => {
    const target = wrap.querySelector(`[data-action="${id}"]`);
    if (target) target.classList.add(cls);
    return Boolean(target);
  };
  const playedShown = mark(d.played[0], "mark-played");
  const bestShown = d.grade !== "best" && mark(d.best[0], "mark-best");
  box.append(el("div", { class: `moment grade-${d.grade}`, "data-ply": d.ply },
    el("h3", {}, `${d.ply + 1}. ${names[d.seat]} · `, el("span", { class: "grade", text: t(`review.grade.${d.grade}`) }),
      ` (${pct(d.before)} → ${pct(d.after)})`),
    el("p", {}, el("span", { class: "legend-played", text: t("review.played") }), ` ${d.played_text}`,
      playedShown ? "" : ` ${t("review.not_on_board")}`),
    el("p", {}, el("span", { class: "legend-best", text: t("review.bot") }), ` ${d.best_text} (${pct(d.after_best)})`,
      bestShown || d.grade === "best" ? "" : ` ${t("review.not_on_board")}`),
    wrap));
}

async function showResult(job) {
  const review = job.review;
  const names = job.names;
  $("mb-progress-card").classList.add("hidden");
  $("mb-result").classList.remove("hidden");
  chancesChart($("mb-chances"), review, names);
  accuracyTable($("mb-accuracy"), review, names);
  const byPly = new Map(review.decisions.map((d) => [d.ply, d]));
  $("mb-review-log").replaceChildren(...review.decisions.map((d) => decisionItem(d, names)));
  const moments = $("mb-moments");
  moments.replaceChildren();
  if (!review.key_moments.length) moments.append(el("p", { class: "muted", text: t("review.no_moments") }));
  for (const ply of review.key_moments) await showMoment(moments, byPly.get(ply), names);
  document.body.dataset.ready = "1";
}

async function poll() {
  let job;
  try {
    job = await getJSON(`/api/reviews/${encodeURIComponent(reviewId)}`);
  } catch (error) {
    $("mb-error").textContent = error.message;
    $("mb-error").classList.remove("hidden");
    return;
  }
  $("mb-status").textContent = t(`review.status.${job.status}`);
  document.body.dataset.status = job.status;
  if (job.status === "done") return showResult(job);
  if (job.status === "cancelled" || job.status === "failed") {
    $("mb-progress-text").textContent = job.error || t("review.status.cancelled");
    $("mb-cancel").classList.add("hidden");
    return;
  }
  $("mb-progress").max = Math.max(1, job.total);
  $("mb-progress").value = job.done;
  $("mb-progress-text").textContent = job.status === "queued"
    ? t("review.waiting", { ahead: job.ahead ?? 0 })
    : t("review.progress", { done: job.done, total: job.total });
  setTimeout(poll, 1000);
}

async function main() {
  await loadCatalog();
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  $("mb-cancel").addEventListener("click", async () => {
    await fetch(`/api/reviews/${encodeURIComponent(reviewId)}`, { method: "DELETE" });
  });
  poll();
}

main();
