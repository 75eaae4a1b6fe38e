// The board editor: the position's board as its game declares it.
// Clicking a cell cycles it through the game's palette (shift-click goes
// back), or paints it with the palette cell picked; the server writes the
// edited board back as position text.
import * as B from "../lib/board.js";
import { byId } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { ask, cancelLoad, position } from "./position.js";

let boardEd = null; // {base, board, palette, names}: base is the position edited
let brush = -1;     // the palette cell clicks paint, -1 to cycle
let edits = 0;      // the latest edit; answers to older ones are dropped
let cellButtons = [], problem = null;

// showBoardEditor shows the board of the editor's answer msg, or hides
// the editor when msg is null.
export function showBoardEditor(msg) {
  const ed = byId("board-editor");
  boardEd = msg && { base: msg.position, board: msg.board, palette: msg.palette, names: msg.names };
  ed.hidden = !boardEd;
  ed.innerHTML = "";
  cellButtons = [];
  if (!boardEd) return;
  if (brush >= boardEd.palette.length) brush = -1;
  const { board, palette } = boardEd;
  if (board.caption) ed.appendChild(B.caption(board.caption));
  const table = B.grid(board, (k) => {
    const td = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.onclick = (e) => paint(k, e.shiftKey);
    cellButtons.push(b);
    drawCell(k);
    td.appendChild(b);
    return td;
  });
  table.className = "grid" + (table.className ? " " + table.className : "");
  const tools = document.createElement("div");
  tools.className = "palette";
  tools.setAttribute("role", "group");
  tools.setAttribute("aria-label", t("what a click does"));
  const tool = (text, label, i, cell) => {
    const b = document.createElement("button");
    b.type = "button";
    if (cell) B.fill(b, cell);
    if (!b.textContent) b.textContent = text; // a cell with no mark, such as empty floor, is named
    B.labelled(b, label);
    b.setAttribute("aria-pressed", String(brush === i));
    b.onclick = () => {
      brush = i;
      for (const t of tools.children) t.setAttribute("aria-pressed", String(t === b));
    };
    return b;
  };
  tools.append(tool(t("cycle"), t("clicks cycle a cell"), -1, null));
  palette.forEach((c, i) => tools.append(tool(B.words(c), t("clicks paint {cell}", { cell: B.words(c) }), i, c)));
  const help = document.createElement("p");
  help.className = "help";
  help.textContent = t("Click a cell to cycle it through the cells above, left to right (shift-click goes back), or pick one of them for clicks to paint. The position text follows.");
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
  B.labelled(b, t("cell {name}: {cell}", { name: boardEd.names[k], cell: B.words(cell) }));
}

// paint changes cell k, then asks the server for the edited board's
// position text, which goes into the field even when it is not a
// position yet (two players, say): the editor then says why.
async function paint(k, back) {
  cancelLoad(); // the board shown is the one edited: a load asked for before would undo the edit
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
    problem.textContent = t("This board cannot be written as a position: {why}", { why: msg.error });
    return;
  }
  position.value = msg.position;
  problem.textContent = msg.problem ? t("Not a position yet: {why}", { why: msg.problem }) : "";
}
