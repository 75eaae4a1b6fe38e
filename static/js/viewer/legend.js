// The legend: what the shapes, lines and colours of the tree mean, taken
// out of the drawing into a panel of its own beside the tree, as lines of
// the page's text, so that it reads at the page's size and never covers
// a node.
import { byId as $ } from "../lib/dom.js";
import { root, st } from "./state.js";

const SVGNS = "http://www.w3.org/2000/svg";
const SAMPLE_W = 36, SAMPLE_H = 21; // a sample's size on the page, in CSS pixels
const BASELINE_LIFT = 4; // from a line's baseline up to the middle of its sample, in the drawing's units

// legendRows reads the legend group g a layout drew into its lines, top
// first: each {sample, words, id}, sample the shapes and glyphs drawn
// beside the words (none for a line across the legend, such as its
// title, the caption or the layout's name) and id the slot the words
// are written into at each step, if any. Both layouts draw a legend as
// a column of samples and a column of words, with the lines across it
// starting further left than either.
export function legendRows(g) {
  const starts = [], others = [];
  let frame = null, frameArea = -1;
  for (const el of g.querySelectorAll("text, polygon, rect")) {
    if (el.tagName === "text" && (el.getAttribute("text-anchor") || "start") === "start") starts.push(el);
    else {
      const b = el.getBBox();
      if (el.tagName === "polygon" && b.width * b.height > frameArea) {
        if (frame) others.push(frame);
        frame = el;
        frameArea = b.width * b.height;
      } else others.push(el);
    }
  }
  if (!starts.length) return [];
  const xOf = (t) => Number(t.getAttribute("x"));
  const across = Math.min(...starts.map(xOf));
  const counts = new Map();
  for (const t of starts) if (xOf(t) > across) counts.set(xOf(t), (counts.get(xOf(t)) || 0) + 1);
  const wordsX = [...counts].reduce((best, c) => (c[1] > best[1] ? c : best), [NaN, 0])[0];
  const rows = [];
  for (const t of starts) {
    const x = xOf(t);
    if (x === across || x === wordsX) {
      const slot = t.closest('[id^="a_"]') || (t.id ? t : null);
      rows.push({ y: Number(t.getAttribute("y")), sample: [], words: t.textContent, id: slot ? slot.id : "", across: x === across, bold: t.getAttribute("font-weight") === "bold" });
    } else others.push(t);
  }
  const lines = rows.filter((r) => !r.across);
  for (const el of others) {
    const b = el.getBBox();
    // A text reaching into the words' column, such as the caption's in
    // its slot, is a line across the legend, no line's sample.
    if (b.x + b.width > wordsX) continue;
    const mid = b.y + b.height / 2;
    let near = null;
    for (const r of lines) if (!near || Math.abs(r.y - BASELINE_LIFT - mid) < Math.abs(near.y - BASELINE_LIFT - mid)) near = r;
    if (near) near.sample.push(el);
  }
  return rows.sort((p, q) => p.y - q.y);
}

// sampleOf returns a small drawing of a line's sample: its shapes and
// glyphs, copied, in a box of their own.
function sampleOf(els) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("class", "sample");
  svg.setAttribute("width", SAMPLE_W);
  svg.setAttribute("height", SAMPLE_H);
  svg.setAttribute("aria-hidden", "true");
  if (!els.length) return svg;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const el of els) {
    const b = el.getBBox();
    x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    svg.appendChild(el.cloneNode(true));
  }
  // The samples share one scale, that of a box as wide as the widest,
  // unless a sample is too high for it: the current node's, in its ring.
  let w = Math.max(x1 - x0, 26), h = w * (SAMPLE_H / SAMPLE_W);
  if (y1 - y0 > h) {
    h = y1 - y0;
    w = h * (SAMPLE_W / SAMPLE_H);
  }
  svg.setAttribute("viewBox", [(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h].map((v) => v.toFixed(1)).join(" "));
  return svg;
}

// takeLegend moves the legend out of drawing svg into the legend panel,
// as lines of text beside their samples, and reports whether the drawing
// had one.
export function takeLegend(svg) {
  const list = $("legend-lines");
  list.replaceChildren();
  const g = svg.querySelector("g#legend");
  if (!g) {
    showLegend();
    return false;
  }
  for (const row of legendRows(g)) {
    if (row.bold && row.across) continue; // the title: the panel's heading says it
    const li = document.createElement("li");
    if (row.across) li.className = "across";
    else li.appendChild(sampleOf(row.sample));
    const words = li.appendChild(document.createElement("span"));
    words.textContent = row.words;
    if (row.id) words.id = row.id;
    list.appendChild(li);
  }
  g.remove();
  showLegend();
  return true;
}

// showLegend shows the legend panel, or hides it: as its button last
// asked, or else shown but in presentation mode and beside another
// viewer, where the side column keeps its room for what the step needs.
export function showLegend() {
  const box = $("legend-box");
  const crowded = st.present || root.classList.contains("embedded");
  const has = $("legend-lines").childElementCount > 0;
  const on = (st.legend === null ? !crowded : st.legend) && has;
  box.hidden = !on;
  $("legend-toggle").setAttribute("aria-pressed", String(on));
  $("legend-toggle").hidden = !has;
}
