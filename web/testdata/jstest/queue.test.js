import { Asks, FrameQueue, dropSuperseded, splitFar } from "/static/js/viewer/queue.js";
import { eq, test } from "./check.js";

const frame = (step, more) => Object.assign({ type: "frame", step, nodes: [] }, more);

// drainAll takes every action q has now, as kind and step or layout id.
function drainAll(q, needDrawing) {
  const out = [];
  for (let a = q.next(needDrawing); a; a = q.next(false)) {
    out.push(a.kind + (a.msg ? ":" + a.msg.step : a.layout ? ":" + a.layout.id + "@" + a.current : ""));
    if (a.kind === "load") needDrawing = false;
  }
  return out;
}

test("frames come out in order", () => {
  const q = new FrameQueue();
  q.push(frame(1));
  q.push(frame(2));
  eq(drainAll(q, false), ["frame:1", "frame:2"], "actions");
  eq(q.length, 0, "left");
});

test("a display set waits for the frame after it", () => {
  const q = new FrameQueue();
  q.push({ type: "layout", id: "a" });
  eq(q.next(false), null, "alone");
  q.push(frame(3, { current: 7 }));
  eq(drainAll(q, false), ["layout:a@7", "frame:3"], "actions");
});

test("a display set followed by another is skipped", () => {
  const q = new FrameQueue();
  q.push({ type: "layout", id: "a" });
  q.push({ type: "layout", id: "b" });
  q.push(frame(4, { current: 2 }));
  eq(drainAll(q, false), ["skip", "layout:b@2", "frame:4"], "actions");
});

test("a relayout frame supersedes the frames before it", () => {
  const q = new FrameQueue();
  q.push(frame(1));
  q.push(frame(2, { relayout: true }));
  q.push(frame(3));
  eq(drainAll(q, false), ["load", "frame:2", "frame:3"], "actions");
});

test("frames wait for a drawing not fetched", () => {
  const q = new FrameQueue();
  q.push(frame(5));
  eq(drainAll(q, true), ["load", "frame:5"], "actions");
});

test("splitFar leaves the far patches for later", () => {
  const f = frame(1, { nodes: [[1, "a"], [2, "b"], [3, "c"]], more: [[4, "m"]] });
  const far = (gid) => gid === "n2" || gid === "m4";
  eq(splitFar(f, far, 3), { near: { nodes: [[1, "a"], [3, "c"]], more: [] }, later: { nodes: [[2, "b"]], more: [[4, "m"]] } }, "split");
  eq(splitFar(f, far, 5), null, "too few patches");
  eq(splitFar(Object.assign({}, f, { full: true }), far, 1), null, "a full frame");
  eq(splitFar(f, () => false, 1), null, "none far");
});

test("dropSuperseded drops the patches a newer frame gives", () => {
  const l = { nodes: [[1, "a"], [2, "b"]], more: [[4, "m"], [5, "n"]] };
  dropSuperseded(l, frame(2, { nodes: [[2, "x"]], more: [[5, "y"]] }));
  eq(l, { nodes: [[1, "a"]], more: [[4, "m"]] }, "left");
});

test("a command waits for every answer, a layout being part of one", () => {
  const a = new Asks();
  a.opened();
  eq(a.ask({ step: 1 }), false, "while the first frame is coming");
  a.got({ type: "frame", step: 0 });
  eq(a.next(), { step: 1 }, "after the first frame");
  eq(a.ask({ step: 1 }), true, "sent");
  a.got({ type: "layout" });
  eq([a.ask({ step: 2 }), a.idle], [false, false], "after the layout of step 1's answer");
  a.got({ type: "frame", step: 1 });
  eq(a.next(), { step: 2 }, "after step 1's frame");
  eq(a.ask({ step: 2 }), true, "sent");
  eq(a.idle, false, "step 2 unanswered");
  a.got({ type: "frame", step: 2 });
  eq([a.idle, a.next()], [true, null], "all answered");
});

test("a frame answering the panel is not the answer to a later command", () => {
  const a = new Asks();
  a.opened();
  a.got({ type: "frame", step: 4 });
  a.aside();
  eq(a.ask({ step: 5 }), false, "while the panel is unanswered");
  a.got({ type: "frame", step: 4 });
  eq([a.idle, a.next()], [false, { step: 5 }], "the panel's frame");
  a.ask({ step: 5 });
  a.got({ type: "error", message: "no" });
  eq(a.idle, true, "an error answers too");
});

test("a frame unasked errs towards idle, never below it", () => {
  const a = new Asks();
  a.got({ type: "frame", step: 7 });
  eq([a.idle, a.unanswered], [true, 0], "no command sent");
  eq(a.ask({ step: 8 }), true, "the next goes at once");
});
