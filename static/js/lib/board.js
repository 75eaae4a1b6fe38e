// The cells of a board, as every page draws them: a position as its game
// declares it, a grid of cells each with a kind (empty, wall, points,
// piece), an owner (nobody, first, second, both) and a mark, the text in
// it. Kind and owner become CSS classes, the mark the cell's text, and all
// three are said in words in its title and label, so that nothing is
// conveyed by colour alone.
import { t } from "./words.js";

// words says what a cell holds: "empty", "wall", "5 points", "the first
// player's x".
export function words(cell) {
  switch (cell.kind) {
    case "empty": return t("empty");
    case "wall": return t("wall");
    case "points": return cell.mark === "1" ? t("{n} point", { n: cell.mark }) : t("{n} points", { n: cell.mark });
    case "piece": return pieceWords(cell.owner, cell.mark || t("piece"));
  }
  return cell.kind;
}

// pieceWords says whose piece is: "the first player's x".
function pieceWords(owner, piece) {
  switch (owner) {
    case "first": return t("the first player's {piece}", { piece });
    case "second": return t("the second player's {piece}", { piece });
    case "both": return t("both players' {piece}", { piece });
  }
  return piece;
}

// same reports whether two cells are alike.
export function same(a, b) {
  return a.kind === b.kind && a.owner === b.owner && a.mark === b.mark;
}

// fill makes el, a table cell or a button, show cell, with more classes.
export function fill(el, cell, ...more) {
  el.className = ["cell", "kind-" + cell.kind, "owner-" + cell.owner, ...more].join(" ");
  el.textContent = cell.mark;
}

// caption returns the line that says what the grid does not show.
export function caption(text) {
  const p = document.createElement("div");
  p.className = "caption";
  p.textContent = text;
  return p;
}

// grid returns a table drawing board b with the look of its pieces: its
// cell k is the table cell td(k, cell) returns. A board whose game names
// its squares has the columns' names over it and the rows' beside it, as
// the moves name them.
export function grid(b, td) {
  const table = document.createElement("table");
  if (b.look) table.classList.add("look-" + b.look);
  const cols = b.columnNames || [], rows = b.rowNames || [];
  const named = cols.length === b.cols && rows.length === b.rows;
  if (named) {
    const tr = document.createElement("tr");
    tr.appendChild(coordinate("", ""));
    for (const name of cols) tr.appendChild(coordinate(name, "col"));
    table.appendChild(tr);
  }
  for (let i = 0; i < b.rows; i++) {
    const tr = document.createElement("tr");
    if (named) tr.appendChild(coordinate(rows[i], "row"));
    for (let j = 0; j < b.cols; j++) {
      const k = i * b.cols + j;
      tr.appendChild(td(k, b.cells[k]));
    }
    table.appendChild(tr);
  }
  return table;
}

// coordinate returns the header cell of a column's or a row's name.
function coordinate(name, scope) {
  const th = document.createElement("th");
  th.className = "coord";
  th.textContent = name;
  if (scope) th.scope = scope;
  return th;
}

// labelled gives el the words for a reader and for the pointer's hover.
export function labelled(el, text) {
  el.title = text;
  el.setAttribute("aria-label", text);
}
