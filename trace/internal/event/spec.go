package event

// Field describes one field of an event line in a trace file. Its Type
// names a FieldType; package trace's Field lists them.
type Field struct {
	Name     string // lower_snake_case, as in the file
	Type     string // its FieldType's name, e.g. "node[]"
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

// FieldID says which member of Event a field carries, so the encoder and
// the decoder can be driven by the spec table without reflection.
type FieldID uint8

// The fields: F and the name of the Event or Header member each carries.
const (
	FStep FieldID = iota
	FKind
	FNode
	FParent
	FAction
	FLabel
	FDepth
	FNodeKind
	FBoard
	FValue
	FTerminal
	FBest
	FAlpha
	FBeta
	FCut
	FPruned
	FPrunedLabels
	FChild
	FScores
	FChildren
	FResult
	FLength
	FPath
	FValues
	FKept
	FDropped
	FIteration
	FDiscarded
	FCounters
	FText
	FJoint
	FTruncated
	FVisits
	FExplore
	FProb
	FSame

	// The header's fields.
	FFormat
	FVersion
	FGame
	FPosition
	FAlgorithm
	FParams
	FSeed
	FProgram
	FTime
	NumFieldIDs
)

// FieldType is the type of a field's value, which Field.Type names; the
// encoder, the decoder and the codec's SizeBound each switch on it once.
type FieldType uint8

// The field types: T and the name of the type.
const (
	TStep FieldType = iota // an integer: the line's index, which the encoder has from its caller
	TInteger
	TNumber
	TString
	TBoolean
	TNode
	TKind
	TNodeKind
	TCut
	TIntegers
	TStrings
	TNodes
	TNumbers
	TScores
	TCounters
	TJoint
	TTruncation
	TParams
	TTime
)

// fieldTypeNames are the names of the types, as Field.Type gives them.
var fieldTypeNames = [...]string{
	TStep: "integer", TInteger: "integer", TNumber: "number", TString: "string", TBoolean: "boolean", TNode: "node",
	TKind: "kind", TNodeKind: "node_kind", TCut: "cut", TIntegers: "integer[]", TStrings: "string[]",
	TNodes: "node[]", TNumbers: "number[]", TScores: "score[]", TCounters: "counters", TJoint: "joint",
	TTruncation: "truncation", TParams: "params", TTime: "time",
}

// FieldInfos gives each field the same name and type in every line that
// has it.
var FieldInfos = [NumFieldIDs]struct {
	Name string
	Type FieldType
}{
	FStep: {"step", TStep}, FKind: {"kind", TKind}, FNode: {"node", TNode}, FParent: {"parent", TNode},
	FAction: {"action", TInteger}, FLabel: {"label", TString}, FDepth: {"depth", TInteger},
	FNodeKind: {"node_kind", TNodeKind}, FBoard: {"board", TString}, FValue: {"value", TNumber},
	FTerminal: {"terminal", TBoolean}, FBest: {"best", TNode}, FAlpha: {"alpha", TNumber},
	FBeta: {"beta", TNumber}, FCut: {"cut", TCut}, FPruned: {"pruned", TIntegers},
	FPrunedLabels: {"pruned_labels", TStrings}, FChild: {"child", TNode}, FScores: {"scores", TScores},
	FChildren: {"children", TNodes}, FResult: {"result", TNumber}, FLength: {"length", TInteger},
	FPath: {"path", TNodes}, FValues: {"values", TNumbers}, FKept: {"kept", TNodes},
	FDropped: {"dropped", TNodes}, FIteration: {"iteration", TInteger}, FDiscarded: {"discarded", TBoolean},
	FCounters: {"counters", TCounters}, FText: {"text", TString}, FJoint: {"joint", TJoint},
	FTruncated: {"truncated", TTruncation}, FVisits: {"t", TInteger}, FExplore: {"c", TNumber}, FProb: {"prob", TNumber}, FSame: {"same", TNode}, FFormat: {"format", TString}, FVersion: {"version", TInteger},
	FGame: {"game", TString}, FPosition: {"position", TString}, FAlgorithm: {"algorithm", TString},
	FParams: {"params", TParams}, FSeed: {"seed", TInteger}, FProgram: {"program", TString},
	FTime: {"time", TTime},
}

// LineField is a Field together with the Event or Header member it carries
// and the bytes that introduce it on a line.
type LineField struct {
	Field
	ID        FieldID
	FieldType FieldType
	Key       string // `,"name":`, or `{"name":` for a line's first field
}

// LineSpec is the spec table's entry for one kind of line.
type LineSpec struct {
	Help   string
	Fields []LineField
}

func req(id FieldID, help string) LineField {
	name, typ := FieldInfos[id].Name, FieldInfos[id].Type
	return LineField{Field: Field{Name: name, Type: fieldTypeNames[typ], Help: help}, ID: id, FieldType: typ, Key: `,"` + name + `":`}
}

func opt(id FieldID, help string) LineField {
	f := req(id, help)
	f.Optional = true
	return f
}

// fields prepends the fields every event has.
func fields(fs ...LineField) []LineField {
	return line(append([]LineField{
		req(FStep, "the event's index in the trace, from 0"),
		req(FKind, "the event's kind"),
	}, fs...))
}

// line returns the fields of a line, whose first opens it.
func line(fs []LineField) []LineField {
	fs[0].Key = "{" + fs[0].Key[1:]
	return fs
}

// Specs and HeaderSpec are the one table that the encoder, the decoder, Spec,
// HeaderFields and the JSON Schema are derived from, one entry per line
// kind. They are never modified.
var Specs = [NumKinds]LineSpec{
	KindNode: {"a node was created, just before the search visits it", fields(
		req(FNode, "the new node's id: 0 for the root, then 1, 2, ... in creation order"),
		req(FParent, "the parent's id, -1 for the root"),
		req(FAction, "the action from the parent, -1 for the root"),
		req(FLabel, "the action's human label, e.g. \"b2\"; empty for the root; for a child of a joint node, one for both moves, e.g. \"up/left\""),
		req(FDepth, "plies from the root"),
		req(FNodeKind, "who is to move: max (the root player), min (the opponent), chance, single or joint"),
		opt(FBoard, "the position's text form, when the search was traced with boards"),
		opt(FJoint, "for a child of a joint node, and only for one, both players' moves, which action and label combine for display"),
		opt(FProb, "for a child of a chance node, and only for one, the probability of its outcome, in (0, 1]; the label names the outcome, e.g. \"3-6\" for the die faces that give it"),
	)},
	KindEnter: {"the search focus moved into a node", fields(
		req(FNode, "the node entered"),
	)},
	KindLeave: {"the search focus left a node for good", fields(
		req(FNode, "the node left; it is the innermost node entered and not yet left"),
	)},
	KindEval: {"a static evaluation or a terminal outcome", fields(
		req(FNode, "the node evaluated"),
		req(FValue, "the value, in the view of the side to move at node (at a chance node, the root player's)"),
		req(FTerminal, "the game is over at node and value is its outcome"),
		opt(FSame, "on a transposition table's hit, the earlier node of the same position searched to the same depth, whose stored value this is: no evaluation was made and node's subtree is not searched again"),
	)},
	KindValue: {"a backed-up value and the best child so far", fields(
		req(FNode, "the node whose value improved"),
		req(FValue, "the value so far, in the view of the side to move at node (at a chance node, the root player's: the expectation of its outcomes)"),
		opt(FBest, "the child the value comes from"),
	)},
	KindBounds: {"the alpha-beta window at a node", fields(
		req(FNode, "the node"),
		req(FAlpha, "the lower bound, in the view of the side to move at node"),
		req(FBeta, "the upper bound, in the view of the side to move at node"),
	)},
	KindCut: {"an alpha or beta cut: the rest of the children are pruned; or a forward cut: moves are dropped before a deeper search", fields(
		req(FNode, "the node where the search stops looking at children"),
		req(FCut, "beta at a max node, alpha at a min node (named in the root player's terms); forward for a forward cut"),
		req(FValue, "the value that reached beta, in the view of the side to move at node; for a forward cut, the best move's value at the shallower depth"),
		req(FAlpha, "the window's lower bound at the cut; for a forward cut, the threshold below which moves are dropped"),
		req(FBeta, "the window's upper bound at the cut"),
		req(FPruned, "the actions left unsearched, in move order"),
		req(FPrunedLabels, "their labels"),
	)},
	KindSelect: {"an MCTS or DUCT selection step with every candidate's statistics", fields(
		req(FNode, "the node choosing a child"),
		req(FChild, "the chosen child"),
		req(FScores, "every candidate child's statistics"),
		opt(FVisits, "t in the scores' UCB1 = w/n + c·sqrt(2·ln t / n): the visits ln t counts"),
		opt(FExplore, "c in the scores' UCB1, the exploration constant"),
	)},
	KindExpand: {"children added to a node", fields(
		req(FNode, "the node expanded"),
		req(FChildren, "the new children"),
	)},
	KindPlayout: {"a random playout from a node", fields(
		req(FNode, "the node the playout started from"),
		req(FResult, "1 win, 0.5 draw, 0 loss for the root player"),
		req(FLength, "plies played"),
	)},
	KindBackprop: {"results added along a path", fields(
		req(FPath, "the nodes updated, from the leaf up to the root"),
		req(FValues, "the value added at each node of path, in that node's view"),
	)},
	KindBeam: {"the states a beam search kept and dropped at one depth", fields(
		req(FDepth, "the depth, in plies from the root"),
		req(FKept, "the nodes kept"),
		req(FDropped, "the nodes dropped"),
	)},
	KindIteration: {"one iteration: an iterative-deepening depth, an MCTS iteration, a Chokudai pass", fields(
		req(FIteration, "the iteration's number, from 1"),
		opt(FDepth, "the depth limit of an iterative-deepening iteration"),
		opt(FDiscarded, "the iteration was cut short by the clock and its result not used"),
	)},
	KindDecision: {"the search's final choice; always the last event", fields(
		req(FNode, "the root"),
		req(FAction, "the chosen action, -1 if there was none"),
		req(FLabel, "the chosen action's label"),
		req(FValue, "the root's value, in the root player's view"),
		req(FCounters, "the search's totals"),
	)},
	KindNote: {"free text for the reader", fields(
		req(FText, "the note"),
		opt(FNode, "the node the note is about"),
		opt(FTruncated, "on a note that the recording was cut short, the budget reached; a note without it whose text begins "+
			"\""+TruncatedNote+": node budget\" (or event, or byte budget), as older writers wrote it, counts as one"),
	)},
}

// HeaderSpec is the spec table's entry for the header line. Writers emit every
// field, optional ones too, in this order; readers require only "format"
// and "version".
var HeaderSpec = LineSpec{"the first line of a trace", line([]LineField{
	req(FFormat, `always "`+Format+`"`),
	req(FVersion, "the format's major version; readers refuse others"),
	opt(FGame, "the game's spec, e.g. \"tictactoe\""),
	opt(FPosition, "the root position's text form"),
	opt(FAlgorithm, "the algorithm's name, e.g. \"alphabeta\""),
	opt(FParams, "the algorithm's parameters, every one resolved"),
	opt(FSeed, "the random seed the search used"),
	opt(FProgram, "the writing program and its version"),
	opt(FTime, "when the search started"),
})}

// objectFields returns the fields of an object inside an event's field, such
// as a score, all of which readers require.
func objectFields(fs ...Field) []LineField {
	out := make([]LineField, len(fs))
	for i, f := range fs {
		out[i] = LineField{Field: f}
	}
	return out
}

// ScoreSpec describes the objects of the score[] field type.
var ScoreSpec = objectFields(
	Field{Name: "child", Type: "node", Help: "the candidate child"},
	Field{Name: "action", Type: "integer", Help: "the action leading to it"},
	Field{Name: "w", Type: "number", Help: "its total value, in the view of the player choosing at node"},
	Field{Name: "n", Type: "integer", Help: "its visits"},
	Field{Name: "ucb", Type: "number|null", Help: "its UCB1 score; null for an unvisited child"},
)

// MoveSpec describes the objects of the joint field type.
var MoveSpec = objectFields(
	Field{Name: "action", Type: "integer", Help: "the player's action, as the game numbers that player's actions"},
	Field{Name: "label", Type: "string", Help: "its human label"},
)

// CounterSpec describes the object of the counters field type.
var CounterSpec = objectFields(
	Field{Name: "nodes", Type: "integer", Help: "nodes created"},
	Field{Name: "evals", Type: "integer", Help: "static evaluations and terminal outcomes"},
	Field{Name: "cuts", Type: "integer", Help: "alpha-beta cuts"},
	Field{Name: "elapsed_ns", Type: "integer", Help: "wall-clock time of the search, in nanoseconds"},
)

// Public returns the Fields of fs, for the caller to modify.
func Public(fs []LineField) []Field {
	out := make([]Field, len(fs))
	for i, f := range fs {
		out[i] = f.Field
	}
	return out
}
