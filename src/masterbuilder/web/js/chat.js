// The table's chat panel: the game's messages (text only, shown with textContent, never as HTML), a field
// to write one (at most 500 characters), folded and unfolded with its heading (remembered in this browser).
import { el } from "./api.js";
import { language, t, tn } from "./i18n.js";

const OPEN = "mb:chat-open";
const MAX = 500;

export class ChatPanel {
  // root: the <details> element; send(text): false when not connected; name(seat): a seat's shown name
  constructor(root, { send, name }) {
    this.root = root;
    this.send = send;
    this.name = name;
    this.messages = new Map(); // id -> message: every connection of this browser gets each one
    this.unread = 0;
    this.pending = false; // a message was sent and neither it nor a refusal has come back yet
    this.list = root.querySelector(".chat-list");
    this.form = root.querySelector("form");
    this.input = root.querySelector("input");
    this.error = root.querySelector(".chat-error");
    this.count = root.querySelector(".chat-unread");
    this.input.maxLength = MAX;
    let open = null;
    try { open = localStorage.getItem(OPEN); } catch { /* private mode */ }
    root.open = open === null ? !window.matchMedia("(max-width: 900px)").matches : open === "1";
    root.addEventListener("toggle", () => {
      try { localStorage.setItem(OPEN, root.open ? "1" : "0"); } catch { /* private mode */ }
      if (root.open) { this.unread = 0; this.showUnread(); this.scrollDown(); }
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.showError(null);
      if (this.send({ type: "chat", text })) {
        this.pending = true;
        this.input.value = "";
      }
    });
    this.render();
  }

  // Messages from the server (the history after hello, or a new one); those already shown are skipped.
  receive(messages, ownSeats) {
    let fresh = 0;
    for (const message of messages) {
      if (this.messages.has(message.id)) continue;
      this.messages.set(message.id, message);
      if (!ownSeats.includes(message.seat)) fresh += 1;
      else this.pending = false;
    }
    if (!this.root.open) this.unread += fresh;
    this.showUnread();
    this.render();
  }

  // A refusal of the server (too long, too fast, empty): shown here when it answers a message sent.
  refused(data) {
    if (!this.pending || !["chat_refused", "rate_limited", "bad_message"].includes(data.code)) return false;
    this.pending = false;
    this.showError(data.message);
    return true;
  }

  showError(text) {
    this.error.textContent = text || "";
    this.error.classList.toggle("hidden", !text);
  }

  showUnread() {
    this.count.textContent = this.unread ? tn("chat.unread", this.unread) : "";
  }

  scrollDown() { this.list.scrollTop = this.list.scrollHeight; }

  render() {
    const sorted = [...this.messages.values()].sort((a, b) => a.id - b.id);
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 30;
    if (!sorted.length) {
      this.list.replaceChildren(el("li", { class: "muted", text: t("chat.empty") }));
      return;
    }
    this.list.replaceChildren(...sorted.map((m) => {
      // a seat by the name the page shows it under (in the page's language); a spectator by theirs, if any
      const who = m.seat === null ? (m.name || t("chat.spectator")) : this.name(m.seat);
      const when = new Date(m.time);
      const time = Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
      return el("li", { class: m.seat === null ? "watcher" : "seated" },
        m.seat === null ? null : el("span", { class: `swatch s${m.seat}`, "aria-hidden": "true" }),
        el("span", { class: "who", text: who }),
        el("span", { class: "text", text: m.text }),
        el("time", { class: "muted small", datetime: m.time, text: time }));
    }));
    if (atBottom || this.pending) this.scrollDown();
  }
}
