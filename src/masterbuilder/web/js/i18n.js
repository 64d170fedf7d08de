// The page message catalog: every string a page shows goes through t(key, params).
let messages = {};
let fallback = {};

export function language() {
  const stored = localStorage.getItem("mb:lang");
  return stored && /^[a-z]{2}$/.test(stored) ? stored : "en";
}

async function fetchCatalog(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalog ${lang}`);
  return response.json();
}

export async function loadCatalog() {
  fallback = await fetchCatalog("en");
  const lang = language();
  messages = lang === "en" ? fallback : await fetchCatalog(lang).catch(() => fallback);
  document.documentElement.lang = lang;
  translatePage(document);
}

// t("lobby.play_against", {game: "Caylus", n: 2}) -> "Play Caylus against 2 bots"
export function t(key, params = {}) {
  const text = messages[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
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
