import { button } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { edited, position } from "./position.js";
import { help, leafInput, treeLinks } from "./tree-editor.js";

// The editor of a tree with chance nodes, in the game's text: lists in
// brackets, chance nodes in braces of probability:outcome. A node is a
// number (a leaf), {list: [...]} or {chance: [{p, t}]}, p the
// probability as typed ("1/6", "0.5") and t a leaf or a list.
export function parseChance(text) {
  let i = 0;
  const s = text.replace(/\s+/g, "");
  const fail = () => { throw new Error("not a tree"); };
  const eat = (c) => { if (s[i] !== c) fail(); i++; };
  const number = () => {
    const m = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(s.slice(i));
    if (!m) fail();
    i += m[0].length;
    return Number(m[0]);
  };
  const item = (depth) => {
    if (depth > 12) fail();
    if (s[i] === "[") return list(depth);
    if (s[i] === "{") return chance(depth);
    return number();
  };
  const list = (depth) => {
    eat("[");
    const kids = [item(depth + 1)];
    while (s[i] === ",") { i++; kids.push(item(depth + 1)); }
    eat("]");
    return { list: kids };
  };
  const chance = (depth) => {
    eat("{");
    const outcomes = [];
    do {
      if (outcomes.length) i++;
      const m = /^(\d+\/\d+|\d*\.?\d+)/.exec(s.slice(i));
      if (!m) fail();
      i += m[0].length;
      eat(":");
      outcomes.push({ p: m[0], t: s[i] === "[" ? list(depth + 1) : number() });
    } while (s[i] === ",");
    eat("}");
    return { chance: outcomes };
  };
  const t = list(0);
  if (i !== s.length) fail();
  return t;
}

// chanceText writes tree n in the game's text.
export function chanceText(n) {
  if (typeof n === "number") return String(n);
  if (n.list) return "[" + n.list.map(chanceText).join(",") + "]";
  return "{" + n.chance.map((o) => o.p + ":" + chanceText(o.t)).join(",") + "}";
}

// drawChanceEditor shows in ed the editor of the tree with chance nodes in
// the position field, or hides ed when the field holds none.
export function drawChanceEditor(ed) {
  let tree = null;
  try { tree = parseChance(position.value); } catch (e) { tree = null; }
  ed.hidden = !tree;
  ed.innerHTML = "";
  if (!tree) return;
  const write = () => {
    position.value = chanceText(tree);
    edited();
  };
  const list = (node) => {
    const ul = document.createElement("ul");
    node.list.forEach((child, i) => {
      const li = document.createElement("li");
      const remove = button("×", t("remove this child"), () => { node.list.splice(i, 1); write(); });
      remove.disabled = node.list.length === 1;
      if (typeof child === "number") {
        li.append(leafInput(child, (v) => { node.list[i] = v; }, write), remove, button("▸", t("make this leaf a node with two leaves"), () => { node.list[i] = { list: [child, 0] }; write(); }));
      } else if (child.list) {
        li.append(document.createTextNode(t("node")), remove, list(child));
      } else {
        li.append(document.createTextNode(t("chance")), remove, outcomes(child));
      }
      ul.appendChild(li);
    });
    const li = document.createElement("li");
    li.append(
      button(t("+ leaf"), t("add a leaf"), () => { node.list.push(0); write(); }),
      button(t("+ node"), t("add a node with two leaves"), () => { node.list.push({ list: [0, 0] }); write(); }),
      button(t("+ chance"), t("add a chance node with two equally likely outcomes"), () => { node.list.push({ chance: [{ p: "1/2", t: 0 }, { p: "1/2", t: 0 }] }); write(); }),
    );
    ul.appendChild(li);
    return ul;
  };
  const outcomes = (node) => {
    const ul = document.createElement("ul");
    ul.className = "chance-outcomes";
    node.chance.forEach((o, i) => {
      const li = document.createElement("li");
      const p = document.createElement("input");
      p.type = "text";
      p.className = "prob";
      p.value = o.p;
      p.setAttribute("aria-label", t("probability, such as 1/6 or 0.5"));
      p.onchange = () => {
        if (/^(\d+\/\d+|\d*\.?\d+)$/.test(p.value.trim())) { o.p = p.value.trim(); write(); }
      };
      const remove = button("×", t("remove this outcome"), () => { node.chance.splice(i, 1); write(); });
      remove.disabled = node.chance.length === 1;
      li.append(p, document.createTextNode(":"));
      if (typeof o.t === "number") {
        li.append(leafInput(o.t, (v) => { o.t = v; }, write), remove, button("▸", t("make this outcome a node with two leaves"), () => { o.t = { list: [o.t, 0] }; write(); }));
      } else {
        li.append(document.createTextNode(t("node")), remove, list(o.t));
      }
      ul.appendChild(li);
    });
    const li = document.createElement("li");
    li.append(button(t("+ outcome"), t("add an outcome"), () => { node.chance.push({ p: "0", t: 0 }); write(); }));
    ul.appendChild(li);
    return ul;
  };
  ed.append(list(tree),
    help(t("Edit the leaves and the probabilities (1/6 or 0.5; a chance node's sum to 1), add or remove children, outcomes and chance nodes; the text above follows.")),
    treeLinks("chancetree", "expectimax", chanceText(tree)));
}
