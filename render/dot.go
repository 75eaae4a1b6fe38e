package render

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/trace"
)

// WriteDOT writes tree t, as it stands at its current step, to w as a
// Graphviz DOT digraph drawn with opts. The output is deterministic: nodes
// in id order, then the edge into each node in id order, then the legend.
//
// Every node of the final tree is in the output, at every step, with the
// same geometry, so that Graphviz places each node at the same spot at
// every step of one trace; nodes not reached yet are invisible.
//
// WriteDOT reads t and does not move it; like every use of a trace.Tree,
// it must not run concurrently with calls that move t.
func WriteDOT(w io.Writer, t *trace.Tree, opts Options) error {
	if t == nil {
		return errors.New("render: no tree to draw; pass the *trace.Tree that trace.NewTree returns")
	}
	if err := opts.check(); err != nil {
		return err
	}
	final, err := finalTree(t)
	if err != nil {
		return err
	}
	d := &drawing{t: t, final: final, opts: opts, w: bufio.NewWriter(w), passes: passes(final), shown: make([]NodeDisplay, t.Size())}
	d.boards = readBoards(t, opts.Board)
	d.header()
	for id := range t.Size() {
		d.node(trace.NodeID(id))
	}
	for id := range t.Size() {
		d.edge(trace.NodeID(id))
	}
	if opts.Legend {
		d.legend()
	}
	d.w.WriteString("}\n")
	if err := d.w.Flush(); err != nil {
		return fmt.Errorf("render: writing DOT: %w", err)
	}
	return nil
}

// drawing is one run of WriteDOT. Its writer keeps the first error, which
// Flush returns, so the methods do not check each write.
type drawing struct {
	t      *trace.Tree // at the step drawn
	final  *trace.Tree // at the last step, for what must not change between steps
	opts   Options
	w      *bufio.Writer
	boards []*board.Board // by node id, nil where no board is drawn; nil without Options.Board
	passes bool           // the trace's iterations are passes from the root, named on edges
	shown  []NodeDisplay  // by node id, what node writes, for edge
}

// maxNamedPasses is the most passes a drawing names on its edges; more
// would crowd every edge with a number.
const maxNamedPasses = 50

// passes reports whether t's iterations are a few passes from the root of
// a one-player search, such as Chokudai search's, whose edges say which
// pass made them: its iteration events have no depth.
func passes(t *trace.Tree) bool {
	if t.Node(t.Root()).Type != trace.TypeSingle {
		return false
	}
	n := 0
	for k := range t.Len() {
		if e := t.Event(k); e.Kind == trace.KindIteration {
			if e.IterationInfo().DepthLimit != 0 {
				return false
			}
			n++
		}
	}
	return n > 0 && n <= maxNamedPasses
}

// finalTree returns t at its last step, for what a drawing takes from the
// final tree: t itself, or a clone moved there.
func finalTree(t *trace.Tree) (*trace.Tree, error) {
	if t.Step() == t.Len()-1 {
		return t, nil
	}
	final := t.Clone()
	if err := final.Seek(final.Len() - 1); err != nil {
		return nil, fmt.Errorf("render: cannot see the final tree: %w", err)
	}
	return final, nil
}

// readBoards reads every node's board of t once, with the game's reader
// read; it returns nil, no boards, for a nil read.
func readBoards(t *trace.Tree, read func(string) (board.Board, bool)) []*board.Board {
	if read == nil {
		return nil
	}
	boards := make([]*board.Board, t.Size())
	for id := range boards {
		boards[id] = readBoard(read, t.Node(trace.NodeID(id)).Board)
	}
	return boards
}

// boardOf returns the board drawn in node id, or nil.
func (d *drawing) boardOf(id trace.NodeID) *board.Board {
	if id < 0 || int(id) >= len(d.boards) {
		return nil
	}
	return d.boards[id]
}

func (d *drawing) header() {
	caption := d.caption()
	if d.opts.Title != "" {
		caption = d.opts.Title + "\n" + caption
	}
	d.w.WriteString("digraph searchtree {\n")
	d.w.WriteString("\tgraph [charset=\"UTF-8\" ordering=\"out\" outputorder=\"edgesfirst\" nodesep=\"0.2\" ranksep=\"0.35\"" +
		" fontname=\"Helvetica\" fontsize=\"12\" labelloc=\"t\" label=" + dotString(caption) + "];\n")
	d.w.WriteString("\tnode [fontname=\"Helvetica\" fontsize=\"10\" fixedsize=\"true\"];\n")
	d.w.WriteString("\tedge [fontname=\"Helvetica\" fontsize=\"9\" arrowhead=\"none\"];\n")
}

// caption says whose values the drawing shows: a view of two players',
// or the one player's score.
func (d *drawing) caption() string {
	return explain.Caption(d.t.Node(d.t.Root()).Type, d.opts.View)
}

// node writes node id: its geometry from what it is in the final tree,
// its look and text from its state at the current step.
func (d *drawing) node(id trace.NodeID) {
	n := d.t.Node(id)
	lk := lookOf(n.Status)
	g := geometryOf(n, d.boardOf(id))
	w := d.w
	w.WriteString("\tn")
	w.WriteString(strconv.Itoa(int(id)))
	w.WriteString(` [id="n` + strconv.Itoa(int(id)) + `" class="` + lk.class + ` ` + typeClass(n.Type) + `"`)
	w.WriteString(` shape="` + g.shape + `" width="` + inches(g.width) + `" height="` + inches(g.height) + `"`)
	d.lookAttrs(lk, lk.style)
	if lk.fillcolor != "" {
		w.WriteString(` fillcolor="` + lk.fillcolor + `"`)
	}
	w.WriteString(` label=`)
	d.shown[id] = Display(d.t, id, d.opts.View)
	w.WriteString(nodeLabel(id, d.shown[id], g, d.boardOf(n.Parent), d.opts))
	w.WriteString("];\n")
}

// edge writes the edge into node id, if it has a parent. Its label, the
// action and for a pruned node the reason for the cut, is taken from the
// final tree, so that it is the same at every step. Its width is its
// status's or, where that is wider, its weight by visits (see
// NodeDisplay.Weight), which a weight class names for StyleSheet; a
// searched node's widened edge is slate grey (colorVisits).
func (d *drawing) edge(id trace.NodeID) {
	n := d.t.Node(id)
	if n.Parent == trace.NoNode {
		return
	}
	label := actionText(n)
	if d.passes && n.Iteration > 0 {
		label += " · pass " + strconv.Itoa(n.Iteration)
	}
	if f := d.final.Node(id); f.Placeholder && f.PrunedBy != trace.NoNode {
		if reason := CutReason(d.final.Node(f.PrunedBy)); reason != "" {
			label += "\n" + reason
		}
	}
	lk := lookOf(n.Status)
	class := lk.class
	if k := d.shown[id].Weight; k > 0 {
		class += " " + weightClass(k)
		lk.penwidth = float64(k)
		if n.Status == trace.StatusDone {
			lk.color = colorVisits
		}
	}
	w := d.w
	w.WriteString("\tn" + strconv.Itoa(int(n.Parent)) + " -> n" + strconv.Itoa(int(id)))
	w.WriteString(` [id="e` + strconv.Itoa(int(id)) + `" class="` + class + `" label=` + dotString(label))
	d.lookAttrs(lk, lk.edgeStyle)
	w.WriteString("];\n")
}

// lookAttrs writes the attributes of a look that nodes and edges share.
func (d *drawing) lookAttrs(lk look, style string) {
	d.w.WriteString(` style="` + style + `" penwidth="` + strconv.FormatFloat(lk.penwidth, 'f', -1, 64) + `"`)
	d.w.WriteString(` color="` + lk.color + `" fontcolor="` + lk.fontcolor + `"`)
}

// typeClass returns the SVG class of a node type, "ty_max" for example.
func typeClass(typ trace.NodeType) string {
	switch typ {
	case trace.TypeMax, trace.TypeMin, trace.TypeChance, trace.TypeSingle, trace.TypeJoint:
		return "ty_" + typ.String()
	}
	return "ty_unknown"
}

// inches formats a length in points as inches, Graphviz's unit for sizes.
func inches(points float64) string {
	return strconv.FormatFloat(points/72, 'f', 4, 64)
}
