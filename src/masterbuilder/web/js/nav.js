// The links in every page's top bar; on a phone they fold into a menu behind one button.
import { el, getJSON } from "./api.js";
import { t } from "./i18n.js";

function addMenuButton(bar, nav) {
  if (document.getElementById("mb-menu")) return;
  nav.id = nav.id || "mb-nav";
  const button = el("button", {
    type: "button", id: "mb-menu", class: "menu-button secondary", "aria-expanded": "false", "aria-controls": nav.id,
    "aria-label": t("nav.menu"), title: t("nav.menu"), text: "☰",
  });
  const close = () => { bar.classList.remove("open"); button.setAttribute("aria-expanded", "false"); };
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    const open = bar.classList.toggle("open");
    button.setAttribute("aria-expanded", String(open));
  });
  document.addEventListener("click", (event) => { if (!bar.contains(event.target)) close(); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
  bar.append(button);
}

// The links fold into the menu when they do not fit on the bar beside a readable status (and on a phone).
const PHONE = 900;
const STATUS_MIN = 220; // px the status keeps, where a page has one

function fold(bar, nav) {
  bar.classList.remove("folded");
  const status = bar.querySelector(".status");
  const tight = window.innerWidth <= PHONE || nav.scrollWidth > nav.clientWidth + 1
    || (status !== null && status.clientWidth < STATUS_MIN);
  bar.classList.toggle("folded", tight);
  if (!tight) bar.classList.remove("open");
}

// The signed-in account (asked once a page), or null: "Your games" and its name, else "Sign in".
let account = null;
export function signedInUser() {
  account = account || getJSON("/api/account/me").then((me) => me.user).catch(() => null);
  return account;
}

// A name field for a seat: signed in, the seat is shown under the account's name (the server uses it
// whatever is typed), so the field shows that name and cannot be changed.
export async function lockToAccount(input) {
  const user = await signedInUser();
  if (!user) return false;
  input.value = user.name;
  input.readOnly = true;
  return true;
}

function accountLinks() {
  return signedInUser().then((user) => (user
    ? [el("a", { href: "/me", text: t("nav.your_games") }), el("a", { href: "/account", id: "mb-account", text: user.name })]
    : [el("a", { href: "/account", id: "mb-account", text: t("nav.sign_in") })]));
}

export async function fillNav(games) {
  const nav = document.getElementById("mb-nav");
  if (!nav) return;
  const mine = await accountLinks();
  nav.replaceChildren(
    el("a", { href: "/", text: t("nav.lobby") }),
    ...mine,
    el("a", { href: "/replay", text: t("nav.replay") }),
    el("a", { href: "/leaderboard", text: t("nav.leaderboard") }),
    ...games.map((g) => el("a", { href: `/rules/${g.name}`, text: t("nav.rules", { game: g.title }) })),
  );
  const bar = nav.closest(".topbar");
  if (!bar) return;
  addMenuButton(bar, nav);
  fold(bar, nav);
  if (!bar.dataset.folding) {
    bar.dataset.folding = "1";
    window.addEventListener("resize", () => fold(bar, nav));
  }
}
