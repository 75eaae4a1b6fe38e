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
// each player's action and label. A child of a chance node is one of
// chance's outcomes: its label names the outcome (the die's faces, "3-6")
// and its Prob gives the outcome's probability.
//
// # Values
//
// Every value, alpha and beta in an event is in the view of the side to
// move at the event's node (the negamax view): +1 at a min node is good
// for the opponent. The exceptions are the decision's value and the values
// at chance nodes, where no player moves, which are in the root player's
// view. A viewer that shows values in the root
// player's view negates the values of min nodes. A cut is named in the
// root player's terms: a cut at a max node is a beta cut, at a min node
// an alpha cut. A forward cut, the research paper's, drops moves before a
// deeper search because their value at a shallower one fell below a
// threshold.
//
// # File format
//
// A trace file is JSON Lines, UTF-8, optionally gzip-compressed (".gz";
// readers detect compression by content). The first line is the header,
// an object {"format":"searchviz-trace","version":3,"game":...,
// "position":...,"algorithm":...,"params":{...},"seed":...,"program":...,
// "time":...} with the time in RFC 3339, whose fields HeaderFields lists.
// Writers write version 3 (Version); readers read versions 1, 2 and 3.
//
// In version 1 every other line is one event: an object with "step" (0,
// 1, 2, ... in line order), "kind" (the Kind's name) and the fields that
// Spec lists for that kind, lower_snake_case; optional fields are omitted
// when they have their zero value. One table drives the encoding and the
// decoding of every line and documents it.
//
// Version 2 writes the same events in about a tenth of the bytes. Each
// line is a list: the kind's one-letter code (n node, e enter, l leave,
// v eval, u value, w bounds, c cut, s select, x expand, p playout,
// b backprop, m beam, i iteration, d decision, t note), then fields by
// position, then an object of fields given by name; a line whose every
// field takes its default is the code alone, as "e". A step is the line's
// index. A field left out, or given as null, takes a default that follows
// from the lines before it: a node's id is the next one, its parent the
// innermost node entered, its depth one more than its parent's, its kind
// the other player's (single and joint nodes have children of their own
// kind), its label the last one given to the same action; an enter
// enters the node just created, or the root after an iteration, or the
// child a select chose; a leave leaves the innermost node entered; a
// value's best child is the node last left; a window is the last one the
// node was given, or its parent's seen from the other side, [-β, -α]; a
// cut is named for its node's kind and prunes actions with their last
// labels; an expand adds the nodes just created; a backprop goes up from
// the innermost node entered and adds the last playout's (or terminal
// evaluation's) result in each node's view. A select line gives only
// what changed since the last select at the same node (and, for the
// second of two selects in a row, the same player): the candidates with
// one visit more and the value each gained, and, by name, other changed
// statistics and new candidates; every score's UCB1 = w/n + c·sqrt(2·ln t/n)
// is worked out from them with UCB1, t and c given when they change. The
// positions and defaults of each kind are in Schema. Writers leave out
// every field equal to its default, so a reader must read a version 2
// file from its start.
//
// Version 3 writes the lines of version 2, with one more default: a
// select line that gives no changes takes those that the backprops since
// the previous select at its node (and player) predict, as the Monte
// Carlo engines keep their statistics. At a select among a node's
// children (MCTS) the child the previous select chose gains a visit and
// the value each backprop through it added at that child; at a select
// among one player's moves at a joint node (DUCT) the move the previous
// select chose gains a visit and the value each backprop added at the
// node, for the first player, or 1 minus it, for the second. A line whose
// changes differ from those gives them all, an empty list for none. This
// takes a DUCT iteration from about 690 bytes to about 470.
//
// JSON has no infinities, so +Inf and -Inf (an open alpha-beta window) are
// written as the strings "inf" and "-inf"; NaN appears only as null, for
// the UCB score of an unvisited child. Readers skip fields they do not
// know, refuse kinds they do not know, and refuse a major version they do
// not read; new fields are added only as optional ones. Schema returns a
// JSON Schema of every version, generated from the same table as Spec,
// for programs in other languages that write or read traces.
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
