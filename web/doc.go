// Package web is the searchviz web app: the start page, a landing with
// the examples gallery by lesson, joining a room and trace uploads; the
// new-search form generated from the catalogs (/new); the viewer of a
// saved trace; comparisons, two examples' viewers side by side (/compare/<name>, each viewer embedded with ?embed=1) under
// a sentence and a table of their results, with a "step both" box whose
// matching steps the server answers (/compare/<name>/match); and
// the websocket that steps a page through a trace. Templates are templ
// components in web/templates; scripts and styles are embedded from
// package static.
//
// # Drawing
//
// A tree of at most render.DefaultBudget nodes is laid out once per point
// of view, as `viz render --layout auto` lays it out (Graphviz up to
// render.MaxDotNodes nodes, the tidy layout above): the final tree drawn
// with render.Options.Patchable, so that every node is in place and every
// value and α-β window has a slot of its own ("a_v<i>", "a_w<i>"; the tidy
// layout's drawing leaves its looks to /tree.css, which makes it a third
// of the size). A page shows any step by setting each node's status class
// on "n<i>" and its edge "e<i>", styled by /tree.css (render.StyleSheet),
// and by writing the texts of those slots. In a Monte Carlo search the edge
// also gets a weight class "vw<k>", which draws it k points wide by the
// share of the iterations through the node. The browser never interprets
// trace events: the server folds them (trace.Tree) and sends what to draw.
//
// # Navigating big trees
//
// A bigger tree, or one whose page chose to view a subtree or to collapse
// or expand nodes, is navigated: each page's session picks a display set
// (render.Outline.Pick, a degree-of-interest tree) of at most the budget
// of nodes, always with the current node, the path to it and the best line
// so far, and draws it with the same ids, a placeholder "m<p>" under each
// node p with children left out ("+N more", "M nodes", patched as the
// steps make and unmake nodes). The session keeps a display set while it
// shows each step's current node, path and best line and the page's
// choices stay the same; a set picked while stepping keeps the nodes the
// search visits in the next steps, so that stepping through a trace of
// any size changes the drawing once in thousands of steps. A frame costs
// time in proportion to what its steps change (trace.Tree.Touched), not
// to the tree; a step's words and pseudocode line are made when a frame
// shows them. A show keeps its last few drawings of display sets, shared
// by the pages that show the same nodes, and counts them, its outline and
// its minimap in its memory.
//
// # Websocket protocol
//
// The viewer's socket (/t/<id>/ws) and the rooms' (/rooms/<code>/ws, with
// POST /rooms, GET /r/<code> and POST /rooms/<code>/answers) are described
// message by message in docs/protocol.md.
//
// # Replicas
//
// With Config.NATS, replicas share traces through a JetStream object store
// (tracestore, over natsshare's link) and rooms through a key-value store
// of the codes open and a subject per room (natsshare.Rooms): every replica
// with pages in a room applies the others' events (the presenter's page
// and state, follower counts, answers, the end), so a presenter and
// followers may be on different replicas. Every call to NATS has a short
// timeout (natsshare.CallTimeout) and none holds a lock of the rooms;
// while the link is down, followers of a presenter on another replica are
// told the room is paused, and when it returns each replica says hello and
// the presenter's sends the room again. A trace saved while NATS is away
// is kept and shared when it is back.
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
// Every limit is a named constant of limits.go, or of the limits.go of the
// internal package that enforces it, enforced with a message
// that names it: upload and decompressed bytes, events of a trace, nodes,
// events, bytes and time of a search from the page, searches, uploads and
// handouts at once (429 past them), the memory of the folded traces kept,
// the time to draw one tree (a tree past it is shown without its drawing),
// the nodes of a tree exported whole and the bytes of a handout (413 past
// them).
// Every goroutine the server starts logs its panic and ends only its own
// work. When the server's context ends, running searches stop and save
// what they recorded, with a note saying so; Server.Wait waits for them.
package web
