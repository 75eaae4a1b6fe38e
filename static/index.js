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
    drawEditor();
  }

  function algoChanged() {
    for (const fs of document.querySelectorAll("fieldset.params")) {
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

  game.addEventListener("change", () => gameChanged(false));
  algo.addEventListener("change", algoChanged);
  position.addEventListener("input", drawEditor);
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
