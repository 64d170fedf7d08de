// The page message catalog: every string a page shows goes through t(key, params) (or tn for a count).
// The catalog comes from the server (/i18n/{lang}.json), built from the gettext catalog the engines use; a
// counted message comes as its forms by CLDR plural category, picked here with Intl.PluralRules.
let messages = {};
let names = { en: "English" };
let current = "en";
const STORE = "mb:lang";
const COOKIE = "mb_lang";

function valid(code) {
  return typeof code === "string" && /^[a-z]{2}$/.test(code);
}

function chosen() {
  try {
    const stored = localStorage.getItem(STORE);
    return valid(stored) ? stored : null;
  } catch {
    return null;
  }
}

// The player's choice (the menu), else the language the server chose for this browser (<html lang>, from
// the mb_lang cookie or the Accept-Language header).
export function language() {
  const server = document.documentElement.lang;
  return chosen() || (valid(server) ? server : "en");
}

function rememberCookie(code) {
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
}

export function chooseLanguage(code) {
  if (!valid(code)) return;
  try {
    localStorage.setItem(STORE, code);
  } catch {
    // private mode: the cookie alone remembers it
  }
  rememberCookie(code); // so that what the server writes (moves, boards, errors) follows the choice
}

async function fetchCatalog(lang) {
  const response = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
  if (!response.ok) throw new Error(`no catalog ${lang}`);
  return response.json();
}

export async function loadCatalog() {
  let lang = language();
  if (chosen() && !document.cookie.split("; ").includes(`${COOKIE}=${lang}`)) rememberCookie(lang);
  let data;
  try {
    data = await fetchCatalog(lang);
  } catch {
    lang = "en";
    data = await fetchCatalog("en");
  }
  messages = data.messages;
  names = data.languages || names;
  current = data.lang || lang;
  document.documentElement.lang = current;
  addLanguageMenu();
  translatePage(document);
}

// The language menu in every page's top bar: the choice is remembered (localStorage and a cookie) and the
// page is loaded again in it.
function addLanguageMenu() {
  const bar = document.querySelector(".topbar");
  if (!bar || document.getElementById("mb-lang")) return;
  const select = document.createElement("select");
  select.id = "mb-lang";
  select.className = "lang-menu";
  select.setAttribute("aria-label", t("nav.language"));
  for (const [code, name] of Object.entries(names)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    location.reload();
  });
  const status = bar.querySelector(".status");
  if (status) bar.insertBefore(select, status);
  else bar.append(select);
}

function format(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

let rules = null;
function pluralCategory(n) {
  if (!rules || rules.resolvedOptions().locale.split("-")[0] !== current) rules = new Intl.PluralRules(current);
  return rules.select(n);
}

// t("lobby.seat_n", {seat: 2}) -> "Seat 2"; a counted message takes its count from params.n.
export function t(key, params = {}) {
  const message = messages[key];
  if (message === undefined) return key;
  if (typeof message === "string") return format(message, params);
  const n = Number(params.n);
  const form = message[Number.isFinite(n) ? pluralCategory(n) : "other"] ?? message.other;
  return format(form, params);
}

// Whether the catalog has ``key`` (t() falls back to the key itself).
export function has(key) {
  return messages[key] !== undefined;
}

// tn("lobby.play_against", 2, {game: "Caylus"}) -> "Play Caylus against 2 bots"
export function tn(key, n, params = {}) {
  return t(key, { ...params, n });
}

// Elements name their strings: data-i18n (text), data-i18n-title, data-i18n-placeholder, data-i18n-aria.
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = title.textContent;
}
