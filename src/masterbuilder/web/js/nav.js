// The links in every page's top bar; on a phone they fold into a menu behind one button.
import { el } from "./api.js";
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

export function fillNav(games) {
  const nav = document.getElementById("mb-nav");
  if (!nav) return;
  nav.replaceChildren(
    el("a", { href: "/", text: t("nav.lobby") }),
    el("a", { href: "/replay", text: t("nav.replay") }),
    ...games.map((g) => el("a", { href: `/rules/${g.name}`, text: t("nav.rules", { game: g.title }) })),
  );
  const bar = nav.closest(".topbar");
  if (bar) addMenuButton(bar, nav);
}
