// The overview: the whole drawing in small, beside the tree panel when
// the panel shows only part of it, and a way to move the view.
import { byId as $ } from "../lib/dom.js";
import { setBox } from "./camera.js";
import { graphOffset, shapeBox } from "./shapes.js";
import { HIDDEN, root, st } from "./state.js";
import { covers } from "./viewbox.js";

const OVERVIEW_W = 320, OVERVIEW_H = 56; // the overview's most width and height, in CSS pixels: the strip under the tree
const LARGE_SHARE = 0.8; // of the tree panel's width and height, the most a large overview takes

let boxes = null; // the drawing's nodes: [group, x, y, w, h], found once per drawing
let soon = false; // a drawing of the overview waits for the browser's next paint
let large = false; // the person zoomed out past readable: the overview, or the minimap, is shown large

// showOverviewLarge shows the overview of the whole drawing (or, for a
// tree navigated in part, the minimap of the whole tree) large over the
// tree panel, when zooming out further would make the tree too small to
// read, or small again.
export function showOverviewLarge(on) {
  if (on === large) return;
  large = on;
  for (const id of ["overview-box", "minimap-box"]) $(id).classList.toggle("large", on);
  drawOverviewSoon();
}

// forgetOverview forgets the nodes of the last drawing.
export function forgetOverview() {
  boxes = null;
}

// drawOverviewSoon draws the overview once the browser is about to
// paint, however often the view moved since.
export function drawOverviewSoon() {
  if (soon) return;
  soon = true;
  requestAnimationFrame(() => {
    soon = false;
    drawOverview();
  });
}

// drawOverview draws the whole drawing in small, when the tree panel
// shows only part of it: a dot per node reached, the current node
// orange, the best line blue, and the box the panel shows. A navigated
// drawing has the minimap of the whole tree instead (drawMinimap).
function drawOverview() {
  const fig = $("overview-box");
  const [x, y, w, h] = st.full || [0, 0, 0, 0];
  const b = st.box;
  fig.hidden = !st.svg || !st.whole || (b && covers(b, [x, y, w, h], 1));
  if (fig.hidden) return;
  if (!boxes) {
    const [dx, dy] = graphOffset();
    boxes = [];
    for (const g of st.svg.querySelectorAll("g.node")) {
      const s = shapeBox(g);
      if (s) boxes.push([g, s.x + dx, s.y + dy, s.w, s.h]);
    }
  }
  const small = root.classList.contains("embedded") ? 0.6 : 1; // beside another viewer, it leaves more of the tree in view
  const p = $("tree").getBoundingClientRect();
  const k = large && p.width ? LARGE_SHARE * Math.min(p.width / w, p.height / h) : small * Math.min(OVERVIEW_W / w, OVERVIEW_H / h);
  const c = $("overview");
  const cw = Math.max(40, Math.ceil(w * k)), ch = Math.max(16, Math.ceil(h * k));
  const dpr = window.devicePixelRatio || 1;
  if (c.width !== cw * dpr || c.height !== ch * dpr) {
    c.width = cw * dpr;
    c.height = ch * dpr;
    c.style.width = cw + "px";
    c.style.height = ch + "px";
  }
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr * k, 0, 0, dpr * k, -x * dpr * k, -y * dpr * k);
  ctx.clearRect(x, y, w, h);
  const least = 1.5 / k; // a node never smaller than a dot and a half
  for (const [g, nx, ny, nw, nh] of boxes) {
    const cls = g.getAttribute("class") || "";
    if (cls.includes(HIDDEN)) continue;
    ctx.fillStyle = cls.includes("st_current") ? "#E69F00" : cls.includes("st_best") ? "#0072B2" : cls.includes("st_pruned") ? "#bbb" : "#666";
    ctx.fillRect(nx + nw / 2 - Math.max(nw, least) / 2, ny, Math.max(nw, least), Math.max(nh, least));
  }
  const vx = Math.max(b[0], x), vy = Math.max(b[1], y);
  const vw = Math.min(b[0] + b[2], x + w) - vx, vh = Math.min(b[1] + b[3], y + h) - vy;
  ctx.fillStyle = "rgba(0, 114, 178, 0.12)";
  ctx.fillRect(vx, vy, vw, vh);
  ctx.strokeStyle = "#0072B2";
  ctx.lineWidth = 1.5 / k;
  ctx.strokeRect(vx, vy, vw, vh);
}

// overviewGo centres the tree panel on the point of the overview that
// pointer event e is at.
export function overviewGo(e) {
  if (!st.svg || !st.box) return;
  showOverviewLarge(false);
  const r = $("overview").getBoundingClientRect();
  const [x, y, w, h] = st.full;
  const px = x + ((e.clientX - r.left) / r.width) * w, py = y + ((e.clientY - r.top) / r.height) * h;
  setBox([px - st.box[2] / 2, py - st.box[3] / 2, st.box[2], st.box[3]], true);
}
