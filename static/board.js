// The cells of a board, as both pages draw them: a position as its game
// declares it, a grid of cells each with a kind (empty, wall, points,
// piece), an owner (nobody, first, second, both) and a mark, the text in
// it. Kind and owner become CSS classes, the mark the cell's text, and all
// three are said in words in its title and label, so that nothing is
// conveyed by colour alone.
window.searchvizBoard = (() => {
  "use strict";
  const owners = { first: "the first player's", second: "the second player's", both: "both players'" };

  // words says what a cell holds: "empty", "wall", "5 points", "the first
  // player's x".
  function words(cell) {
    switch (cell.kind) {
      case "empty": return "empty";
      case "wall": return "wall";
      case "points": return cell.mark + (cell.mark === "1" ? " point" : " points");
      case "piece": return (owners[cell.owner] ? owners[cell.owner] + " " : "") + (cell.mark || "piece");
    }
    return cell.kind;
  }

  // same reports whether two cells are alike.
  function same(a, b) {
    return a.kind === b.kind && a.owner === b.owner && a.mark === b.mark;
  }

  // fill makes el, a table cell or a button, show cell, with more classes.
  function fill(el, cell, ...more) {
    el.className = ["cell", "kind-" + cell.kind, "owner-" + cell.owner, ...more].join(" ");
    el.textContent = cell.mark;
  }

  // dress gives table, which draws board b, the look of b's pieces.
  function dress(table, b) {
    if (b.look) table.classList.add("look-" + b.look);
  }

  // caption returns the line that says what the grid does not show.
  function caption(text) {
    const p = document.createElement("div");
    p.className = "caption";
    p.textContent = text;
    return p;
  }

  return { words, same, fill, dress, caption };
})();
