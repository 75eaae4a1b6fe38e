// The viewer's state: the step shown and asked for, the connection, the
// drawing and the view of it, the navigation and a room's presenter.
// Other modules read st; they change it only through the functions here.
import { clampStep } from "./protocol.js";
import { Asks } from "./queue.js";

// root is the viewer's element, whose data attributes the server fills.
export const root = document.getElementById("viewer");
// offline is true in a handout file: its frames are inside it (offline.js).
export const offline = root.dataset.offline === "true";
export const HIDDEN = "st_not_reached"; // the class of what a step has not reached
export const VIEW_ROOT = -2; // an anchor: the view's root, whichever the server makes it

export const st = {
  steps: Number(root.dataset.steps),
  step: Number(root.dataset.step),
  wanted: Number(root.dataset.step), // the step last asked for
  view: root.dataset.view,
  playing: false,
  live: root.dataset.live === "true",
  lastCurrent: -1, // the current node of the step shown
  ws: null,
  asks: new Asks(), // the commands sent and not answered yet, and the one waiting for them
  svg: null,
  box: null, // the viewBox shown: [x, y, w, h]
  full: null, // the whole drawing's viewBox
  whole: root.dataset.whole === "true", // the drawing is the whole tree's, from the layout URL
  loading: false, // a drawing is being fetched
  undrawn: false, // the drawing failed: frames fill the panels without it
  rest: null, // a drawing sent in two parts: the frames since the first, the rest's lines not added yet (see addRest)
  later: null, // the patches of a big frame far from the view, not applied yet (see farPatches)
  userMoved: false, // the person panned or zoomed: a new drawing keeps their view
  nav: null, // the last frame's nav: the view's root, the filter, the minimap's cell of the focus
  minimap: null, // the whole tree's overview: {cols, rows, count, rep}
  cells: [], // the minimap's cells holding drawn nodes
  anchor: -1, // after a new drawing, the node to show: the one the person navigated to, or VIEW_ROOT
  hold: false, // the next frame keeps the view on the node navigated to
  selected: -1,
  sel: null, // the selected node's details
  present: new URLSearchParams(location.search).get("present") === "1", // presentation mode
  legend: null, // the legend asked for with its button, or null for the mode's default
  vars: new Map(), // the variables the last frame showed, to mark those that changed
  marks: [], // the steps of the scrubber's marks
  remote: null, // the state of a room's presenter this viewer follows, or null
  remoteWaiting: false, // remote came before the socket opened: the first frame applies it
};

// ---- the connection ----

// connected takes ws as the viewer's socket, whose first frame comes
// unasked.
export function connected(ws) {
  st.ws = ws;
  st.asks.opened();
}

// asking notes that command cmd goes to the server now, or waits, the
// latest of those asked for, while another has not been answered; it
// reports whether cmd goes now.
export function asking(cmd) {
  return st.asks.ask(cmd);
}

// askedAside notes a command sent at once, outside the one at a time.
export function askedAside() {
  st.asks.aside();
}

// answered notes the server's message msg, which may answer a command.
export function answered(msg) {
  st.asks.got(msg);
}

// takePending returns the command that waited, once every command sent
// is answered, and forgets it; else null.
export function takePending() {
  return st.asks.next();
}

// ---- the step ----

// want notes step k, within the trace, as the step asked for, and
// returns it.
export function want(k) {
  st.wanted = clampStep(k, st.steps);
  return st.wanted;
}

// shown notes what frame f shows. The step asked for becomes f's only
// when no command is unanswered or waiting: a frame that comes while one
// is, such as the answer to an earlier command, shows a step the page
// has moved on from.
export function shown(f) {
  st.step = f.step;
  if (st.asks.idle) st.wanted = f.step;
  st.playing = f.playing;
  st.view = f.view;
  root.dataset.view = f.view; // the style sheet shows the cut reasons of this view
  st.live = f.live;
  st.steps = f.steps;
  st.lastCurrent = f.current;
  st.nav = f.nav || null;
}

// stopped notes that the trace no longer plays, the socket having closed.
export function stopped() {
  st.playing = false;
}

// viewAsked notes the point of view asked for.
export function viewAsked(view) {
  st.view = view;
}

// ---- the drawing ----

// drawn takes svg, whose whole is the view box full, as the drawing, or
// with svg null notes that there is none; whole says it is the whole
// tree's, not a display set. A new drawing has no rest and no patches
// left for later yet.
export function drawn(svg, full, whole) {
  st.svg = svg;
  st.full = full;
  st.whole = whole;
  if (!svg) return;
  st.rest = null;
  st.later = null;
}

// loading notes a drawing being fetched, or no longer, and whether the
// drawing failed.
export function loading(on, failed) {
  st.loading = on;
  st.undrawn = failed;
}

// navigated takes a display set's overview and cells of the minimap.
export function navigated(minimap, cells) {
  if (minimap) st.minimap = minimap;
  st.cells = cells || [];
}

// restComing notes a drawing sent in two parts, r = {frames, lines}: the
// frames since the first part, the lines of the rest; null when the rest
// is in.
export function restComing(r) {
  st.rest = r;
}

// restFrame keeps frame f for the nodes the drawing's rest adds, if one
// is coming.
export function restFrame(f) {
  if (st.rest) st.rest.frames.push(f);
}

// restLines takes the lines of the drawing's rest, to be added.
export function restLines(lines) {
  st.rest.lines = lines;
}

// leftForLater notes patches l, {nodes, more}, left for later, with
// those already left; null when they are applied.
export function leftForLater(l) {
  if (l && st.later) {
    st.later.nodes.push(...l.nodes);
    st.later.more.push(...l.more);
    return;
  }
  st.later = l;
}

// ---- the view ----

// boxShown notes the view box b shown; byUser, when not undefined, says
// whether the person moved it.
export function boxShown(b, byUser) {
  st.box = b;
  if (byUser !== undefined) st.userMoved = byUser;
}

// anchored notes the node a new drawing is to show, or -1.
export function anchored(anchor) {
  st.anchor = anchor;
}

// anchorUsed forgets the anchor; hold says whether the next frame keeps
// the view on it.
export function anchorUsed(hold) {
  st.hold = hold;
  st.anchor = -1;
}

// selected notes node id, or -1, as selected, and the details sel of the
// selection if they are given.
export function selected(id, sel) {
  st.selected = id;
  if (sel !== undefined) st.sel = sel;
}

// presentation notes, where given, presentation mode on or off
// (present) and the legend shown or hidden with its button (legend).
export function presentation({ present, legend }) {
  if (present !== undefined) st.present = present;
  if (legend !== undefined) st.legend = legend;
}

// panelsShown notes, where given, the variables shown (vars, a map of
// their names to values) and the steps of the scrubber's marks (marks).
export function panelsShown({ vars, marks }) {
  if (vars !== undefined) st.vars = vars;
  if (marks !== undefined) st.marks = marks;
}

// ---- a room's presenter ----

// following notes the state s of the presenter this viewer follows, or
// null; waiting says it waits for the socket to open.
export function following(s, waiting) {
  st.remote = s;
  st.remoteWaiting = waiting;
}
