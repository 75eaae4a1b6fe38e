// The one way the pages open their websockets to the server.

// socketURL returns the address of the server's socket at path, over
// wss when the page came over https.
export function socketURL(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return proto + "//" + location.host + path;
}

// open returns a websocket to the server's path.
export function open(path) {
  return new WebSocket(socketURL(path));
}

// sendJSON sends msg on ws if it is open, and reports whether it did.
export function sendJSON(ws, msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(msg));
  return true;
}
