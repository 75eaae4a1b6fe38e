import { around, centredOn, covers, holds, pad, scaleOf, union, zoomed } from "/static/js/viewer/viewbox.js";
import { eq, near, test } from "./check.js";

const panel = { width: 800, height: 400 };

test("scaleOf is the smaller of the two ratios", () => {
  eq(scaleOf([0, 0, 400, 400], panel), 1, "a box as high as the panel");
  eq(scaleOf([0, 0, 1600, 100], panel), 0.5, "a box twice as wide");
});

test("union and pad", () => {
  const u = union([{ x: 0, y: 10, w: 10, h: 10 }, { x: 30, y: 0, w: 5, h: 5 }]);
  eq(u, { x: 0, y: 0, w: 35, h: 20 }, "union");
  eq(pad(u, 5, 2), { x: -5, y: -2, w: 45, h: 24 }, "pad");
});

test("holds keeps a margin, centredOn keeps the size", () => {
  const v = [0, 0, 100, 100], b = { x: 10, y: 10, w: 20, h: 20 };
  eq(holds(v, b, 0), true, "inside");
  eq(holds(v, b, 15), false, "within the margin");
  eq(centredOn(v, b), [-30, -30, 100, 100], "centred on the node");
});

test("around fits a box at the largest scale allowed", () => {
  const b = { x: 0, y: 0, w: 200, h: 100 };
  near(around(b, null, 0, 2, panel), [-100, -50, 400, 200], "at most twice");
  near(around(b, null, 0, 10, panel), [-0, 0, 200, 100], "fits exactly");
});

test("around shows the whole of a box fitted at a scale that rounds", () => {
  // 485 / 386.05303955078125 rounds so that the box is a hair taller than
  // the view it is fitted to: the view must still hold the box's top.
  const b = { x: 458, y: -4.04302978515625, w: 238, h: 386.05303955078125 };
  const c = { x: 609, y: 285.010009765625, w: 58, h: 85 };
  const v = around(b, c, 1.1783, 485 / b.h, { width: 836, height: 485 });
  eq(v[1] <= b.y + 1e-6 && v[1] + v[3] >= b.y + b.h - 1e-6, true, "the box's top and bottom in view: " + v);
});

test("around keeps the centre node in view when the box does not fit", () => {
  const b = { x: 0, y: 0, w: 4000, h: 100 };
  const c = { x: 3000, y: 50, w: 20, h: 20 };
  near(around(b, c, 1, 1, panel), [2610, -150, 800, 400], "around the centre node");
});

test("zoomed zooms about a point and stops at the least width", () => {
  near(zoomed([0, 0, 100, 50], 0.5, 100, 50, 1000, 0, null), [50, 25, 50, 25], "about the corner");
  near(zoomed([0, 0, 100, 50], 0.1, undefined, undefined, 1000, 0, null), [30, 15, 40, 20], "no narrower than 40");
  near(zoomed([0, 0, 800, 400], 4, undefined, undefined, 150, 0, null), [-100, -50, 1000, 500], "no wider than 4 drawings and 400");
  near(zoomed([0, 0, 800, 400], 2, 0, 0, 10000, 0.8, panel), [0, 0, 1000, 500], "no smaller than least");
});

test("covers allows the slack", () => {
  eq(covers([0, 0, 100, 100], [0.5, 0, 100, 100], 1), true, "within the slack");
  eq(covers([0, 0, 100, 100], [0, 0, 110, 100], 1), false, "wider");
});
