package web

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// Commands a page sends over the websocket, in the "type" field.
const (
	cmdSeek   = "seek"   // go to step "step"
	cmdPlay   = "play"   // step forward "speed" steps a second until the end
	cmdPause  = "pause"  // stop playing
	cmdView   = "view"   // show values in "view": "root" or "side"
	cmdSelect = "select" // describe node "node" in every frame; -1 for none
)

// Limits on what a page may ask.
const (
	maxSpeed = 50 // steps a second while playing
	logLines = 40 // the most recent steps a frame describes
)

// command is a message from the page.
type command struct {
	Type  string  `json:"type"`
	Step  *int    `json:"step,omitempty"`
	Speed float64 `json:"speed,omitempty"`
	View  string  `json:"view,omitempty"`
	Node  *int    `json:"node,omitempty"`
}

// decodeCommand reads one message from a page: one JSON object of a
// known type, with no unknown fields.
func decodeCommand(data []byte) (command, error) {
	var c command
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("bad message: %v", err)
	}
	if dec.More() {
		return c, fmt.Errorf("bad message: one JSON object per message")
	}
	switch c.Type {
	case cmdSeek, cmdPlay, cmdPause, cmdView, cmdSelect:
		return c, nil
	}
	return c, fmt.Errorf("unknown message type %q (want seek, play, pause, view or select)", c.Type)
}

// check checks a command's arguments against a trace of the given steps
// and nodes.
func (c command) check(steps, nodes int) error {
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
	case cmdSelect:
		if c.Node == nil || *c.Node < -1 || *c.Node >= nodes {
			return fmt.Errorf("select needs a node in 0..%d, or -1 for none", nodes-1)
		}
	}
	return nil
}

// frameMsg shows the page one step: the nodes whose drawing changed since
// the last frame (every node when Full), the focus, and the step's words.
type frameMsg struct {
	Type    string `json:"type"` // "frame"
	Step    int    `json:"step"`
	Steps   int    `json:"steps"` // the trace's number of steps
	View    string `json:"view"`
	Full    bool   `json:"full"`    // Nodes lists every node: restyle them all
	Playing bool   `json:"playing"` // the server is stepping forward by itself
	Live    bool   `json:"live"`    // the search is still running and the trace growing
	// Relayout says the tree has grown since the page's drawing: the page
	// fetches the drawing again before it applies this (full) frame.
	Relayout bool        `json:"relayout,omitempty"`
	Nodes    []nodePatch `json:"nodes"`
	Current  int         `json:"current"`            // the focus, -1 for none
	Line     int         `json:"line"`               // the pseudocode line lit, 0 for none
	Log      []logLine   `json:"log"`                // the latest steps in words, oldest first
	Vars     []variable  `json:"vars"`               // the focus's variables
	Board    *boardView  `json:"board,omitempty"`    // the focus's position
	Selected *nodeMsg    `json:"selected,omitempty"` // the node the page selected
	Decision string      `json:"decision,omitempty"` // the search's result in words, once it has one
	Beam     *beamView   `json:"beam,omitempty"`     // beam searches: the latest beam, ranked
	Visits   *visitsView `json:"visits,omitempty"`   // Monte Carlo searches: the root's visits so far
}

// visitsView is how often each of the root's moves has been visited, now
// and over the results backed up so far, for a chart of why the most
// visited move is chosen.
type visitsView struct {
	Labels  []string `json:"labels"`  // the root's moves
	Counts  []int    `json:"counts"`  // visits of each move now
	Total   int      `json:"total"`   // results backed up through the root so far
	History [][]int  `json:"history"` // by move, its visits at evenly spaced points of the total so far
	At      []int    `json:"at"`      // those points: results backed up
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

// nodePatch is one node's drawing: [id, class, value, window, weight] on
// the wire, weight being the width of the edge into the node by its visits
// (render.NodeDisplay.Weight), 0 for none.
type nodePatch struct {
	ID int
	render.NodeDisplay
}

// MarshalJSON writes the patch as a five-element array, the most compact
// form for traces with thousands of nodes.
func (p nodePatch) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{p.ID, p.Class, p.Value, p.Window, p.Weight})
}

type logLine struct {
	Step int    `json:"step"`
	Text string `json:"text"`
}

// variable is one row of the variables panel.
type variable struct {
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
	Cells   []board.Cell `json:"cells"`             // each cell's kind, owner and mark
	Changed []bool       `json:"changed,omitempty"` // the move just played
	Trail   []bool       `json:"trail,omitempty"`   // one-player games: the cells earlier moves changed
	Score   string       `json:"score,omitempty"`   // one-player games: the score so far
}

// nodeMsg is everything about the selected node at a frame's step.
type nodeMsg struct {
	Node   int         `json:"node"`
	Title  string      `json:"title"`
	Facts  []variable  `json:"facts"`
	Reason string      `json:"reason,omitempty"` // why it was pruned
	Board  *boardView  `json:"board,omitempty"`
	Matrix *matrixView `json:"matrix,omitempty"` // a simultaneous-move node's children
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
