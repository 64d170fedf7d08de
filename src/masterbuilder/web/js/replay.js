// The replay page: a server game (finished, or live up to its current move) or an uploaded record file.
import { distinctNames, gameIdFromPath, getJSON, newestOnly, postJSON } from "./api.js";
import { Board, setupZoom } from "./board.js";
import { renderChart } from "./chart.js";
import { loadCatalog, t } from "./i18n.js";
import { renderLog } from "./log.js";
import { fillNav } from "./nav.js";
import { renderScoreboard } from "./scores.js";

const $ = (id) => document.getElementById(id);
const gameId = gameIdFromPath("/replay/");
let info = null;
let record = null; // an uploaded record (null for a server game)
let shown = -1;
let board = null;
const steps = newestOnly();
let panels = {};

async function fetchFrame(ply) {
  if (record) return postJSON(`/api/pages/records/frames/${ply}`, record);
  return getJSON(`/api/pages/games/${encodeURIComponent(gameId)}/frames/${ply}`);
}

async function go(ply) {
  ply = Math.max(0, Math.min(info.total, ply));
  const stillNewest = steps();
  const data = await fetchFrame(ply);
  if (!stillNewest()) return; // a later step overtook this one
  shown = ply;
  board.show(data.board.svg, []);
  // The players' panels as a spectator sees them after this move (a hidden score stays hidden).
  renderScoreboard($("mb-scoreboard"), { game: info.game, view: data.view, seat: null, to_move: data.to_move },
    info.names, panels[info.game]);
  $("mb-scrub").value = String(ply);
  $("mb-position").textContent = t("replay.position", { ply, total: info.total });
  const entry = info.log[ply - 1];
  $("mb-move-text").textContent = entry ? `${info.names[entry.seat]}: ${entry.text}` : t("replay.start");
  renderLog($("mb-log"), info.log, { onJump: (moveAt) => go(moveAt + 1), current: ply - 1, names: info.names });
  document.body.dataset.ply = String(ply);
}

// "Review this game", or "Review ready" where this game has a stored review in the page's language; a
// server that reviews no games says so instead.
async function offerReview() {
  const note = (text) => { $("mb-review-note").textContent = text; $("mb-review-note").classList.remove("hidden"); };
  const query = record ? "" : `?game_id=${encodeURIComponent(gameId)}`;
  const reviews = await getJSON(`/api/reviews${query}`).catch(() => ({ enabled: true, reviews: [] }));
  const ready = reviews.reviews[0];
  if (!ready && !reviews.enabled) return note(reviews.message);
  const button = $("mb-review");
  button.classList.remove("hidden");
  if (ready) {
    button.dataset.i18n = "review.ready";
    button.textContent = t("review.ready");
    button.dataset.review = ready.id;
  }
  button.addEventListener("click", async () => {
    if (ready) return void (location.href = `/review/${encodeURIComponent(ready.id)}`);
    try {
      const job = await postJSON("/api/reviews", record ? { record } : { game_id: gameId });
      location.href = `/review/${encodeURIComponent(job.id)}`;
    } catch (error) {
      note(error.message);
    }
  });
}

async function start(data) {
  info = data;
  info.names = distinctNames(info.names, (seat) => t("table.seat_n", { seat }));
  $("mb-replay").classList.remove("hidden");
  const state = info.finished ? t("status.finished") : t("replay.live_until");
  $("mb-status").textContent = `${info.title} · ${state}`;
  $("mb-scrub").max = String(info.total);
  $("mb-scrub").addEventListener("input", () => go(Number($("mb-scrub").value)));
  $("mb-first").addEventListener("click", () => go(0));
  $("mb-prev").addEventListener("click", () => go(shown - 1));
  $("mb-next").addEventListener("click", () => go(shown + 1));
  $("mb-last").addEventListener("click", () => go(info.total));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    if (event.key === "ArrowLeft") go(shown - 1);
    if (event.key === "ArrowRight") go(shown + 1);
  });
  if (info.finished) await offerReview();
  let scores = info.scores;
  if (!scores && info.finished) {
    scores = await getJSON(`/api/pages/games/${encodeURIComponent(gameId)}/timeline`).then((d) => d.scores).catch(() => null);
  }
  if (scores) {
    $("mb-chart-card").classList.remove("hidden");
    renderChart($("mb-chart"), scores, info.names);
  }
  await go(info.total);
  document.body.dataset.ready = "1";
}

function parseRecords(text) {
  try {
    return [JSON.parse(text)];
  } catch (error) {
    const lines = text.split("\n").filter((line) => line.trim());
    if (lines.length < 2) throw error;
    return lines.map((line) => JSON.parse(line));
  }
}

async function replayRecord(chosen) {
  record = chosen;
  const data = await postJSON("/api/pages/records/replay", record);
  $("mb-upload").classList.add("hidden");
  await start(data);
}

function showUploadError(error) {
  record = null;
  $("mb-upload-error").textContent = error instanceof SyntaxError ? t("replay.not_json") : error.message;
  $("mb-upload-error").classList.remove("hidden");
}

async function upload() {
  $("mb-upload").classList.remove("hidden");
  $("mb-file").addEventListener("change", async () => {
    const file = $("mb-file").files[0];
    if (!file) return;
    $("mb-upload-error").classList.add("hidden");
    try {
      const records = parseRecords(await file.text());
      if (records.length === 1) return await replayRecord(records[0]);
      // several games (`masterbuilder db export`, one record a line): the player picks one
      const pick = $("mb-pick");
      pick.replaceChildren(new Option(t("replay.pick_game"), ""), ...records.map((r, i) =>
        new Option([r.id, r.game, (r.finished || "").slice(0, 10)].filter(Boolean).join(" · "), String(i))));
      pick.onchange = () => { if (pick.value !== "") replayRecord(records[Number(pick.value)]).catch(showUploadError); };
      pick.classList.remove("hidden");
    } catch (error) {
      showUploadError(error);
    }
  });
  document.body.dataset.ready = "1";
}

async function main() {
  await loadCatalog();
  board = new Board($("mb-board"));
  setupZoom($("mb-board-wrap"));
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  try { panels = await getJSON("/api/pages/panels"); } catch { panels = {}; } // the panels then show scores only
  if (!gameId) return upload();
  try {
    await start(await getJSON(`/api/pages/games/${encodeURIComponent(gameId)}/replay`));
  } catch (error) {
    $("mb-upload").classList.remove("hidden");
    $("mb-upload-error").textContent = error.message;
    $("mb-upload-error").classList.remove("hidden");
    upload();
  }
}

main();
