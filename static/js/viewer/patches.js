// The frames' patches applied to the drawing: each node's, edge's and
// placeholder's class and texts, as the server says them.
import { t } from "../lib/words.js";
import { morePatch, nodePatch } from "./protocol.js";
import { centreOf } from "./shapes.js";
import { nameNode } from "./treekeys.js";
import { HIDDEN, selected, st } from "./state.js";

const NBSP = "\u00a0";

let types = new Map(); // node id -> its ty_ class
let nodeCount = 0; // the nodes of the drawing, placeholders aside
let stashed = new Map(); // a hidden node's or edge's group -> its children but the first, out of the page

// forgetNodes forgets the nodes of the last drawing.
export function forgetNodes() {
  types = new Map();
  nodeCount = 0;
  stashed = new Map();
}

// addNode notes a node or placeholder of the drawing: its type class;
// and makes it a button the keyboard can reach (see treekeys.js).
export function addNode(g) {
  g.setAttribute("tabindex", "-1");
  g.setAttribute("role", "button");
  types.set(g.id, [...g.classList].find((c) => c.startsWith("ty_")) || "");
  if (g.id.startsWith("n")) nodeCount++;
  nameNode(g);
}

// stash takes the children of a node's or an edge's group g out of the
// page while a step hides it, and puts them back when one shows it. The
// texts of hidden groups cost the browser even while not displayed:
// each layout of the drawing, as every pan and zoom makes, goes through
// them all, which in a big drawing early in its trace takes longer than
// the visible nodes. The first child, a node's shape (see shapeBox) or
// an edge's line, stays.
export function stash(g, hidden) {
  if (hidden) {
    const first = g.firstElementChild;
    if (!first || !first.nextSibling || stashed.has(g)) return;
    const rest = document.createDocumentFragment();
    while (first.nextSibling) rest.appendChild(first.nextSibling);
    stashed.set(g, rest);
    return;
  }
  const rest = stashed.get(g);
  if (!rest) return;
  stashed.delete(g);
  g.appendChild(rest);
}

// setSlot writes a text of the node or placeholder with SVG id gid, in
// its slot "a_" + slot, centred in the node: the text element itself in
// the tidy layout's drawing, an anchor around it in Graphviz's.
function setSlot(gid, slot, text) {
  const a = document.getElementById("a_" + slot);
  if (!a) return;
  const own = a instanceof SVGTextElement;
  const t = own ? a : a.querySelector("text");
  if (!t) return;
  // Empty, a tidy drawing's slot has no text; Graphviz's needs one.
  const want = text || (own ? "" : NBSP);
  if (t.textContent === want) return;
  t.textContent = want;
  const cx = centreOf(gid);
  if (cx === undefined) return;
  t.setAttribute("x", String(cx));
  t.setAttribute("text-anchor", "middle");
}

// applyNodes draws node patches (see nodePatch): a weight k > 0 draws the
// edge into the node k points wide (class "vw<k>" in /tree.css), by the
// share of the iterations through the node. A node not reached is not
// displayed, and keeps its texts until a patch that displays it, which
// carries them all. A node's transposition link ("s<id>") shows once the
// node has the value the table gave it.
export function applyNodes(nodes) {
  for (const { id, cls, value, win, weight } of nodes.map(nodePatch)) {
    const hidden = cls === HIDDEN;
    const e = document.getElementById("e" + id);
    if (e) {
      e.setAttribute("class", "edge " + cls + (weight > 0 ? " vw" + weight : ""));
      stash(e, hidden);
    }
    const s = document.getElementById("s" + id);
    if (s) {
      const off = hidden || !value;
      s.setAttribute("class", "link " + (off ? HIDDEN : cls));
      stash(s, off);
    }
    const g = document.getElementById("n" + id);
    if (!g) continue;
    const sel = id === st.selected ? " selected" : "";
    g.setAttribute("class", "node " + cls + " " + (types.get(g.id) || "") + sel);
    stash(g, hidden);
    if (hidden) continue;
    setSlot(g.id, "v" + id, value);
    setSlot(g.id, "w" + id, win);
    nameNode(g);
  }
}

// applyMore draws placeholder patches (see morePatch): the placeholder
// "m<parent>" stands for that parent's children left out, hidden by the
// class st_not_reached while none exists yet.
export function applyMore(more) {
  for (const { parent: p, cls, line1, line2 } of (more || []).map(morePatch)) {
    const hidden = cls === HIDDEN;
    const e = document.getElementById("em" + p);
    if (e) {
      e.setAttribute("class", "edge more " + cls);
      stash(e, hidden);
    }
    const g = document.getElementById("m" + p);
    if (!g) continue;
    g.setAttribute("class", "node more " + cls);
    stash(g, hidden);
    if (hidden) continue;
    setSlot(g.id, "mv" + p, line1);
    setSlot(g.id, "mw" + p, line2);
    g.setAttribute("aria-label", t("{more}, {nodes}: click to show them", { more: line1, nodes: line2 }));
  }
}

// markSelected marks node id, or none with -1, as selected.
export function markSelected(id) {
  const old = st.svg && st.svg.querySelector("g.node.selected");
  if (old) {
    old.classList.remove("selected");
    nameNode(old);
  }
  selected(id);
  if (id >= 0) {
    const g = document.getElementById("n" + id);
    if (g) {
      g.classList.add("selected");
      nameNode(g);
    }
  }
}

// hideAll marks every node and edge of the drawing not reached, before a
// full frame of a drawing that has more nodes than the frame's trace.
function hideAll() {
  for (const g of st.svg.querySelectorAll("g.node")) {
    const more = g.id.startsWith("m") ? "more " : "";
    g.setAttribute("class", "node " + more + "st_not_reached " + (types.get(g.id) || ""));
    stash(g, true);
  }
  for (const g of st.svg.querySelectorAll("g.edge")) {
    g.setAttribute("class", "edge " + (g.id.startsWith("em") ? "more " : "") + "st_not_reached");
    stash(g, true);
  }
  for (const g of st.svg.querySelectorAll("g.link")) {
    g.setAttribute("class", "link st_not_reached");
    stash(g, true);
  }
}

// applyPatches restyles the nodes and placeholders of the drawing as
// frame f says.
export function applyPatches(f) {
  if (f.full && st.svg && nodeCount > f.nodes.length) hideAll();
  applyNodes(f.nodes);
  applyMore(f.more);
}

// drawCaption writes the drawing's line that says whose values it
// shows, over the tree and in the legend.
export function drawCaption(caption) {
  for (const id of ["a_caption", "a_legend_caption"]) {
    const a = document.getElementById(id);
    const t = a && (a instanceof SVGTextElement || a instanceof HTMLElement ? a : a.querySelector("text"));
    if (t) t.textContent = caption;
  }
}
