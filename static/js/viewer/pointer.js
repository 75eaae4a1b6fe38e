// The pointer on the tree, the overview and the minimap: dragging pans,
// the wheel zooms, a click selects a node or shows a placeholder's
// children, and the navigation's buttons move the view's root.
import { byId as $ } from "../lib/dom.js";
import { setBox, zoom } from "./camera.js";
import { send, seek } from "./connection.js";
import { minimapNode, navigate, toRoot, up } from "./navigation.js";
import { overviewGo, showOverviewLarge } from "./overview.js";
import { nodeNear, toDrawing } from "./shapes.js";
import { VIEW_ROOT, st } from "./state.js";

// wirePointer makes the tree panel, the overview and the navigation
// answer the pointer.
export function wirePointer() {
  wireTree();
  $("overview").addEventListener("pointerdown", (e) => {
    overviewGo(e);
    $("overview").setPointerCapture(e.pointerId);
  });
  $("overview").addEventListener("pointermove", (e) => { if (e.buttons & 1) overviewGo(e); });
  $("nav-up").onclick = up;
  $("nav-reach").onclick = () => seek(Number($("nav-reach").dataset.step));
  $("nav-top").onclick = toRoot;
  $("filter-clear").onclick = () => send({ type: "filter", node: -1 });
  $("nav-trail").onclick = (e) => {
    const b = e.target.closest("button[data-node]");
    if (b && st.nav && Number(b.dataset.node) !== st.nav.root) navigate({ type: "root", node: Number(b.dataset.node) }, Number(b.dataset.node));
  };
  $("minimap").onclick = (e) => {
    if (!st.minimap) return;
    const r = $("minimap").getBoundingClientRect();
    const k = Math.min(st.minimap.cols - 1, Math.floor(((e.clientX - r.left) / r.width) * st.minimap.cols));
    const row = Math.min(st.minimap.rows - 1, Math.floor(((e.clientY - r.top) / r.height) * st.minimap.rows));
    showOverviewLarge(false);
    navigate({ type: "reveal", node: minimapNode(k, row) }, VIEW_ROOT);
  };
}

// wireTree pans the tree as it is dragged, zooms it with the wheel or
// two fingers pinching and selects the node clicked or tapped, or shows
// the children a placeholder stands for.
function wireTree() {
  const tree = $("tree");
  let drag = null;
  const fingers = new Map(); // pointer id -> [x, y], of the touches on the tree
  let pinch = 0; // the distance between two fingers at the last move, 0 when not pinching
  const spread = () => {
    const [a, b] = [...fingers.values()];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  };
  tree.addEventListener("pointerdown", (e) => {
    if (!st.svg || e.button !== 0) return;
    if (e.pointerType === "touch") fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (fingers.size === 2) {
      pinch = spread();
      drag = { moved: true, done: true }; // a pinch neither pans nor selects
      return;
    }
    drag = { x: e.clientX, y: e.clientY, box: st.box.slice(), moved: false };
  });
  tree.addEventListener("pointermove", (e) => {
    if (fingers.has(e.pointerId)) fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && fingers.size === 2) {
      const d = spread();
      const [a, b] = [...fingers.values()];
      const [cx, cy] = toDrawing((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      if (d > 0) zoom(pinch / d, cx, cy);
      pinch = d;
      return;
    }
    if (!drag || drag.done) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) {
      drag.moved = true;
      tree.setPointerCapture(e.pointerId);
      tree.classList.add("dragging");
    }
    const r = tree.getBoundingClientRect();
    const s = Math.max(drag.box[2] / r.width, drag.box[3] / r.height);
    setBox([drag.box[0] - dx * s, drag.box[1] - dy * s, drag.box[2], drag.box[3]], true);
  });
  const endDrag = (e) => {
    fingers.delete(e.pointerId);
    if (fingers.size < 2) pinch = 0;
    if (drag && drag.moved) {
      tree.classList.remove("dragging");
      if (tree.hasPointerCapture(e.pointerId)) tree.releasePointerCapture(e.pointerId);
      drag.done = true;
    }
    setTimeout(() => { drag = null; }, 0);
  };
  tree.addEventListener("pointerup", endDrag);
  tree.addEventListener("pointercancel", endDrag);
  tree.addEventListener("click", (e) => {
    const a = e.target.closest("a");
    if (a) e.preventDefault();
    if (drag && drag.done) return;
    const g = e.target.closest("g.node") || nodeNear(e.clientX, e.clientY);
    if (!g) return;
    if (g.id.startsWith("m")) {
      const p = Number(g.id.slice(1));
      navigate({ type: "expand", node: p }, p);
      return;
    }
    if (g.id.startsWith("f")) {
      const b = Number(g.id.slice(1));
      navigate({ type: "unfold" }, b);
      return;
    }
    if (!g.id.startsWith("n")) return;
    send({ type: "select", node: Number(g.id.slice(1)) });
  });
  tree.addEventListener("wheel", (e) => {
    if (!st.svg) return;
    e.preventDefault();
    const [cx, cy] = toDrawing(e.clientX, e.clientY);
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
  }, { passive: false });
}
