// The table page: one socket per seat this browser holds (or one as a spectator), the board, the panel of
// actions no board element shows, the decision in words, the log, the scores, hint, undo, the end.
import {
  ApiError, distinctNames, el, forgetToken, gameIdFromPath, getJSON, playerName, postJSON, saveTokens, setPlayerName, tokensFor,
} from "./api.js";
import { Board, applyChanges, bringIntoView, parseSvg, setupZoom, targets } from "./board.js";
import { renderChart } from "./chart.js";
import { ChatPanel } from "./chat.js";
import { renderClock, timeoutText } from "./clock.js";
import { language, loadCatalog, t, tn } from "./i18n.js";
import { renderLog } from "./log.js";
import { fillNav, lockToAccount } from "./nav.js";
import { announce, askPermission, mayAsk, muted, news, setMuted, showTurnInTitle, wakeAudioOnClick } from "./notify.js";
import { renderBreakdown, renderScoreboard } from "./scores.js";

const gameId = gameIdFromPath("/play/");
const $ = (id) => document.getElementById(id);
let board = null;
let connections = [];
let active = null;
let summary = null;
let chartDrawn = false;
let panels = {};
let pointed = 0; // how often the pointer was used on this decision: it shows the targets in turn
let shownDecision = null; // the ply and seat whose targets were last brought into view
let chat = null;

class Connection {
  constructor(seat, token) {
    this.seat = seat; // null: a spectator
    this.token = token;
    this.message = null;
    this.drawing = null; // this seat's board (an SVG document): the last whole one with the changes since
    this.boardAsked = false; // a change did not fit: the whole board was asked for
    this.log = [];
    this.backoff = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.ws = new WebSocket(`${scheme}//${location.host}/ws/games/${encodeURIComponent(gameId)}`);
    this.ws.onopen = () => {
      this.backoff = 500;
      this.boardAsked = false;
      this.ws.send(JSON.stringify({ type: "hello", token: this.token, lang: language(), changes: true }));
      showBanner(null);
    };
    this.ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    this.ws.onclose = () => {
      if (this.closed) return;
      if (this.resyncing) {
        this.resyncing = false;
        this.open();
        return;
      }
      showBanner(t("table.reconnecting"));
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 10000);
    };
  }

  // The server does not know this token (an old game, another server): forget it and watch instead.
  dropToken() {
    this.closed = true;
    this.ws.close();
    forgetToken(gameId, this.seat);
    connections = connections.filter((c) => c !== this);
    if (!connections.length) connections = [new Connection(null, null)];
    if (active === this) active = connections[0];
  }

  send(data) {
    if (this.ws.readyState !== WebSocket.OPEN) {
      showMessage(t("table.not_connected"), "error");
      return false;
    }
    this.ws.send(JSON.stringify(data));
    return true;
  }

  // The board of a state message: a whole drawing, or changes to this one. False when the changes do not
  // fit (a message was lost or misapplied): the whole board and log are asked for, and come as a state.
  takeBoard(board) {
    if (board.svg !== undefined) {
      this.drawing = parseSvg(board.svg);
      this.boardAsked = false;
      return true;
    }
    try {
      if (!this.drawing) throw new Error("no board to change");
      applyChanges(this.drawing, board.changes);
      return true;
    } catch {
      this.drawing = null;
      if (!this.boardAsked && this.ws.readyState === WebSocket.OPEN) this.ws.send('{"type":"board"}');
      this.boardAsked = true;
      return false;
    }
  }

  receive(data) {
    if (data.type === "state") {
      if (this.token === null && data.seat !== undefined) this.seat = data.seat; // signed in: the account's seat
      if (data.board && !this.takeBoard(data.board)) return;
      this.log = data.full ? data.log : mergeLog(this.log, data.log);
      const before = this.message;
      this.message = data;
      stateArrived(this);
      tellNews(this, before, data);
    } else if (data.type === "chat") {
      chat?.receive(data.messages, connections.map((c) => c.seat));
    } else if (data.type === "error") {
      if (chat?.refused(data)) return;
      if (this === active) {
        setBusy(false);
        showMessage(data.message, "error");
      }
      if (data.code === "bad_token") this.dropToken();
      // This tab missed an update: connect again to get the full picture (the reason stays shown).
      if (data.code === "stale" || data.code === "not_your_turn") {
        this.resyncing = true;
        this.ws.close();
      }
    } else if (data.type === "hint") {
      if (this === active) showHint(data);
    }
  }
}

// Your turn, the start, the end, low time: the tab's title, a sound, a notification while the tab is hidden.
// The start and the end are told once (by the first connection), each seat's turn by its own.
function tellNews(conn, before, after) {
  const game = summary ? summary.title : after.game;
  const found = news(before, after, conn.seat).filter((k) => conn === connections[0] || k === "turn" || k === "low");
  announce(found, game);
  const yourTurn = connections.some((c) => c.seat !== null && c.message && c.message.status === "live" && c.message.to_move === c.seat);
  showTurnInTitle(yourTurn, game);
}

function setupAlerts() {
  const sound = $("mb-sound");
  const show = () => sound.setAttribute("aria-pressed", String(!muted()));
  sound.addEventListener("click", () => { setMuted(!muted()); show(); });
  show();
  const ask = $("mb-ask-notify");
  ask.classList.toggle("hidden", !mayAsk());
  ask.addEventListener("click", async () => { await askPermission(); ask.classList.toggle("hidden", !mayAsk()); });
  wakeAudioOnClick();
}

function mergeLog(old, fresh) {
  const known = new Set(old.map((e) => `${e.ply}:${e.seat}:${e.text}`));
  return old.concat(fresh.filter((e) => !known.has(`${e.ply}:${e.seat}:${e.text}`)));
}

function showBanner(text) {
  $("mb-banner").textContent = text || "";
  $("mb-banner").classList.toggle("hidden", !text);
}

function showMessage(text, kind = "error") {
  const box = $("mb-message");
  box.textContent = text || "";
  box.className = `message ${kind}${text ? "" : " hidden"}`;
}

function setBusy(busy) { $("mb-board").classList.toggle("busy", busy); for (const b of $("mb-panel").children) b.disabled = busy; }

// Who sits where; two seats with the same name (two "random" bots) get their seat number too.
function names(message) {
  const plain = message.seats.map((s) => s.name || s.bot || t("table.seat_n", { seat: s.seat }));
  return distinctNames(plain, (seat) => t("table.seat_n", { seat }));
}

function act(actionId) {
  if (!active || !active.message) return;
  showMessage(null);
  if (active.send({ type: "act", action: actionId, ply: active.message.ply })) setBusy(true);
}

function showHint(hint) {
  const onBoard = board.highlight(hint.action);
  for (const b of $("mb-panel").children) b.classList.toggle("hinted", Number(b.dataset.action) === hint.action);
  showMessage(t("table.hint_is", { move: hint.description || hint.label }), "info");
  if (!onBoard) $("mb-panel").querySelector(".hinted")?.focus();
}

// Hotseat: when a seat this browser holds is to move, its connection becomes the one shown.
function stateArrived(conn) {
  if (conn.message.to_move === conn.seat && conn.seat !== null) active = conn;
  if (!active.message) active = conn;
  if (conn === active) render();
}

function decisionText(message) {
  if (message.status === "finished") return t("table.game_over");
  if (message.status === "open") return t("table.waiting_players");
  if (message.to_move === null || message.to_move === undefined) return "";
  const stopped = timeoutText(message, names(message));
  if (stopped) return stopped;
  if (message.to_move === message.seat) {
    return message.decision || (message.view && message.view.prompt) || t("table.your_move");
  }
  return t("table.waiting_for", { name: names(message)[message.to_move] });
}

function renderSeatSwitch() {
  const box = $("mb-seats-switch");
  const seated = connections.filter((c) => c.seat !== null);
  box.classList.toggle("hidden", seated.length < 2);
  box.replaceChildren(...seated.map((c) => el("button", {
    type: "button", class: c === active ? "" : "secondary", "aria-pressed": String(c === active),
    text: c.message ? names(c.message)[c.seat] : t("table.seat_n", { seat: c.seat }),
    onclick: () => { active = c; render(); },
  })));
}

// While seats are open, the invite link of each, to copy and send.
function renderInvites(message) {
  const open = message.status === "open" ? message.seats.filter((s) => s.kind === "human" && !s.taken) : [];
  $("mb-invites").classList.toggle("hidden", !open.length);
  $("mb-invites").replaceChildren(...open.map((s) => {
    const url = new URL(`/play/${gameId}?seat=${s.seat}`, location.origin).href;
    const field = el("input", { type: "text", readonly: true, value: url, "aria-label": t("lobby.invite_for", { seat: s.seat + 1 }) });
    const copy = el("button", { type: "button", class: "secondary", text: t("lobby.copy"), onclick: async () => {
      try { await navigator.clipboard.writeText(url); } catch { field.select(); document.execCommand("copy"); }
      copy.textContent = t("lobby.copied");
    } });
    return el("li", {}, el("span", {}, t("lobby.invite_for", { seat: s.seat + 1 })), field, copy);
  }));
}

function render() {
  const message = active.message;
  if (!message) return;
  setBusy(false); // a new state answers (or overtakes) the move sent
  const who = names(message);
  const title = summary ? summary.title : message.game;
  const where = [title, t(`status.${message.status}`), message.phase, t("table.move_n", { ply: message.ply })];
  $("mb-status").textContent = where.filter(Boolean).join(" · ");
  $("mb-status").title = $("mb-status").textContent;
  const legal = (message.legal || []).map((a) => a.id);
  const panelFocused = $("mb-panel").contains(document.activeElement);
  board.show(active.drawing, legal);
  const mine = message.to_move === message.seat && message.seat !== null;
  $("mb-decision").textContent = decisionText(message);
  $("mb-decision").classList.toggle("mine", mine);
  $("mb-panel").replaceChildren(...(mine ? message.board.panel : []).map((a) => el("button", {
    type: "button", "data-action": a.id, title: a.label, text: a.description || a.label, onclick: () => act(a.id),
  })));
  if (panelFocused) ($("mb-panel").querySelector("button") || $("mb-board").querySelector("[data-action]"))?.focus();
  $("mb-hint").classList.toggle("hidden", !(mine && message.hint_allowed));
  $("mb-undo").classList.toggle("hidden", !message.can_undo);
  $("mb-rematch").classList.toggle("hidden", !(message.status === "finished" && message.seat !== null));
  renderSeatSwitch();
  renderInvites(message);
  renderClock($("mb-clock"), message, who, (choice) => { showMessage(null); active.send({ type: "timeout", choice }); });
  renderScoreboard($("mb-scoreboard"), message, who, panels[message.game]);
  pointTargets(message, mine);
  renderLog($("mb-log"), active.log, { seat: message.seat, names: who });
  if (message.result) {
    $("mb-result").classList.remove("hidden");
    renderBreakdown($("mb-breakdown"), message.game, message.view, message.result, who);
    $("mb-replay-link").href = `/replay/${gameId}`;
    if (!chartDrawn) {
      chartDrawn = true;
      getJSON(`/api/pages/games/${encodeURIComponent(gameId)}/timeline`)
        .then((data) => renderChart($("mb-chart"), data.scores, who))
        .catch((error) => { $("mb-chart").textContent = error.message; });
    }
  }
  document.body.dataset.ply = String(message.ply);
  document.body.dataset.ready = "1";
}

// A decision's targets on the board: when none is in view as the decision arrives, the board's frame
// scrolls to the first; the pointer next to the decision shows each in turn.
function pointTargets(message, mine) {
  const { nodes, frame, visible } = targets($("mb-board"));
  const pointer = $("mb-point");
  pointer.classList.toggle("hidden", !(mine && nodes.length));
  if (!mine || !nodes.length) return;
  pointer.textContent = tn("table.show_targets", nodes.length);
  const key = `${message.ply}:${message.seat}`;
  if (shownDecision !== key) {
    shownDecision = key;
    pointed = 0;
    if (!visible) bringIntoView(nodes[0], frame);
  }
}

function showNextTarget() {
  const { nodes, frame } = targets($("mb-board"));
  if (!nodes.length) return;
  const node = nodes[pointed % nodes.length];
  pointed += 1;
  frame.scrollIntoView({ block: "nearest" });
  bringIntoView(node, frame);
  node.focus({ preventScroll: true });
}

async function join(seat) {
  $("mb-join").classList.remove("hidden");
  $("mb-join-title").textContent = t("table.join_title", { seat: seat + 1, game: summary.title });
  $("mb-join-name").value = playerName();
  const asAccount = await lockToAccount($("mb-join-name"));
  return new Promise((resolve) => {
    $("mb-join-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = $("mb-join-name").value.trim();
      if (!asAccount) setPlayerName(name);
      try {
        const joined = await postJSON(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/join`, { name: name || null });
        saveTokens(gameId, { [joined.seat]: joined.token });
        $("mb-join").classList.add("hidden");
        history.replaceState(null, "", `/play/${gameId}`);
        resolve();
      } catch (error) {
        $("mb-join-error").textContent = error instanceof ApiError ? error.message : t("error.network");
        $("mb-join-error").classList.remove("hidden");
      }
    });
  });
}

async function main() {
  await loadCatalog();
  board = new Board($("mb-board"), act);
  chat = new ChatPanel($("mb-chat"), {
    send: (data) => Boolean(active && active.send(data)),
    name: (seat) => (active && active.message ? names(active.message)[seat] : t("table.seat_n", { seat })),
  });
  setupAlerts();
  setupZoom($("mb-board-wrap"));
  $("mb-point").addEventListener("click", showNextTarget);
  $("mb-hint").addEventListener("click", () => {
    if (active && active.send({ type: "hint" })) showMessage(t("table.hint_wait"), "info");
  });
  $("mb-undo").addEventListener("click", () => { showMessage(null); active && active.send({ type: "undo" }); });
  $("mb-rematch").addEventListener("click", async () => {
    try {
      // Someone asked for the rematch first: take your seat there (the invite asks for your name).
      const now = await getJSON(`/api/games/${encodeURIComponent(gameId)}`);
      if (now.rematch) {
        const tokens = tokensFor(now.rematch);
        location.href = active.seat in tokens ? `/play/${now.rematch}` : `/play/${now.rematch}?seat=${active.seat}`;
        return;
      }
      const created = await postJSON(`/api/games/${encodeURIComponent(gameId)}/rematch`, {}, active.token);
      if (created.tokens) saveTokens(created.id, created.tokens);
      location.href = `/play/${created.id}`;
    } catch (error) { showMessage(error.message, "error"); }
  });
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  try { panels = await getJSON("/api/pages/panels"); } catch { panels = {}; } // the panels then show scores only
  try {
    summary = await getJSON(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (error) {
    $("mb-decision").textContent = error.message;
    return;
  }
  const wanted = new URLSearchParams(location.search).get("seat");
  let tokens = tokensFor(gameId);
  if (wanted !== null && !(wanted in tokens)) {
    const seat = summary.seats.find((s) => String(s.seat) === wanted);
    if (seat && seat.kind === "human" && !seat.taken) {
      await join(Number(wanted));
      tokens = tokensFor(gameId);
    } else {
      showMessage(t("table.seat_taken", { seat: /^\d+$/.test(wanted) ? Number(wanted) + 1 : wanted }), "info");
    }
  }
  const seats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  connections = seats.length ? seats.map((s) => new Connection(s, tokens[s])) : [new Connection(null, null)];
  active = connections[0];
  setInterval(() => connections.forEach((c) => c.ws.readyState === WebSocket.OPEN && c.ws.send('{"type":"ping"}')), 25000);
}

main();
