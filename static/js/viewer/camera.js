// The camera: which part of the drawing the tree panel shows, as the
// person pans and zooms, the search moves on, or presentation mode asks
// for a readable size.
import { byId as $ } from "../lib/dom.js";
import { drawOverviewSoon } from "./overview.js";
import { emitState } from "./room.js";
import { nodeBox } from "./shapes.js";
import { boxShown, root, st } from "./state.js";
import { around, centredOn, firstView, holds, pad, scaleOf, union, zoomed } from "./viewbox.js";

const FIT_SCALE = 0.55; // the least scale at which a tree is first shown whole
const EMBEDDED_FIT_SCALE = 0.05; // likewise beside another tree, where the shapes are compared
const FOCUS_MOST_SCALE = 1.6; // how far Fit in presentation mode zooms in past the least, on a few nodes
// Presentation mode, read from the back of a room on a 1280x720
// projector: the least sizes on screen, in CSS pixels, of a node's
// value, an edge's label, an α-β window and a board's cell, below which
// the tree is never zoomed out; and the sizes, in the drawing's units,
// it draws values, edges' actions and windows at (app.css reads them as
// --present-value, --present-edge and --present-window), larger than
// their usual, so that fewer nodes need to be left out of the view.
const PRESENT_LEAST = { value: 16, edge: 16, window: 14, cell: 14 };
export const PRESENT_TEXT = { value: 14.5, edge: 14, window: 12.5 };

// setBox shows view box b; byUser, when given, says whether the person
// moved the view.
export function setBox(b, byUser) {
  if (!st.svg) return;
  boxShown(b, byUser);
  st.svg.setAttribute("viewBox", b.map((x) => x.toFixed(1)).join(" "));
  drawOverviewSoon();
  emitState();
}

// leastScale is the scale, in screen pixels per unit of the drawing,
// below which presentation mode zooms no further out: the one at which
// its smallest text is as large as PRESENT_LEAST says. Outside
// presentation mode it is 0.
function leastScale() {
  if (!st.present) return 0;
  const cell = Number(root.dataset.boardCell) || 12;
  const L = PRESENT_LEAST, T = PRESENT_TEXT;
  // Boards are drawn in the nodes of the games that have them.
  const cells = $("board-panel") ? L.cell / cell : 0;
  // A little over, so that rounding never leaves a text a fraction short.
  return 1.01 * Math.max(L.value / T.value, L.edge / T.edge, L.window / T.window, cells);
}

// panel returns the tree panel's size on screen.
function panel() {
  return $("tree").getBoundingClientRect();
}

// fit shows the whole tree; in presentation mode, when that would make
// it too small to read, the root and the current node (or, after the
// decision, the best line) and their neighbourhood, at a readable size,
// while the overview shows the whole.
export function fit() {
  if (!st.svg) return;
  const r = panel();
  const least = leastScale();
  const focus = least && r.width && scaleOf(st.full, r) < least ? focusBox() : null;
  if (!focus) setBox(st.full.slice(), false);
  else setBox(around(focus.box, focus.centre, least, least * FOCUS_MOST_SCALE, r), false);
}

// focusBox returns the box of what Fit shows in presentation mode: the
// view's root, the current node or the best line, one node's width to
// either side; centre is the node to keep in view when not all of it
// fits.
function focusBox() {
  const top = nodeBox(st.nav ? st.nav.root : 0) || nodeBox(0);
  if (!top) return null;
  const ids = st.lastCurrent >= 0 ? [st.lastCurrent] : [...st.svg.querySelectorAll("g.node.st_best")].map((g) => g.id);
  const boxes = [top, ...ids.map(nodeBox).filter(Boolean)];
  const centre = boxes[boxes.length - 1];
  return { box: pad(union(boxes), top.w, top.h / 2), centre: centre };
}

// showAnswer brings the root and the best line into view after the
// decision, as End or a jump there asks: the last node followed may be
// anywhere. f is the frame, whose patches are not applied yet.
export function showAnswer(f) {
  if (!$("follow").checked || !st.svg || f.current >= 0) return;
  const best = new Set([...st.svg.querySelectorAll("g.node.st_best")].map((g) => Number(g.id.slice(1))));
  for (const n of f.nodes) {
    if (n[1] === "st_best") best.add(n[0]);
    else best.delete(n[0]);
  }
  const top = nodeBox(st.nav ? st.nav.root : 0);
  if (!best.size || !top) return;
  const line = [...best].map(nodeBox).filter(Boolean).sort((p, q) => p.y - q.y);
  const b = pad(union([top, ...line]), top.w / 2, top.h / 4);
  if (holds(st.box, b, 0)) return;
  const r = panel();
  if (!r.width) return;
  const now = scaleOf(st.box, r);
  const least = Math.min(now, st.present ? leastScale() : FIT_SCALE);
  // When the line does not fit, the move chosen stays in view.
  setBox(around(b, line.find((n) => n.y > top.y) || top, least, now, r));
}

// fitFirst shows a new drawing in a panel of size r: the whole tree,
// unless that would make nodes too small to read; then the top of the
// tree at its natural size. A viewer embedded next to another fits its
// tree further, since there the shape of the whole tree is what is
// compared, but not a drawing so wide that its nodes would be dots.
export function fitFirst(r) {
  if (st.present && r.width) {
    fit();
    return;
  }
  const least = root.classList.contains("embedded") ? EMBEDDED_FIT_SCALE : FIT_SCALE;
  setBox(firstView(st.full, r, least, nodeBox(st.nav ? st.nav.root : 0) || nodeBox(0)));
}

// zoom zooms the view by factor about the drawing's point (cx, cy), by
// default the view's centre.
export function zoom(factor, cx, cy) {
  if (!st.svg) return;
  const least = leastScale();
  setBox(zoomed(st.box, factor, cx, cy, st.full[2], least, least ? panel() : null), true);
}

// follow keeps node id, the current node, in view.
export function follow(id) {
  if (!$("follow").checked || id < 0 || !st.svg) return;
  const b = nodeBox(id);
  if (b && !holds(st.box, b, 20)) setBox(centredOn(st.box, b));
}
