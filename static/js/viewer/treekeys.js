// The tree from the keyboard: its nodes take focus one at a time (a
// roving tabindex, so that Tab enters the tree once and leaves it), the
// arrow keys move the focus to the nearest node that way, and Enter or
// Space does what a click does: selects the node, or shows what a
// placeholder stands for.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { setBox } from "./camera.js";
import { nodeBox } from "./shapes.js";
import { HIDDEN, st } from "./state.js";

// STATUS_WORDS say a node's status in words, for a screen reader, as the
// tree's shapes and lines say it to the eye.
const STATUS_WORDS = {
  st_generated: () => t("generated"),
  st_current: () => t("current node"),
  st_path: () => t("on the current path"),
  st_done: () => t("searched"),
  st_pruned: () => t("pruned"),
  st_best: () => t("on the best line"),
  st_kept: () => t("kept"),
  st_dropped: () => t("dropped"),
};

// DIRECTIONS are the arrow keys' ways across the drawing, as unit steps.
const DIRECTIONS = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

// wireTreeKeys makes the tree panel's nodes answer the keyboard.
export function wireTreeKeys() {
  const tree = $("tree");
  tree.addEventListener("focusin", (e) => {
    const g = e.target.closest && e.target.closest("g.node");
    if (g) takeFocus(g);
  });
  tree.addEventListener("keydown", onNodeKey);
  // The focus ring shows while the person uses the keyboard, not after a
  // click or a tap, which the selection's outline answers.
  document.addEventListener("keydown", () => { tree.dataset.keys = "on"; }, true);
  document.addEventListener("pointerdown", () => { delete tree.dataset.keys; }, true);
}

// enterAtRoot makes Tab enter a new drawing at its first node, the root.
export function enterAtRoot(svg) {
  const first = svg.querySelector('g.node[id^="n"]');
  if (first) first.setAttribute("tabindex", "0");
}

// takeFocus makes g the node Tab comes back to, and names it.
function takeFocus(g) {
  for (const o of st.svg.querySelectorAll('g.node[tabindex="0"]')) if (o !== g) o.setAttribute("tabindex", "-1");
  g.setAttribute("tabindex", "0");
  nameNode(g);
}

// nameNode names node g for a screen reader as the drawing shows it: a
// node by the move into it, its texts and its status; a placeholder or a
// fold, which applyMore names as it writes them, by its texts until then.
export function nameNode(g) {
  if (g.id.startsWith("n")) g.setAttribute("aria-label", nodeWords(g));
  else if (!g.hasAttribute("aria-label")) g.setAttribute("aria-label", texts(g).join(", "));
}

// nodeWords says node g: the move into it, its texts and its status.
function nodeWords(g) {
  const words = [];
  const edge = document.getElementById("e" + g.id.slice(1));
  const move = edge && [...edge.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean).join(" ");
  words.push(move ? t("move {move}", { move }) : t("root"));
  // The texts as the eye reads them, one run, which a voice control
  // user names the node by.
  const shown = texts(g).join(" ");
  if (shown) words.push(shown);
  for (const c of g.classList) if (STATUS_WORDS[c]) words.push(STATUS_WORDS[c]());
  if (g.classList.contains("selected")) words.push(t("selected"));
  return words.join(t(", "));
}

// texts returns the texts g shows, in order.
function texts(g) {
  return [...g.querySelectorAll("text")].map((t) => t.textContent.trim()).filter((s) => s && s !== "\u00a0");
}

// onNodeKey moves the focus across the tree, or clicks the node that
// has it; the keys it takes do not reach the viewer's shortcuts.
function onNodeKey(e) {
  const g = e.target.closest && e.target.closest("g.node");
  if (!g || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Enter" || e.key === " ") {
    g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    requestAnimationFrame(() => { if (document.activeElement === g) takeFocus(g); });
  } else if (DIRECTIONS[e.key]) {
    const next = nearest(g, DIRECTIONS[e.key]);
    if (next) {
      show(next);
      next.focus({ preventScroll: true });
    }
  } else {
    return;
  }
  e.preventDefault();
  e.stopPropagation();
}

// nearest returns the shown node nearest g in direction d, [dx, dy],
// weighing distance across the direction thrice as much as along it, or
// null when there is none that way.
function nearest(g, d) {
  const from = nodeBox(g.id);
  if (!from) return null;
  const fx = from.x + from.w / 2, fy = from.y + from.h / 2;
  let best = null, bestCost = Infinity;
  for (const o of st.svg.querySelectorAll("g.node")) {
    if (o === g || o.classList.contains(HIDDEN)) continue;
    const b = nodeBox(o.id);
    if (!b) continue;
    const dx = b.x + b.w / 2 - fx, dy = b.y + b.h / 2 - fy;
    const along = dx * d[0] + dy * d[1];
    if (along <= 1) continue;
    const cost = along + 3 * Math.abs(dx * d[1] - dy * d[0]);
    if (cost < bestCost) {
      best = o;
      bestCost = cost;
    }
  }
  return best;
}

// show pans the view, at its scale, to centre g when it is not within.
function show(g) {
  const b = nodeBox(g.id);
  if (!b || !st.box) return;
  const [x, y, w, h] = st.box;
  if (b.x >= x && b.y >= y && b.x + b.w <= x + w && b.y + b.h <= y + h) return;
  setBox([b.x + b.w / 2 - w / 2, b.y + b.h / 2 - h / 2, w, h], true);
}
