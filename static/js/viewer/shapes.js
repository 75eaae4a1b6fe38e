// Where the drawing's nodes are, read from their shapes' attributes, not
// from the layout engine, so that reading a node costs no reflow and
// works for a node that is not displayed.
import { HIDDEN, st } from "./state.js";

const CLICK_SLACK = 12; // how near a node, in screen pixels, a click selects it

let centres = new Map(); // node id -> x of its centre

// forgetShapes forgets what was read of the last drawing.
export function forgetShapes() {
  centres = new Map();
}

// shapeBox returns the box of a node's shape: {x, y, w, h} in the
// drawing's coordinates, before the graph's transform, or null.
export function shapeBox(g) {
  return outlineBox(g.querySelector("polygon, ellipse"));
}

// outlineBox returns the box of a polygon or an ellipse, or null.
function outlineBox(shape) {
  if (!shape) return null;
  if (shape.tagName === "ellipse") {
    const cx = Number(shape.getAttribute("cx")), cy = Number(shape.getAttribute("cy"));
    const rx = Number(shape.getAttribute("rx")), ry = Number(shape.getAttribute("ry"));
    return { x: cx - rx, y: cy - ry, w: 2 * rx, h: 2 * ry };
  }
  const pts = shape.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x: x, y: y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

// centreOf returns the x of the centre of the node or placeholder with
// SVG id gid, found once.
export function centreOf(gid) {
  if (!centres.has(gid)) {
    const g = document.getElementById(gid);
    const b = g && shapeBox(g);
    centres.set(gid, b ? b.x + b.w / 2 : undefined);
  }
  return centres.get(gid);
}

// graphOffset returns how far the graph's group is translated: Graphviz
// translates it, and the viewBox is outside it.
export function graphOffset(svg) {
  const tr = (svg || st.svg).querySelector("g.graph").transform.baseVal.consolidate();
  return tr ? [tr.matrix.e, tr.matrix.f] : [0, 0];
}

// nodeBox returns the box of node id (a number, or an SVG id) in the
// view box's coordinates, or null.
export function nodeBox(id) {
  const g = document.getElementById(typeof id === "number" ? "n" + id : id);
  if (!g) return null;
  const b = shapeBox(g);
  if (!b) return null;
  const [dx, dy] = graphOffset();
  return { x: b.x + dx, y: b.y + dy, w: b.w, h: b.h };
}

// ringedBox returns the box of node id as nodeBox does, with its ring,
// which shows around its shape when it is current: the view follows the
// current node before the frame's classes make it current.
export function ringedBox(id) {
  const g = document.getElementById("n" + id);
  const ring = g && g.querySelector(":scope > .ring");
  const b = ring && outlineBox(ring);
  if (!b) return nodeBox(id);
  const [dx, dy] = graphOffset();
  return { x: b.x + dx, y: b.y + dy, w: b.w, h: b.h };
}

// nodesExtent returns the box of svg's nodes and placeholders with room
// for their edges' labels, and its title over them, within full: [x, y,
// w, h], or null for a drawing with no node.
export function nodesExtent(svg, full) {
  const [dx, dy] = graphOffset(svg);
  let x0 = Infinity, y1 = -Infinity, x1 = -Infinity;
  for (const g of svg.querySelectorAll("g.node")) {
    const b = shapeBox(g);
    if (!b) continue;
    x0 = Math.min(x0, b.x + dx);
    x1 = Math.max(x1, b.x + b.w + dx);
    y1 = Math.max(y1, b.y + b.h + dy);
  }
  if (x0 === Infinity) return null;
  // The drawing's title and caption lines over the tree, whose widths
  // are read from their size and length, not measured.
  for (const t of svg.querySelectorAll("g.graph > text")) {
    const w = 0.55 * (parseFloat(t.getAttribute("font-size")) || 12) * t.textContent.length;
    const x = Number(t.getAttribute("x")) + dx;
    const anchor = t.getAttribute("text-anchor");
    const left = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
    x0 = Math.min(x0, left);
    x1 = Math.max(x1, left + w);
  }
  const margin = 24; // an edge's label or a pruned node's reason, past the nodes
  const [fx, fy, fw] = full;
  const left = Math.max(fx, x0 - margin), right = Math.min(fx + fw, x1 + margin);
  return [left, fy, right - left, y1 + margin - fy];
}

// toDrawing turns a pointer position into drawing coordinates.
export function toDrawing(clientX, clientY) {
  const p = st.svg.createSVGPoint();
  p.x = clientX; p.y = clientY;
  const m = st.svg.getScreenCTM();
  const q = p.matrixTransform(m.inverse());
  return [q.x, q.y];
}

// nodeNear returns the shown node or placeholder whose shape is nearest
// the pointer at (x, y) on screen, within CLICK_SLACK pixels, or null: a
// small node, such as a pruned move's in a fitted tree, is clicked
// without aiming at its few pixels.
export function nodeNear(x, y) {
  if (!st.svg) return null;
  const [px, py] = toDrawing(x, y);
  const [dx, dy] = graphOffset();
  const reach = CLICK_SLACK / st.svg.getScreenCTM().a;
  let best = null, bestD = reach;
  for (const g of st.svg.querySelectorAll("g.node:not(." + HIDDEN + ")")) {
    const b = shapeBox(g);
    if (!b) continue;
    const ox = Math.max(b.x + dx - px, 0, px - (b.x + dx + b.w)), oy = Math.max(b.y + dy - py, 0, py - (b.y + dy + b.h));
    const d = Math.hypot(ox, oy);
    if (d <= bestD) {
      best = g;
      bestD = d;
    }
  }
  return best;
}
