// The minimap's cells, with no page behind it: m is the whole tree's
// overview as a layout sends it, {cols, rows, count, rep}, a row per depth
// and a column per stretch of the tree in preorder, rep holding a node of
// each cell or -1 for an empty one.

// cellNode returns the node a click on cell (k, r) goes to: the cell's,
// else the nearest above it in its column, else the nearest in the
// columns beside it, at its depth or above; the root when the minimap
// holds no node but it.
export function cellNode(m, k, r) {
  for (let d = 0; d < m.cols; d++) {
    for (const c of d === 0 ? [k] : [k - d, k + d]) {
      if (c < 0 || c >= m.cols) continue;
      for (let row = r; row >= 0; row--) {
        const id = m.rep[row * m.cols + c];
        if (id >= 0) return id;
      }
    }
  }
  return 0;
}
