// The camera: which part of the drawing the tree panel shows, as the
// person pans and zooms or the search moves on, never smaller than its
// texts can be read.
import { byId as $ } from "../lib/dom.js";
import { drawOverviewSoon, showOverviewLarge } from "./overview.js";
import { emitState } from "./room.js";
import { graphOffset, nodeBox, ringedBox } from "./shapes.js";
import { boxShown, root, st } from "./state.js";
import { LEAST, leastScaleFor, textSizes } from "./readable.js";
import { around, centredOn, covers, holds, pad, scaleOf, union, zoomed } from "./viewbox.js";

const FOCUS_MOST_SCALE = 1.6; // how far Fit zooms in past the least, on a few nodes
const FOLLOW_MARGIN = 20; // how far inside the panel's edges, in the drawing's units, a followed node stays
const EDGE_ROOM = 12; // the most room, in the drawing's units, kept over and under what a view frames: the ends of edges
const CHILD_EDGES = 40; // how much, in the drawing's units, of the edges down to its children shows under a followed node
const FIT_SLACK = 1; // how far, in screen pixels, what fits the panel may pass it: the rounding of boxes
// PRESENT_TEXT is the sizes, in the drawing's units, presentation mode
// draws a tree's texts at (app.css reads them as --present-value,
// --present-edge, --present-window for windows, placeholders, folds and
// boards' captions, and --present-mark for a board cell's mark), larger
// than their usual, so that fewer nodes need to be left out of the view.
export const PRESENT_TEXT = { value: 14.5, edge: 14, window: 12.5, mark: 12 };

// The sizes, in the drawing's units, of a drawing's smallest texts by
// kind as app.css draws them, before a drawing can be measured.
const USUAL_SIZES = { normal: { value: 12, edge: 10, other: 10 }, present: { value: PRESENT_TEXT.value, edge: PRESENT_TEXT.edge, other: 10 } };

let measured = null; // the drawing's text sizes by kind, and the drawing and mode they were read in

let shownScale = 0; // the scale the last box was shown at, which a resize of the panel keeps

// setBox shows view box b; byUser, when given, says whether the person
// moved the view.
export function setBox(b, byUser) {
  if (!st.svg) return;
  if (byUser) showOverviewLarge(false);
  const r = panel();
  if (r.width && r.height) shownScale = scaleOf(b, r);
  boxShown(b, byUser);
  st.svg.setAttribute("viewBox", b.map((x) => x.toFixed(1)).join(" "));
  drawOverviewSoon();
  emitState();
}

// showRemote shows box b, a room presenter's view, at the scale it has
// on the presenter's screen when that is readable here; on a smaller
// panel, such as a follower's phone's, it shows as much of b as reads,
// around node current when b holds it, or else around b's centre.
// byUser is as setBox takes it.
export function showRemote(b, current, byUser) {
  const r = panel();
  const least = leastScale();
  if (!r.width || !r.height || scaleOf(b, r) >= least * 0.999) {
    setBox(b, byUser);
    return;
  }
  const w = r.width / least, h = r.height / least;
  const cur = current >= 0 ? nodeBox(current) : null;
  const holds = cur && cur.x + cur.w / 2 >= b[0] && cur.x + cur.w / 2 <= b[0] + b[2] && cur.y + cur.h / 2 >= b[1] && cur.y + cur.h / 2 <= b[1] + b[3];
  const cx = holds ? cur.x + cur.w / 2 : b[0] + b[2] / 2;
  const cy = holds ? cur.y + cur.h / 2 : b[1] + b[3] / 2;
  setBox([cx - w / 2, cy - h / 2, w, h], byUser);
}

// leastScale is the scale, in screen pixels per unit of the drawing,
// below which the tree is never zoomed out: the one at which its
// smallest texts are as large as LEAST says, in the normal view and in
// presentation mode alike.
// Before a drawing, or on a page not rendered yet, such as a comparison's
// viewer out of sight, which has no styles to read, the usual sizes stand
// in, unkept.
function leastScale() {
  const mode = st.present ? "present" : "normal";
  if (!st.svg) return leastScaleFor(USUAL_SIZES[mode], LEAST[mode]);
  if (!measured || measured.mode !== mode || measured.svg !== st.svg) {
    // Boards are drawn in the nodes of the games that have them.
    const cell = $("board-panel") ? Number(root.dataset.boardCell) || 12 : 0;
    const sizes = textSizes(st.svg, cell);
    if (!(sizes.value > 0 || sizes.edge > 0 || sizes.other > 0)) return leastScaleFor(USUAL_SIZES[mode], LEAST[mode]);
    measured = { mode: mode, svg: st.svg, sizes: sizes };
  }
  return leastScaleFor(measured.sizes, LEAST[mode]);
}

// watchPanel keeps the scale of the view, never below readable, when the
// tree panel changes size (the window, or the bars above it, changed),
// around the same centre, then shows again what the view follows unless
// the person moved it, and calls resized once the size settles; the
// viewer's data-resizing attribute is set meanwhile.
export function watchPanel(resized) {
  let timer = 0;
  new ResizeObserver(() => {
    const r = panel();
    if (st.svg && st.box && r.width && r.height && shownScale) {
      const s = Math.max(shownScale, leastScale());
      const cx = st.box[0] + st.box[2] / 2, cy = st.box[1] + st.box[3] / 2;
      const w = r.width / s, h = r.height / s;
      setBox([cx - w / 2, cy - h / 2, w, h], false);
      reframe();
    }
    // The page is settling until the size is told (data-resizing).
    root.dataset.resizing = "1";
    clearTimeout(timer);
    timer = setTimeout(() => {
      delete root.dataset.resizing;
      resized();
    }, 250);
  }).observe($("tree"));
}

// panelUnits returns the tree panel's width and height in the drawing's
// units at the scale where its texts are readable, as the server fits
// its drawings to them, or null before the panel is laid out.
export function panelUnits() {
  const r = panel();
  if (!r.width || !r.height) return null;
  const least = leastScale();
  return [Math.max(1, Math.round(r.width / least)), Math.max(1, Math.round(r.height / least))];
}

// panel returns the tree panel's size on screen.
function panel() {
  return $("tree").getBoundingClientRect();
}

// viewRootBox returns the box of the view's root, the node navigated
// to, or of the tree's root when the drawing does not hold it, reaching
// up to the caption over the drawing when that heads the node (see
// captionOver), so that a view of the root never cuts the line that says
// whose values these are: as high as the caption, as wide as the node.
function viewRootBox() {
  const b = rootNodeBox();
  const c = b && captionOver(b);
  return c ? { x: b.x, y: c.y, w: b.w, h: b.y + b.h - c.y } : b;
}

// rootNodeBox returns the box of the view's root node alone.
function rootNodeBox() {
  return nodeBox(st.nav ? st.nav.root : 0) || nodeBox(0);
}

// captionOver returns the box of the caption over the drawing when it
// heads node box b, just above it and across it, as headRoot puts it over
// the root; else null.
function captionOver(b) {
  const cap = st.svg && st.svg.querySelector("#a_caption");
  const text = cap && (cap instanceof SVGTextElement ? cap : cap.querySelector("text"));
  if (!text) return null;
  const t = text.getBBox();
  const [dx, dy] = graphOffset(st.svg);
  const c = { x: t.x + dx, y: t.y + dy, w: t.width, h: t.height };
  const heads = c.w > 0 && c.y + c.h <= b.y && b.y - (c.y + c.h) < 2 * c.h && c.x < b.x + b.w && c.x + c.w > b.x;
  return heads ? c : null;
}

// showWhole shows the whole drawing, as Fit does, when panel r holds it
// at the readable scale least, and reports whether it does: a tree read
// whole stays still while a class steps through it.
function showWhole(r, least) {
  if (!r.width || scaleOf(st.full, r) < least) return false;
  if (!covers(st.box, st.full, 1)) setBox(st.full.slice());
  return true;
}

// fit shows the whole tree, when it can be read whole; else the root and
// the current node (or, after the decision, the best line) and their
// neighbourhood, at a readable size, while the overview shows the whole.
export function fit() {
  if (!st.svg) return;
  const r = panel();
  const least = leastScale();
  if (!r.width || scaleOf(st.full, r) >= least) setBox(st.full.slice(), false);
  else {
    const focus = focusBox();
    if (focus) setBox(around(focus.box, focus.centre, least, least * FOCUS_MOST_SCALE, r), false);
    else setBox(around({ x: st.full[0], y: st.full[1], w: st.full[2], h: st.full[3] }, null, least, least, r), false);
  }
}

// focusBox returns the box of what Fit shows of a tree too big to read
// whole: the view's root, the current node or the best line, one node's
// width to either side; centre is the node to keep in view when not all
// of it fits.
function focusBox() {
  const top = viewRootBox();
  if (!top) return null;
  const ids = st.lastCurrent >= 0 ? [st.lastCurrent] : [...st.svg.querySelectorAll("g.node.st_best")].map((g) => g.id);
  const boxes = [top, ...ids.map(nodeBox).filter(Boolean)];
  const centre = boxes[boxes.length - 1];
  return { box: pad(union(boxes), top.w, top.h / 2), centre: centre };
}

// showAnswer brings the root and the best line into view after the
// decision, as End or a jump there asks: the last node followed may be
// anywhere; before the decision, with no node being searched (the first
// step), the root. f is the frame, whose patches are not applied yet.
export function showAnswer(f) {
  if (!$("follow").checked || !st.svg || f.current >= 0) return;
  const best = new Set(f.full ? [] : [...st.svg.querySelectorAll("g.node.st_best")].map((g) => Number(g.id.slice(1))));
  for (const n of f.nodes) {
    if (n[1] === "st_best") best.add(n[0]);
    else best.delete(n[0]);
  }
  const top = viewRootBox();
  if (!top) return;
  const r = panel();
  const least = leastScale();
  if (showWhole(r, least)) return;
  // A fold of the line's middle (render.Fold) stands for the moves in it.
  const folds = [...st.svg.querySelectorAll("g.node.fold")].map((g) => g.id);
  const line = [...best, ...folds].map(nodeBox).filter(Boolean).sort((p, q) => p.y - q.y);
  const rootBox = rootNodeBox();
  const caption = captionOver(rootBox);
  const b = pad(union([top, ...line, ...(caption ? [caption] : [])]), top.w / 2, Math.min(top.h / 4, EDGE_ROOM));
  if (holds(st.box, b, 0)) return;
  if (!r.width) return;
  const now = scaleOf(st.box, r);
  // When the line does not fit, the move chosen stays in view, and as
  // much of the root above it as the panel holds: the root whole, with
  // what room is left shared above and below, where both fit.
  const chosen = line.find((n) => n.y > rootBox.y) || top;
  const v = around(b, chosen, least, Math.max(least, now), r);
  const slack = v[3] - (chosen.y + chosen.h - rootBox.y);
  if (!line.length) v[1] = b.y;
  else if (slack >= 0) v[1] = Math.min(Math.max(v[1], rootBox.y - Math.min(slack / 2, EDGE_ROOM)), rootBox.y);
  else v[1] = chosen.y + chosen.h + Math.min(top.h / 4, EDGE_ROOM) - v[3];
  if (caption) clearOf(v, caption, chosen);
  // The line whole, the root's caption left out, rather than the other
  // way round: the caption only says in whose view the values are.
  const last = line[line.length - 1];
  const foot = last && last.y + last.h + Math.min(last.h / 4, EDGE_ROOM);
  if (caption && last && foot > v[1] + v[3] && foot - (caption.y + caption.h) <= v[3]) v[1] = caption.y + caption.h;
  setBox(v);
}

// clearOf moves the top of view v so that it shows caption c whole or not
// at all, the chosen node kept in view: a line of words cut by the
// panel's edge reads as a different sentence.
function clearOf(v, c, chosen) {
  const across = c.x >= v[0] && c.x + c.w <= v[0] + v[2];
  if (c.y + c.h <= v[1] || c.y >= v[1] + v[3] || (across && c.y >= v[1] && c.y + c.h <= v[1] + v[3])) return;
  if (across && chosen.y + chosen.h <= c.y + v[3]) v[1] = c.y;
  else v[1] = c.y + c.h;
}

// zoom zooms the view by factor about the drawing's point (cx, cy), by
// default the view's centre, never below the readable scale: zooming out
// past it shows the overview of the whole drawing large instead.
export function zoom(factor, cx, cy) {
  if (!st.svg) return;
  const r = panel();
  const least = leastScale();
  const atLeast = factor > 1 && r.width && scaleOf(st.box, r) <= least * 1.001;
  showOverviewLarge(atLeast && !covers(st.box, st.full, 1));
  if (atLeast) return;
  setBox(zoomed(st.box, factor, cx, cy, st.full[2], least, r), true);
}

// follow keeps node id, the current node, in view, and with it the
// view's root and the path between when the panel holds them at a
// readable scale; when it cannot, the current node with as much of the
// path above it as fits. force moves the view to that even when it
// shows the current node, as a new drawing asks.
export function follow(id, force) {
  if (!$("follow").checked || id < 0 || !st.svg) return;
  const cur = ringedBox(id);
  if (!cur) return;
  const top = viewRootBox();
  const want = top ? union([top, cur]) : cur;
  if (!force && holds(st.box, want, FOLLOW_MARGIN)) return;
  const r = panel();
  if (!r.width || !r.height) {
    if (!holds(st.box, cur, FOLLOW_MARGIN)) setBox(centredOn(st.box, cur));
    return;
  }
  const least = leastScale();
  if (!st.userMoved && showWhole(r, least)) return;
  const now = Math.max(least, scaleOf(st.box, r));
  const fits = (b) => b.w * least <= r.width + FIT_SLACK && b.h * least <= r.height + FIT_SLACK;
  const padded = pad(want, cur.w / 2, Math.min(cur.h / 4, EDGE_ROOM));
  const node = rootNodeBox();
  const caption = node && captionOver(node);
  const bare = node && union([node, cur]);
  if (!fits(padded) && bare && fits(bare)) {
    // The root and the current node whole, the root's caption and the
    // margins left out as far as they must be, when only that fits.
    const v = around(bare, cur, least, now, r);
    v[1] = bare.y - Math.min((v[3] - bare.h) / 2, EDGE_ROOM);
    if (caption) clearOf(v, caption, cur);
    setBox(v);
    return;
  }
  if (fits(padded)) {
    const v = around(padded, cur, least, now, r);
    if (caption) clearOf(v, caption, cur);
    setBox(v);
    return;
  }
  if (!force && holds(st.box, cur, FOLLOW_MARGIN)) return;
  // The path does not fit: the current node near the panel's foot, the
  // edges down to its children under it, the path above as far as the
  // panel holds, at the readable scale unless the person zoomed in.
  const s = st.userMoved ? now : least;
  const v = around(padded, cur, s, s, r);
  const below = Math.min(cur.h / 2, CHILD_EDGES);
  v[1] = Math.min(cur.y - FOLLOW_MARGIN, Math.max(padded.y, cur.y + cur.h + below - v[3]));
  setBox(v);
}

// reframe shows again what the view follows, the current node or the
// answer, once the panel changed size, unless the person moved the view.
function reframe() {
  if (st.userMoved) return;
  if (st.lastCurrent >= 0) follow(st.lastCurrent, true);
  else showAnswer({ current: -1, nodes: [] });
}
