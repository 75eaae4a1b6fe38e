// The viewer's side of a classroom room (pages/room.js): it tells the
// room what it shows, for a presenter's followers, and shows what a
// presenter shows, for a follower.
import { showRemote } from "./camera.js";
import { send } from "./connection.js";
import { setPresent } from "./present.js";
import { clampStep } from "./protocol.js";
import { nodeBox } from "./shapes.js";
import { following, root, st, want } from "./state.js";

const panels = () => document.querySelectorAll("details[data-room-panel]");

// emitState tells the room what the viewer shows: the step, the view,
// the node selected, the part of the tree shown and the nodes it is
// placed by, presentation mode and the open panels.
export function emitState() {
  const open = [...panels()].filter((d) => d.open).map((d) => d.dataset.roomPanel);
  const box = st.box ? st.box.map((x) => Math.round(x * 10) / 10) : null;
  const anchors = root.dataset.room === "presenter" ? anchorsOf(box) : [];
  root.dispatchEvent(new CustomEvent("searchviz:state", {
    detail: { step: st.step, view: st.view, selected: st.selected, box: box, present: st.present, panels: open, anchors: anchors },
  }));
}

// centreOf returns the centre of node id in the drawing, or null when it
// is not drawn.
function centreOf(id) {
  const b = nodeBox(id);
  return b ? { node: id, x: Math.round((b.x + b.w / 2) * 10) / 10, y: Math.round((b.y + b.h / 2) * 10) / 10 } : null;
}

// anchorsOf returns the nodes a follower's drawing places box by: the
// drawn node nearest its centre, the current node and the root, each with
// its centre in this drawing.
function anchorsOf(box) {
  if (!st.svg || !box) return [];
  const cx = box[0] + box[2] / 2, cy = box[1] + box[3] / 2;
  let nearest = null, least = Infinity;
  for (const g of st.svg.querySelectorAll("g.node")) {
    const id = /^n(\d+)$/.exec(g.id);
    const c = id ? centreOf(Number(id[1])) : null;
    const d = c ? (c.x - cx) ** 2 + (c.y - cy) ** 2 : Infinity;
    if (d < least) [nearest, least] = [c, d];
  }
  const out = [];
  for (const c of [nearest, centreOf(st.lastCurrent), centreOf(0)]) {
    if (c && !out.some((a) => a.node === c.node)) out.push(c);
  }
  return out;
}

// boxInMine returns a presenter's box b in this viewer's drawing: moved by
// where the first of anchors this drawing has stands in it, which, of
// another display set, may place the same nodes elsewhere; b itself from a
// presenter that sends no anchors, and null when none of them is drawn.
export function boxInMine(b, anchors) {
  if (!anchors || anchors.length === 0) return b;
  for (const a of anchors) {
    const mine = centreOf(a.node);
    if (mine) return [b[0] + mine.x - a.x, b[1] + mine.y - a.y, b[2], b[3]];
  }
  return null;
}

// applyState shows what a room's presenter shows, state s: one sync
// command for the step, the view and the selection, then the part of the
// tree, presentation mode and the panels.
export function applyState(s) {
  if (!st.ws || st.ws.readyState !== WebSocket.OPEN) {
    following(s, true); // the first frame applies it
    return;
  }
  following(s, false);
  const step = clampStep(s.step, st.steps);
  if (step !== st.wanted || s.view !== st.view || s.selected !== st.selected) {
    send({ type: "sync", step: want(step), view: s.view, node: s.selected });
  }
  if (s.present !== st.present) setPresent(s.present, false);
  const box = s.box && s.box.length === 4 && st.svg ? boxInMine(s.box, s.anchors) : null;
  if (box) showRemote(box, st.lastCurrent, true);
  for (const d of panels()) {
    const open = (s.panels || []).includes(d.dataset.roomPanel);
    if (d.open !== open) d.open = open;
  }
}

// listenToRoom applies the states the room sends, until the person
// explores on their own, and tells the room of the panels opened.
export function listenToRoom() {
  root.addEventListener("searchviz:apply", (e) => applyState(e.detail));
  root.addEventListener("searchviz:release", () => following(null, false));
  for (const d of panels()) d.addEventListener("toggle", emitState);
}
