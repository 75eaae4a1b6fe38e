// The typed-tree editor: the tree as nested lists, each leaf's value an
// input, with buttons to add and remove children. The names of nodes and
// edges are the game's, which the server sends (outline); they are
// filled in when they arrive.
import { button, byId, link } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { drawChanceEditor } from "./chance-editor.js";
import { edited, game, position } from "./position.js";

let outline = null; // {text, names}: the outline of the tree whose text is text

// drawTreeEditor shows the editor of the typed tree in the position
// field, or hides it when the field holds none.
export function drawTreeEditor() {
  const ed = byId("tree-editor");
  if (!ed) return;
  if (game.value === "chancetree") {
    drawChanceEditor(ed);
    return;
  }
  let tree = null;
  if (game.value === "tree") {
    try { tree = JSON.parse(position.value); } catch (e) { tree = null; }
  }
  const ok = Array.isArray(tree) && tree.length > 0 && valid(tree, 0);
  ed.hidden = !ok;
  ed.innerHTML = "";
  if (!ok) return;
  const write = () => {
    position.value = JSON.stringify(tree);
    edited();
  };
  const named = (cls, path) => {
    const span = document.createElement("span");
    span.className = cls;
    span.dataset.path = path;
    return span;
  };
  const list = (node, path) => {
    const ul = document.createElement("ul");
    node.forEach((child, i) => {
      const li = document.createElement("li");
      const edge = named("tree-edge", path + "." + i);
      const remove = button("×", t("remove this child"), () => { node.splice(i, 1); write(); });
      remove.disabled = node.length === 1;
      if (Array.isArray(child)) {
        li.append(edge, named("tree-node", path + "." + i), remove, list(child, path + "." + i));
      } else {
        li.append(edge, leafInput(child, (v) => { node[i] = v; }, write), remove,
          button("▸", t("make this leaf a node with two leaves"), () => { node[i] = [child, 0]; write(); }));
      }
      ul.appendChild(li);
    });
    const li = document.createElement("li");
    li.append(
      button(t("+ leaf"), t("add a leaf"), () => { node.push(0); write(); }),
      button(t("+ node"), t("add a node with two leaves"), () => { node.push([0, 0]); write(); }),
    );
    ul.appendChild(li);
    return ul;
  };
  ed.append(named("tree-node", "r"), list(tree, "r"),
    help(t("Edit the leaves' values, add or remove children; the text above follows. Nodes and moves are named as the search names them.")),
    treeLinks("tree", "alphabeta", JSON.stringify(tree)));
  nameTree(outline);
}

// nameTree writes the game's names of outline o into the tree editor, if
// it is the outline of the tree shown.
export function nameTree(o) {
  outline = o;
  const ed = byId("tree-editor");
  if (!ed || ed.hidden || !outline || outline.text !== position.value.trim()) return;
  const walk = (o, path) => {
    const head = ed.querySelector(`.tree-node[data-path="${path}"]`);
    const side = o.max ? "MAX" : "MIN";
    if (head) head.textContent = path === "r" ? t("{name} ({side}, the root)", { name: o.name, side }) : o.name + " (" + side + ")";
    o.labels.forEach((label, i) => {
      const edge = ed.querySelector(`.tree-edge[data-path="${path}.${i}"]`);
      if (edge) edge.textContent = label;
      if (o.children[i]) walk(o.children[i], path + "." + i);
    });
  };
  walk(outline.names, "r");
}

// leafInput returns the input of a leaf's value, which calls set with a
// new value and then write.
export function leafInput(value, set, write) {
  const input = document.createElement("input");
  input.type = "number";
  input.step = "any";
  input.value = String(value);
  input.setAttribute("aria-label", t("leaf value"));
  input.onchange = () => {
    const v = Number(input.value);
    if (input.value.trim() !== "" && Number.isFinite(v)) { set(v); write(); }
  };
  return input;
}

// help returns the editor's line of help.
export function help(text) {
  const p = document.createElement("p");
  p.className = "help";
  p.textContent = text;
  return p;
}

// treeLinks returns the links to the new-search form with tree text of game g,
// and to an exercise of kind on it.
export function treeLinks(g, kind, text) {
  const links = document.createElement("p");
  links.className = "tree-links";
  links.append(
    link(t("Link to this tree"), "/new?" + new URLSearchParams({ game: g, position: text }).toString(), "tree-share"),
    " · ",
    link(t("Make it an exercise"), "/exercise?" + new URLSearchParams({ kind, tree: text }).toString(), "tree-exercise"),
  );
  return links;
}

function valid(node, depth) {
  if (depth > 12) return false;
  return node.every((c) => (Array.isArray(c) ? c.length > 0 && valid(c, depth + 1) : typeof c === "number"));
}
