// The drawing: the tree the server laid out, put in the tree panel once
// and then restyled by the frames, whole or a display set of a big tree,
// its legend in a panel of its own.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { fit, follow, setBox, showAnswer } from "./camera.js";
import { sendPanel } from "./connection.js";
import { takeLegend } from "./legend.js";
import { forgetOverview } from "./overview.js";
import { addNode, applyMore, applyNodes, forgetNodes, markSelected, stash } from "./patches.js";
import { forgetShapes, nodeBox, nodesExtent, shapeBox } from "./shapes.js";
import { enterAtRoot } from "./treekeys.js";
import { HIDDEN, VIEW_ROOT, anchorUsed, drawn, navigated, offline, restComing, root, st } from "./state.js";

const REST_LINES = 400; // the nodes and edges of a drawing's rest added at a time

// loadLayout fetches and shows the whole tree's drawing in view, or says
// why it cannot, and reports whether it is drawn.
export async function loadLayout(view) {
  const started = performance.now();
  if (offline) {
    install($("offline-layout").textContent, null, true);
    return true;
  }
  const res = await fetch(root.dataset.layout + "?view=" + encodeURIComponent(view));
  if (!res.ok) {
    let why = (await res.text()).trim();
    if (!/[.!?。]$/.test(why)) why += ".";
    undrawable(why, st.whole);
    return false;
  }
  install(await res.text(), st.svg && st.userMoved ? st.box : null, true);
  root.dataset.layoutMs = String(Math.round(performance.now() - started));
  root.dataset.layoutFetches = String(Number(root.dataset.layoutFetches || "0") + 1);
  return true;
}

// undrawable says in the tree panel why the tree could not be drawn, and
// drops the drawing; whole says whether the tree is the whole's.
function undrawable(why, whole) {
  const tree = $("tree");
  tree.innerHTML = "";
  const p = document.createElement("p");
  p.className = "error";
  p.dataset.testid = "layout-error";
  p.textContent = t("The tree could not be drawn: {why} The board, the log, the variables and the pseudocode still follow every step.", { why });
  tree.appendChild(p);
  drawn(null, st.full, whole);
  forgetNodes();
}

// install puts a drawing in the tree panel and shows the box keep, or
// the drawing's top, or with a navigated drawing the node to show; whole
// says whether it is the whole tree's.
function install(text, keep, whole) {
  const tree = $("tree");
  tree.innerHTML = text;
  const svg = tree.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  for (const t of svg.querySelectorAll("g.node > title, g.edge > title")) t.remove();
  forgetNodes();
  forgetShapes();
  forgetOverview();
  for (const g of svg.querySelectorAll("g.node")) centreSlots(g);
  for (const g of svg.querySelectorAll("g." + HIDDEN)) stash(g, true);
  headRoot(svg);
  delete root.dataset.drawing;
  const full = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
  drawn(svg, takeLegend(svg) ? nodesExtent(svg, full) || full : full, whole);
  for (const g of svg.querySelectorAll("g.node")) addNode(g);
  enterAtRoot(svg);
  if (keep) setBox(keep);
  else fit();
  sendPanel(); // the drawing's texts set the readable scale
}

// centreSlots centres the texts of node g's slots (its value, window,
// board caption, or a placeholder's or a fold's lines) on its shape:
// Graphviz starts each where its text at the size it was laid out at
// would be centred, and presentation mode draws them larger.
function centreSlots(g) {
  const texts = g.querySelectorAll('[id^="a_"] text[text-anchor="start"]');
  if (!texts.length) return;
  const b = shapeBox(g);
  if (!b) return;
  for (const t of texts) {
    t.setAttribute("x", String(b.x + b.w / 2));
    t.setAttribute("text-anchor", "middle");
  }
}

// headRoot moves the caption over the drawing to over its root, where
// the view starts, from over the middle of a drawing wider than the
// panel, where the panel's edge cut it off. The caption has the band
// over the top rank to itself, and the root is that rank's one node.
function headRoot(svg) {
  let top = null;
  for (const g of svg.querySelectorAll('g.node[id^="n"]')) {
    const b = shapeBox(g);
    if (b && (!top || b.y < top.y)) top = b;
  }
  const caption = svg.querySelector("#a_caption");
  const text = caption && (caption instanceof SVGTextElement ? caption : caption.querySelector("text"));
  if (!top || !text) return;
  text.setAttribute("x", String(top.x + top.w / 2));
  text.setAttribute("text-anchor", "middle");
}

// addRest adds the rest of a drawing the server sent in two parts, the
// first around the node the page centres on (see applyLayout), once the
// browser has shown the first: the lines of the other nodes, placeholders
// and edges, REST_LINES at a time, so that the frames of the steps the
// person goes to meanwhile need not wait. It restyles them as the frames
// since the drawing say, in order.
export function addRest(r) {
  if (!r || r !== st.rest || !r.lines || !st.svg) return;
  const chunk = r.lines.splice(0, REST_LINES);
  const graph = st.svg.querySelector("g.graph");
  const range = document.createRange();
  range.selectNodeContents(graph);
  const edges = range.createContextualFragment(chunk.filter((l) => l.startsWith('<g id="e')).join("\n"));
  const nodes = range.createContextualFragment(chunk.filter((l) => !l.startsWith('<g id="e')).join("\n"));
  const ids = new Set();
  for (const f of [edges, nodes]) {
    for (const g of f.children) {
      ids.add(g.id);
      if (g.classList.contains("node")) centreSlots(g);
      if (g.classList.contains(HIDDEN)) stash(g, true);
    }
  }
  for (const g of nodes.children) addNode(g);
  graph.insertBefore(edges, graph.querySelector("g.node"));
  graph.insertBefore(nodes, graph.querySelector("#legend"));
  for (const f of r.frames) {
    applyNodes(f.nodes.filter((n) => ids.has("n" + n[0]) || ids.has("e" + n[0])));
    applyMore((f.more || []).filter((m) => ids.has("m" + m[0]) || ids.has("em" + m[0])));
  }
  if (ids.has("n" + st.selected)) markSelected(st.selected);
  if (r.lines.length) {
    setTimeout(() => addRest(r), 0);
    return;
  }
  restComing(null);
  if (!st.later) drawnWhole();
}

// drawnWhole marks the drawing complete; after the decision it brings
// the best line into view, whose nodes a big drawing's first part may
// have left out, unless the person moved the view meanwhile.
export function drawnWhole() {
  delete root.dataset.drawing;
  if (!st.userMoved && st.lastCurrent < 0) showAnswer({ current: -1, nodes: [] });
}

// applyLayout draws a display set m the server picked: the part of a
// big tree the page shows. Its nodes keep their ids, so the frames that
// follow restyle it as they would the whole tree; what the person was
// looking at stays in view, or else node current.
export function applyLayout(m, current) {
  const before = st.svg ? st.box : null;
  navigated(m.minimap, m.cells);
  if (m.error) {
    undrawable(m.error + ".", false);
    return false;
  }
  install(m.svg, null, false);
  if (m.rest) {
    restComing({ frames: [], lines: null });
    root.dataset.drawing = "part";
  }
  root.dataset.layouts = String(Number(root.dataset.layouts || "0") + 1);
  // The same scale as before, centred on the node navigated to; else
  // the view follows the current node, or shows the answer, as a step
  // does. A big drawing comes in two parts, the first around that node
  // (web.viewer.anchor), the rest just after.
  const at = st.anchor === VIEW_ROOT ? m.root : st.anchor;
  const b = at >= 0 ? nodeBox(at) : null;
  if (before && b) setBox([b.x + b.w / 2 - before[2] / 2, b.y - before[3] / 4, before[2], before[3]], true);
  else if (!st.userMoved && current >= 0) follow(current, true);
  else if (!st.userMoved) showAnswer({ current: -1, nodes: [] });
  anchorUsed(st.anchor !== -1);
  return true;
}
