import { LEAST, leastScaleFor } from "/static/js/viewer/readable.js";
import { eq, near, test } from "./check.js";

test("the least scale makes the smallest text of each kind readable", () => {
  // Graphviz's sizes: values 12, actions 9, windows 8 units: the window binds.
  near([leastScaleFor({ value: 12, edge: 9, other: 8 }, LEAST.normal)], [1.01 * 1.5], "normal view");
  // Presentation mode's CSS draws values at 14.5, actions at 14, windows at 12.5;
  // a board's cells of 12 units must be 14 px.
  near([leastScaleFor({ value: 14.5, edge: 14, other: 12.5, cell: 12 }, LEAST.present)], [1.01 * (14 / 12)], "presentation mode");
  // An action at 10 units must be 16 px: 1.6.
  near([leastScaleFor({ value: 14.5, edge: 10, other: 12.5, cell: 12 }, LEAST.present)], [1.01 * 1.6], "a small action");
});

test("kinds a drawing lacks set no scale", () => {
  eq(leastScaleFor({ value: 0, edge: 0, other: 0 }, LEAST.normal), 0, "nothing measured");
  near([leastScaleFor({ value: 24, edge: 0, other: 0, cell: 0 }, LEAST.present)], [1.01 * (16 / 24)], "values only");
});
