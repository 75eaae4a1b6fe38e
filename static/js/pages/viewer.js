// The viewer page: it shows the tree the server laid out once and applies
// the server's frames to it. It never interprets trace events itself: each
// frame says which class and texts every changed node has.
import { connect } from "../viewer/connection.js";
import { loadWhole } from "../viewer/frames.js";
import { wireControls } from "../viewer/keys.js";
import { wirePointer } from "../viewer/pointer.js";
import { presentStyle } from "../viewer/present.js";
import { listenToRoom } from "../viewer/room.js";
import { st } from "../viewer/state.js";

presentStyle();
listenToRoom();
wireControls();
wirePointer();
(async () => {
  if (st.whole) await loadWhole();
  connect();
})();
