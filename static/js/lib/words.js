// The page's words in its reader's language. The server puts the
// scripts' texts, translated, in the page's "words" element, by their
// English text; an English page has none, and each text is its own key.

const words = (() => {
  const el = document.getElementById("words");
  if (!el) return {};
  try {
    return JSON.parse(el.textContent) || {};
  } catch {
    return {};
  }
})();

// lang is the page's language code, "en" or "ja".
export const lang = document.documentElement.lang || "en";

// t returns the text key in the page's language, with each {name} hole
// filled from args.
export function t(key, args) {
  const text = Object.hasOwn(words, key) ? words[key] : key;
  if (!args) return text;
  return text.replace(/\{([a-zA-Z]+)\}/g, (hole, name) => (Object.hasOwn(args, name) ? String(args[name]) : hole));
}
