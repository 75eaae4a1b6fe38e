import { t } from "/static/js/lib/words.js";
import { eq, test } from "./check.js";

// index.html's words element holds texts in Japanese, as a Japanese page's does.

test("a text in the words is given in the page's language", () => {
  eq(t("none"), "なし", "a text with no holes");
  eq(t("Step {n} of {last}", { n: 3, last: 12 }), "ステップ 3 / 12", "holes filled in the translation");
});

test("a text not in the words is its own key, English", () => {
  eq(t("Collapse"), "Collapse", "no holes");
  eq(t("Sending {name}: {pct}%", { name: "a.jsonl", pct: 40 }), "Sending a.jsonl: 40%", "holes filled in the key");
});

test("holes are filled once, with the values as they are", () => {
  eq(t("{a} and {b}", { a: 1 }), "1 and {b}", "a hole with no value stays");
  eq(t("{a} then {b}", { a: "{b}", b: "x" }), "{b} then x", "a value that looks like a hole is not filled");
  eq(t("cell {name}", { name: "$& $1" }), "cell $& $1", "replace's patterns are not read in values");
  eq(t("{n} nodes", { n: 0 }), "0 nodes", "zero is a value");
  eq(t("{toString}", {}), "{toString}", "an object's inherited names are no values");
});
