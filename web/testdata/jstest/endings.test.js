import { roomEnding } from "/static/js/lib/endings.js";
import { eq, test } from "./check.js";

// index.html's words element holds the room endings' Japanese.

test("a room's endings read in the page's language", () => {
  eq(roomEnding("The presenter ended the room."), "発表者がルームを終了しました。", "a fixed reason");
  eq(roomEnding("The room ended: rooms last 6 hours at most."), "ルームは終了しました：ルームは最長 6 時間までです。", "a lifetime in hours");
  eq(roomEnding("The room ended: its presenter was away for 10 minutes."), "ルームは終了しました：発表者が 10 分不在だったためです。", "an absence in minutes");
  eq(roomEnding("The room ended: its presenter did not come within 1 second of its opening."),
    "ルームは終了しました：ルームを開いてから 1 秒以内に発表者が来なかったためです。", "one second, singular");
});

test("a span or a reason not known stays as the server wrote it", () => {
  eq(roomEnding("The room ended: its presenter was away for 50ms."), "ルームは終了しました：発表者が 50ms不在だったためです。", "a span of no whole second");
  eq(roomEnding("The room ended: for a reason of its own."), "The room ended: for a reason of its own.", "an unknown reason");
  eq(roomEnding("The room ended: rooms last 6 hours at most"), "The room ended: rooms last 6 hours at most", "a form not quite the server's");
});
