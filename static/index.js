// The start page: the position field follows the chosen game, each
// algorithm shows its own parameters, tic-tac-toe positions can be edited
// on a board, and a trace file can be dropped to open it.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const game = $("game"), algo = $("algo"), position = $("position");
  if (!game) return;

  let lastStart = "";
  function gameChanged(first) {
    const opt = game.selectedOptions[0];
    $("position-help").textContent = opt.dataset.help || "";
    position.placeholder = opt.dataset.start;
    if (!first && (position.value === "" || position.value === lastStart)) position.value = opt.dataset.start;
    if (first && position.value === "") position.value = opt.dataset.start;
    lastStart = opt.dataset.start;
    for (const fs of document.querySelectorAll("fieldset[data-game]")) {
      const on = fs.dataset.game === game.value;
      fs.hidden = !on;
      fs.disabled = !on;
    }
    // Only the algorithms of the game's family can search it.
    for (const a of algo.options) a.disabled = a.dataset.family !== opt.dataset.family;
    if (algo.selectedOptions[0] && algo.selectedOptions[0].disabled) {
      const first = [...algo.options].find((a) => !a.disabled);
      if (first) { algo.value = first.value; algoChanged(); }
    }
    drawEditor();
    drawTreeEditor();
  }

  function algoChanged() {
    for (const fs of document.querySelectorAll("fieldset[data-algo]")) {
      const on = fs.dataset.algo === algo.value;
      fs.hidden = !on;
      fs.disabled = !on;
    }
  }

  // The tic-tac-toe editor: clicking a cell cycles it through empty, x and o.
  const cycle = { ".": "x", "x": "o", "o": "." };
  function drawEditor() {
    const ed = $("board-editor");
    const rows = position.value.trim().split("/");
    const ok = game.value === "tictactoe" && rows.length === 3 && rows.every((r) => /^[xo.]{3}$/.test(r));
    ed.hidden = !ok;
    ed.innerHTML = "";
    if (!ok) return;
    const table = document.createElement("table");
    rows.forEach((row, i) => {
      const tr = document.createElement("tr");
      [...row].forEach((cell, j) => {
        const td = document.createElement("td");
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = cell === "." ? "" : cell;
        b.setAttribute("aria-label", "cell " + "abc"[j] + (3 - i) + ": " + (cell === "." ? "empty" : cell));
        b.onclick = () => {
          const grid = rows.map((r) => [...r]);
          grid[i][j] = cycle[grid[i][j]];
          position.value = grid.map((r) => r.join("")).join("/");
          drawEditor();
        };
        td.appendChild(b);
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = "Click a cell to cycle it: empty, x, o. x moves first; the side to move follows from the counts.";
    ed.append(table, help);
  }

  // The typed-tree editor: the tree as nested lists, each leaf's value an
  // input, with buttons to add and remove children. Interior nodes are
  // named A, B, C, ... breadth-first, as the game names them.
  function drawTreeEditor() {
    const ed = $("tree-editor");
    if (!ed) return;
    let tree = null;
    if (game.value === "tree") {
      try { tree = JSON.parse(position.value); } catch (e) { tree = null; }
    }
    const ok = Array.isArray(tree) && tree.length > 0 && valid(tree, 0);
    ed.hidden = !ok;
    ed.innerHTML = "";
    if (!ok) return;
    const names = new Map();
    let queue = [tree], n = 0;
    while (queue.length) {
      const next = [];
      for (const node of queue) {
        names.set(node, n < 26 ? String.fromCharCode(65 + n) : "N" + n);
        n++;
        for (const c of node) if (Array.isArray(c)) next.push(c);
      }
      queue = next;
    }
    const write = () => {
      position.value = JSON.stringify(tree);
      drawTreeEditor();
    };
    const button = (text, label, onclick) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.title = label;
      b.setAttribute("aria-label", label);
      b.onclick = onclick;
      return b;
    };
    const list = (node, depth) => {
      const ul = document.createElement("ul");
      node.forEach((child, i) => {
        const li = document.createElement("li");
        const remove = button("×", "remove this child", () => { node.splice(i, 1); write(); });
        remove.disabled = node.length === 1;
        if (Array.isArray(child)) {
          const head = document.createElement("span");
          head.className = "tree-node";
          head.textContent = names.get(child) + " (" + (depth % 2 === 0 ? "MIN" : "MAX") + ")";
          li.append(head, remove, list(child, depth + 1));
        } else {
          const input = document.createElement("input");
          input.type = "number";
          input.step = "any";
          input.value = String(child);
          input.setAttribute("aria-label", "leaf value");
          input.onchange = () => {
            const v = Number(input.value);
            if (input.value.trim() !== "" && Number.isFinite(v)) { node[i] = v; write(); }
          };
          li.append(input, remove, button("▸", "make this leaf a node with two leaves", () => { node[i] = [child, 0]; write(); }));
        }
        ul.appendChild(li);
      });
      const li = document.createElement("li");
      li.append(
        button("+ leaf", "add a leaf", () => { node.push(0); write(); }),
        button("+ node", "add a node with two leaves", () => { node.push([0, 0]); write(); }),
      );
      ul.appendChild(li);
      return ul;
    };
    const head = document.createElement("span");
    head.className = "tree-node";
    head.textContent = names.get(tree) + " (MAX, the root)";
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = "Edit the leaves' values, add or remove children; the text above follows.";
    ed.append(head, list(tree, 0), help);
  }

  function valid(node, depth) {
    if (depth > 12) return false;
    return node.every((c) => (Array.isArray(c) ? c.length > 0 && valid(c, depth + 1) : typeof c === "number"));
  }

  game.addEventListener("change", () => gameChanged(false));
  algo.addEventListener("change", algoChanged);
  position.addEventListener("input", () => { drawEditor(); drawTreeEditor(); });
  gameChanged(true);
  algoChanged();

  const drop = $("upload-form"), file = $("trace-file");
  if (drop && file) {
    for (const ev of ["dragenter", "dragover"]) {
      drop.addEventListener(ev, (e) => { e.preventDefault(); drop.classList.add("over"); });
    }
    for (const ev of ["dragleave", "drop"]) {
      drop.addEventListener(ev, () => drop.classList.remove("over"));
    }
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      if (!e.dataTransfer.files.length) return;
      file.files = e.dataTransfer.files;
      drop.submit();
    });
    file.addEventListener("change", () => { if (file.files.length) drop.submit(); });
  }
})();
