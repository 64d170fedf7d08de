// The replay page: a server game (finished, or live up to its current move) or an uploaded record file.
import { distinctNames, gameIdFromPath, getJSON, postJSON } from "./api.js";
import { Board, setupZoom } from "./board.js";
import { renderChart } from "./chart.js";
import { loadCatalog, t } from "./i18n.js";
import { renderLog } from "./log.js";
import { fillNav } from "./nav.js";

const $ = (id) => document.getElementById(id);
const gameId = gameIdFromPath("/replay/");
let info = null;
let record = null; // an uploaded record (null for a server game)
let shown = -1;
let board = null;
let request = 0;

async function fetchFrame(ply) {
  if (record) return postJSON(`/api/pages/records/frames/${ply}`, record);
  return getJSON(`/api/pages/games/${encodeURIComponent(gameId)}/frames/${ply}`);
}

async function go(ply) {
  ply = Math.max(0, Math.min(info.total, ply));
  const mine = ++request;
  const data = await fetchFrame(ply);
  if (mine !== request) return; // a later step overtook this one
  shown = ply;
  board.show(data.board.svg, []);
  $("mb-scrub").value = String(ply);
  $("mb-position").textContent = t("replay.position", { ply, total: info.total });
  const entry = info.log[ply - 1];
  $("mb-move-text").textContent = entry ? `${info.names[entry.seat]}: ${entry.text}` : t("replay.start");
  renderLog($("mb-log"), info.log, { onJump: (moveAt) => go(moveAt + 1), current: ply - 1, names: info.names });
  document.body.dataset.ply = String(ply);
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
  if (info.finished) {
    $("mb-review").classList.remove("hidden");
    $("mb-review").addEventListener("click", async () => {
      const job = await postJSON("/api/reviews", record ? { record } : { game_id: gameId });
      location.href = `/review/${encodeURIComponent(job.id)}`;
    });
  }
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

async function upload() {
  $("mb-upload").classList.remove("hidden");
  $("mb-file").addEventListener("change", async () => {
    const file = $("mb-file").files[0];
    if (!file) return;
    $("mb-upload-error").classList.add("hidden");
    try {
      record = JSON.parse(await file.text());
      const data = await postJSON("/api/pages/records/replay", record);
      $("mb-upload").classList.add("hidden");
      await start(data);
    } catch (error) {
      record = null;
      $("mb-upload-error").textContent = error instanceof SyntaxError ? t("replay.not_json") : error.message;
      $("mb-upload-error").classList.remove("hidden");
    }
  });
  document.body.dataset.ready = "1";
}

async function main() {
  await loadCatalog();
  board = new Board($("mb-board"));
  setupZoom($("mb-board-wrap"));
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
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
