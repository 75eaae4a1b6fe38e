package templates

import (
	"context"
	"strconv"
)

// Param is one parameter field of the new-search form.
type Param struct {
	Name    string // the parameter's name in specs
	Label   string // what the form calls it, in the reader's language
	Field   string // the form field, "<algorithm>.<name>"
	Default string
	Min     string
	Max     string
	Step    string // the input's step: "1" for ints, "any" for floats
	Help    string
	Limits  string // "int in 1..64, default "
	// DefaultText ends Limits: the default an empty field gives, and for
	// a depth= that follows the game, which game's ("4 on othello").
	DefaultText string
	// AlgoDefault is, for a depth= that follows the game's Depth, the
	// algorithm's own default, which the page shows for games with none;
	// "" for other parameters.
	AlgoDefault string
	Value       string // what the user last entered, "" for the default

	// Choices are a choice parameter's names, shown as a select; nil for
	// a number.
	Choices []string
}

// Algorithm is one algorithm of the new-search form.
type Algorithm struct {
	Name     string
	Help     string
	Family   string // the families of the games it searches, separated by spaces
	Params   []Param
	Selected bool
}

// Game is one game of the new-search form.
type Game struct {
	Name         string
	Help         string
	Family       string
	Start        string // the position searched when none is given
	PositionHelp string
	Depth        string  // the depth= a depth-first search of the game gets when left empty, "" for the algorithm's
	Params       []Param // the game's own parameters, such as a board's size
	Selected     bool
}

// Example is one classic setup of the examples gallery, or a comparison
// of two of them.
type Example struct {
	Title  string
	Watch  string // one sentence on what to watch for
	URL    string
	Lesson string // the name of the gallery's lesson it is in
	// Comparison says the card is a comparison of two examples, whose
	// title says it shows them side by side.
	Comparison bool
	Thumb      Thumb // its position, small
}

// Saved is one stored trace in a list.
type Saved struct {
	ID        string
	Game      string
	Algorithm string
	Position  string
	Params    string // the algorithm's parameters set, "depth=4 ordering=1"
	Nodes     string // "18,297", or "" when not known
	Source    string // "search", "upload: name.jsonl" or "example"; "" when not known
	Deletable bool   // not a gallery example's, so it may be deleted
	Date      string
	Size      string
	URL       string
}

// NewSearch is the page of the new-search form.
type NewSearch struct {
	Games      []Game
	Algorithms []Algorithm
	Position   string
	Seed       string
	Error      string // what was wrong with the last search asked for
	SeedError  string // what was wrong with its seed, shown beside the field
	TraceNodes string // the most nodes a search from the page records, "1,500"
}

// Traces is the page of every saved trace.
type Traces struct {
	Saved   []Saved
	DataDir string
}

// Viewer is the page that steps through one trace.
type Viewer struct {
	Title string // "alphabeta on tictactoe"
	// Algorithm and Game name the search, for its title in the reader's
	// language; "" leaves Title as it is.
	Algorithm, Game string
	Position        string
	Params          string // the algorithm's parameters, "depth=64 nodes=5000000"
	Decision        string // the result in words
	Notes           []string
	SaveError       string // why the trace could not be saved, if it was not
	Steps           int
	Step            int
	View            string       // "root" or "side"
	Code            []string     // the pseudocode's lines, in the form that goes with View
	Forms           []ViewChoice // the pseudocode's two forms, one per view, when it has two
	SocketURL       string
	LayoutURL       string // the drawing, without its view parameter
	ExportURL       string // the base of the export links
	HandoutURL      string // the zip of one drawing per step
	// SlidesFrom and SlidesTo are the steps the slides' form offers at
	// first: the whole trace, or SlidesMost steps around Step when the
	// whole is more than a set of slides draws.
	SlidesFrom, SlidesTo int
	SlidesMost           int    // the most steps a set of slides of this tree draws
	OfflineURL           string // the viewer as one HTML file, stepping offline
	// Offline is a viewer in a handout file, stepping with no server.
	Offline    bool
	TraceURL   string
	HasBoards  bool
	SpeedSteps []string
	Live       bool         // the search is still running
	Example    *ExampleNote // what to watch for, when the page shows an example
	TwoPlayer  bool         // values have two points of view to choose from
	Views      []ViewChoice // the points of view the toggle offers, when TwoPlayer
	Embedded   bool         // shown inside another page, such as a comparison
	// Whole says the page draws the whole tree, fetched from LayoutURL;
	// a tree too big for that is navigated, its drawings sent over the
	// websocket.
	Whole bool
	// LeastWholeWidth is, when Whole, the least width of the whole tree's
	// drawing in its units: a page whose tree panel is narrower at a
	// readable scale is sent a display set instead, so it fetches none.
	LeastWholeWidth float64
	// Counter says where Step is, in the server's words ("iteration 3
	// of 300 · step 1 of its 13"); Iterative says the trace has
	// iterations, so the counter shows the step in the whole trace too.
	Counter   string
	Iterative bool
	Grains    []GrainChoice // the step-by selector's options
	// BoardCell is the side of a board's cell drawn in a node, in the
	// drawing's units: presentation mode zooms no further out than keeps
	// it readable.
	BoardCell string
}

// GrainChoice is one option of the viewer's step-by selector.
type GrainChoice struct {
	Name   string // the step command's grain, "iteration"
	Label  string // "iteration", "pass", "decision change"
	Hidden bool   // the trace has no step of this grain
}

// ViewChoice is one button of the viewer's point-of-view toggle.
type ViewChoice struct {
	Name  string // the view parameter's value, "root" or "side"
	Label string // "MAX's view"
	About string // what the view means, the button's tooltip
}

// ExampleNote tells what an example shows, on its viewer page.
type ExampleNote struct {
	Title      string
	Watch      string
	About      string // a paragraph, when a sentence is not enough
	PairTitle  string // the example it is compared with
	CompareURL string // the page showing both side by side
}

// Compare shows two examples side by side, each in its own viewer: one
// sentence that makes the point, a table of the searches' results, a box
// that steps both viewers together, and a paragraph on what tells them
// apart.
type Compare struct {
	Title string
	Point string // the one sentence the page opens with
	About string
	Sides []CompareSide

	Summary    *CompareSummary // nil while the searches run
	SummaryURL string          // the table as an HTML fragment, fetched once they end
	StepBoth   string          // what "step both" keeps the same
	// Matched says the viewers open at steps that match, so that "step
	// both" starts ticked.
	Matched  bool
	MatchURL string // answers the step of one viewer that matches a step of the other
}

// CompareCountsPanel is the counts panel of a comparison: the counts of
// its two searches, and of any others it names as extras.
type CompareCountsPanel struct {
	URL     string // the counts of every search, an HTML fragment
	Heading string // "Counts per depth of both searches"
	Extras  []CompareExtra
}

// CompareExtra is a search whose counts join a comparison's without a
// viewer on its page.
type CompareExtra struct {
	Title string
	URL   string // its example's own page
}

// listEnd is what follows item i of a list of n in a sentence in the
// reader's language: a comma, or the sentence's full stop after the last.
func listEnd(ctx context.Context, i, n int) string {
	ja := LangOf(ctx).Code() == "ja"
	switch {
	case i == n-1 && ja:
		return "。"
	case i == n-1:
		return "."
	case ja:
		return "、"
	}
	return ", "
}

// viewerTitle is the viewer's title in the reader's language: the
// algorithm on the game.
func viewerTitle(ctx context.Context, v Viewer) string {
	if v.Algorithm == "" {
		return v.Title
	}
	return F(ctx, "%s on %s", v.Algorithm, v.Game)
}

// exampleTitle is a gallery card's title in the reader's language: a
// comparison's says it shows two searches side by side.
func exampleTitle(ctx context.Context, e Example) string {
	if e.Comparison {
		return F(ctx, "Side by side: %s", T(ctx, e.Title))
	}
	return T(ctx, e.Title)
}

// CompareSide is one of the viewers of a comparison.
type CompareSide struct {
	Title     string
	Watch     string
	TraceID   string
	FrameURL  string // the viewer, embedded
	ViewerURL string // the same viewer as a page of its own
}

// Message is a page that says one thing, such as a missing trace.
type Message struct {
	Title string
	Text  string
}

// frameName names the i-th viewer of a comparison, "side1", "side2", ...
func frameName(i int) string {
	return "side" + strconv.Itoa(i+1)
}

// Key is one line of the viewer's list of keys: the keys and what they do.
type Key struct {
	Keys []string
	Does string
}

// viewerKeys returns the viewer's keys, as static/js/viewer/keys.js handles them.
func viewerKeys() []Key {
	return []Key{
		{[]string{"→", "←"}, "step forward, back, at the grain chosen in \"step by\""},
		{[]string{"Home", "End"}, "the first step, the last: the decision"},
		{[]string{"Space"}, "play, pause"},
		{[]string{"+", "−"}, "zoom in, out"},
		{[]string{"0"}, "fit: the whole tree, or the current path and its neighbours when the whole would be too small to read"},
		{[]string{"p"}, "presentation mode: big type, only what the step needs"},
		{[]string{"l"}, "show or hide the legend"},
		{[]string{"c"}, "collapse or show the selected node's children"},
		{[]string{"r"}, "view only the selected node's subtree"},
		{[]string{"s"}, "step only through the selected subtree's events, or through every event again"},
		{[]string{"u", "t"}, "view the parent's subtree, the whole tree"},
		{[]string{"Tab"}, "into the tree, at its root; there ↑ ↓ ← → move among the nodes, and Enter or Space selects one"},
		{[]string{"?"}, "this list"},
		{[]string{"Esc"}, "close this list"},
	}
}

// Exercise is the exercise page: the form that picks one, the exercise,
// and when an answer was given, its grade.
type Exercise struct {
	Kinds  []Choice   // the kinds of exercise
	Rules  string     // what an MCTS or beam exercise gives beside its tree or maze: threshold, C, result; width, depth
	Maze   [][]string // a beam exercise's maze, by row, one text a cell
	Levels []Choice   // the difficulties, labelled for Kind
	// LevelLabels is, as JSON, each kind's labels of Levels by kind name,
	// for the page to relabel the difficulties when another kind is
	// chosen.
	LevelLabels string
	Kind        string
	Level       string
	Seed        int64
	Typed       string // a tree typed by hand, in place of Level and Seed
	Question    string // what to find, in words
	Format      string // how to type the answer
	TreeSVG     string // the tree, drawn; "" for UCB1
	Arms        []ExerciseArm
	Visits      int     // UCB1's t
	C           float64 // UCB1's C
	Answer      string  // the answer given, "" for none yet
	Graded      bool
	Correct     bool
	Feedback    string
	Counts      string // what was right and wrong, in words
	Error       string // a bad answer or exercise, in words
	// Solution runs the exercise's algorithm on its tree, to step through
	// it in the viewer: the new-search form's fields.
	SolveGame, SolveAlgo, SolvePosition string
	Link                                string // this exercise's address, to hand out
}

// Choice is one option of a select.
type Choice struct {
	Name, Label string
}

// ExerciseArm is one child of a UCB1 exercise's parent.
type ExerciseArm struct {
	Label string
	W     string
	N     int
}

// mazeCellClass is the class of a cell of a beam exercise's maze: a wall,
// the character, or floor.
func mazeCellClass(cell string) string {
	switch cell {
	case "#":
		return "wall"
	case "@":
		return "start"
	}
	return "floor"
}

// Landing is the start page: what searchviz is, the gallery by lesson,
// joining a room, opening a trace file and the latest saved traces.
type Landing struct {
	Lessons     []Lesson
	UploadError string // what was wrong with the last file opened
	Saved       []Saved
	MoreSaved   bool // Saved is only the latest of more
	MaxUpload   string
}

// Lesson is one subject of the gallery and its examples.
type Lesson struct {
	Anchor string // the id of its section on the page
	Title  string
	Intro  string // one sentence: what its examples teach
	Cards  []Example
}

// Thumb is a small picture of an example's position: a board's grid and
// the cells on it that are not empty, or a tree's nodes and edges. Sizes
// are in the drawing's own units; the page scales it.
type Thumb struct {
	W, H  float64
	Cell  float64 // a board's cell side
	Grid  string  // the path of a board's lines between cells
	Discs bool    // pieces are discs on a green board
	Cells []ThumbCell
	Tree  bool // a tree's shape rather than a board
	Nodes []ThumbNode
	Edges []ThumbEdge
}

// ThumbCell is a board's cell that is not empty: its top left corner.
type ThumbCell struct {
	X, Y  float64
	Kind  string // "wall", "points" or "piece"
	Owner string // "nobody", "first", "second" or "both"
	Mark  string // the text drawn in it, "" where the cell is too small to read it
}

// ThumbNode is a node of a tree's picture: its centre and its kind,
// "max", "min", "chance" or "leaf".
type ThumbNode struct {
	X, Y float64
	Kind string
}

// ThumbEdge is an edge of a tree's picture, from parent to child.
type ThumbEdge struct {
	X1, Y1, X2, Y2 float64
}
