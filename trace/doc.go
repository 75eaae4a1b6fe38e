// Package trace records what a game-tree search does, so it can be shown.
//
// A trace is the sequence of events a search emits while it runs: nodes
// created, the focus entering and leaving them, evaluations, backed-up
// values, alpha-beta windows and cuts, MCTS selections and playouts, and
// finally the decision. Each Event has a Kind, from a closed set, and a
// Step, its index in the trace. Engines fill in an Event's flat fields;
// consumers read it through the view of its kind (NodeCreated, Eval,
// ValueUpdate, Bounds, Cutoff, Selection, Expansion, Playout, Backprop,
// Beam, IterationInfo, Decision, Note), whose fields each mean one thing.
// Engines report events to a Tracer; a nil Tracer means tracing is off. Writer and FileWriter encode the events
// as they come, Recorder keeps them in memory, and Tree folds them into
// the tree as it stood at any step.
//
// # Nodes
//
// Node ids are dense and assigned in creation order: the root is 0, its
// parent NoNode (-1). A node is created only when the search is about to
// visit it, so children pruned by a cut never get a node event; the cut
// event lists their actions and labels instead. A node's kind says who is
// to move there: max for the root player, min for the opponent, or
// chance, single (one-player games) or joint (simultaneous moves). A child
// of a joint node is reached by both players' moves at once: its action
// and label stand for the pair, for display, and its JointAction gives
// each player's action and label.
//
// # Values
//
// Every value, alpha and beta in an event is in the view of the side to
// move at the event's node (the negamax view): +1 at a min node is good
// for the opponent. The one exception is the decision's value, which is
// in the root player's view. A viewer that shows values in the root
// player's view negates the values of min nodes. A cut is named in the
// root player's terms: a cut at a max node is a beta cut, at a min node
// an alpha cut.
//
// # File format
//
// A trace file is JSON Lines, UTF-8, optionally gzip-compressed (".gz";
// readers detect compression by content). The first line is the header,
// an object {"format":"searchviz-trace","version":1,"game":...,
// "position":...,"algorithm":...,"params":{...},"seed":...,"program":...,
// "time":...} with the time in RFC 3339, whose fields HeaderFields lists.
// Every other line is one event: an object with "step" (0, 1, 2, ... in
// line order), "kind" (the Kind's name) and the fields that Spec lists for
// that kind, lower_snake_case. One table drives the encoding and the
// decoding of every line and documents it.
// JSON has no infinities, so +Inf and -Inf (an open alpha-beta window) are
// written as the strings "inf" and "-inf"; NaN appears only as null, for
// the UCB score of an unvisited child. Optional fields are omitted when
// they have their zero value. Readers skip fields they do not know,
// refuse kinds they do not know, and refuse a major version other than
// Version; new fields are added only as optional ones. Schema returns a
// JSON Schema of the format, generated from the same table as Spec, for
// programs in other languages that write or read traces.
//
// # Limits
//
// A line may be up to 16 MiB long, a string up to MaxString bytes, a
// header may have up to MaxParams parameters, and a cut may prune up to
// MaxPrunedPerCut actions: Reader refuses more, and Writer refuses to
// write it. NewTree also refuses a trace whose cuts prune more than
// MaxPlaceholders actions in all, or that creates no node. A program that
// reads traces from others bounds a whole trace with Limits
// (NewLimitedReader, ReadAllLimited, ReadFileLimited), which count bytes
// after decompression, so a small gzip file cannot claim unbounded
// memory; it bounds a folded trace's memory with Tree.MemSize. A search
// that records its own trace bounds it with a Budget of nodes, events and
// encoded bytes (LimitBudget, NewBudgetRecorder), which ends a trace cut
// short with its decision and a note whose Truncated field names the
// budget reached, and whose text, for people, begins with TruncatedNote.
package trace
