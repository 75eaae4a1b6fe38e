// The start page: the position field follows the chosen game, each
// algorithm shows its own parameters, a position can be edited on its
// game's board (a typed tree as a tree), and a trace file can be dropped
// to open it. The page knows no game's text form: the editors ask the
// server (POST /editor) for a position's board or outline, with the
// game's own names, and for the text of an edited board.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const game = $("game"), algo = $("algo"), position = $("position"), form = $("search-form");
  if (!game || !form) return;
  const B = window.searchvizBoard;

  let lastStart = "";
  function gameChanged(first) {
    const opt = game.selectedOptions[0];
    $("position-help").textContent = opt.dataset.help || "";
    $("game-help").textContent = opt.title;
    position.placeholder = opt.dataset.start;
    if (!first && (position.value === "" || position.value === lastStart)) position.value = opt.dataset.start;
    if (first && position.value === "") position.value = opt.dataset.start;
    lastStart = opt.dataset.start;
    for (const fs of document.querySelectorAll("fieldset[data-game]")) {
      const on = fs.dataset.game === game.value;
      fs.hidden = !on;
      fs.disabled = !on;
    }
    // A depth-first search left at its default depth gets the game's, one
    // whose search of the start ends inside the node budget.
    for (const input of document.querySelectorAll("input[data-algo-default]")) {
      input.placeholder = opt.dataset.depth || input.dataset.algoDefault;
      const text = input.parentElement.querySelector(".param-default");
      if (text) text.textContent = opt.dataset.depth ? opt.dataset.depth + " on " + game.value : input.dataset.algoDefault;
    }
    // Only the algorithms of the game's family can search it.
    for (const a of algo.options) a.disabled = !a.dataset.family.split(" ").includes(opt.dataset.family);
    if (algo.selectedOptions[0] && algo.selectedOptions[0].disabled) {
      const first = [...algo.options].find((a) => !a.disabled);
      if (first) { algo.value = first.value; algoChanged(); }
    }
    drawTreeEditor();
    loadEditors();
  }

  function algoChanged() {
    for (const fs of document.querySelectorAll("fieldset[data-algo]")) {
      const on = fs.dataset.algo === algo.value;
      fs.hidden = !on;
      fs.disabled = !on;
    }
  }

  // ask posts the new-search form to the editor, with the fields of extra
  // set, and returns its answer, or {error} when there is none.
  async function ask(extra) {
    const body = new URLSearchParams(new FormData(form));
    for (const [k, v] of Object.entries(extra)) body.set(k, v);
    try {
      const res = await fetch("/editor", { method: "POST", body });
      const msg = await res.json();
      return res.ok ? msg : { error: msg.error || res.statusText };
    } catch (e) {
      return { error: "the server did not answer: " + e.message };
    }
  }

  // loadEditors asks, shortly after the last change, for the position in
  // the field (or with none, the one a search would start from) and shows
  // its board, or names the typed tree's nodes. Answers to older
  // questions are dropped.
  let loads = 0, loadTimer = 0;
  function loadEditors() {
    clearTimeout(loadTimer);
    loadTimer = setTimeout(async () => {
      const n = ++loads, text = position.value.trim(), g = game.value;
      const msg = await ask({});
      if (n !== loads || text !== position.value.trim() || g !== game.value) return;
      showBoardEditor(msg.error || !msg.board ? null : msg);
      if (msg.outline) {
        outline = { text, names: msg.outline };
        nameTree();
      }
    }, 150);
  }

  // The board editor: the position's board as its game declares it.
  // Clicking a cell cycles it through the game's palette (shift-click
  // goes back), or paints it with the palette cell picked; the server
  // writes the edited board back as position text.
  let boardEd = null; // {base, board, palette, names}: base is the position edited
  let brush = -1;     // the palette cell clicks paint, -1 to cycle
  let edits = 0;      // the latest edit; answers to older ones are dropped
  let cellButtons = [], problem = null;

  function showBoardEditor(msg) {
    const ed = $("board-editor");
    boardEd = msg && { base: msg.position, board: msg.board, palette: msg.palette, names: msg.names };
    ed.hidden = !boardEd;
    ed.innerHTML = "";
    cellButtons = [];
    if (!boardEd) return;
    if (brush >= boardEd.palette.length) brush = -1;
    const { board, palette } = boardEd;
    if (board.caption) ed.appendChild(B.caption(board.caption));
    const table = document.createElement("table");
    table.className = "grid";
    B.dress(table, board);
    for (let i = 0; i < board.rows; i++) {
      const tr = document.createElement("tr");
      for (let j = 0; j < board.cols; j++) {
        const k = i * board.cols + j;
        const td = document.createElement("td");
        const b = document.createElement("button");
        b.type = "button";
        b.onclick = (e) => paint(k, e.shiftKey);
        cellButtons.push(b);
        drawCell(k);
        td.appendChild(b);
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    const tools = document.createElement("div");
    tools.className = "palette";
    tools.setAttribute("role", "group");
    tools.setAttribute("aria-label", "what a click does");
    const tool = (text, label, i, cell) => {
      const b = document.createElement("button");
      b.type = "button";
      if (cell) B.fill(b, cell);
      if (!b.textContent) b.textContent = text; // a cell with no mark, such as empty floor, is named
      b.title = label;
      b.setAttribute("aria-label", label);
      b.setAttribute("aria-pressed", String(brush === i));
      b.onclick = () => {
        brush = i;
        for (const t of tools.children) t.setAttribute("aria-pressed", String(t === b));
      };
      return b;
    };
    tools.append(tool("cycle", "clicks cycle a cell", -1, null));
    palette.forEach((c, i) => tools.append(tool(B.words(c), "clicks paint " + B.words(c), i, c)));
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = "Click a cell to cycle it through the cells above, left to right (shift-click goes back), " +
      "or pick one of them for clicks to paint. The position text follows.";
    problem = document.createElement("p");
    problem.className = "help problem";
    problem.setAttribute("role", "status");
    problem.dataset.testid = "board-problem";
    ed.append(table, tools, help, problem);
  }

  // drawCell shows cell k of the board editor's board on its button.
  function drawCell(k) {
    const cell = boardEd.board.cells[k], b = cellButtons[k];
    B.fill(b, cell);
    const label = "cell " + boardEd.names[k] + ": " + B.words(cell);
    b.title = label;
    b.setAttribute("aria-label", label);
  }

  // paint changes cell k, then asks the server for the edited board's
  // position text, which goes into the field even when it is not a
  // position yet (two players, say): the editor then says why.
  async function paint(k, back) {
    clearTimeout(loadTimer); // the board shown is the one edited: a load asked for before would undo the edit
    loads++;
    const ed = boardEd, n = ed.palette.length;
    const cells = ed.board.cells.slice();
    const at = ed.palette.findIndex((c) => B.same(c, cells[k]));
    cells[k] = ed.palette[brush >= 0 ? brush : at < 0 ? 0 : (at + (back ? n - 1 : 1)) % n];
    ed.board = Object.assign({}, ed.board, { cells });
    drawCell(k);
    const me = ++edits;
    const msg = await ask({ position: ed.base, board: JSON.stringify(ed.board) });
    if (me !== edits || ed !== boardEd) return;
    if (msg.error) {
      problem.textContent = "This board cannot be written as a position: " + msg.error;
      return;
    }
    position.value = msg.position;
    problem.textContent = msg.problem ? "Not a position yet: " + msg.problem : "";
  }

  // The typed-tree editor: the tree as nested lists, each leaf's value an
  // input, with buttons to add and remove children. The names of nodes
  // and edges are the game's, which the server sends (outline); they are
  // filled in when they arrive.
  let outline = null; // {text, names}: the outline of the tree whose text is text
  function drawTreeEditor() {
    const ed = $("tree-editor");
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
      drawTreeEditor();
      loadEditors();
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
        const remove = button("×", "remove this child", () => { node.splice(i, 1); write(); });
        remove.disabled = node.length === 1;
        if (Array.isArray(child)) {
          li.append(edge, named("tree-node", path + "." + i), remove, list(child, path + "." + i));
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
          li.append(edge, input, remove, button("▸", "make this leaf a node with two leaves", () => { node[i] = [child, 0]; write(); }));
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
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = "Edit the leaves' values, add or remove children; the text above follows. Nodes and moves are named as the search names them.";
    const text = JSON.stringify(tree);
    const links = document.createElement("p");
    links.className = "tree-links";
    const link = (label, href, testid) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = label;
      a.dataset.testid = testid;
      return a;
    };
    links.append(
      link("Link to this tree", "/?" + new URLSearchParams({ game: "tree", position: text }).toString() + "#new", "tree-share"),
      " · ",
      link("Make it an exercise", "/exercise?" + new URLSearchParams({ kind: "alphabeta", tree: text }).toString(), "tree-exercise"),
    );
    ed.append(named("tree-node", "r"), list(tree, "r"), help, links);
    nameTree();
  }

  // nameTree writes the game's names into the tree editor, if the outline
  // of the tree shown has arrived.
  function nameTree() {
    const ed = $("tree-editor");
    if (!ed || ed.hidden || !outline || outline.text !== position.value.trim()) return;
    const walk = (o, path) => {
      const head = ed.querySelector(`.tree-node[data-path="${path}"]`);
      if (head) head.textContent = o.name + " (" + (o.max ? "MAX" : "MIN") + (path === "r" ? ", the root)" : ")");
      o.labels.forEach((label, i) => {
        const edge = ed.querySelector(`.tree-edge[data-path="${path}.${i}"]`);
        if (edge) edge.textContent = label;
        if (o.children[i]) walk(o.children[i], path + "." + i);
      });
    };
    walk(outline.names, "r");
  }

  // The editor of a tree with chance nodes, in the game's text: lists in
  // brackets, chance nodes in braces of probability:outcome. A node is a
  // number (a leaf), {list: [...]} or {chance: [{p, t}]}, p the
  // probability as typed ("1/6", "0.5") and t a leaf or a list.
  function parseChance(text) {
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

  function chanceText(n) {
    if (typeof n === "number") return String(n);
    if (n.list) return "[" + n.list.map(chanceText).join(",") + "]";
    return "{" + n.chance.map((o) => o.p + ":" + chanceText(o.t)).join(",") + "}";
  }

  function drawChanceEditor(ed) {
    let tree = null;
    try { tree = parseChance(position.value); } catch (e) { tree = null; }
    ed.hidden = !tree;
    ed.innerHTML = "";
    if (!tree) return;
    const write = () => {
      position.value = chanceText(tree);
      drawTreeEditor();
      loadEditors();
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
    const leafInput = (value, set) => {
      const input = document.createElement("input");
      input.type = "number";
      input.step = "any";
      input.value = String(value);
      input.setAttribute("aria-label", "leaf value");
      input.onchange = () => {
        const v = Number(input.value);
        if (input.value.trim() !== "" && Number.isFinite(v)) { set(v); write(); }
      };
      return input;
    };
    const list = (node) => {
      const ul = document.createElement("ul");
      node.list.forEach((child, i) => {
        const li = document.createElement("li");
        const remove = button("×", "remove this child", () => { node.list.splice(i, 1); write(); });
        remove.disabled = node.list.length === 1;
        if (typeof child === "number") {
          li.append(leafInput(child, (v) => { node.list[i] = v; }), remove, button("▸", "make this leaf a node with two leaves", () => { node.list[i] = { list: [child, 0] }; write(); }));
        } else if (child.list) {
          li.append(document.createTextNode("node"), remove, list(child));
        } else {
          li.append(document.createTextNode("chance"), remove, outcomes(child));
        }
        ul.appendChild(li);
      });
      const li = document.createElement("li");
      li.append(
        button("+ leaf", "add a leaf", () => { node.list.push(0); write(); }),
        button("+ node", "add a node with two leaves", () => { node.list.push({ list: [0, 0] }); write(); }),
        button("+ chance", "add a chance node with two equally likely outcomes", () => { node.list.push({ chance: [{ p: "1/2", t: 0 }, { p: "1/2", t: 0 }] }); write(); }),
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
        p.setAttribute("aria-label", "probability, such as 1/6 or 0.5");
        p.onchange = () => {
          if (/^(\d+\/\d+|\d*\.?\d+)$/.test(p.value.trim())) { o.p = p.value.trim(); write(); }
        };
        const remove = button("×", "remove this outcome", () => { node.chance.splice(i, 1); write(); });
        remove.disabled = node.chance.length === 1;
        li.append(p, document.createTextNode(":"));
        if (typeof o.t === "number") {
          li.append(leafInput(o.t, (v) => { o.t = v; }), remove, button("▸", "make this outcome a node with two leaves", () => { o.t = { list: [o.t, 0] }; write(); }));
        } else {
          li.append(document.createTextNode("node"), remove, list(o.t));
        }
        ul.appendChild(li);
      });
      const li = document.createElement("li");
      li.append(button("+ outcome", "add an outcome", () => { node.chance.push({ p: "0", t: 0 }); write(); }));
      ul.appendChild(li);
      return ul;
    };
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = "Edit the leaves and the probabilities (1/6 or 0.5; a chance node's sum to 1), add or remove children, outcomes and chance nodes; the text above follows.";
    const text = chanceText(tree);
    const links = document.createElement("p");
    links.className = "tree-links";
    const link = (label, href, testid) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = label;
      a.dataset.testid = testid;
      return a;
    };
    links.append(
      link("Link to this tree", "/?" + new URLSearchParams({ game: "chancetree", position: text }).toString() + "#new", "tree-share"),
      " · ",
      link("Make it an exercise", "/exercise?" + new URLSearchParams({ kind: "expectimax", tree: text }).toString(), "tree-exercise"),
    );
    ed.append(list(tree), help, links);
  }

  function valid(node, depth) {
    if (depth > 12) return false;
    return node.every((c) => (Array.isArray(c) ? c.length > 0 && valid(c, depth + 1) : typeof c === "number"));
  }

  game.addEventListener("change", () => gameChanged(false));
  algo.addEventListener("change", algoChanged);
  position.addEventListener("input", () => { drawTreeEditor(); loadEditors(); });
  // With no position, the board shown is the one the game's parameters
  // and the seed make.
  form.addEventListener("input", (e) => {
    if (e.target !== position && position.value.trim() === "" && (e.target.closest("fieldset[data-game]") || e.target.id === "seed")) loadEditors();
  });
  gameChanged(true);
  algoChanged();

  // The seed: a whole number, 0 or more, said beside the field before
  // the form is sent (the server says the same if it is sent anyway).
  const seed = $("seed"), seedError = $("seed-error");
  function seedProblem() {
    const v = seed.value.trim();
    if (v === "" ) return seed.validity.badInput ? "The seed must be a whole number, 0 or more." : "";
    if (!/^-?\d+$/.test(v)) return "The seed must be a whole number, 0 or more: \"" + v + "\" is not one.";
    if (v.startsWith("-") && !/^-0+$/.test(v)) return "The seed must be 0 or more: " + v + " is negative.";
    return "";
  }
  function showSeedProblem() {
    const why = seedProblem();
    seedError.textContent = why;
    seedError.hidden = why === "";
    if (why) seed.setAttribute("aria-invalid", "true");
    else seed.removeAttribute("aria-invalid");
    return why;
  }
  if (seed && seedError) {
    // The page says what is wrong instead of the browser's bubble.
    seed.addEventListener("invalid", (e) => { if (showSeedProblem()) { e.preventDefault(); seed.focus(); } });
    seed.addEventListener("input", () => { if (!seedError.hidden) showSeedProblem(); });
    form.addEventListener("submit", (e) => {
      if (showSeedProblem()) { e.preventDefault(); seed.focus(); }
    });
    if (!seedError.hidden) { seed.focus(); seedError.scrollIntoView({ block: "center" }); }
  }

  const drop = $("upload-form"), file = $("trace-file");
  const uploadError = $("upload-error"), progress = $("upload-progress");
  const bar = $("upload-bar"), uploadStatus = $("upload-status");

  // showUploadError says what went wrong beside the upload control and
  // brings it into view, wherever the page was scrolled.
  function showUploadError(msg) {
    progress.hidden = true;
    uploadError.textContent = msg;
    uploadError.hidden = false;
    uploadError.scrollIntoView({ block: "center" });
    uploadError.focus();
  }

  // upload sends the chosen file with its progress shown, in percent,
  // then says the server is opening it, and goes to its viewer.
  function upload() {
    if (!file.files.length) return;
    uploadError.hidden = true;
    progress.hidden = false;
    bar.removeAttribute("value"); // indeterminate until the first progress
    uploadStatus.textContent = "Sending " + file.files[0].name + "…";
    const xhr = new XMLHttpRequest();
    xhr.open("POST", drop.action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      const pct = Math.floor((100 * e.loaded) / e.total);
      bar.value = pct;
      uploadStatus.textContent = "Sending " + file.files[0].name + ": " + pct + "%";
    };
    xhr.upload.onload = () => {
      bar.removeAttribute("value");
      uploadStatus.textContent = "Opening the trace…";
    };
    xhr.onload = () => {
      const ans = xhr.response || {};
      if (xhr.status === 200 && ans.location) {
        uploadStatus.textContent = "Opening the trace…";
        location.assign(ans.location);
        return;
      }
      showUploadError(ans.error || "The server answered " + xhr.status + " " + xhr.statusText + ".");
    };
    xhr.onerror = () => showUploadError("The file could not be sent: the server did not answer.");
    xhr.send(new FormData(drop));
  }

  if (drop && file && uploadError && progress) {
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
      upload();
    });
    file.addEventListener("change", () => { if (file.files.length) upload(); });
    drop.addEventListener("submit", (e) => {
      e.preventDefault();
      if (file.files.length) upload();
      else showUploadError("Choose a trace file to open.");
    });
    // An error the server put in the page is where the person looks next.
    if (!uploadError.hidden) { uploadError.scrollIntoView({ block: "center" }); uploadError.focus(); }
  }
})();

// Saved traces, on the start page and the page of them all: each but the
// gallery's examples can be deleted, after a confirmation.
(() => {
  "use strict";
  document.addEventListener("click", async (e) => {
    const btn = e.target.closest("button[data-delete]");
    if (!btn) return;
    const row = btn.closest("tr");
    const name = row ? row.querySelector("a").textContent : "this trace";
    if (!confirm("Delete the trace of " + name + "? It cannot be undone, and its link stops working.")) return;
    btn.disabled = true;
    let msg = "";
    try {
      const res = await fetch(btn.dataset.delete, { method: "DELETE" });
      if (res.ok || res.status === 404) {
        if (row) row.remove();
        return;
      }
      msg = (await res.text()).trim();
    } catch (err) {
      msg = "The server did not answer: " + err.message;
    }
    btn.disabled = false;
    let p = row && row.querySelector(".error");
    if (!p && row) {
      p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.dataset.testid = "delete-error";
      btn.after(p);
    }
    if (p) p.textContent = msg;
  });
})();
