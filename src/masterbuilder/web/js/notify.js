// In-page notifications: the tab's title while it is your turn, a short sound (Web Audio, no file; muted
// with a toggle remembered in this browser) and the browser's notifications while the tab is hidden
// (permission asked only when the player clicks the button, never on load). notify() is for any page.
import { t } from "./i18n.js";

const MUTE = "mb:mute";
let audio = null;
let plainTitle = null;

export function muted() {
  try { return localStorage.getItem(MUTE) === "1"; } catch { return false; }
}

export function setMuted(on) {
  try { localStorage.setItem(MUTE, on ? "1" : "0"); } catch { /* private mode: for this page only */ }
}

// Two short rising tones; nothing when muted or when the browser has no Web Audio.
export function chime() {
  if (muted()) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((frequency, k) => {
      const at = start + k * 0.16;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.16);
    });
  } catch { /* no sound is no harm */ }
}

// Browsers start audio only after a click on the page: the first click wakes it, silently.
export function wakeAudioOnClick() {
  const wake = () => {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try { audio = audio || new Context(); audio.resume().catch(() => {}); } catch { /* none */ }
  };
  document.addEventListener("pointerdown", wake, { once: true, capture: true });
}

export function notificationsAvailable() { return "Notification" in window; }

export function mayAsk() { return notificationsAvailable() && Notification.permission === "default"; }

// Ask for permission (call it from a click); whether notifications may now be shown.
export async function askPermission() {
  if (!notificationsAvailable()) return false;
  try { return (await Notification.requestPermission()) === "granted"; } catch { return false; }
}

// Tell the player: a sound, and a notification of the browser when the tab is hidden and allowed.
export function notify(title, body, { tag = "masterbuilder", sound = true } = {}) {
  if (sound) chime();
  if (!document.hidden || !notificationsAvailable() || Notification.permission !== "granted") return;
  try {
    const note = new Notification(title, { body, tag });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* some browsers allow notifications only from a service worker */ }
}

// "● Your turn — Caylus" while it is one of your seats' turn, else the page's own title.
export function showTurnInTitle(yourTurn, game) {
  if (plainTitle === null) plainTitle = document.title;
  document.title = yourTurn ? `● ${t("notify.your_turn")} — ${game}` : plainTitle;
}

// What is new for `seat` (null: a spectator) from one state message to the next: started, turn, low, finished.
export function news(before, after, seat) {
  if (!before) return [];
  const found = [];
  if (before.status === "open" && after.status === "live") found.push("started");
  if (seat !== null && after.status === "live") {
    if (after.to_move === seat && before.to_move !== seat) found.push("turn");
    const low = (message) => Boolean(message.clock && message.clock.low && message.clock.low[seat]);
    if (low(after) && !low(before)) found.push("low");
  }
  if (before.status !== "finished" && after.status === "finished") found.push("finished");
  return found;
}

const WORDS = {
  started: "notify.started",
  turn: "notify.your_turn_in",
  low: "notify.low_time",
  finished: "notify.finished",
};

// Announce what is new (one notification: the most important news first).
export function announce(found, game) {
  if (!found.length) return;
  const text = found.map((kind) => t(WORDS[kind], { game })).join(" ");
  notify(game, text, { tag: `masterbuilder:${game}` });
}
