// The viewer page: it shows the tree the server laid out once and applies
// the server's frames to it. It never interprets trace events itself: each
// frame says which class and texts every changed node has.
import { panelUnits, watchPanel } from "../viewer/camera.js";
import { connect, sendPanel } from "../viewer/connection.js";
import { wireExports } from "../viewer/exports.js";
import { loadWhole } from "../viewer/frames.js";
import { wireAnnounce } from "../viewer/announce.js";
import { wireControls } from "../viewer/keys.js";
import { wirePointer } from "../viewer/pointer.js";
import { watchCode } from "../viewer/panels.js";
import { presentStyle } from "../viewer/present.js";
import { listenToRoom } from "../viewer/room.js";
import { root, st } from "../viewer/state.js";
import { wireTreeKeys } from "../viewer/treekeys.js";

presentStyle();
listenToRoom();
wireControls();
wirePointer();
wireTreeKeys();
wireAnnounce();
wireExports();
watchPanel(sendPanel);
watchCode();
// The whole tree's drawing is fetched first unless no drawing of it
// could be read across the tree panel: then the server sends a display
// set fitted to it.
const units = panelUnits();
const wholeReadable = !units || Number(root.dataset.leastWholeWidth || 0) <= units[0];
(async () => {
  if (st.whole && wholeReadable) await loadWhole();
  connect();
})();
