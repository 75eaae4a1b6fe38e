import { cellNode } from "/static/js/viewer/minimap.js";
import { eq, test } from "./check.js";

// A minimap of 4 columns and 3 rows: the root at (0, 0), its children at
// (0, 1) and (2, 1), and a grandchild at (3, 2).
const m = { cols: 4, rows: 3, rep: [0, -1, -1, -1, 1, -1, 5, -1, -1, -1, -1, 9] };

test("a cell's node, else the nearest above, else beside", () => {
  eq(cellNode(m, 3, 2), 9, "the cell's own");
  eq(cellNode(m, 2, 2), 5, "above in its column");
  eq(cellNode(m, 1, 2), 1, "beside: the column to the left comes first at a tie");
  eq(cellNode(m, 1, 0), 0, "beside, at the root's depth");
  eq(cellNode({ cols: 2, rows: 1, rep: [-1, -1] }, 1, 0), 0, "an empty minimap: the root");
});
