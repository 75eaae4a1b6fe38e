// Package web is the searchviz web app: the start page with a new-search
// form generated from the catalogs, the examples gallery and trace
// uploads; the viewer of a saved trace; comparisons, two examples' viewers
// side by side (/compare/<name>, each viewer embedded with ?embed=1) under
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
// The page of /t/<id> opens /t/<id>/ws?step=K&view=V (both optional) and
// receives a full frame of step K, or for a navigated tree a layout and
// the frame that restyles it. Every message is one JSON object with a
// "type". The page sends commands:
//
//	{"type":"seek","step":K}        go to step K, 0 <= K < steps
//	{"type":"step","by":1}          go to the next step (-1: the previous), with a filter the next that touches its subtree
//	{"type":"play","speed":S}       step forward S steps a second (0 < S <= 50) until the last step
//	{"type":"pause"}                stop playing
//	{"type":"view","view":"root"}   show values in "root" (MAX's view) or "side" (the side to move's view)
//	{"type":"select","node":N}      describe node N in every frame; -1 for none
//	{"type":"expand","node":N}      show more of node N's children (render.ExpandStep more), or all of a collapsed node's
//	{"type":"collapse","node":N}    hide node N's children, but for the search's path through them
//	{"type":"root","node":N}        view node N's subtree: the budget goes to it
//	{"type":"up"}                   view the subtree of the parent of the view's root
//	{"type":"reveal","node":N}      view the subtree of node N's parent and select N (a click on the minimap)
//	{"type":"filter","node":N}      make step (and play) go only to steps whose events change a node of N's subtree; -1 for every step
//	{"type":"sync","step":K,"view":"root","node":N}  at once: go to step K, show view V, select node N (-1 for none), as a room's follower does
//
// A page's navigation remembers at most 256 expansions and as many
// collapses (maxChoices), forgetting the oldest.
//
// The server answers each command, and each step while playing, with a
// frame, preceded by a layout when the page must draw anew:
//
//	{"type":"layout", "view":"root", "svg":"<svg ...>", "root":R, "shown":N, "total":T,
//	 "cells":[...], "minimap":{"cols","rows","count","rep"}}
//	                                               a display set drawn at the last step, which the next frame restyles;
//	                                               "error" instead of "svg" when it could not be drawn in time; the
//	                                               minimap (render.Overview) once per page, and the cells of it the
//	                                               drawing shows; "rest":true when the drawing comes in two parts
//
// A big drawing comes in two parts (so that the page shows the part its
// view goes to without taking in the whole drawing first): "svg" is the drawing of the nodes and edges within
// 3,000 points to either side of the node the page centres on (the node
// expanded, collapsed or made the view's root, the view's new root after
// up or reveal, else the current node), and after the frame comes
//
//	{"type":"rest", "svg":"<g id=...>...</g>\n..."}  the other nodes', placeholders' and edges' groups, a line each,
//	                                               edges first: the page adds the edges before the drawing's first
//	                                               node and the rest before its legend, and restyles them as that
//	                                               frame says, before any later frame
//
// and the frame:
//
//	{"type":"frame", "step":K, "steps":N, "view":"root", "full":false, "playing":false,
//	 "nodes":[[id, class, value, window, weight], ...], nodes whose drawing changed; all of them when full
//	                                               (weight: k of the edge's class "vw<k>", 0 for none)
//	 "caption":"values: ...",                      in a full frame, the drawing's caption in "view": the page writes
//	                                               it into the slots "a_caption" and "a_legend_caption"; a switch of
//	                                               view is a full frame and no new drawing, both views' drawings
//	                                               being laid out alike
//	 "current":id,                                 the search's focus, -1 for none
//	 "line":L,                                     the pseudocode line lit, 0 for none
//	 "log":[{"step":K,"text":"..."}],              the latest steps in words, oldest first
//	 "vars":[{"name":"α (MAX's view)","value":"3"}], the focus's variables
//	 "board":{"title","caption","rows","cols","cells","changed","trail","score"},
//	                                               the focus's position as its game declares its board: cells row by
//	                                               row, each {"kind","owner","mark"}; when the game has boards
//	 "selected":{"node","title","facts","reason","board","children","shown","collapsed"}}  the selected node, if any
//	 "more":[[parent, class, more, nodes], ...],   the placeholders whose texts changed (class st_more, or
//	                                               st_not_reached while they stand for no node yet)
//	 "nav":{"root","trail","filter","filter_name","shown","total","elsewhere","reach","cell","span"}
//	                                               the view's root and the way down to it, the filter, how many
//	                                               nodes are drawn, whether the focus is outside the view, the
//	                                               step the view's root appears at if later, the minimap's cell of
//	                                               the focus and the columns and row of the view
//
// A message the server cannot accept (not JSON, an unknown type, a step
// or node out of range), or a step the filter finds no step for, is
// answered with {"type":"error","message":"..."} and the connection
// stays open. Messages over 1 KiB close it. Pages are
// pinged every 54 s and dropped after 60 s of silence; a page that falls
// 32 messages behind is dropped rather than waited on. Only pages of the
// server's own origin may connect.
//
// # Rooms
//
// A room (web/internal/rooms) mirrors one presenter's viewer, or
// exercise page, on its followers' pages. POST /rooms with the form field "path" (a viewer's
// /t/ID, /t/ID?example=NAME or /example/NAME, or an exercise's
// /exercise?kind=K&level=L&seed=N) opens one and answers
// {"code","key","join"}; GET /r/CODE (or /r?code=CODE) sends a follower to
// the room's page with ?room=CODE, and /rooms/CODE/qr.svg is the join
// address's QR code. A room's pages open /rooms/CODE/ws and say hello
// first:
//
//	{"type":"hello","role":"presenter","key":"...","path":"/t/ID"}  present the room, showing that page
//	{"type":"hello","role":"follower","who":"ID"}                   follow it, as the tab ID (8 to 32 of a-z0-9)
//
// then the presenter sends {"type":"state","state":{"step","view",
// "selected","box","present","panels"}} as its viewer changes,
// {"type":"page","path":P} to move the room, and {"type":"end"}. Pages are
// sent the latest of each kind: {"type":"room","code","path","state",
// "live"} and {"type":"ticket","who","ticket"} to followers,
// {"type":"followers","followers":N} and
// {"type":"answers","answers":[{"key","count"}]} (an exercise's answers by
// first mistake) to the presenter, {"type":"error","message"}, and
// {"type":"ended","message"} before the socket closes. The key is never
// sent by the server; states are decoded and encoded field by field.
//
// A follower answers the room's exercise with POST /rooms/CODE/answers,
// a form of the exercise's "path", the "answer", and its tab's "who" and
// "ticket" (a MAC of who under the room's key, so that every replica can
// check it): 204 when it counts, 403 without the room's ticket, 409 once
// the room shows another page, 429 past MaxRoomAnswers tabs. Only tabs
// that have followed the room count, a tab that answers again changes its
// answer, and the cross-site guard refuses answers from other sites'
// pages; the exercise page's GET grades an answer and counts nothing.
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
