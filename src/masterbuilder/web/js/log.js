// The move log in words; what happened since a seat's last move is highlighted, as in the terminal's recap.
import { el } from "./api.js";
import { t } from "./i18n.js";

// entries: [{ply, seat, name, text, events}]; seat: whose recap to highlight (null: none);
// onJump(ply): makes each entry a button (the replay page); current: the ply shown.
// names: per seat, the player names (the swatch's tooltip).
export function renderLog(list, entries, { seat = null, onJump = null, current = null, names = null } = {}) {
  let lastOwn = -1;
  if (seat !== null) {
    entries.forEach((entry, index) => { if (entry.seat === seat) lastOwn = index; });
  }
  const items = [];
  entries.forEach((entry, index) => {
    if (seat !== null && index === lastOwn + 1 && lastOwn >= 0) {
      items.push(el("li", { class: "since-mark", text: t("log.since_your_move") }));
    }
    const classes = [`seat-${entry.seat}`];
    if (seat !== null && index > lastOwn && lastOwn >= 0 && entry.seat !== seat) classes.push("since");
    if (entry.seat === seat) classes.push("mine");
    if (current !== null && entry.ply === current) classes.push("current");
    // The text names the actor itself (third person, the players' names): the swatch says whose move it is.
    const body = [
      el("span", { class: "who", title: names ? names[entry.seat] : entry.name }, el("span", { class: `swatch s${entry.seat}` })),
      entry.text,
    ];
    const events = (entry.events || []).length
      ? el("ul", { class: "events" }, entry.events.map((line) => el("li", { text: line })))
      : null;
    const content = onJump
      ? el("button", { type: "button", class: "jump", onclick: () => onJump(entry.ply),
          title: t("replay.jump_to", { ply: entry.ply + 1 }) }, el("span", { class: "muted small" }, `${entry.ply + 1}. `), ...body)
      : el("span", {}, ...body);
    items.push(el("li", { class: classes.join(" "), "data-ply": entry.ply }, content, events));
  });
  list.replaceChildren(...items);
  const focus = list.querySelector("li.current") || list.querySelector(".since-mark") || list.lastElementChild;
  if (focus && !onJump) list.scrollTop = list.scrollHeight;
  else if (focus) focus.scrollIntoView({ block: "nearest" });
}
