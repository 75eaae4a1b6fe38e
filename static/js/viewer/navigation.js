// Navigating a big tree: the way down to the view's root, the nodes
// drawn of all, the filter on the steps, the minimap, and the commands
// that change what the page draws.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { send } from "./connection.js";
import { cellNode } from "./minimap.js";
import { VIEW_ROOT, anchored, root, st } from "./state.js";

// drawNav shows where the view is: the way down to its root, the nodes
// drawn of all, the filter on the steps, and the minimap.
export function drawNav() {
  const nav = st.nav;
  const navigated = !!nav && !st.whole;
  $("nav").hidden = !nav || (st.whole && nav.root === 0);
  if (nav) {
    const trail = $("nav-trail");
    trail.innerHTML = "";
    nav.trail.forEach((c, i) => {
      if (i > 0) trail.appendChild(document.createTextNode(" › "));
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link crumb";
      b.dataset.node = String(c.node);
      b.textContent = c.name;
      b.title = i === nav.trail.length - 1 ? t("the view's root") : t("view this node's subtree");
      trail.appendChild(b);
    });
    $("nav-up").disabled = nav.root === 0;
    $("nav-top").disabled = nav.root === 0;
    // The tree's nodes are the searched ones and the pruned moves, which
    // the header's count of nodes leaves out.
    const n = (x) => x.toLocaleString("en");
    const drawn = nav.pruned
      ? t("{shown} of {total} nodes ({searched} searched, {pruned} pruned moves) drawn", { shown: n(nav.shown), total: n(nav.total), searched: n(nav.total - nav.pruned), pruned: n(nav.pruned) })
      : t("{shown} of {total} nodes drawn", { shown: n(nav.shown), total: n(nav.total) });
    let count = navigated ? "· " + drawn : "";
    if (nav.elsewhere && !nav.reach) count += " · " + t("the search is outside this subtree now");
    $("nav-count").textContent = count;
    const reach = $("nav-reach");
    reach.hidden = !nav.reach;
    if (nav.reach) {
      reach.textContent = t("Not reached yet: go to step {step}, where it starts", { step: nav.reach.toLocaleString("en") });
      reach.dataset.step = String(nav.reach);
    }
    const filtering = nav.filter >= 0;
    $("filter").hidden = !filtering;
    if (filtering) $("filter-name").textContent = nav.filter_name;
    root.dataset.viewRoot = String(nav.root);
    root.dataset.filter = String(nav.filter);
  }
  $("minimap-box").hidden = !navigated || !st.minimap;
  if (navigated && st.minimap) drawMinimap();
}

// drawMinimap draws the whole tree's overview: a row per depth, darker
// where more nodes fall, the drawn part tinted blue, the view's subtree
// outlined and the current node's cell marked with an orange dot.
function drawMinimap() {
  const m = st.minimap, c = $("minimap"), ctx = c.getContext("2d");
  const cw = c.width / m.cols, ch = c.height / m.rows;
  ctx.clearRect(0, 0, c.width, c.height);
  let most = 1;
  for (const n of m.count) most = Math.max(most, n);
  const scale = Math.log(most + 1);
  for (let r = 0; r < m.rows; r++) {
    for (let k = 0; k < m.cols; k++) {
      const n = m.count[r * m.cols + k];
      if (!n) continue;
      const shade = Math.round(215 - 170 * (Math.log(n + 1) / scale));
      ctx.fillStyle = "rgb(" + shade + "," + shade + "," + shade + ")";
      ctx.fillRect(k * cw, r * ch, Math.ceil(cw), Math.ceil(ch));
    }
  }
  ctx.fillStyle = "rgba(0, 114, 178, 0.55)";
  for (const i of st.cells) {
    ctx.fillRect((i % m.cols) * cw, Math.floor(i / m.cols) * ch, Math.ceil(cw), Math.ceil(ch));
  }
  const nav = st.nav;
  if (nav && nav.span) {
    const [c0, c1, r0] = nav.span;
    ctx.strokeStyle = "#0072B2";
    ctx.lineWidth = 2;
    ctx.strokeRect(c0 * cw + 1, r0 * ch + 1, (c1 - c0 + 1) * cw - 2, c.height - r0 * ch - 2);
  }
  if (nav && nav.cell) {
    const [k, r] = nav.cell;
    ctx.beginPath();
    ctx.arc((k + 0.5) * cw, (r + 0.5) * ch, Math.max(3, ch * 0.45), 0, 2 * Math.PI);
    ctx.fillStyle = "#E69F00";
    ctx.fill();
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

// minimapNode returns the node a click at the minimap's cell (k, r)
// goes to (see cellNode).
export function minimapNode(k, r) {
  return cellNode(st.minimap, k, r);
}

// navigate sends a command that changes what the page draws, and keeps
// node anchor in view when the new drawing comes.
export function navigate(cmd, anchor) {
  anchored(anchor);
  send(cmd);
}

// collapseSelected folds the node selected, or shows its children again.
export function collapseSelected() {
  if (!st.sel || st.sel.children === 0) return;
  navigate({ type: st.sel.collapsed ? "expand" : "collapse", node: st.sel.node }, st.sel.node);
}

// rerootSelected makes the node selected the view's root.
export function rerootSelected() {
  if (!st.sel || st.sel.children === 0) return;
  navigate({ type: "root", node: st.sel.node }, st.sel.node);
}

// filterSelected steps through the selected node's subtree only, or
// through every event again.
export function filterSelected() {
  if (!st.nav) return;
  if (st.nav.filter >= 0 && (!st.sel || st.sel.node === st.nav.filter)) send({ type: "filter", node: -1 });
  else if (st.sel) send({ type: "filter", node: st.sel.node });
}

// up makes the view's root's parent the view's root.
export function up() {
  if (st.nav && st.nav.root !== 0) navigate({ type: "up" }, VIEW_ROOT);
}

// toRoot makes the tree's root the view's root.
export function toRoot() {
  if (st.nav && st.nav.root !== 0) navigate({ type: "root", node: 0 }, 0);
}
