// The frames: the server's messages queued in order and applied to the
// drawing and the panels, a new drawing fetched or drawn first when a
// frame needs one.
import { byId as $ } from "../lib/dom.js";
import { follow, showAnswer, showRemote } from "./camera.js";
import { addRest, applyLayout, drawnWhole, loadLayout } from "./drawing.js";
import { drawNav } from "./navigation.js";
import { drawOverviewSoon } from "./overview.js";
import { drawGrains, drawPanels, scrollLog, showControls, showLit } from "./panels.js";
import { applyPatches, drawCaption, markSelected } from "./patches.js";
import { withParams } from "./protocol.js";
import { FrameQueue, dropSuperseded, splitFar } from "./queue.js";
import { applyState, boxInMine, emitState } from "./room.js";
import { centreOf, graphOffset } from "./shapes.js";
import { anchorUsed, following, leftForLater, loading, restFrame, restLines, root, selected, shown, st } from "./state.js";

const DEFER_PATCHES = 300; // a frame with more patches restyles the nodes far from the view a moment later

const queue = new FrameQueue();

// onFrame queues a frame, a display set or its rest, and applies what
// can be.
export function onFrame(f) {
  queue.push(f);
  drain();
}

// loadWhole fetches the whole tree's drawing, in the view shown.
export async function loadWhole() {
  loading(true, st.undrawn);
  loading(false, !(await loadLayout(st.view)));
}

// drain applies the queued messages, in order, until one has to wait.
async function drain() {
  if (st.loading) return;
  for (let a = queue.next(needDrawing()); a; a = queue.next(needDrawing())) {
    if (a.kind === "load") await loadWhole();
    else if (a.kind === "layout") loading(false, !applyLayout(a.layout, a.current));
    else if (a.kind === "rest") restArrived(a.msg);
    else if (a.kind === "frame") applyFrame(a.msg);
  }
}

// needDrawing reports whether the frames wait for the whole tree's
// drawing, which has not been fetched.
function needDrawing() {
  return st.whole && !st.svg && !st.undrawn;
}

// restArrived adds the rest of a drawing sent in two parts, once the
// browser has shown the first.
function restArrived(m) {
  const r = st.rest;
  if (!r || r.lines) return;
  restLines(m.svg.split("\n"));
  afterPaint(() => addRest(r));
}

// afterPaint calls f once the browser has shown what the page drew.
function afterPaint(f) {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(f, 0)));
}

// farPatches splits the patches of a frame that restyles many nodes of a
// big drawing, as a jump does, into those near the view, within half a
// view's width to either side, which the page applies at once, and the
// others, which it applies once the browser has shown the first
// (applyLater): it then lays out and paints first what the person sees.
// It returns null for a frame not worth splitting.
function farPatches(f) {
  if (!st.svg) return null;
  const [x, , w] = st.box;
  const dx = graphOffset()[0];
  const lo = x - dx - w / 2, hi = x - dx + 1.5 * w;
  return splitFar(f, (gid) => {
    const c = centreOf(gid);
    return c !== undefined && (c < lo || c > hi);
  }, DEFER_PATCHES);
}

// applyLater applies the patches farPatches left for later, l.
function applyLater(l) {
  if (!l || l !== st.later) return;
  leftForLater(null);
  applyPatches(l);
  if (!st.rest) drawnWhole();
}

// applyFrame shows frame f: the view, the drawing's patches, the
// navigation, the panels and the controls.
function applyFrame(f) {
  // The view first, which says which nodes a big frame restyles later.
  if (!st.hold && !(f.nav && f.nav.elsewhere)) {
    follow(f.current);
    showAnswer(f);
  }
  const remote = st.remote && st.remote.box && st.svg ? boxInMine(st.remote.box, st.remote.anchors) : null;
  if (remote) showRemote(remote, f.current); // a presenter's view, not the follow's
  anchorUsed(false);
  restFrame(f);
  if (st.later) dropSuperseded(st.later, f);
  const far = farPatches(f);
  applyPatches(far ? far.near : f);
  if (far && !st.later) {
    leftForLater(far.later);
    root.dataset.drawing = "part";
    afterPaint(() => applyLater(far.later));
  } else if (far) leftForLater(far.later);
  const stepsBefore = st.steps;
  shown(f);
  drawNav();
  drawOverviewSoon();
  if (f.caption) drawCaption(f.caption);
  if (f.steps !== stepsBefore) {
    $("scrubber").max = String(f.steps - 1);
    $("steps").textContent = f.steps - 1;
  }
  $("live").hidden = !f.live;
  drawGrains(f);
  markSelected(f.selected ? f.selected.node : -1);
  selected(st.selected, f.selected || null);
  drawPanels(f);
  showControls();
  history.replaceState(null, "", withParams(location.search, { step: String(f.step), view: f.view !== "root" ? f.view : null }));
  scrollLog();
  showLit();
  emitState();
  if (st.remoteWaiting && st.remote) {
    const s = st.remote;
    following(s, false);
    applyState(s);
  }
}

