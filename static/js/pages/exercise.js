// The exercise page. A tree wider than its box opens scrolled so that its
// root, node n0 of render's drawing, is in the middle of the box: the
// drawing keeps its own size, so that its text stays readable, and the
// root is where a student starts reading.
import { t } from "../lib/words.js";

const box = document.querySelector('[data-testid="exercise-tree"]');
const root = box && box.querySelector("#n0");
function centreRoot() {
  if (!root) return;
  const b = box.getBoundingClientRect();
  const r = root.getBoundingClientRect();
  box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
}

// Presentation mode, for a projector: the address keeps it (present=1),
// and so do the exercises and grades the page's forms ask for next.
const present = document.getElementById("exercise-present");
function setPresent(on) {
  document.documentElement.classList.toggle("present", on);
  present.setAttribute("aria-pressed", String(on));
  document.querySelectorAll("input.present-keep").forEach((i) => (i.disabled = !on));
  const q = new URLSearchParams(location.search);
  if (on) q.set("present", "1");
  else q.delete("present");
  history.replaceState(null, "", location.pathname + "?" + q.toString());
  centreRoot();
}
if (present) {
  present.addEventListener("click", () => setPresent(!document.documentElement.classList.contains("present")));
  if (new URLSearchParams(location.search).get("present") === "1") setPresent(true);
}
centreRoot();

// The difficulty menu names what each level changes for the kind shown;
// choosing another kind relabels it with that kind's levels before the
// student asks for a new exercise.
const kind = document.getElementById("exercise-kind");
const level = document.getElementById("exercise-level");
if (kind && level && level.dataset.labels) {
  const labels = JSON.parse(level.dataset.labels);
  kind.addEventListener("change", () => {
    const names = labels[kind.value] || [];
    [...level.options].forEach((o, i) => {
      if (names[i]) o.textContent = names[i];
    });
  });
}

// A graded answer's page opens on the grade, which on a phone lies a
// screen or more under the top, and gives it the focus, so that a screen
// reader reads it first; unless the student, quicker than this script,
// has already clicked into the answer.
const grade = document.querySelector('[data-testid="grade"]');
if (grade) {
  grade.tabIndex = -1;
  if (!document.activeElement || document.activeElement === document.body) grade.focus();
}

// A phone's on-screen keyboard shrinks the window as it opens: the
// answer being typed stays in view, with the Check button under it.
const answer = document.getElementById("answer");
if (answer && window.visualViewport) {
  visualViewport.addEventListener("resize", () => {
    if (document.activeElement === answer) answer.closest("form").scrollIntoView({ block: "nearest" });
  });
}

// The tree in words, for a screen reader or whoever reads a list more
// easily than a drawing: each node by the move into it, its texts and
// its kind, its children nested under it left to right, as the drawing's
// nodes and edges (Graphviz's, "n0:s->n1:n" in an edge's title) say.
const KINDS = { ty_max: "MAX", ty_min: "MIN", ty_chance: t("chance") };
const listBox = document.getElementById("exercise-tree-list");
const svg = box && box.querySelector("svg");
if (listBox && svg && root) {
  const texts = (g) => [...g.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean);
  const kids = new Map(); // node id -> [{id, move}] of its children
  for (const e of svg.querySelectorAll("g.edge")) {
    const title = e.querySelector("title");
    const m = title && title.textContent.match(/^(n\d+)(?::\w+)?->(n\d+)/);
    if (!m) continue;
    if (!kids.has(m[1])) kids.set(m[1], []);
    kids.get(m[1]).push({ id: m[2], move: texts(e).join(" ") });
  }
  const left = (id) => svg.querySelector("#" + id).getBBox().x;
  const item = (id, move) => {
    const g = svg.querySelector("#" + id);
    const li = document.createElement("li");
    const kind = [...g.classList].map((c) => KINDS[c]).find(Boolean);
    li.append((move ? move + ": " : "") + [...texts(g), ...(kind ? [kind] : [])].join(t(", ")));
    const children = (kids.get(id) || []).sort((a, b) => left(a.id) - left(b.id));
    if (children.length) {
      const ul = document.createElement("ul");
      for (const c of children) ul.appendChild(item(c.id, c.move));
      li.appendChild(ul);
    }
    return li;
  };
  const ul = document.createElement("ul");
  ul.appendChild(item("n0", ""));
  listBox.appendChild(ul);
}
