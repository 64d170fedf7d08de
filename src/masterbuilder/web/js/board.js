// The board: swaps in the server's SVG, slides pieces that moved, makes legal actions glow and clickable,
// shows rule texts on tap.
import { t } from "./i18n.js";

const MAX_ANIMATED = 80;
const reduceMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function positions(container) {
  const map = new Map();
  for (const node of container.querySelectorAll("svg [id]")) {
    const box = node.getBoundingClientRect();
    if (box.width || box.height) map.set(node.id, { x: box.left + box.width / 2, y: box.top + box.height / 2 });
  }
  return map;
}

function baseTransform(node) {
  const list = node.transform && node.transform.baseVal;
  if (!list || list.numberOfItems === 0) return "";
  const m = list.consolidate().matrix;
  return `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`;
}

// FLIP: each element with the same id before and after that moved slides from where it was.
function animateMoves(container, before) {
  if (reduceMotion() || !before.size) return;
  const svg = container.querySelector("svg");
  const ctm = svg && svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const scale = ctm.a;
  const moved = [];
  for (const node of container.querySelectorAll("svg [id]")) {
    const old = before.get(node.id);
    if (!old || !node.animate) continue;
    const box = node.getBoundingClientRect();
    const dx = (old.x - (box.left + box.width / 2)) / scale;
    const dy = (old.y - (box.top + box.height / 2)) / scale;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1) moved.push([node, dx, dy]);
  }
  // Only the innermost moved elements: a group that moved carries its children along.
  const movedSet = new Set(moved.map(([node]) => node));
  const outermost = moved.filter(([node]) => {
    for (let p = node.parentElement; p && p !== svg; p = p.parentElement) if (movedSet.has(p)) return false;
    return true;
  });
  if (outermost.length > MAX_ANIMATED) return;
  // How many pieces slid in all (tests read it; nothing else does).
  container.dataset.slid = String(Number(container.dataset.slid || 0) + outermost.length);
  for (const [node, dx, dy] of outermost) {
    const base = baseTransform(node);
    node.animate(
      [{ transform: `translate(${dx}px, ${dy}px) ${base}` }, { transform: base || "none" }],
      { duration: 380, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
}

// The server's drawing as an SVG document (null if it is not one).
export function parseSvg(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) return null;
  return doc;
}

// A board's changes to the drawing before (docs/web.md, "Boards as changes"; the server's
// board_changes module computes them, and mirrors this). A parent's head is its child nodes before its
// first child with an id; an element's tail, its next siblings up to the next with an id. Throws when a
// change does not fit: the page then asks for the whole board.
const SVG_NS = "http://www.w3.org/2000/svg";
const keyed = (node) => node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("id");

function fragment(doc, text) {
  const parsed = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${text}</svg>`, "image/svg+xml");
  if (parsed.getElementsByTagName("parsererror").length) throw new Error("a change is not SVG");
  return [...parsed.documentElement.childNodes].map((n) => doc.importNode(n, true));
}

function run(first) {
  const nodes = [];
  for (let n = first; n && !keyed(n); n = n.nextSibling) nodes.push(n);
  return nodes;
}

// hunks: [[i, n, text], ...], places in the run as it was: applied from the last, so each keeps its place.
function splice(nodes, parent, before, hunks, doc) {
  for (const [i, n, text] of [...hunks].reverse()) {
    if (!(i >= 0 && n >= 0 && i + n <= nodes.length)) throw new Error("a hunk does not fit");
    const next = i + n < nodes.length ? nodes[i + n] : before;
    for (const node of nodes.slice(i, i + n)) node.remove();
    for (const node of fragment(doc, text)) parent.insertBefore(node, next);
  }
}

export function applyChanges(doc, changes) {
  const root = doc.documentElement;
  const find = (id) => {
    if (id === null) return root;
    const node = root.querySelector(`[id="${CSS.escape(id)}"]`);
    if (!node) throw new Error(`no element ${id}`);
    return node;
  };
  const tailOf = (node) => run(node.nextSibling);
  const afterRun = (nodes, node) => (nodes.length ? nodes[nodes.length - 1].nextSibling : node.nextSibling);
  for (const change of changes) {
    const [kind, id] = change;
    if (kind === "head") {
      const parent = find(id);
      const nodes = run(parent.firstChild);
      splice(nodes, parent, nodes.length ? nodes[nodes.length - 1].nextSibling : parent.firstChild, change[2], doc);
    } else if (kind === "tail") {
      const node = find(id);
      const nodes = tailOf(node);
      splice(nodes, node.parentNode, afterRun(nodes, node), change[2], doc);
    } else if (kind === "remove") {
      const node = find(id);
      for (const n of tailOf(node)) n.remove();
      node.remove();
    } else if (kind === "put") {
      const parent = find(change[2]);
      let before;
      if (change[3] === null) {
        const head = run(parent.firstChild);
        before = head.length ? head[head.length - 1].nextSibling : parent.firstChild;
      } else {
        const after = find(change[3]);
        before = afterRun(tailOf(after), after);
      }
      const nodes = fragment(doc, change[4]);
      if (!nodes.length || !keyed(nodes[0]) || nodes[0].id !== id) throw new Error(`a bad put of ${id}`);
      for (const node of nodes) parent.insertBefore(node, before);
    } else if (kind === "replace") {
      const node = find(id);
      const nodes = fragment(doc, change[2]);
      if (nodes.length !== 1 || nodes[0].id !== id) throw new Error(`a bad replace of ${id}`);
      node.replaceWith(nodes[0]);
    } else if (kind === "start") {
      const node = find(id);
      const tag = change[2];
      const name = tag.slice(1).split(/[\s/>]/)[0];
      const empty = tag.endsWith("/>");
      const [model] = fragment(doc, empty ? tag : `${tag}</${name}>`);
      if (!model || model.localName !== node.localName) throw new Error(`a bad start of ${id}`);
      // the namespace declarations stay as they are; the other attributes are the model's, in its order
      const plain = (el) => [...el.attributes].filter((a) => !/^xmlns(:|$)/.test(a.name));
      if (plain(model).map((a) => a.name).join(" ") !== plain(node).map((a) => a.name).join(" ")) {
        for (const attr of plain(node)) node.removeAttribute(attr.name);
      }
      for (const attr of plain(model)) node.setAttribute(attr.name, attr.value);
    } else {
      throw new Error(`an unknown change ${kind}`);
    }
  }
}

// A copy of the drawing stripped of anything that could run, for the page (defence in depth: the
// renderers escape every text, this makes sure a slip cannot become a script).
function cleanSvg(doc) {
  if (!doc) return null;
  const root = document.importNode(doc.documentElement, true);
  for (const bad of root.querySelectorAll("script, foreignObject, iframe, object, embed")) bad.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const link = /href$/i.test(attr.name) && /^\s*(javascript|data):/i.test(attr.value);
      if (/^on/i.test(attr.name) || link) node.removeAttribute(attr.name);
    }
  }
  return root;
}

function titleOf(node) {
  const title = node.querySelector(":scope > title");
  return title ? title.textContent.trim() : "";
}

let tooltip = null;
function hideTooltip() { if (tooltip) { tooltip.remove(); tooltip = null; } }
function showTooltip(text, x, y) {
  hideTooltip();
  tooltip = document.createElement("div");
  tooltip.className = "tooltip";
  tooltip.setAttribute("role", "tooltip");
  tooltip.textContent = text;
  document.body.append(tooltip);
  const w = tooltip.offsetWidth;
  const h = tooltip.offsetHeight;
  tooltip.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, x - w / 2))}px`;
  tooltip.style.top = `${y + 14 + h > window.innerHeight ? Math.max(4, y - h - 14) : y + 14}px`;
}
document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideTooltip(); });
document.addEventListener("scroll", hideTooltip, true);

export class Board {
  // container: the element that holds the SVG; onAct(actionId) is called on a click or Enter.
  constructor(container, onAct = null) {
    this.container = container;
    this.onAct = onAct;
    this.legal = new Set();
    container.addEventListener("click", (event) => this.click(event));
    container.addEventListener("keydown", (event) => {
      const target = event.target.closest && event.target.closest("[data-action]");
      if (target && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        this.act(target);
      }
    });
    document.addEventListener("click", (event) => {
      if (!container.contains(event.target)) hideTooltip();
    });
  }

  click(event) {
    const target = event.target.closest("[data-action]");
    if (target && this.container.contains(target)) {
      hideTooltip();
      this.act(target);
      return;
    }
    // A tap on anything with a rule text shows it (hover shows the native tooltip on a desktop).
    for (let node = event.target; node && node !== this.container; node = node.parentElement) {
      const text = titleOf(node);
      if (text) { showTooltip(text, event.clientX, event.clientY); return; }
    }
    hideTooltip();
  }

  act(node) {
    const id = Number(node.dataset.action);
    if (this.onAct && this.legal.has(id)) this.onAct(id);
  }

  // drawing: the SVG document (parseSvg); legal: the action ids this page may take (others' [data-action] are left inert).
  show(doc, legal = []) {
    const before = positions(this.container);
    const focused = this.container.contains(document.activeElement) ? document.activeElement : null;
    const focusedId = focused && (focused.id || null);
    hideTooltip();
    const drawing = cleanSvg(typeof doc === "string" ? parseSvg(doc) : doc);
    this.container.replaceChildren(...(drawing ? [drawing] : []));
    this.legal = new Set(legal);
    for (const node of this.container.querySelectorAll("[data-action]")) {
      const id = Number(node.dataset.action);
      if (!this.legal.has(id)) {
        node.removeAttribute("data-action");
        continue;
      }
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", titleOf(node) || t("table.action_n", { id }));
    }
    animateMoves(this.container, before);
    // Keyboard players keep their place: the same element if it can still act, else the first that can.
    if (focused) {
      const same = focusedId && this.container.querySelector(`[id="${CSS.escape(focusedId)}"][data-action]`);
      const next = same || this.container.querySelector("[data-action]");
      if (next) next.focus({ preventScroll: true });
    }
  }

  highlight(actionId) {
    for (const node of this.container.querySelectorAll(".hinted")) node.classList.remove("hinted");
    if (actionId === null || actionId === undefined) return null;
    const node = this.container.querySelector(`[data-action="${actionId}"]`);
    if (node) {
      node.classList.add("hinted");
      node.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    return node;
  }
}

// The smallest text of a drawing, in units of its viewBox (each text's size times its own transform).
export function smallestText(svg) {
  const root = svg.getScreenCTM();
  if (!root || !root.a) return null;
  let smallest = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize);
    const ctm = text.getScreenCTM();
    if (!size || !ctm || !text.textContent.trim()) continue;
    smallest = Math.min(smallest, (size * Math.hypot(ctm.a, ctm.b)) / root.a);
  }
  return Number.isFinite(smallest) ? smallest : null;
}

const LEGIBLE_PX = 10; // no zoom the page offers draws board text smaller than this
const MAX_ZOOM = 4;

// The zoom buttons over a board. The zoom is the drawing's width over the frame's; it never goes below the
// zoom at which the drawing's smallest text is LEGIBLE_PX on screen (computed from the drawing shown).
// "Fit" shows as much of the board as both dimensions of the frame allow, down to that limit. Until a
// button is used, the zoom is the fit.
export function setupZoom(wrap) {
  const frame = wrap.querySelector(".board-scroll");
  let chosen = null; // null: automatic (the fit)
  let unitsMin = null; // the smallest text in viewBox units
  const svg = () => frame.querySelector("svg");
  const viewBox = () => svg()?.viewBox?.baseVal;
  const minimum = () => {
    const box = viewBox();
    if (!unitsMin || !box || !box.width || !frame.clientWidth) return 0.1;
    return (LEGIBLE_PX * box.width) / (unitsMin * frame.clientWidth);
  };
  const fit = () => {
    const box = viewBox();
    if (!box || !box.width || !frame.clientWidth) return 1;
    const top = frame.getBoundingClientRect().top + window.scrollY; // the frame's place in the page
    const cap = parseFloat(getComputedStyle(frame).maxHeight) || Infinity;
    const height = Math.max(200, Math.min(cap, window.innerHeight - top - 12));
    return Math.min(1, height / ((frame.clientWidth * box.height) / box.width));
  };
  const clamp = (z) => Math.min(Math.max(MAX_ZOOM, minimum()), Math.max(minimum(), z));
  const apply = () => {
    const zoom = clamp(chosen ?? fit());
    frame.style.setProperty("--zoom", String(zoom));
    wrap.dataset.zoom = zoom.toFixed(3);
    wrap.dataset.minZoom = minimum().toFixed(3);
  };
  const set = (value) => { chosen = clamp(value); apply(); };
  const now = () => clamp(chosen ?? fit());
  wrap.querySelector("[data-zoom=in]")?.addEventListener("click", () => set(now() * 1.5));
  wrap.querySelector("[data-zoom=out]")?.addEventListener("click", () => set(now() / 1.5));
  wrap.querySelector("[data-zoom=fit]")?.addEventListener("click", () => set(fit()));
  window.addEventListener("resize", apply);
  // A new drawing may have other texts and another height: measure it once it is in the page.
  new MutationObserver(() => {
    const drawing = svg();
    if (!drawing) return;
    unitsMin = smallestText(drawing) || unitsMin;
    apply();
  }).observe(frame, { childList: true, subtree: true });
  apply();
}

// Whether some of ``node`` shows inside ``frame`` (the board's scroll box) and the window.
function inView(node, frame) {
  const box = node.getBoundingClientRect();
  const outer = frame.getBoundingClientRect();
  const left = Math.max(box.left, outer.left, 0);
  const right = Math.min(box.right, outer.right, window.innerWidth);
  const top = Math.max(box.top, outer.top, 0);
  const bottom = Math.min(box.bottom, outer.bottom, window.innerHeight);
  return right - left >= 4 && bottom - top >= 4;
}

// Scroll the board's frame (only the frame, never the page) so that ``node`` is in its middle.
export function bringIntoView(node, frame) {
  const box = node.getBoundingClientRect();
  const outer = frame.getBoundingClientRect();
  frame.scrollBy({
    left: box.left + box.width / 2 - (outer.left + outer.width / 2),
    top: box.top + box.height / 2 - (outer.top + outer.height / 2),
    behavior: reduceMotion() ? "auto" : "smooth",
  });
}

// The board's glowing targets, and whether one of them is in view.
export function targets(container) {
  const frame = container.closest(".board-scroll") || container;
  const nodes = [...container.querySelectorAll("[data-action]")];
  return { nodes, frame, visible: nodes.some((n) => inView(n, frame)) };
}
