// A classroom room on the viewer page. The presenter opens it with the
// Room button: the tab keeps the room's key in its session storage, never
// in the address (a projector shows the address bar), and every viewer it
// opens drives the room. A follower's page has ?room=CODE: it shows what
// the presenter's viewer shows, until the person detaches by exploring
// on their own; one click attaches it again.
(() => {
  "use strict";
  const root = document.getElementById("viewer");
  if (!root || root.classList.contains("embedded")) return;
  const $ = (id) => document.getElementById(id);
  const SESSION = "searchviz-room"; // session storage: {code, key, join} of the room this tab presents
  const SEND_EVERY = 50; // ms between a presenter's states, at most

  const rm = {
    role: "",
    code: "",
    key: "",
    ws: null,
    ended: false,
    attached: true, // a follower shows the presenter's state
    latest: null, // a follower's last state from the presenter
    live: false, // the presenter is connected
    state: null, // a presenter's last state from its viewer
    timer: 0, // a presenter's pending send
    sentAt: 0,
  };

  const saved = JSON.parse(sessionStorage.getItem(SESSION) || "null");
  const asked = new URLSearchParams(location.search).get("room");
  if (saved && saved.code && saved.key) {
    rm.role = "presenter";
    rm.code = saved.code;
    rm.key = saved.key;
    showPresenter(saved.join);
  } else if (asked) {
    rm.role = "follower";
    rm.code = asked.toUpperCase();
    showFollower();
  }
  if (rm.role) connect();

  // pagePath is this viewer's page as a room names it: its path, and the
  // example it shows.
  function pagePath() {
    const ex = new URLSearchParams(location.search).get("example");
    return location.pathname + (ex ? "?example=" + ex : "");
  }

  $("room-open").hidden = rm.role !== "";
  $("room-open").onclick = openRoom;
  $("room-end").onclick = () => {
    if (!confirm("End the room for everyone following it?")) return;
    send({ type: "end" });
    sessionStorage.removeItem(SESSION);
  };
  $("room-attach").onclick = () => (rm.attached ? detach() : attach());

  root.addEventListener("searchviz:state", (e) => {
    if (rm.role !== "presenter") return;
    rm.state = e.detail;
    sendStateSoon();
  });

  // A follower who steps, pans, zooms or clicks in the viewer explores on
  // their own: the presenter's states stop moving their screen.
  for (const type of ["keydown", "pointerdown", "wheel"]) {
    document.addEventListener(type, (e) => {
      if (rm.role !== "follower" || !rm.attached || !e.isTrusted) return;
      if (e.target.closest && e.target.closest("#room-bar")) return;
      if (type === "keydown" && (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab")) return;
      detach();
    }, { capture: true, passive: true });
  }

  // openRoom opens a room showing this viewer, and presents it.
  async function openRoom() {
    $("room-open").disabled = true;
    try {
      const res = await fetch("/rooms", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ path: pagePath() }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(text.trim() || res.statusText);
      const r = JSON.parse(text);
      sessionStorage.setItem(SESSION, JSON.stringify(r));
      rm.role = "presenter";
      rm.code = r.code;
      rm.key = r.key;
      $("room-open").hidden = true;
      showPresenter(r.join);
      connect();
    } catch (err) {
      $("status").textContent = "Cannot open a room: " + err.message;
    } finally {
      $("room-open").disabled = false;
    }
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/rooms/" + encodeURIComponent(rm.code) + "/ws");
    rm.ws = ws;
    ws.onopen = () => {
      if (rm.role === "presenter") {
        ws.send(JSON.stringify({ type: "hello", role: "presenter", key: rm.key, path: pagePath() }));
        if (rm.state) sendStateSoon();
      } else {
        ws.send(JSON.stringify({ type: "hello", role: "follower" }));
      }
    };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (rm.ws !== ws || rm.ended) return;
      if (rm.role === "presenter") $("status").textContent = "Reconnecting to room " + rm.code + "…";
      else setStatus("Reconnecting to room " + rm.code + "…");
      setTimeout(connect, 1500);
    };
  }

  function send(msg) {
    if (rm.ws && rm.ws.readyState === WebSocket.OPEN) rm.ws.send(JSON.stringify(msg));
  }

  // sendStateSoon sends the presenter's latest state, at most once every
  // SEND_EVERY ms: the last of a burst (a drag, a play) always goes.
  function sendStateSoon() {
    if (rm.timer) return;
    const wait = Math.max(0, rm.sentAt + SEND_EVERY - performance.now());
    rm.timer = setTimeout(() => {
      rm.timer = 0;
      rm.sentAt = performance.now();
      if (rm.state) send({ type: "state", state: rm.state });
    }, wait);
  }

  function onMessage(m) {
    switch (m.type) {
      case "room":
        rm.live = !!m.live;
        if (rm.role === "follower") {
          if (m.path !== pagePath()) {
            location.assign(m.path + (m.path.includes("?") ? "&" : "?") + "room=" + encodeURIComponent(rm.code));
            return;
          }
          rm.latest = m.state || null;
          if (rm.attached && rm.latest) apply();
          showFollower();
        }
        break;
      case "followers":
        $("room-count").textContent = m.followers === 1 ? "1 following" : m.followers + " following";
        root.dataset.roomFollowers = String(m.followers);
        break;
      case "error":
        $("status").textContent = m.message;
        break;
      case "ended":
        end(m.message);
        break;
    }
  }

  function apply() {
    root.dispatchEvent(new CustomEvent("searchviz:apply", { detail: rm.latest }));
    root.dataset.roomStep = String(rm.latest.step);
  }

  function detach() {
    rm.attached = false;
    root.dispatchEvent(new CustomEvent("searchviz:release"));
    showFollower();
  }

  function attach() {
    rm.attached = true;
    if (rm.latest) apply();
    showFollower();
  }

  function end(message) {
    rm.ended = true;
    if (rm.role === "presenter") sessionStorage.removeItem(SESSION);
    root.dispatchEvent(new CustomEvent("searchviz:release"));
    $("room-presenter").hidden = true;
    $("room-follower").hidden = true;
    $("room-ended").hidden = false;
    $("room-ended").textContent = message + " This viewer stays open to explore on your own.";
    $("room-open").hidden = false;
    root.dataset.room = "ended";
    if (rm.ws) rm.ws.close();
  }

  function showPresenter(join) {
    $("room-bar").hidden = false;
    $("room-presenter").hidden = false;
    $("room-code").textContent = rm.code;
    $("room-join").textContent = join;
    $("room-join").href = join;
    $("room-qr").src = "/rooms/" + encodeURIComponent(rm.code) + "/qr.svg";
    root.dataset.room = "presenter";
  }

  function showFollower() {
    $("room-bar").hidden = false;
    $("room-follower").hidden = false;
    const who = rm.live ? "the presenter" : "the presenter (away for now)";
    setStatus(rm.attached ? "Following " + who + " in room " + rm.code + "." : "Exploring on your own; room " + rm.code + " goes on.");
    $("room-attach").textContent = rm.attached ? "Detach" : "Follow the presenter again";
    root.dataset.room = rm.attached ? "attached" : "detached";
  }

  function setStatus(text) {
    $("room-status").textContent = text;
  }
})();
