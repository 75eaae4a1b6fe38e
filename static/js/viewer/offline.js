// A handout's socket: the viewer's commands answered from the frames
// the file holds, with no server.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";

// offlineSocket is a handout's stand-in for the server's socket: it
// answers the viewer's commands with the frames the file holds, one
// full frame per step, and says what only the server can do; its first
// frame shows step wanted.
export function offlineSocket(wanted) {
  const frames = JSON.parse($("offline-frames").textContent);
  const last = frames.length - 1;
  let at = Math.max(0, Math.min(last, wanted)), timer = 0;
  const sock = { readyState: WebSocket.OPEN, onmessage: null, onclose: null, send: (data) => answer(JSON.parse(data)) };
  const deliver = (msg) => setTimeout(() => sock.onmessage({ data: JSON.stringify(msg) }), 0);
  const emit = (k, playing) => {
    at = Math.max(0, Math.min(last, k));
    deliver(Object.assign({}, frames[at], { playing: playing }));
  };
  const stop = () => {
    clearInterval(timer);
    timer = 0;
  };
  function answer(c) {
    switch (c.type) {
      case "seek":
      case "sync":
        stop();
        emit(c.step, false);
        break;
      case "step":
        stop();
        emit(at + c.by, false);
        break;
      case "play":
        stop();
        if (at >= last) at = 0;
        timer = setInterval(() => {
          if (at >= last - 1) {
            stop();
            emit(last, false);
          } else emit(at + 1, true);
        }, 1000 / c.speed);
        emit(at, true);
        break;
      case "pause":
        stop();
        emit(at, false);
        break;
      default:
        deliver({ type: "error", message: c.type === "view"
          ? t("This handout holds one point of view; the server's viewer shows both.")
          : t("This handout steps through the search offline; selecting nodes and navigating the tree need the server's viewer.") });
    }
  }
  emit(at, false); // the first frame comes unasked
  return sock;
}
