// The new-search form's position field and the server's editor behind it
// (POST /editor): the page knows no game's text form, so it asks the
// server for a position's board or outline, with the game's own names,
// and for the text of an edited board.
import { byId } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { showBoardEditor } from "./board-editor.js";
import { drawTreeEditor, nameTree } from "./tree-editor.js";

export const form = byId("search-form"), game = byId("game"), position = byId("position");

// ask posts the new-search form to the editor, with the fields of extra
// set, and returns its answer, or {error} when there is none.
export async function ask(extra) {
  const body = new URLSearchParams(new FormData(form));
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  try {
    const res = await fetch("/editor", { method: "POST", body });
    const msg = await res.json();
    return res.ok ? msg : { error: msg.error || res.statusText };
  } catch (e) {
    return { error: t("the server did not answer: {why}", { why: e.message }) };
  }
}

// loadEditors asks, shortly after the last change, for the position in
// the field (or with none, the one a search would start from) and shows
// its board, or names the typed tree's nodes, or why the text typed is
// not a position: as it is typed, not only once the search is asked
// for. Answers to older questions are dropped.
let loads = 0, loadTimer = 0;
export function loadEditors() {
  clearTimeout(loadTimer);
  loadTimer = setTimeout(async () => {
    const n = ++loads, text = position.value.trim(), g = game.value;
    const msg = await ask({});
    if (n !== loads || text !== position.value.trim() || g !== game.value) return;
    showBoardEditor(msg.error || !msg.board ? null : msg);
    byId("position-problem").textContent = msg.error && text !== "" ? msg.error : "";
    if (msg.outline) nameTree({ text, names: msg.outline });
  }, 150);
}

// cancelLoad drops the load asked for, and the answer of any under way.
export function cancelLoad() {
  clearTimeout(loadTimer);
  loads++;
}

// edited redraws the editors after the position changed.
export function edited() {
  drawTreeEditor();
  loadEditors();
}
