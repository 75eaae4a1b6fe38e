// Package web is the searchviz web app: the start page with a new-search
// form generated from the catalogs, the examples gallery and trace
// uploads; the viewer of a saved trace; comparisons, two examples' viewers
// side by side (/compare/<name>, each viewer embedded with ?embed=1); and
// the websocket that steps a page through a trace. Templates are templ
// components in web/templates; scripts and styles are embedded from
// package static.
//
// # Drawing
//
// A trace is laid out once per point of view: the final tree drawn with
// render.Options.Patchable, so that every node is in place and every
// value and α-β window has an SVG anchor of its own ("a_v<i>", "a_w<i>").
// A page shows any step by setting each node's status class on "n<i>"
// and its edge "e<i>", styled by /tree.css (render.StyleSheet), and by
// writing the texts of those anchors. In a Monte Carlo search the edge
// also gets a weight class "vw<k>", which draws it k points wide by the
// share of the iterations through the node. The browser never interprets
// trace events: the server folds them (trace.Tree) and sends what to draw.
//
// # Websocket protocol
//
// The page of /t/<id> opens /t/<id>/ws?step=K&view=V (both optional) and
// receives a full frame of step K. Every message is one JSON object with
// a "type". The page sends commands:
//
//	{"type":"seek","step":K}        go to step K, 0 <= K < steps
//	{"type":"play","speed":S}       step forward S steps a second (0 < S <= 50) until the last step
//	{"type":"pause"}                stop playing
//	{"type":"view","view":"root"}   show values in "root" (MAX's view) or "side" (the side to move's view)
//	{"type":"select","node":N}      describe node N in every frame; -1 for none
//
// The server answers each command, and each step while playing, with a
// frame:
//
//	{"type":"frame", "step":K, "steps":N, "view":"root", "full":false, "playing":false,
//	 "nodes":[[id, class, value, window, weight], ...], nodes whose drawing changed; all of them when full
//	                                               (weight: k of the edge's class "vw<k>", 0 for none)
//	 "current":id,                                 the search's focus, -1 for none
//	 "line":L,                                     the pseudocode line lit, 0 for none
//	 "log":[{"step":K,"text":"..."}],              the latest steps in words, oldest first
//	 "vars":[{"name":"α (MAX's view)","value":"3"}], the focus's variables
//	 "board":{"title","caption","rows","cols","cells","changed","trail","score"},
//	                                               the focus's position as its game declares its board: cells row by
//	                                               row, each {"kind","owner","mark"}; when the game has boards
//	 "selected":{"node","title","facts","reason","board"}}  the selected node, if any
//
// A message the server cannot accept (not JSON, an unknown type, a step
// or node out of range) is answered with {"type":"error","message":"..."}
// and the connection stays open. Messages over 1 KiB close it. Pages are
// pinged every 54 s and dropped after 60 s of silence; a page that falls
// 32 messages behind is dropped rather than waited on. Only pages of the
// server's own origin may connect.
//
// # Host checks, other sites and limits
//
// The server answers only requests addressed to a host it allows
// (loopback names and addresses, the address in Config.Listen or every
// address of the machine when it listens on all of them, and
// Config.AllowHosts); others get 421, which is what stops a DNS-rebinding
// page. A state-changing request or a websocket from another origin gets
// 403. Every response carries a Content-Security-Policy that allows this
// origin only.
//
// Every limit is a named constant of limits.go, enforced with a message
// that names it: upload and decompressed bytes, events of a trace, nodes,
// events, bytes and time of a search from the page, searches and uploads
// at once (429 past them), the memory of the folded traces kept, and the
// time to draw one tree (a tree past it is shown without its drawing).
// Every goroutine the server starts logs its panic and ends only its own
// work. When the server's context ends, running searches stop and save
// what they recorded, with a note saying so; Server.Wait waits for them.
package web
