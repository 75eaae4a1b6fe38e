// The queue of the server's messages to the viewer, with no page behind
// it: which message the page applies next, which patches of a big frame
// it may leave for a moment later, and which of its commands the server
// has yet to answer.

// FrameQueue holds the messages in order until the page can apply them:
// a frame that asks for a new drawing waits for it, and the frames after
// it wait in turn.
export class FrameQueue {
  constructor() {
    this.items = [];
  }

  push(m) {
    this.items.push(m);
  }

  get length() {
    return this.items.length;
  }

  // next takes what the page does next: {kind: "load"} to fetch the
  // whole drawing first (as a relayout frame asks, or needDrawing says),
  // {kind: "layout", layout, current} to draw a display set with the
  // frame that follows it, {kind: "skip"} for a display set a newer one
  // supersedes, {kind: "rest", msg} or {kind: "frame", msg}; or null to
  // wait for what has not come.
  next(needDrawing) {
    const q = this.items;
    if (!q.length) return null;
    let i = -1;
    q.forEach((f, k) => { if (f.relayout) i = k; });
    if (i >= 0 || needDrawing) {
      // A relayout frame is full: the frames before it are superseded.
      if (i > 0) q.splice(0, i);
      q[0].relayout = false;
      return { kind: "load" };
    }
    const m = q[0];
    if (m.type === "layout") {
      // A new drawing is applied with the frame that follows it, in one
      // task: the browser then styles and lays out the drawing once, as
      // that frame shows it, not first as the drawing comes.
      const following = q[1];
      if (!following) return null;
      q.shift();
      return following.type === "layout" ? { kind: "skip" } : { kind: "layout", layout: m, current: following.current };
    }
    q.shift();
    return m.type === "rest" ? { kind: "rest", msg: m } : { kind: "frame", msg: m };
  }
}

// splitFar splits the patches of frame f into those near the view and
// those far(gid) says are far from it, which the page may apply once the
// browser has shown the near ones: {near, later}, each {nodes, more}. It
// returns null for a full frame, one of fewer than least patches, or one
// with none far.
export function splitFar(f, far, least) {
  if (f.full || f.nodes.length + (f.more || []).length < least) return null;
  const near = { nodes: [], more: [] }, later = { nodes: [], more: [] };
  for (const n of f.nodes) (far("n" + n[0]) ? later : near).nodes.push(n);
  for (const m of f.more || []) (far("m" + m[0]) ? later : near).more.push(m);
  return later.nodes.length + later.more.length ? { near, later } : null;
}

// dropSuperseded removes from l, patches left for later, those frame f
// patches anew: a patch gives the whole look of its node.
export function dropSuperseded(l, f) {
  const nodes = new Set(f.nodes.map((n) => n[0])), more = new Set((f.more || []).map((m) => m[0]));
  l.nodes = l.nodes.filter((n) => !nodes.has(n[0]));
  l.more = l.more.filter((m) => !more.has(m[0]));
}

// Asks keeps count of the page's commands the server has not answered:
// it answers each, in order, with one frame or one error, a layout
// before the frame or a rest after it being parts of that answer. A
// command goes when none is unanswered; the latest asked meanwhile waits
// for that, in place of any before it. The first frame, which comes
// unasked, is waited for as an answer. Frames a step while playing or a
// running search's growth sends answer nothing: counted as answers, they
// err only towards idle, and only until the answers on their way come.
export class Asks {
  constructor() {
    this.unanswered = 0;
    this.waiting = null; // the latest command asked for while one is unanswered
  }

  // opened starts counting on a new socket, waiting for its first frame;
  // a command waiting still goes after it.
  opened() {
    this.unanswered = 1;
  }

  // ask reports whether command cmd goes now; if not, it waits, in
  // place of the one waiting before.
  ask(cmd) {
    if (this.unanswered > 0) {
      this.waiting = cmd;
      return false;
    }
    this.unanswered++;
    return true;
  }

  // aside counts a command sent at once, outside the one at a time (the
  // tree panel's size, which the latest command must not replace).
  aside() {
    this.unanswered++;
  }

  // got takes the server's message msg: a frame or an error answers one
  // command.
  got(msg) {
    if (msg.type === "frame" || msg.type === "error") this.unanswered = Math.max(0, this.unanswered - 1);
  }

  // next returns the command that waited, and forgets it, once every
  // command sent is answered; else null.
  next() {
    if (this.unanswered > 0 || !this.waiting) return null;
    const c = this.waiting;
    this.waiting = null;
    return c;
  }

  // idle reports whether no command is unanswered or waiting: only then
  // does a frame say where the page is heading, not only where it is.
  get idle() {
    return this.unanswered === 0 && !this.waiting;
  }
}
