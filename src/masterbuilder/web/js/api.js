// Talking to the server's REST API, and the seat tokens this browser holds.
export class ApiError extends Error {}

async function parse(response) {
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    const detail = body && body.detail;
    const text = typeof detail === "string" ? detail
      : Array.isArray(detail) ? detail.map((d) => d.msg || JSON.stringify(d)).join("; ")
      : `${response.status} ${response.statusText}`;
    throw new ApiError(text);
  }
  return body;
}

export async function getJSON(url) {
  return parse(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function postJSON(url, data, token = null) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return parse(await fetch(url, { method: "POST", headers, body: JSON.stringify(data ?? {}) }));
}

// Tokens are kept per game in localStorage: {"0": "tok...", "2": "tok..."} (several seats = hotseat).
export function tokensFor(gameId) {
  try { return JSON.parse(localStorage.getItem(`mb:tokens:${gameId}`) || "{}"); } catch { return {}; }
}

export function saveTokens(gameId, tokens) {
  const all = { ...tokensFor(gameId), ...tokens };
  localStorage.setItem(`mb:tokens:${gameId}`, JSON.stringify(all));
  return all;
}

export function forgetToken(gameId, seat) {
  const all = tokensFor(gameId);
  delete all[seat];
  localStorage.setItem(`mb:tokens:${gameId}`, JSON.stringify(all));
}

export function playerName() { return localStorage.getItem("mb:name") || ""; }
export function setPlayerName(name) { localStorage.setItem("mb:name", name); }

// Names as shown: two seats with the same name (two "random" bots) get their seat number too.
export function distinctNames(names, seatWord) {
  return names.map((name, seat) =>
    names.indexOf(name) !== names.lastIndexOf(name) ? `${name} (${seatWord(seat)})` : name);
}

// For what reloads while the player clicks (a list's tabs and pages, a replay's steps): only the newest
// request may draw, so an older answer arriving last does not replace what was clicked since.
//   const listLoads = newestOnly();  ...  const stillNewest = listLoads();  await ...;  if (!stillNewest()) return;
export function newestOnly() {
  let started = 0;
  return () => {
    const mine = ++started;
    return () => mine === started;
  };
}

export function gameIdFromPath(prefix) {
  const rest = location.pathname.slice(prefix.length);
  return decodeURIComponent(rest.split("/")[0] || "");
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
