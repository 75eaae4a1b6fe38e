// The start page and the new-search form's page: on the form's, the
// position field follows the chosen game, each algorithm shows its own
// parameters, and a position can be edited on its game's board (a typed
// tree as a tree); on the start page, a trace file can be dropped to
// open it and saved traces deleted. The page knows no game's text form: the editors ask the
// server (POST /editor) for a position's board or outline, with the
// game's own names, and for the text of an edited board.
import { byId as $ } from "../lib/dom.js";
import { t } from "../lib/words.js";
import { wireDelete } from "../start/delete.js";
import { edited, form, game, loadEditors, position } from "../start/position.js";
import { wireUpload } from "../start/upload.js";

const algo = $("algo");

// gameChanged shows the position, parameters and algorithms of the game
// chosen; first is the page's first call, which keeps a position given.
let lastStart = "";
function gameChanged(first) {
  const opt = game.selectedOptions[0];
  $("position-help").textContent = opt.dataset.help || "";
  $("game-help").textContent = opt.title;
  position.placeholder = opt.dataset.start;
  if (!first && (position.value === "" || position.value === lastStart)) position.value = opt.dataset.start;
  if (first && position.value === "") position.value = opt.dataset.start;
  lastStart = opt.dataset.start;
  for (const fs of document.querySelectorAll("fieldset[data-game]")) {
    const on = fs.dataset.game === game.value;
    fs.hidden = !on;
    fs.disabled = !on;
  }
  // A depth-first search left at its default depth gets the game's, one
  // whose search of the start ends inside the node budget.
  for (const input of document.querySelectorAll("input[data-algo-default]")) {
    input.placeholder = opt.dataset.depth || input.dataset.algoDefault;
    const text = input.parentElement.querySelector(".param-default");
    if (text) text.textContent = opt.dataset.depth ? t("{depth} on {game}", { depth: opt.dataset.depth, game: game.value }) : input.dataset.algoDefault;
  }
  // Only the algorithms of the game's family can search it.
  for (const a of algo.options) a.disabled = !a.dataset.family.split(" ").includes(opt.dataset.family);
  if (algo.selectedOptions[0] && algo.selectedOptions[0].disabled) {
    const first = [...algo.options].find((a) => !a.disabled);
    if (first) { algo.value = first.value; algoChanged(); }
  }
  edited();
}

// algoChanged shows the parameters of the algorithm chosen.
function algoChanged() {
  for (const fs of document.querySelectorAll("fieldset[data-algo]")) {
    const on = fs.dataset.algo === algo.value;
    fs.hidden = !on;
    fs.disabled = !on;
  }
}

// setUp wires the new-search form, its editors and the upload.
function setUp() {
  game.addEventListener("change", () => gameChanged(false));
  algo.addEventListener("change", algoChanged);
  position.addEventListener("input", edited);
  // With no position, the board shown is the one the game's parameters
  // and the seed make.
  form.addEventListener("input", (e) => {
    if (e.target !== position && position.value.trim() === "" && (e.target.closest("fieldset[data-game]") || e.target.id === "seed")) loadEditors();
  });
  gameChanged(true);
  algoChanged();

  // The seed: a whole number, 0 or more, said beside the field before
  // the form is sent (the server says the same if it is sent anyway).
  const seed = $("seed"), seedError = $("seed-error");
  function seedProblem() {
    const v = seed.value.trim();
    if (v === "" ) return seed.validity.badInput ? t("The seed must be a whole number, 0 or more.") : "";
    if (!/^-?\d+$/.test(v)) return t("The seed must be a whole number, 0 or more: \"{seed}\" is not one.", { seed: v });
    if (v.startsWith("-") && !/^-0+$/.test(v)) return t("The seed must be 0 or more: {seed} is negative.", { seed: v });
    return "";
  }
  function showSeedProblem() {
    const why = seedProblem();
    seedError.textContent = why;
    seedError.hidden = why === "";
    if (why) seed.setAttribute("aria-invalid", "true");
    else seed.removeAttribute("aria-invalid");
    return why;
  }
  if (seed && seedError) {
    // The page says what is wrong instead of the browser's bubble.
    seed.addEventListener("invalid", (e) => { if (showSeedProblem()) { e.preventDefault(); seed.focus(); } });
    seed.addEventListener("input", () => { if (!seedError.hidden) showSeedProblem(); });
    form.addEventListener("submit", (e) => {
      if (showSeedProblem()) { e.preventDefault(); seed.focus(); }
    });
    if (!seedError.hidden) { seed.focus(); seedError.scrollIntoView({ block: "center" }); }
  }
}

wireDelete();
if ($("upload-form")) wireUpload();
if (game && form) setUp();
