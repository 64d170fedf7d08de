// Turn-based clocks on the table page: each seat's time left (the running seat's counts down between the
// server's messages), and, when a seat's time has run out, the other players' choice: a bot plays on, or the
// game ends. The state message's "clock" is described in docs/web.md ("Turn-based clocks").
import { el } from "./api.js";
import { t } from "./i18n.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// A time left in words: "3 d 4 h", "3 d", "5 h 12 min", "5 h", "12 min", "40 s".
export function duration(ms) {
  const left = Math.max(0, Math.floor(ms));
  if (left >= DAY) {
    const d = Math.floor(left / DAY);
    const h = Math.floor((left % DAY) / HOUR);
    return h ? t("clock.days_hours", { d, h }) : t("clock.days", { d });
  }
  if (left >= HOUR) {
    const h = Math.floor(left / HOUR);
    const m = Math.floor((left % HOUR) / MINUTE);
    return m ? t("clock.hours_minutes", { h, m }) : t("clock.hours", { h });
  }
  if (left >= MINUTE) return t("clock.minutes", { m: Math.floor(left / MINUTE) });
  return t("clock.seconds", { s: Math.floor(left / 1000) });
}

// The time control in words, for the lobby's lists: "turn-based: 3 d, +1 d a turn".
export function controlText(clock) {
  if (!clock) return t("clock.real_time");
  return t("clock.control", { bank: duration(clock.bank * 1000), increment: duration(clock.increment * 1000) });
}

let ticking = null;

// The seats' clocks in ``box`` for a state message; ``names`` the seats' names; ``choose(choice)`` sends the
// timeout choice ("bot" | "abandon").
export function renderClock(box, message, names, choose) {
  const clock = message.clock;
  box.classList.toggle("hidden", !clock);
  if (ticking !== null) clearInterval(ticking);
  ticking = null;
  if (!clock) {
    box.replaceChildren();
    return;
  }
  const received = Date.now();
  const live = message.status === "live";
  const rows = names.map((name, seat) => {
    const time = el("span", { class: "clock-left", "data-clock-seat": seat });
    const running = live && clock.running === seat;
    return el("li", {
      class: [running ? "running" : "", clock.low[seat] && live ? "low" : "", clock.timed_out === seat ? "out" : ""].join(" ").trim(),
    }, el("span", { class: "clock-name" }, name), " ", time);
  });
  const show = () => {
    for (const [seat, row] of rows.entries()) {
      let left = clock.left[seat];
      if (live && clock.running === seat) left -= Date.now() - received;
      row.querySelector(".clock-left").textContent = clock.timed_out === seat ? t("clock.ran_out") : duration(left);
    }
  };
  show();
  if (live && clock.running !== null) ticking = setInterval(show, 1000);
  const parts = [el("h3", { class: "visually-hidden", text: t("clock.title") }), el("ul", { class: "clock-seats" }, rows)];
  if (live && clock.timed_out !== null && clock.choosers.includes(message.seat)) parts.push(choiceBox(message, names, choose));
  if (message.result && message.result.ended === "abandoned" && clock.timed_out !== null) {
    parts.push(el("p", { class: "message info", text: t("clock.abandoned", { name: names[clock.timed_out] }) }));
  }
  box.replaceChildren(...parts);
}

// The choice when a seat's time ran out: two buttons for the other players, what each does in a sentence.
function choiceBox(message, names, choose) {
  const clock = message.clock;
  const name = names[clock.timed_out];
  const button = (choice, label, help) => el("div", { class: "choice" },
    el("button", { type: "button", "data-timeout": choice, text: label, onclick: () => choose(choice) }),
    el("span", { class: "small muted", text: help }));
  return el("div", { class: "timeout-choice", role: "group", "aria-label": t("clock.ran_out_title", { name }) },
    button("bot", t("clock.choose_bot"), t("clock.choose_bot_help", { name, bot: clock.bot })),
    button("abandon", t("clock.choose_abandon"), t("clock.choose_abandon_help", { name })));
}

// The decision line while a seat's time has run out (null: none has): the choosers are asked what now, the
// others read that they are choosing.
export function timeoutText(message, names) {
  const clock = message.clock;
  if (!clock || message.status !== "live" || clock.timed_out === null) return null;
  const name = names[clock.timed_out];
  return clock.choosers.includes(message.seat) ? t("clock.ran_out_title", { name }) : t("clock.others_choose", { name });
}
