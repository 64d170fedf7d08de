// The score-over-time chart: one line per seat, drawn as inline SVG from the timeline endpoint, with a
// legend (name and final score) under it.
import { el } from "./api.js";
import { t, tn } from "./i18n.js";

const COLOURS = ["#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad"];
const NS = "http://www.w3.org/2000/svg";

function node(tag, attrs, text = null) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== null) n.textContent = text;
  return n;
}

// scores: [[seat0, seat1, ...] before the first move, after move 1, ...]; names: per seat.
export function renderChart(box, scores, names) {
  // One unit is one pixel of the box, so that the text keeps its size on any screen.
  const W = Math.max(280, Math.round(box.clientWidth || 320));
  const H = Math.round(W * 0.55);
  const left = 30, right = 10, top = 12, bottom = 30;
  const plies = scores.length - 1;
  const max = Math.max(1, ...scores.flat());
  const x = (i) => left + (plies ? (i / plies) * (W - left - right) : 0);
  const y = (v) => top + (1 - v / max) * (H - top - bottom);
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("chart.title"), class: "score-chart" });
  svg.append(node("title", {}, t("chart.title")));
  const step = Math.max(1, Math.ceil(max / 5));
  for (let v = 0; v <= max; v += step) {
    svg.append(node("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#e3d9c6" }));
    svg.append(node("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 12, fill: "#6d6252" }, String(v)));
  }
  svg.append(node("line", { x1: left, x2: W - right, y1: y(0), y2: y(0), stroke: "#6d6252" }));
  svg.append(node("text", { x: (left + W - right) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12, fill: "#6d6252" },
    tn("chart.moves", plies)));
  names.forEach((name, seat) => {
    const points = scores.map((row, i) => `${x(i).toFixed(1)},${y(row[seat]).toFixed(1)}`).join(" ");
    svg.append(node("polyline", { points, fill: "none", stroke: COLOURS[seat % COLOURS.length], "stroke-width": 2.5,
      "stroke-linejoin": "round", "data-seat": seat }));
  });
  const finals = scores[scores.length - 1];
  const legend = el("ul", { class: "legend" }, names.map((name, seat) =>
    el("li", {}, el("span", { class: `swatch s${seat}` }), `${name}: ${finals[seat]}`)));
  box.replaceChildren(svg, legend);
}
