// A classroom room on the viewer page and the exercise page. The
// presenter opens it with the Room button: the tab keeps the room's key
// in its session storage, never in the address (a projector shows the
// address bar), and every viewer or exercise it opens drives the room. A
// follower's page has ?room=CODE: a viewer shows what the presenter's
// shows, until the person detaches by exploring on their own (one click
// attaches it again); an exercise is answered, and the presenter sees
// how the answers stand, without names.
import { byId as $ } from "../lib/dom.js";
import { roomEnding } from "../lib/endings.js";
import { open, sendJSON } from "../lib/socket.js";
import { lang, t } from "../lib/words.js";

const root = document.getElementById("viewer") || document.getElementById("exercise");
const viewer = !!root && root.id === "viewer";
if (root && !root.classList.contains("embedded")) {
  if (viewer || root.dataset.roomPath) join();
  else $("room-open").hidden = true; // a typed tree's exercise: a room cannot show it
}

// mistakeWords says what an answer's key in the tally means.
function mistakeWords(key) {
  const [kind, at] = key.split(" ");
  switch (kind) {
    case "right": return t("right");
    case "missed-prune": return t("missed that {node} is pruned", { node: at });
    case "extra-prune": return t("marked {node} as pruned", { node: at });
    case "value": return t("a wrong value for {node}", { node: at });
    case "missing-value": return t("no value for {node}", { node: at });
    case "extra-value": return t("a value for {node}, which has none", { node: at });
    case "child": return t("picked {node}", { node: at });
  }
  return key;
}

// commonMistakes says which mistakes of a tally, {key, count} most
// common first, are the most common: words for the presenter and their
// keys. Mistakes tied for the most are all named, since naming one of
// them would tell the class it was made more often than the others.
// Their words are joined by semicolons, as some hold commas.
function commonMistakes(answers) {
  const total = answers.reduce((n, a) => n + a.count, 0);
  const mistakes = answers.filter((a) => a.key !== "right");
  if (mistakes.length === 0) return { keys: [], words: total > 0 ? t("No mistakes so far.") : "" };
  const most = Math.max(...mistakes.map((a) => a.count));
  const keys = mistakes.filter((a) => a.count === most).map((a) => a.key);
  const named = keys.map(mistakeWords).join(t("; "));
  const words = keys.length === 1
    ? t("The most common mistake: {mistake} ({count} of {total}).", { mistake: named, count: most, total })
    : t("The most common mistakes, tied at {count} of {total} each: {mistakes}.", { mistakes: named, count: most, total });
  return { keys, words };
}

// join shows the room this page presents or follows, if any, and the
// button that opens one.
function join() {
  const SESSION = "searchviz-room"; // session storage: {code, key, join} of the room this tab presents
  const SEND_EVERY = 50; // ms between a presenter's states, at most
  const WHO = "searchviz-who"; // session storage: this tab's id for its answers to a room's exercises
  const NOTE = "searchviz-room-note"; // session storage: why the last answer was not counted, for the page that grades it
  const TICKET_WAIT = 5000; // ms an answer waits for the room's ticket while the page joins

  const rm = {
    role: "",
    code: "",
    key: "",
    ws: null,
    ended: false,
    attached: true, // a follower shows the presenter's state
    latest: null, // a follower's last state from the presenter
    live: false, // the presenter is connected
    link: true, // the connection between servers carries the room to this page
    state: null, // a presenter's last state from its viewer
    timer: 0, // a presenter's pending send
    sentAt: 0,
    ticket: "", // a follower's ticket from the room, which its answers carry
    gotTicket: null, // resolves the wait for the ticket
    note: sessionStorage.getItem(NOTE) || "", // why this page's answer was not counted
  };
  sessionStorage.removeItem(NOTE);

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
    if (root.dataset.roomPath) return root.dataset.roomPath;
    const ex = new URLSearchParams(location.search).get("example");
    return location.pathname + (ex ? "?example=" + ex : "");
  }

  // whoAmI returns this tab's id, which its hello and answers carry, so
  // that answering again changes the answer rather than adding one.
  function whoAmI() {
    let who = sessionStorage.getItem(WHO);
    if (!who) {
      who = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
      sessionStorage.setItem(WHO, who);
    }
    return who;
  }

  // ticket returns the room's ticket for this tab, waiting for it while
  // the page joins, or "" if it does not come in time.
  function ticket() {
    if (rm.ticket) return Promise.resolve(rm.ticket);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(""), TICKET_WAIT);
      rm.gotTicket = (tk) => { clearTimeout(timer); resolve(tk); };
    });
  }

  // postAnswer posts answer to the room's tally, or throws why not.
  async function postAnswer(answer) {
    const tk = await ticket();
    if (!tk) throw new Error(t("this page has not joined the room yet; check the answer again in a moment"));
    const res = await fetch("/rooms/" + encodeURIComponent(rm.code) + "/answers", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ path: pagePath(), answer, who: whoAmI(), ticket: tk }),
    });
    if (!res.ok) throw new Error((await res.text()).trim() || res.statusText);
  }

  // answerInRoom makes the exercise's answers count in the room's tally:
  // the answer is posted to the room, with this tab's id and ticket,
  // before the form asks for the grade. The form keeps the room in the
  // address, so that the graded page follows it still.
  function answerInRoom() {
    const form = document.querySelector("form.exercise-answer");
    if (!form) return;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = "room";
    input.value = rm.code;
    form.appendChild(input);
    let sending = false;
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (sending) return;
      sending = true;
      try {
        if (!rm.ended) await postAnswer(form.elements.answer.value);
      } catch (err) {
        sessionStorage.setItem(NOTE, t("Your last answer was not counted in the room: {why}", { why: err.message }));
      }
      form.submit();
    });
  }

  function drawAnswers(answers) {
    const box = $("room-answers");
    if (!box) return;
    box.hidden = false;
    const total = answers.reduce((n, a) => n + a.count, 0);
    $("room-answers-total").textContent = total === 1 ? t("1 answer") : t("{n} answers", { n: total });
    const bars = $("room-answers-bars");
    bars.replaceChildren();
    for (const a of answers) {
      const li = document.createElement("li");
      li.dataset.key = a.key;
      li.className = a.key === "right" ? "right" : "mistake";
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.style.width = (100 * a.count / Math.max(1, total)).toFixed(1) + "%";
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = mistakeWords(a.key) + ": " + a.count;
      li.append(bar, label);
      bars.appendChild(li);
    }
    const common = commonMistakes(answers);
    root.dataset.roomCommon = common.keys.join("; ");
    $("room-answers-common").textContent = common.words;
  }

  $("room-open").hidden = rm.role !== "";
  $("room-open").onclick = openRoom;
  $("room-end").onclick = () => {
    if (!confirm(t("End the room for everyone following it?"))) return;
    send({ type: "end" });
    sessionStorage.removeItem(SESSION);
  };
  $("room-attach").onclick = () => (rm.attached ? detach() : attach());
  $("room-attach").hidden = !viewer;
  if (!viewer && rm.role === "follower") answerInRoom();

  root.addEventListener("searchviz:state", (e) => {
    if (rm.role !== "presenter") return;
    rm.state = e.detail;
    sendStateSoon();
  });

  // A follower who steps, pans, zooms or clicks in the viewer explores on
  // their own: the presenter's states stop moving their screen.
  for (const type of ["keydown", "pointerdown", "wheel"]) {
    document.addEventListener(type, (e) => {
      if (!viewer || rm.role !== "follower" || !rm.attached || !e.isTrusted) return;
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
      showError(t("Cannot open a room: {why}", { why: err.message }));
    } finally {
      $("room-open").disabled = false;
    }
  }

  function connect() {
    const ws = open("/rooms/" + encodeURIComponent(rm.code) + "/ws");
    rm.ws = ws;
    ws.onopen = () => {
      if (rm.role === "presenter") {
        sendJSON(ws, { type: "hello", role: "presenter", key: rm.key, path: pagePath() });
        if (rm.state) sendStateSoon();
      } else {
        sendJSON(ws, { type: "hello", role: "follower", who: whoAmI() });
      }
    };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (rm.ws !== ws || rm.ended) return;
      const again = t("Reconnecting to room {code}…", { code: rm.code });
      if (rm.role === "presenter") showError(again);
      else setStatus(again);
      setTimeout(connect, 1500);
    };
  }

  function send(msg) {
    sendJSON(rm.ws, msg);
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
      case "ticket":
        rm.ticket = m.ticket;
        if (rm.gotTicket) rm.gotTicket(m.ticket);
        rm.gotTicket = null;
        break;
      case "answers":
        drawAnswers(m.answers || []);
        break;
      case "link":
        rm.link = m.up !== false;
        showLink();
        if (rm.role === "follower") showFollower();
        break;
      case "followers":
        $("room-count").textContent = m.followers === 1 ? t("1 following") : t("{n} following", { n: m.followers });
        root.dataset.roomFollowers = String(m.followers);
        break;
      case "error":
        showError(m.message);
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

  // ending is the reason the server gave every member as the room ended,
  // in this page's language.
  function ending(message) {
    return lang === "en" ? message : roomEnding(message);
  }

  function end(message) {
    rm.ended = true;
    if (rm.role === "presenter") sessionStorage.removeItem(SESSION);
    root.dispatchEvent(new CustomEvent("searchviz:release"));
    $("room-presenter").hidden = true;
    $("room-follower").hidden = true;
    $("room-ended").hidden = false;
    $("room-ended").textContent = ending(message) + " " + t("This viewer stays open to explore on your own.");
    $("room-link").hidden = true;
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

  // showLink says, while the connection between servers is down, that
  // the room waits for it: a follower sees nothing of the presenter, and
  // a presenter's followers on other servers see nothing of them.
  function showLink() {
    const note = $("room-link");
    note.hidden = rm.link;
    note.textContent = rm.link ? ""
      : rm.role === "presenter"
        ? t("The connection between servers is down: followers on other servers see your moves when it returns.")
        : t("The connection between servers is down; the room resumes when it returns.");
    root.dataset.roomLink = rm.link ? "up" : "down";
  }

  function showFollower() {
    $("room-bar").hidden = false;
    $("room-follower").hidden = false;
    if (!rm.link) {
      setStatus(t("Room {code} is paused.", { code: rm.code }));
      $("room-attach").textContent = rm.attached ? t("Detach") : t("Follow the presenter again");
      root.dataset.room = rm.attached ? "attached" : "detached";
      return;
    }
    const code = { code: rm.code };
    if (!viewer) {
      const answer = rm.live
        ? t("Room {code}: answer the exercise the presenter set; your answer counts, without your name.", code)
        : t("Room {code}: answer the exercise the presenter (away for now) set; your answer counts, without your name.", code);
      setStatus(answer + (rm.note ? " " + rm.note : ""));
    } else if (!rm.attached) setStatus(t("Exploring on your own; room {code} goes on.", code));
    else setStatus(rm.live ? t("Following the presenter in room {code}.", code) : t("Following the presenter (away for now) in room {code}.", code));
    $("room-attach").textContent = rm.attached ? t("Detach") : t("Follow the presenter again");
    root.dataset.room = rm.attached ? "attached" : "detached";
  }

  function setStatus(text) {
    $("room-status").textContent = text;
  }

  // showError says what went wrong where the page shows its status.
  function showError(text) {
    const s = $("status");
    if (s) s.textContent = text;
    else setStatus(text);
  }
}
