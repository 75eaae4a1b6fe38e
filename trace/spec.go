package trace

import (
	"bytes"
	_ "embed"
)

// Field describes one field of an event line in a trace file.
//
// Type is one of:
//
//	integer    a JSON integer
//	number     a JSON number, or the string "inf" or "-inf"
//	number|null  a number, or null for NaN
//	string     a JSON string
//	boolean    true or false
//	node       a node id: an integer in the int32 range, -1 meaning no node
//	kind       the event kind's name, e.g. "node"
//	node_kind  "max", "min", "chance", "single" or "joint"
//	cut        "alpha" or "beta"
//	integer[]  a list of integers (likewise string[], node[] and number[])
//	score[]    a list of objects {child, action, w, n, ucb}, see ScoreFields
//	counters   an object {nodes, evals, cuts, elapsed_ns}, see CounterFields
//	joint      a list of exactly two objects {action, label}, player 0's
//	           move then player 1's, see MoveFields
//	truncation "nodes", "events" or "bytes"
//	params     an object whose members are strings
//	time       a string holding an RFC 3339 time
//
// In an event, an optional field is omitted when it has its zero value:
// the empty string, false, 0, -1 for a node id, and no joint action or
// truncation. In the header, writers emit every field.
type Field struct {
	Name     string // lower_snake_case, as in the file
	Type     string // see above
	Help     string // what the field means, in one line
	Optional bool   // the field may be missing; readers use its zero value
}

// KindSpec describes the line of one event kind: its fields in the order
// writers emit them, starting with "step" and "kind".
type KindSpec struct {
	Kind   Kind
	Help   string
	Fields []Field
}

// fieldID says which member of Event a field carries, so the encoder and
// the decoder can be driven by the spec table without reflection.
type fieldID uint8

const (
	fStep fieldID = iota
	fKind
	fNode
	fParent
	fAction
	fLabel
	fDepth
	fNodeKind
	fBoard
	fValue
	fTerminal
	fBest
	fAlpha
	fBeta
	fCut
	fPruned
	fPrunedLabels
	fChild
	fScores
	fChildren
	fResult
	fLength
	fPath
	fValues
	fKept
	fDropped
	fIteration
	fDiscarded
	fCounters
	fText
	fJoint
	fTruncated
	fVisits
	fExplore
	fProb
	fSame

	// The header's fields.
	fFormat
	fVersion
	fGame
	fPosition
	fAlgorithm
	fParams
	fSeed
	fProgram
	fTime
	numFieldIDs
)

// fieldType is the type of a field's value, which Field.Type names; the
// encoder, the decoder and sizeBound each switch on it once.
type fieldType uint8

const (
	tStep fieldType = iota // an integer: the line's index, which the encoder has from its caller
	tInteger
	tNumber
	tString
	tBoolean
	tNode
	tKind
	tNodeKind
	tCut
	tIntegers
	tStrings
	tNodes
	tNumbers
	tScores
	tCounters
	tJoint
	tTruncation
	tParams
	tTime
)

// fieldTypeNames are the names of the types, as Field.Type gives them.
var fieldTypeNames = [...]string{
	tStep: "integer", tInteger: "integer", tNumber: "number", tString: "string", tBoolean: "boolean", tNode: "node",
	tKind: "kind", tNodeKind: "node_kind", tCut: "cut", tIntegers: "integer[]", tStrings: "string[]",
	tNodes: "node[]", tNumbers: "number[]", tScores: "score[]", tCounters: "counters", tJoint: "joint",
	tTruncation: "truncation", tParams: "params", tTime: "time",
}

// fieldInfos gives each field the same name and type in every line that
// has it.
var fieldInfos = [numFieldIDs]struct {
	name string
	typ  fieldType
}{
	fStep: {"step", tStep}, fKind: {"kind", tKind}, fNode: {"node", tNode}, fParent: {"parent", tNode},
	fAction: {"action", tInteger}, fLabel: {"label", tString}, fDepth: {"depth", tInteger},
	fNodeKind: {"node_kind", tNodeKind}, fBoard: {"board", tString}, fValue: {"value", tNumber},
	fTerminal: {"terminal", tBoolean}, fBest: {"best", tNode}, fAlpha: {"alpha", tNumber},
	fBeta: {"beta", tNumber}, fCut: {"cut", tCut}, fPruned: {"pruned", tIntegers},
	fPrunedLabels: {"pruned_labels", tStrings}, fChild: {"child", tNode}, fScores: {"scores", tScores},
	fChildren: {"children", tNodes}, fResult: {"result", tNumber}, fLength: {"length", tInteger},
	fPath: {"path", tNodes}, fValues: {"values", tNumbers}, fKept: {"kept", tNodes},
	fDropped: {"dropped", tNodes}, fIteration: {"iteration", tInteger}, fDiscarded: {"discarded", tBoolean},
	fCounters: {"counters", tCounters}, fText: {"text", tString}, fJoint: {"joint", tJoint},
	fTruncated: {"truncated", tTruncation}, fVisits: {"t", tInteger}, fExplore: {"c", tNumber}, fProb: {"prob", tNumber}, fSame: {"same", tNode}, fFormat: {"format", tString}, fVersion: {"version", tInteger},
	fGame: {"game", tString}, fPosition: {"position", tString}, fAlgorithm: {"algorithm", tString},
	fParams: {"params", tParams}, fSeed: {"seed", tInteger}, fProgram: {"program", tString},
	fTime: {"time", tTime},
}

// field is a Field together with the Event or Header member it carries
// and the bytes that introduce it on a line.
type field struct {
	Field
	id  fieldID
	typ fieldType
	key string // `,"name":`, or `{"name":` for a line's first field
}

type kindSpec struct {
	help   string
	fields []field
}

func req(id fieldID, help string) field {
	name, typ := fieldInfos[id].name, fieldInfos[id].typ
	return field{Field: Field{Name: name, Type: fieldTypeNames[typ], Help: help}, id: id, typ: typ, key: `,"` + name + `":`}
}

func opt(id fieldID, help string) field {
	f := req(id, help)
	f.Optional = true
	return f
}

// fields prepends the fields every event has.
func fields(fs ...field) []field {
	return line(append([]field{
		req(fStep, "the event's index in the trace, from 0"),
		req(fKind, "the event's kind"),
	}, fs...))
}

// line returns the fields of a line, whose first opens it.
func line(fs []field) []field {
	fs[0].key = "{" + fs[0].key[1:]
	return fs
}

// specs and header are the one table that the encoder, the decoder, Spec,
// HeaderFields and the JSON Schema are derived from, one entry per line
// kind. They are never modified.
var specs = [numKinds]kindSpec{
	KindNode: {"a node was created, just before the search visits it", fields(
		req(fNode, "the new node's id: 0 for the root, then 1, 2, ... in creation order"),
		req(fParent, "the parent's id, -1 for the root"),
		req(fAction, "the action from the parent, -1 for the root"),
		req(fLabel, "the action's human label, e.g. \"b2\"; empty for the root; for a child of a joint node, one for both moves, e.g. \"up/left\""),
		req(fDepth, "plies from the root"),
		req(fNodeKind, "who is to move: max (the root player), min (the opponent), chance, single or joint"),
		opt(fBoard, "the position's text form, when the search was traced with boards"),
		opt(fJoint, "for a child of a joint node, and only for one, both players' moves, which action and label combine for display"),
		opt(fProb, "for a child of a chance node, and only for one, the probability of its outcome, in (0, 1]; the label names the outcome, e.g. \"3-6\" for the die faces that give it"),
	)},
	KindEnter: {"the search focus moved into a node", fields(
		req(fNode, "the node entered"),
	)},
	KindLeave: {"the search focus left a node for good", fields(
		req(fNode, "the node left; it is the innermost node entered and not yet left"),
	)},
	KindEval: {"a static evaluation or a terminal outcome", fields(
		req(fNode, "the node evaluated"),
		req(fValue, "the value, in the view of the side to move at node (at a chance node, the root player's)"),
		req(fTerminal, "the game is over at node and value is its outcome"),
		opt(fSame, "on a transposition table's hit, the earlier node of the same position searched to the same depth, whose stored value this is: no evaluation was made and node's subtree is not searched again"),
	)},
	KindValue: {"a backed-up value and the best child so far", fields(
		req(fNode, "the node whose value improved"),
		req(fValue, "the value so far, in the view of the side to move at node (at a chance node, the root player's: the expectation of its outcomes)"),
		opt(fBest, "the child the value comes from"),
	)},
	KindBounds: {"the alpha-beta window at a node", fields(
		req(fNode, "the node"),
		req(fAlpha, "the lower bound, in the view of the side to move at node"),
		req(fBeta, "the upper bound, in the view of the side to move at node"),
	)},
	KindCut: {"an alpha or beta cut: the rest of the children are pruned; or a forward cut: moves are dropped before a deeper search", fields(
		req(fNode, "the node where the search stops looking at children"),
		req(fCut, "beta at a max node, alpha at a min node (named in the root player's terms); forward for a forward cut"),
		req(fValue, "the value that reached beta, in the view of the side to move at node; for a forward cut, the best move's value at the shallower depth"),
		req(fAlpha, "the window's lower bound at the cut; for a forward cut, the threshold below which moves are dropped"),
		req(fBeta, "the window's upper bound at the cut"),
		req(fPruned, "the actions left unsearched, in move order"),
		req(fPrunedLabels, "their labels"),
	)},
	KindSelect: {"an MCTS or DUCT selection step with every candidate's statistics", fields(
		req(fNode, "the node choosing a child"),
		req(fChild, "the chosen child"),
		req(fScores, "every candidate child's statistics"),
		opt(fVisits, "t in the scores' UCB1 = w/n + c·sqrt(2·ln t / n): the visits ln t counts"),
		opt(fExplore, "c in the scores' UCB1, the exploration constant"),
	)},
	KindExpand: {"children added to a node", fields(
		req(fNode, "the node expanded"),
		req(fChildren, "the new children"),
	)},
	KindPlayout: {"a random playout from a node", fields(
		req(fNode, "the node the playout started from"),
		req(fResult, "1 win, 0.5 draw, 0 loss for the root player"),
		req(fLength, "plies played"),
	)},
	KindBackprop: {"results added along a path", fields(
		req(fPath, "the nodes updated, from the leaf up to the root"),
		req(fValues, "the value added at each node of path, in that node's view"),
	)},
	KindBeam: {"the states a beam search kept and dropped at one depth", fields(
		req(fDepth, "the depth, in plies from the root"),
		req(fKept, "the nodes kept"),
		req(fDropped, "the nodes dropped"),
	)},
	KindIteration: {"one iteration: an iterative-deepening depth, an MCTS iteration, a Chokudai pass", fields(
		req(fIteration, "the iteration's number, from 1"),
		opt(fDepth, "the depth limit of an iterative-deepening iteration"),
		opt(fDiscarded, "the iteration was cut short by the clock and its result not used"),
	)},
	KindDecision: {"the search's final choice; always the last event", fields(
		req(fNode, "the root"),
		req(fAction, "the chosen action, -1 if there was none"),
		req(fLabel, "the chosen action's label"),
		req(fValue, "the root's value, in the root player's view"),
		req(fCounters, "the search's totals"),
	)},
	KindNote: {"free text for the reader", fields(
		req(fText, "the note"),
		opt(fNode, "the node the note is about"),
		opt(fTruncated, "on a note that the recording was cut short, the budget reached; a note without it whose text begins "+
			"\""+TruncatedNote+": node budget\" (or event, or byte budget), as older writers wrote it, counts as one"),
	)},
}

// header is the spec table's entry for the header line. Writers emit every
// field, optional ones too, in this order; readers require only "format"
// and "version".
var header = kindSpec{"the first line of a trace", line([]field{
	req(fFormat, `always "`+Format+`"`),
	req(fVersion, "the format's major version; readers refuse others"),
	opt(fGame, "the game's spec, e.g. \"tictactoe\""),
	opt(fPosition, "the root position's text form"),
	opt(fAlgorithm, "the algorithm's name, e.g. \"alphabeta\""),
	opt(fParams, "the algorithm's parameters, every one resolved"),
	opt(fSeed, "the random seed the search used"),
	opt(fProgram, "the writing program and its version"),
	opt(fTime, "when the search started"),
})}

// objectFields returns the fields of an object inside an event's field, such
// as a score, all of which readers require.
func objectFields(fs ...Field) []field {
	out := make([]field, len(fs))
	for i, f := range fs {
		out[i] = field{Field: f}
	}
	return out
}

// scoreFields, moveFields and counterFields describe the objects of the
// score[], joint and counters field types.
var scoreFields = objectFields(
	Field{Name: "child", Type: "node", Help: "the candidate child"},
	Field{Name: "action", Type: "integer", Help: "the action leading to it"},
	Field{Name: "w", Type: "number", Help: "its total value, in the view of the player choosing at node"},
	Field{Name: "n", Type: "integer", Help: "its visits"},
	Field{Name: "ucb", Type: "number|null", Help: "its UCB1 score; null for an unvisited child"},
)

var moveFields = objectFields(
	Field{Name: "action", Type: "integer", Help: "the player's action, as the game numbers that player's actions"},
	Field{Name: "label", Type: "string", Help: "its human label"},
)

var counterFields = objectFields(
	Field{Name: "nodes", Type: "integer", Help: "nodes created"},
	Field{Name: "evals", Type: "integer", Help: "static evaluations and terminal outcomes"},
	Field{Name: "cuts", Type: "integer", Help: "alpha-beta cuts"},
	Field{Name: "elapsed_ns", Type: "integer", Help: "wall-clock time of the search, in nanoseconds"},
)

// public returns the Fields of fs, for the caller to modify.
func public(fs []field) []Field {
	out := make([]Field, len(fs))
	for i, f := range fs {
		out[i] = f.Field
	}
	return out
}

// Spec returns the line format of events of kind k. For an invalid kind it
// returns the zero KindSpec. The result is the caller's to modify.
func Spec(k Kind) KindSpec {
	if !kinds.valid(k) {
		return KindSpec{}
	}
	return KindSpec{Kind: k, Help: specs[k].help, Fields: public(specs[k].fields)}
}

// HeaderFields returns the fields of the header line, in the order
// writers emit them. Writers emit every field; readers require only
// "format" and "version". The result is the caller's to modify.
func HeaderFields() []Field { return public(header.fields) }

// ScoreFields returns the fields of each object in a select event's
// "scores" list. Every field is required; "ucb" may be null.
func ScoreFields() []Field { return public(scoreFields) }

// MoveFields returns the fields of each of the two objects in a node
// event's "joint" list. Both are required.
func MoveFields() []Field { return public(moveFields) }

// CounterFields returns the fields of a decision event's "counters" object.
// Every field is required.
func CounterFields() []Field { return public(counterFields) }

//go:embed schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of a trace line: its
// $defs "header" and "event" describe the first line and every other line.
// It is generated from the same table as Spec. The result is the caller's
// to modify.
func Schema() []byte { return bytes.Clone(schema) }
