// The viewer's side of the socket's protocol, with no page behind it:
// what the server's messages and the closing of its socket say.
import { t } from "../lib/words.js";

// nodePatch reads a frame's node patch [id, class, value, window, weight].
export function nodePatch([id, cls, value, win, weight]) {
  return { id, cls, value, win, weight };
}

// morePatch reads a frame's placeholder patch [parent, class, more,
// nodes]: the two lines of the "+N more" box standing for the parent's
// children left out.
export function morePatch([parent, cls, line1, line2]) {
  return { parent, cls, line1, line2 };
}

// queued reports whether message msg goes to the frame queue: a frame,
// a display set or its rest.
export function queued(msg) {
  return msg.type === "frame" || msg.type === "layout" || msg.type === "rest";
}

// closing returns what the page says when its socket closes with event
// ev, and after how many ms it connects again (0: never): a trace
// deleted has nothing to reconnect to, and a server holding as many
// pages as it can is tried again later.
export function closing(ev) {
  if (ev.code === 4404) return { status: ev.reason, retry: 0 };
  if (ev.code === 4503) return { status: ev.reason, retry: 10000 };
  return { status: t("Disconnected; reconnecting…"), retry: 1500 };
}

// withParams returns query string search with each of params set, or
// deleted where its value is null.
export function withParams(search, params) {
  const q = new URLSearchParams(search);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) q.delete(k); else q.set(k, v);
  }
  return "?" + q.toString();
}

// clampStep returns step k within a trace of steps steps.
export function clampStep(k, steps) {
  return Math.max(0, Math.min(steps - 1, k));
}
