// Why a classroom room ended, in the page's language. The server writes
// the reasons it gives in English (web/internal/rooms); a page reads
// those it knows by their form, spans of time and all.
import { t } from "./words.js";

// roomEnding returns the reason message in the page's language where it
// is one the server writes, and as the server wrote it otherwise.
export function roomEnding(message) {
  const known = {
    "You ended the room.": t("You ended the room."),
    "The presenter ended the room.": t("The presenter ended the room."),
    "The room ended: the server is stopping.": t("The room ended: the server is stopping."),
    "The room ended while the connection between servers was down.": t("The room ended while the connection between servers was down."),
  };
  if (Object.hasOwn(known, message)) return known[message];
  const forms = [
    [/^The room ended: rooms last (.+) at most\.$/, (span) => t("The room ended: rooms last {life} at most.", { life: span })],
    [/^The room ended: its presenter was away for (.+)\.$/, (span) => t("The room ended: its presenter was away for {span}.", { span })],
    [/^The room ended: its presenter did not come within (.+) of its opening\.$/, (span) => t("The room ended: its presenter did not come within {span} of its opening.", { span })],
  ];
  for (const [form, say] of forms) {
    const m = message.match(form);
    if (m) return say(spanWords(m[1]));
  }
  return message;
}

// spanWords is a span of time the server says in English ("6 hours",
// "1 minute") in the page's language, or as written when it says it
// otherwise ("50ms").
function spanWords(text) {
  const m = text.match(/^(\d+) (hour|minute|second)s?$/);
  if (!m) return text;
  const n = m[1];
  return { hour: t("{n} hours", { n }), minute: t("{n} minutes", { n }), second: t("{n} seconds", { n }) }[m[2]];
}
