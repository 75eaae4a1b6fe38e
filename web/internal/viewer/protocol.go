package viewer

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// Commands a page sends over the websocket, in the "type" field.
const (
	cmdSeek     = "seek"     // go to step "step"
	cmdStep     = "step"     // go "by" 1 or -1 steps of "grain" (event by default), to the next step the filter lets through
	cmdPlay     = "play"     // step forward "speed" steps a second until the end
	cmdPause    = "pause"    // stop playing
	cmdView     = "view"     // show values in "view": "root" or "side"
	cmdSelect   = "select"   // describe node "node" in every frame; -1 for none
	cmdExpand   = "expand"   // show more children of node "node", or all if it was collapsed
	cmdCollapse = "collapse" // hide the children of node "node"
	cmdRoot     = "root"     // view the subtree of node "node"
	cmdUp       = "up"       // view the subtree of the parent of the view's root
	cmdReveal   = "reveal"   // view the subtree around node "node" and select it
	cmdFilter   = "filter"   // step only to events that touch node "node"'s subtree; -1 for every step
	cmdSync     = "sync"     // at once: go to step "step", show "view", select node "node" (-1 for none), as a room's presenter does
	cmdPanel    = "panel"    // the tree panel holds "width" by "height" units of the drawing at a readable scale
	cmdUnfold   = "unfold"   // draw the path to the current node whole, not folded to fit the panel
)

// commandTypes are the commands a page may send, as an error lists them.
var commandTypes = []string{cmdSeek, cmdStep, cmdPlay, cmdPause, cmdView, cmdSelect, cmdExpand, cmdCollapse, cmdRoot, cmdUp, cmdReveal, cmdFilter, cmdSync, cmdPanel, cmdUnfold}

// Command is a message from the page.
type Command struct {
	Type  string  `json:"type"`
	Step  *int    `json:"step,omitempty"`
	By    *int    `json:"by,omitempty"`
	Speed float64 `json:"speed,omitempty"`
	View  string  `json:"view,omitempty"`
	Node  *int    `json:"node,omitempty"`
	Grain string  `json:"grain,omitempty"` // step's grain (see grain.go): event, node, iteration, cut, backup or decision
	// Width and Height are a panel command's: the tree panel's size in
	// the drawing's units at the scale where its texts are readable.
	Width  float64 `json:"width,omitempty"`
	Height float64 `json:"height,omitempty"`
}

// decodeCommand reads one message from a page: one JSON object of a
// known type, with no unknown fields.
func decodeCommand(data []byte) (Command, error) {
	var c Command
	if err := wsconn.Decode(data, &c); err != nil {
		return c, err
	}
	if slices.Contains(commandTypes, c.Type) {
		return c, nil
	}
	return c, fmt.Errorf("unknown message type %q (want %s)", c.Type, strings.Join(commandTypes, ", "))
}

// check checks a command's arguments against a trace of the given steps
// and nodes.
func (c Command) check(steps, nodes int) error {
	if c.Grain != "" && c.Type != cmdStep {
		return fmt.Errorf("%s takes no grain: only step does", c.Type)
	}
	switch c.Type {
	case cmdSeek:
		if c.Step == nil || *c.Step < 0 || *c.Step >= steps {
			return fmt.Errorf("seek needs a step in 0..%d", steps-1)
		}
	case cmdPlay:
		if c.Speed <= 0 || c.Speed > maxSpeed {
			return fmt.Errorf("play needs a speed in (0, %d] steps a second", maxSpeed)
		}
	case cmdView:
		if _, err := trace.ParseView(c.View); err != nil {
			return fmt.Errorf("view must be root or side, not %q", c.View)
		}
	case cmdStep:
		if c.By == nil || (*c.By != 1 && *c.By != -1) {
			return errors.New("step needs by 1 or -1")
		}
		if _, err := parseGrain(c.Grain); err != nil {
			return err
		}
	case cmdSelect, cmdFilter:
		if c.Node == nil || *c.Node < -1 || *c.Node >= nodes {
			return fmt.Errorf("%s needs a node in 0..%d, or -1 for none", c.Type, nodes-1)
		}
	case cmdSync:
		switch {
		case c.Step == nil || *c.Step < 0 || *c.Step >= steps:
			return fmt.Errorf("sync needs a step in 0..%d", steps-1)
		case c.Node == nil || *c.Node < -1 || *c.Node >= nodes:
			return fmt.Errorf("sync needs a node in 0..%d, or -1 for none", nodes-1)
		}
		if _, err := trace.ParseView(c.View); err != nil {
			return fmt.Errorf("sync's view must be root or side, not %q", c.View)
		}
	case cmdExpand, cmdCollapse, cmdRoot, cmdReveal:
		if c.Node == nil || *c.Node < 0 || *c.Node >= nodes {
			return fmt.Errorf("%s needs a node in 0..%d", c.Type, nodes-1)
		}
	case cmdPanel:
		return CheckPanel(c.Width, c.Height)
	}
	return nil
}

// CheckPanel returns an error saying what is allowed unless w by h is a
// tree panel's size in the drawing's units a page may give, in a panel
// command or its socket's address.
func CheckPanel(w, h float64) error {
	if !(w > 0 && w <= MaxPanelUnits && h > 0 && h <= MaxPanelUnits) {
		return fmt.Errorf("panel needs a width and a height in (0, %d] units of the drawing, not %g by %g", MaxPanelUnits, w, h)
	}
	return nil
}

// Frame shows the page one step: the nodes whose drawing changed since
// the last frame (every node when Full), the focus, and the step's words.
type Frame struct {
	Type    string `json:"type"` // "frame"
	Step    int    `json:"step"`
	Steps   int    `json:"steps"` // the trace's number of steps
	View    string `json:"view"`
	Full    bool   `json:"full"`    // Nodes lists every node: restyle them all
	Playing bool   `json:"playing"` // the server is stepping forward by itself
	Live    bool   `json:"live"`    // the search is still running and the trace growing
	// Relayout says the page must fetch the drawing of the whole tree
	// again, from the layout URL, before it applies this (full) frame: the
	// tree has grown, or the page drew a display set before.
	Relayout bool        `json:"relayout,omitempty"`
	Nodes    []NodePatch `json:"nodes"`
	More     []MorePatch `json:"more,omitempty"` // placeholders of a display set whose texts changed`
	Current  int         `json:"current"`        // the focus, -1 for none
	Line     int         `json:"line"`           // the pseudocode line lit, 0 for none
	// Counter says where the step is: "iteration 12 of 300 · step 3 of
	// its 13", or "step 40 of 494" in a search without iterations.
	Counter string `json:"counter"`
	// Grains and Marks are, in a full frame or a page's first, the
	// grains the page may step by, and the steps its scrubber marks (see
	// grain.go).
	Grains []string `json:"grains,omitempty"`
	Marks  *Marks   `json:"marks,omitempty"`
	// Code is, in a full frame or a page's first, of an algorithm whose
	// pseudocode has two forms, the lines of the form that goes with View, which the page
	// shows instead of the lines it has: the point of view and the form
	// switch together.
	Code []string `json:"code,omitempty"`
	// Caption is, in a full frame or a page's first, the drawing's line
	// that says whose values it shows, in View: a page that switches views keeps its
	// drawing, laid out alike in both (render.Options.Patchable), and
	// rewrites this line and every node's texts.
	Caption  string      `json:"caption,omitempty"`
	Log      []LogLine   `json:"log"`                // the latest steps in words, oldest first
	Vars     []Variable  `json:"vars"`               // the focus's variables
	Board    *boardView  `json:"board,omitempty"`    // the focus's position
	Selected *Details    `json:"selected,omitempty"` // the node the page selected
	Decision string      `json:"decision,omitempty"` // the search's result in words, once it has one
	Beam     *beamView   `json:"beam,omitempty"`     // beam searches: the latest beam, ranked
	Visits   *visitsView `json:"visits,omitempty"`   // Monte Carlo searches: the root's visits so far
	Nav      *NavView    `json:"nav"`                // what the page shows of the tree
}

// Layout gives the page a new drawing, of a display set of a tree too
// big to draw whole or of the part it chose to see; the frames that follow
// restyle it. Its nodes have the ids of the whole tree's drawing, and its
// placeholders ids "m<p>", p the id of their parent.
type Layout struct {
	Type    string       `json:"type"` // "layout"
	View    string       `json:"view"`
	SVG     string       `json:"svg,omitempty"`
	Rest    bool         `json:"rest,omitempty"`  // svg is the drawing's first part: a Rest follows the frame
	Error   string       `json:"error,omitempty"` // why there is no drawing, instead of svg
	Root    int          `json:"root"`            // the view's root
	Shown   int          `json:"shown"`           // the nodes drawn, placeholders aside
	Total   int          `json:"total"`           // the nodes of the tree
	Cells   []int        `json:"cells"`           // the minimap's cells holding drawn nodes, row*cols+col
	Minimap *minimapView `json:"minimap,omitempty"`
}

// Rest is the rest of a drawing sent in two parts (Layout.Rest),
// after the frame that restyles the first: the lines of the nodes,
// placeholders and edges left out of the first part (render.SplitPage),
// which the page adds to its drawing and restyles as that frame says.
type Rest struct {
	Type string `json:"type"` // "rest"
	SVG  string `json:"svg"`
}

// minimapView is the overview of the whole tree that a minimap draws
// (render.Overview): nodes counted on a grid, row by row, a row per depth
// and columns by place in a preorder walk, and a node of each cell for a
// click on it to reveal, -1 in an empty cell.
type minimapView struct {
	Cols  int     `json:"cols"`
	Rows  int     `json:"rows"`
	Count []int32 `json:"count"`
	Rep   []int32 `json:"rep"`
}

// NavView is what a page shows of the tree, in every frame.
type NavView struct {
	Root       int     `json:"root"`                  // the view's root
	Trail      []crumb `json:"trail"`                 // the way from the root down to the view's root
	Filter     int     `json:"filter"`                // the subtree the step controls keep to, -1 for none
	FilterName string  `json:"filter_name,omitempty"` // its name
	Shown      int     `json:"shown"`                 // the nodes drawn, placeholders aside
	Total      int     `json:"total"`                 // the nodes of the tree
	Pruned     int     `json:"pruned,omitempty"`      // of them, the moves a cut pruned, drawn but never searched
	Elsewhere  bool    `json:"elsewhere,omitempty"`   // the focus lies outside the view's subtree
	Reach      int     `json:"reach,omitempty"`       // the step the view's root appears at, when later than the frame's
	Cell       []int   `json:"cell,omitempty"`        // the minimap's cell of the focus: col, row
	Span       []int   `json:"span,omitempty"`        // the minimap's columns of the view's subtree and its row: c0, c1, row
}

// crumb is one node on the way down to the view's root.
type crumb struct {
	Node int    `json:"node"`
	Name string `json:"name"` // the move into it, "root" for the root
}

// MorePatch is one placeholder's drawing: [parent, class, more, nodes] on
// the wire, class st_more or st_not_reached (hidden: it stands for no node
// yet), more and nodes its two lines of text, "+6 more" and "2,345 nodes".
type MorePatch struct {
	Parent      int
	Class       string
	More, Nodes string
}

// MarshalJSON writes the patch as a four-element array.
func (p MorePatch) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{p.Parent, p.Class, p.More, p.Nodes})
}

// visitsView is the panel of a Monte Carlo search's root moves: each
// move's measure by the search's own rule (MCTS's visits, Primitive Monte
// Carlo's win rates, each DUCT player's visits of its own actions), the
// words that say so, and which moves lead, ties as ties, or, at the
// decision, which move it takes. The page draws it as sent.
type visitsView struct {
	Title   string      `json:"title"`   // the panel's heading
	Caption string      `json:"caption"` // how much it counts: "after 300 results"
	Help    string      `json:"help"`    // how the search measures and chooses a move
	Rows    []visitsRow `json:"rows"`    // one per move, or per player's action
	Total   int         `json:"total"`   // results backed up through the root so far
	// History is, by row, its visits at evenly spaced points of the total
	// so far, At, for the chart of visits; both are nil when the search
	// does not measure moves by visits.
	History [][]int `json:"history,omitempty"`
	At      []int   `json:"at,omitempty"`
}

// visitsRow is one bar of the panel of root moves.
type visitsRow struct {
	Label string  `json:"label"`          // the move, or "A: right" for a player's action
	Count int     `json:"count"`          // its visits, or playouts
	Text  string  `json:"text"`           // what the bar says: its visits, or its win rate and playouts
	Width float64 `json:"width"`          // the bar's length, from 0 to 1
	Mark  string  `json:"mark,omitempty"` // "most visited", "tied for most visited", "chosen: ..."; "" for none
}

// beamView is what a beam search kept and dropped at one depth, best
// first: for Chokudai search, the states one pass took at one depth.
type beamView struct {
	Step    int       `json:"step"` // the beam event's step
	Depth   int       `json:"depth"`
	Pass    int       `json:"pass,omitempty"` // Chokudai search's pass
	Kept    []rankRow `json:"kept"`
	Dropped []rankRow `json:"dropped"`
	More    int       `json:"more,omitempty"` // rows left out of long lists
}

type rankRow struct {
	Node  int    `json:"node"`
	Name  string `json:"name"`
	Score string `json:"score"`
}

// NodePatch is one node's drawing: [id, class, value, window, weight] on
// the wire, weight being the width of the edge into the node by its visits
// (render.NodeDisplay.Weight), 0 for none.
type NodePatch struct {
	ID int
	render.NodeDisplay
}

// MarshalJSON writes the patch as a five-element array, the most compact
// form for traces with thousands of nodes.
func (p NodePatch) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{p.ID, p.Class, p.Value, p.Window, p.Weight})
}

// LogLine is one step of the log, in words.
type LogLine struct {
	Step int    `json:"step"`
	Text string `json:"text"`
}

// Variable is one row of the variables panel.
type Variable struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// boardView is a position drawn as a grid, as its game declares it, with
// the move just played. Cells, Changed and Trail run row by row, top row
// first.
type boardView struct {
	Title   string       `json:"title"`
	Caption string       `json:"caption,omitempty"` // what the grid does not show: "3 turns left, A to move"
	Rows    int          `json:"rows"`
	Cols    int          `json:"cols"`
	Cells   []board.Cell `json:"cells"`          // each cell's kind, owner and mark
	Look    string       `json:"look,omitempty"` // how the pieces are drawn, as board.Board's Look
	// ColumnNames and RowNames name the columns and rows as the moves do,
	// for the games that name their squares.
	ColumnNames []string `json:"columnNames,omitempty"`
	RowNames    []string `json:"rowNames,omitempty"`
	Changed     []bool   `json:"changed,omitempty"` // the move just played
	Trail       []bool   `json:"trail,omitempty"`   // one-player games: the cells earlier moves changed
	Score       string   `json:"score,omitempty"`   // one-player games: the score so far
	// Outcome is, for a node chance reached, what chance gave and its
	// probability, e.g. the die's faces "3-6" and "2/3"; Pending, for a
	// chance node, the move whose roll is to come.
	Outcome     string `json:"outcome,omitempty"`
	Probability string `json:"probability,omitempty"`
	Pending     string `json:"pending,omitempty"`
}

// Details is everything about the selected node at a frame's step.
type Details struct {
	Node     int         `json:"node"`
	Title    string      `json:"title"`
	Children int         `json:"children"`  // in the final tree
	Shown    bool        `json:"shown"`     // the node is drawn
	Folded   bool        `json:"collapsed"` // the page collapsed its children
	Facts    []Variable  `json:"facts"`
	Reason   string      `json:"reason,omitempty"` // why it was pruned
	Board    *boardView  `json:"board,omitempty"`
	Matrix   *matrixView `json:"matrix,omitempty"` // a simultaneous-move node's children
}

// matrixView is a simultaneous-move node's children as a matrix: player
// A's actions by rows, player B's by columns, each child's visits and mean
// result for A, with each player's visits per action summed over the
// other's; the pair on the current path is marked.
type matrixView struct {
	Rows   []string   `json:"rows"`
	Cols   []string   `json:"cols"`
	N      [][]int    `json:"n"`
	Mean   [][]string `json:"mean"`
	RowN   []int      `json:"row_n"`
	ColN   []int      `json:"col_n"`
	OnPath [][]bool   `json:"on_path"`
}

// errorMsg tells the page what was wrong with its last message.
type errorMsg struct {
	Type    string `json:"type"` // "error"
	Message string `json:"message"`
}
