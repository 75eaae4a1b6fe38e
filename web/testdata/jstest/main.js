// Imports each file of tests, runs them, and leaves the results in
// window.jsResults; a file that cannot be imported is a failed test.
import { run } from "./check.js";

const files = ["./viewbox.test.js", "./queue.test.js", "./protocol.test.js", "./readable.test.js", "./minimap.test.js", "./words.test.js", "./endings.test.js"];

const broken = [];
for (const f of files) {
  try {
    await import(f);
  } catch (err) {
    broken.push({ name: "importing " + f, error: String(err) });
  }
}
window.jsResults = broken.concat(await run());
