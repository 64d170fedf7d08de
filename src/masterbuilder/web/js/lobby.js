// The lobby: quick starts against bots, the full create form with invite links, and the lists of games.
import { ApiError, el, getJSON, newestOnly, playerName, postJSON, saveTokens, setPlayerName, tokensFor } from "./api.js";
import { has, loadCatalog, t, tn } from "./i18n.js";
import { controlText, duration } from "./clock.js";
import { fillNav, lockToAccount } from "./nav.js";

const LEVELS = ["easy", "medium", "hard"];
// People count seats from 1; the API's seat numbers start at 0.
const shown = (seat) => Number(seat) + 1;

// A level in words with how strong it is (measured: docs/strength.md).
function levelText(level) {
  return t("level.with_strength", { level: t(`level.${level}`), strength: t(`level.${level}_strength`) });
}

// A bot preset as the form lists it: a level's strength after its id.
function botText(name) {
  const level = name.startsWith("mcts:") ? name.slice(5) : null;
  return LEVELS.includes(level) ? `${name}: ${levelText(level)}` : name;
}

// A game option's name and its values in the reader's language (the page catalog's option.GAME.NAME and
// option.GAME.NAME.VALUE); an option the catalog does not know shows its id.
function optionLabel(game, name) {
  const key = `option.${game}.${name}`;
  return has(key) ? t(key) : name;
}

function choiceLabel(game, name, value) {
  const key = `option.${game}.${name}.${value}`;
  return has(key) ? t(key) : String(value);
}
// The time controls the form offers (seconds): real time has no clock; the turn-based ones are Board Game
// Arena's kind (docs/web.md, "Turn-based clocks").
const HOURS = 3600;
const DAYS = 24 * HOURS;
const TIME_CONTROLS = {
  real: null,
  fast: { kind: "turn", bank: 1 * DAYS, increment: 4 * HOURS, cap: 2 * DAYS },
  normal: { kind: "turn", bank: 3 * DAYS, increment: 1 * DAYS, cap: 7 * DAYS },
};

const PER_PAGE = 10;
let games = [];
let listStatus = "open";
let listPage = 1;

function showError(id, error) {
  const box = document.getElementById(id);
  box.textContent = error ? (error instanceof ApiError ? error.message : t("error.network")) : "";
  box.classList.toggle("hidden", !error);
}

function nameInput() { return document.getElementById("my-name").value.trim(); }

function botFor(info, level) {
  const wanted = `mcts:${level}`;
  return info.bots.some((b) => b.name === wanted) ? wanted : info.bots[0].name;
}

async function createGame(body) {
  const created = await postJSON("/api/games", body);
  if (created.tokens && Object.keys(created.tokens).length) saveTokens(created.id, created.tokens);
  return created;
}

// ---- quick start ------------------------------------------------------------------------------------
function quickCard(info) {
  // The levels as radio buttons, each saying how strong it is (a select would cut the words).
  const levels = el("fieldset", { class: "levels" }, el("legend", { text: t("lobby.level") }),
    LEVELS.map((l) => el("label", { class: "level" },
      el("input", { type: "radio", name: `level-${info.name}`, value: l, checked: l === "medium" }), ` ${levelText(l)}`)));
  const chosenLevel = () => levels.querySelector("input:checked").value;
  const button = el("button", {
    type: "button", "data-quick": info.name,
    text: tn("lobby.play_against", 2, { game: info.title }),
    onclick: async () => {
      button.disabled = true;
      showError("quick-error", null);
      try {
        const bot = botFor(info, chosenLevel());
        const name = nameInput();
        const created = await createGame({
          game: info.name, players: 3, options: {},
          seats: [{ kind: "human", name: name || null }, { kind: "bot", bot }, { kind: "bot", bot }],
          join: [0], name: name || null,
        });
        location.href = `/play/${created.id}`;
      } catch (error) {
        showError("quick-error", error);
        button.disabled = false;
      }
    },
  });
  return el("div", { class: "card" },
    el("h3", { text: info.title }),
    levels,
    button,
    el("a", { href: `/rules/${info.name}`, class: "small", text: t("lobby.read_rules") }));
}

// ---- create form -------------------------------------------------------------------------------------
function currentInfo() {
  return games.find((g) => g.name === document.getElementById("c-game").value) || games[0];
}

function fillPlayers() {
  const info = currentInfo();
  const select = document.getElementById("c-players");
  const keep = Number(select.value) || 3;
  select.replaceChildren();
  for (let n = info.min_players; n <= info.max_players; n++) {
    select.append(el("option", { value: n, selected: n === Math.min(Math.max(keep, info.min_players), info.max_players) }, n));
  }
  fillSeats();
  fillOptions();
  fillTimeBots();
}

function fillTimeBots() {
  const info = currentInfo();
  document.getElementById("c-time-bot").replaceChildren(...info.bots.map((b) =>
    el("option", { value: b.name, title: b.description, selected: b.name === "mcts:medium" }, botText(b.name))));
}

function syncTime() {
  document.getElementById("c-time-more").classList.toggle("hidden", document.getElementById("c-time").value === "real");
}

function timeControl() {
  const preset = TIME_CONTROLS[document.getElementById("c-time").value];
  return preset ? { ...preset, bot: document.getElementById("c-time-bot").value } : null;
}

function fillSeats() {
  const info = currentInfo();
  const players = Number(document.getElementById("c-players").value);
  const box = document.getElementById("c-seats");
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const kind = el("select", { "data-seat-kind": seat, "aria-label": t("lobby.seat_kind", { seat: shown(seat) }) },
      el("option", { value: "human" }, t("lobby.human")), el("option", { value: "bot", selected: seat > 0 }, t("lobby.bot")));
    const bot = el("select", { "data-seat-bot": seat, "aria-label": t("lobby.seat_bot", { seat: shown(seat) }) },
      info.bots.map((b) => el("option", { value: b.name, title: b.description, selected: b.name === "mcts:medium" }, botText(b.name))));
    const name = el("input", { type: "text", maxlength: 40, "data-seat-name": seat, placeholder: t("lobby.name_placeholder"),
      "aria-label": t("lobby.seat_name", { seat: shown(seat) }) });
    const take = el("input", { type: "checkbox", "data-seat-join": seat, checked: seat === 0 });
    const takeLabel = el("label", { class: "small" }, take, ` ${t("lobby.take_seat")}`);
    // a seat nobody here takes may be kept for a friend's account: only they can join it
    const invite = el("input", { type: "text", maxlength: 32, "data-seat-invite": seat, placeholder: t("lobby.invite_placeholder"),
      "aria-label": t("lobby.seat_invite", { seat: shown(seat) }) });
    const sync = () => {
      const human = kind.value === "human";
      bot.classList.toggle("hidden", human);
      takeLabel.classList.toggle("hidden", !human);
      name.classList.toggle("hidden", !human);
      invite.classList.toggle("hidden", !human || take.checked);
    };
    kind.addEventListener("change", sync);
    take.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row" }, el("strong", {}, t("lobby.seat_n", { seat: shown(seat) })), kind, bot, name, takeLabel, invite));
  }
}

function fillOptions() {
  const info = currentInfo();
  const box = document.getElementById("c-options");
  box.replaceChildren();
  for (const [name, option] of Object.entries(info.options)) {
    const id = `opt-${name}`;
    let input;
    if (option.choices) {
      input = el("select", { id, "data-option": name },
        option.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === option.default }, choiceLabel(info.name, name, c))));
    } else if (typeof option.default === "boolean") {
      input = el("input", { id, type: "checkbox", "data-option": name, checked: option.default });
    } else {
      input = el("input", { id, type: "number", "data-option": name, value: option.default,
        min: option.minimum ?? null, max: option.maximum ?? null });
    }
    // The help repeats the values' ids: not needed once every value is in words.
    const worded = option.choices && option.choices.every((c) => has(`option.${info.name}.${name}.${c}`));
    box.append(el("label", { for: id, text: optionLabel(info.name, name), "data-option-label": name }), input,
      ...(worded ? [] : [el("div", { class: "help small muted", text: option.doc })]));
  }
}

function formBody() {
  const info = currentInfo();
  const players = Number(document.getElementById("c-players").value);
  const seats = [];
  const join = [];
  for (let seat = 0; seat < players; seat++) {
    const kind = document.querySelector(`[data-seat-kind="${seat}"]`).value;
    if (kind === "bot") {
      seats.push({ kind, bot: document.querySelector(`[data-seat-bot="${seat}"]`).value });
    } else {
      const name = document.querySelector(`[data-seat-name="${seat}"]`).value.trim();
      const taking = document.querySelector(`[data-seat-join="${seat}"]`).checked;
      const invite = taking ? "" : document.querySelector(`[data-seat-invite="${seat}"]`).value.trim();
      seats.push(invite ? { kind, name: name || null, invite } : { kind, name: name || null });
      if (taking) join.push(seat);
    }
  }
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const option = info.options[input.dataset.option];
    if (input.type === "checkbox") options[input.dataset.option] = input.checked;
    else if (option.choices) options[input.dataset.option] = JSON.parse(input.value);
    else options[input.dataset.option] = Number(input.value);
  }
  const seedText = document.getElementById("c-seed").value.trim();
  const myName = nameInput();
  return { game: info.name, players, options, seed: seedText === "" ? null : Number(seedText), seats, join,
    name: myName || null, clock: timeControl(), rated: document.getElementById("c-rated").checked,
    chat: document.getElementById("c-chat").value };
}

function inviteItem(seat, path, base) {
  const url = new URL(path, base || location.origin).href;
  const field = el("input", { type: "text", readonly: true, value: url, "aria-label": t("lobby.invite_for", { seat: shown(seat) }) });
  const copy = el("button", { type: "button", class: "secondary", text: t("lobby.copy"), onclick: async () => {
    try { await navigator.clipboard.writeText(url); } catch { field.select(); document.execCommand("copy"); }
    copy.textContent = t("lobby.copied");
  } });
  return el("li", {}, el("span", {}, t("lobby.invite_for", { seat: shown(seat) })), field, copy);
}

async function submitCreate(event) {
  event.preventDefault();
  showError("create-error", null);
  try {
    const created = await createGame(formBody());
    const opened = document.getElementById("created-open");
    opened.replaceChildren();
    if (created.tokens && Object.keys(created.tokens).length) {
      opened.append(el("a", { href: `/play/${created.id}`, text: t("lobby.open_table") }));
    } else {
      opened.append(el("a", { href: `/play/${created.id}`, text: t("lobby.watch") }));
    }
    document.getElementById("invites").replaceChildren(
      ...Object.entries(created.invites || {}).map(([seat, path]) => inviteItem(seat, path, created.public_url)));
    document.getElementById("created").classList.remove("hidden");
    loadGames();
  } catch (error) {
    showError("create-error", error);
  }
}

// ---- game lists ----------------------------------------------------------------------------------------
function seatText(seat) {
  if (seat.kind === "bot") return seat.bot;
  return seat.taken ? (seat.name || t("lobby.someone")) : t("lobby.open_seat");
}

function gameRow(game) {
  const mine = Object.keys(tokensFor(game.id)).length > 0;
  const links = [];
  if (mine && game.status !== "finished") links.push(el("a", { href: `/play/${game.id}`, text: t("lobby.open_table") }));
  if (game.status === "open") {
    for (const seat of game.seats) {
      if (seat.kind === "human" && !seat.taken) {
        links.push(el("a", { href: `/play/${game.id}?seat=${seat.seat}`, text: t("lobby.join_seat", { seat: shown(seat.seat) }) }));
      }
    }
  }
  if (game.status === "live") {
    links.push(el("a", { href: `/play/${game.id}`, text: t("lobby.watch") }));
    links.push(el("a", { href: `/replay/${game.id}`, text: t("lobby.replay") }));
  }
  if (game.status === "finished") {
    links.push(el("a", { href: `/play/${game.id}`, text: t("lobby.result") }));
    links.push(el("a", { href: `/replay/${game.id}`, text: t("lobby.replay") }));
  }
  let state = t(`status.${game.status}`);
  if (game.status === "live") state += ` · ${t("lobby.move_n", { ply: game.ply })}`;
  // Turn-based games: the time control, and while live the time the seat to move has left.
  if (game.clock) {
    state += ` · ${controlText(game.clock)}`;
    const running = game.clock.running;
    if (game.status === "live" && running !== null) {
      const who = seatText(game.seats[running]);
      state += ` · ${t("clock.to_move_left", { name: who, time: duration(game.clock.left[running]) })}`;
    }
  }
  // A finished game: each seat's score beside it, the winners marked.
  const scored = game.status === "finished" && Array.isArray(game.scores);
  const won = new Set(game.winners || []);
  const seatLine = (s) => el("div", { class: won.has(s.seat) && scored ? "won" : null },
    el("span", { class: `swatch s${s.seat}` }), seatText(s),
    scored ? el("span", { class: "seat-score" }, ` · ${game.scores[s.seat]}`) : null,
    scored && won.has(s.seat) ? el("strong", { class: "winner" }, ` ★ ${t("table.winner")}`) : null);
  return el("tr", { "data-game": game.id },
    el("td", {}, game.title),
    el("td", {}, game.seats.map(seatLine)),
    el("td", { class: "small muted" }, new Date(game.updated || game.created).toLocaleString()),
    el("td", {}, state),
    el("td", { class: "links" }, links));
}

const listLoads = newestOnly();

async function loadGames() {
  const box = document.getElementById("games");
  const stillNewest = listLoads();
  try {
    const data = await getJSON(`/api/games?status=${listStatus}&page=${listPage}&per_page=${PER_PAGE}`);
    if (!stillNewest()) return;
    const pages = Math.max(1, Math.ceil(data.total / data.per_page));
    document.getElementById("page-info").textContent = t("lobby.page_of", { page: data.page, pages });
    document.getElementById("prev").disabled = data.page <= 1;
    document.getElementById("next").disabled = data.page >= pages;
    if (!data.games.length) {
      box.replaceChildren(el("p", { class: "muted", text: t(`lobby.none_${listStatus}`) }));
      return;
    }
    box.replaceChildren(el("table", { class: "games" },
      el("thead", {}, el("tr", {}, ["lobby.col_game", "lobby.col_seats", "lobby.col_when", "lobby.col_state", "lobby.col_links"]
        .map((k) => el("th", { text: t(k) })))),
      el("tbody", {}, data.games.map(gameRow))));
  } catch (error) {
    if (stillNewest()) box.replaceChildren(el("p", { class: "message error", text: error.message }));
  }
}

function setupTabs() {
  for (const tab of document.querySelectorAll("#tabs [data-status]")) {
    tab.addEventListener("click", () => {
      listStatus = tab.dataset.status;
      listPage = 1;
      for (const other of document.querySelectorAll("#tabs [data-status]")) {
        other.setAttribute("aria-selected", String(other === tab));
      }
      loadGames();
    });
  }
  document.getElementById("prev").addEventListener("click", () => { listPage = Math.max(1, listPage - 1); loadGames(); });
  document.getElementById("next").addEventListener("click", () => { listPage += 1; loadGames(); });
}

async function main() {
  await loadCatalog();
  const catalog = await getJSON("/api/catalog");
  games = catalog.games;
  fillNav(games);
  const name = document.getElementById("my-name");
  name.value = playerName();
  name.addEventListener("change", () => setPlayerName(name.value.trim()));
  lockToAccount(name);
  document.getElementById("quick").replaceChildren(...games.map(quickCard));
  const gameSelect = document.getElementById("c-game");
  gameSelect.replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  gameSelect.addEventListener("change", fillPlayers);
  document.getElementById("c-players").addEventListener("change", fillSeats);
  document.getElementById("c-time").addEventListener("change", syncTime);
  fillPlayers();
  document.getElementById("create").addEventListener("submit", submitCreate);
  setupTabs();
  loadGames();
  setInterval(loadGames, 15000);
  document.body.dataset.ready = "1";
}

main();
