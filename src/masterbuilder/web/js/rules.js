// The rules page: a summary of the game and this project's rule decisions (HTML made by the server from
// the Markdown shipped with the package).
import { getJSON } from "./api.js";
import { language, loadCatalog, t } from "./i18n.js";
import { fillNav } from "./nav.js";

async function main() {
  await loadCatalog();
  getJSON("/api/catalog").then((c) => fillNav(c.games)).catch(() => {});
  const game = location.pathname.split("/")[2] || "";
  try {
    const data = await getJSON(`/api/pages/rules/${encodeURIComponent(game)}?lang=${language()}`);
    document.getElementById("mb-rules-title").textContent = t("rules.heading", { game: data.title });
    document.title = t("rules.heading", { game: data.title });
    document.getElementById("mb-summary").innerHTML = data.summary_html; // from the package's own Markdown
    document.getElementById("mb-notes").innerHTML = data.notes_html;
  } catch (error) {
    document.getElementById("mb-rules-title").textContent = error.message;
  }
  document.body.dataset.ready = "1";
}

main();
