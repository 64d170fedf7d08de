// The links in every page's top bar.
import { el } from "./api.js";
import { t } from "./i18n.js";

export function fillNav(games) {
  const nav = document.getElementById("mb-nav");
  if (!nav) return;
  nav.replaceChildren(
    el("a", { href: "/", text: t("nav.lobby") }),
    el("a", { href: "/replay", text: t("nav.replay") }),
    ...games.map((g) => el("a", { href: `/rules/${g.name}`, text: t("nav.rules", { game: g.title }) })),
  );
}
