import { clampStep, closing, morePatch, nodePatch, queued, withParams } from "/static/js/viewer/protocol.js";
import { eq, test } from "./check.js";

test("patches are read by position", () => {
  eq(nodePatch([3, "st_done", "5", "α=1", 2]), { id: 3, cls: "st_done", value: "5", win: "α=1", weight: 2 }, "node");
  eq(nodePatch([3, "st_not_reached"]), { id: 3, cls: "st_not_reached" }, "a short node patch");
  eq(morePatch([7, "st_done", "+3 more", "9 nodes"]), { parent: 7, cls: "st_done", line1: "+3 more", line2: "9 nodes" }, "placeholder");
});

test("only frames, display sets and their rests are queued", () => {
  eq(["frame", "layout", "rest", "error", "other"].map((type) => queued({ type })), [true, true, true, false, false], "queued");
});

test("closing says when to connect again", () => {
  eq(closing({ code: 4404, reason: "gone" }), { status: "gone", retry: 0 }, "deleted");
  eq(closing({ code: 4503, reason: "full" }), { status: "full", retry: 10000 }, "full");
  eq(closing({ code: 1006, reason: "" }).retry, 1500, "lost");
});

test("withParams sets and deletes", () => {
  eq(withParams("?step=3&view=side&present=1", { step: "4", view: null }), "?step=4&present=1", "step and view");
  eq(withParams("", { present: "1" }), "?present=1", "from nothing");
});

test("clampStep keeps a step inside the trace", () => {
  eq([-1, 0, 5, 10].map((k) => clampStep(k, 10)), [0, 0, 5, 9], "clamped");
});
