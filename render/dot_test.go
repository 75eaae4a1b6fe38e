package render

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// dotStmt is one node or edge statement of WriteDOT's output.
type dotStmt struct {
	attrs map[string]string // quoted attributes, unquoted
	html  string            // an HTML-like label, between the outer < >
	line  string
}

var (
	nodeLine = regexp.MustCompile(`^\tn(\d+) \[(.*)\];$`)
	edgeLine = regexp.MustCompile(`^\tn(\d+) -> n(\d+) \[(.*)\];$`)
	attrRe   = regexp.MustCompile(`(\w+)="((?:[^"\\]|\\.)*)"`)
)

// parseDOT returns the node statements by id, the edge statements by child
// id with their parents, and the legend statement's line ("" if none). It
// fails the test on a statement it cannot read or one that repeats.
func parseDOT(tb testing.TB, dot string) (nodes map[int]dotStmt, edges map[int]dotStmt, parents map[int]int, legend string) {
	tb.Helper()
	nodes, edges, parents = map[int]dotStmt{}, map[int]dotStmt{}, map[int]int{}
	for line := range strings.SplitSeq(dot, "\n") {
		if strings.HasPrefix(line, "\tlegend [") {
			legend = line
			continue
		}
		if m := edgeLine.FindStringSubmatch(line); m != nil {
			p, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			if _, dup := edges[c]; dup {
				tb.Fatalf("two edges into n%d", c)
			}
			edges[c], parents[c] = stmt(m[3], line), p
			continue
		}
		if m := nodeLine.FindStringSubmatch(line); m != nil {
			id, _ := strconv.Atoi(m[1])
			if _, dup := nodes[id]; dup {
				tb.Fatalf("node n%d twice", id)
			}
			nodes[id] = stmt(m[2], line)
		}
	}
	return nodes, edges, parents, legend
}

func stmt(attrs, line string) dotStmt {
	s := dotStmt{attrs: map[string]string{}, line: line}
	if i := strings.Index(attrs, " label=<"); i >= 0 {
		s.html = strings.TrimSuffix(attrs[i+len(" label=<"):], ">")
		attrs = attrs[:i]
	}
	for _, m := range attrRe.FindAllStringSubmatch(attrs, -1) {
		s.attrs[m[1]] = m[2]
	}
	return s
}

func writeDOT(tb testing.TB, tr *trace.Tree, opts Options) string {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteDOT(&buf, tr, opts); err != nil {
		tb.Fatalf("WriteDOT: %v", err)
	}
	return buf.String()
}

// textbookParents is the shape of the textbook tree, worked out from the
// figure: A's children B, C, D; B's leaves 2-4; C's c1 and the
// placeholders 11 and 12; D's leaves 8-10.
var textbookParents = map[int]int{1: 0, 2: 1, 3: 1, 4: 1, 5: 0, 6: 5, 7: 0, 8: 7, 9: 7, 10: 7, 11: 5, 12: 5}

// textbookReached lists, for some steps, the nodes that exist then: each
// node from its node event on, and the placeholders from the cut.
var textbookReached = map[int][]int{
	-1: {},
	0:  {0},
	9:  {0, 1, 2},
	34: {0, 1, 2, 3, 4, 5, 6},
	35: {0, 1, 2, 3, 4, 5, 6, 11, 12},
	40: {0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12},
	62: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
}

func TestWriteDOTHasEveryNodeAtEveryStep(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	for step, reached := range textbookReached {
		opts := map[string]Options{"legend": {Legend: true}, "side": {View: ViewSide}, "boards": {Board: gameBoards(t, "tictactoe"), Legend: true}}
		for name, opts := range opts {
			t.Run(fmt.Sprintf("step%d/%s", step, name), func(t *testing.T) {
				t.Parallel()
				tr := mustTree(t, textbookEvents(), step)
				nodes, edges, parents, legend := parseDOT(t, writeDOT(t, tr, opts))
				if len(nodes) != textbookSize {
					t.Errorf("%d nodes, want %d", len(nodes), textbookSize)
				}
				for id := range textbookSize {
					if _, ok := nodes[id]; !ok {
						t.Errorf("node n%d missing", id)
					}
					if got := nodes[id].attrs["id"]; got != "n"+strconv.Itoa(id) {
						t.Errorf("n%d has id %q", id, got)
					}
				}
				for c, p := range textbookParents {
					if parents[c] != p || edges[c].attrs["id"] != "e"+strconv.Itoa(c) {
						t.Errorf("edge into n%d: from n%d with id %q, want from n%d with id e%d", c, parents[c], edges[c].attrs["id"], p, c)
					}
				}
				if len(edges) != len(textbookParents) {
					t.Errorf("%d edges, want %d", len(edges), len(textbookParents))
				}
				if (legend != "") != opts.Legend {
					t.Errorf("legend present %v, want %v", legend != "", opts.Legend)
				}
				isReached := map[int]bool{}
				for _, id := range reached {
					isReached[id] = true
				}
				for id := range textbookSize {
					invisNode := nodes[id].attrs["style"] == "invis"
					if invisNode == isReached[id] {
						t.Errorf("n%d invisible %v, want %v", id, invisNode, !isReached[id])
					}
					if e, ok := edges[id]; ok && (e.attrs["style"] == "invis") != invisNode {
						t.Errorf("edge into n%d invisible %v, node invisible %v", id, e.attrs["style"] == "invis", invisNode)
					}
				}
			})
		}
	}
}

// textbookCutReason is the reason for the textbook tree's cut at C, by
// view, worked by hand: C's first leaf, 2, falls to MAX's α=3; in MIN's
// own view C's value is -2 and its window (-∞, -3), so -2 reaches β=-3.
var textbookCutReason = map[View]string{ViewRoot: "α-cut: 2 ≤ α=3", ViewSide: "β-cut: -2 ≥ β=-3"}

// textbookCutLabel is textbookCutReason as a DOT label writes it under
// the edge, the cut's name over its test.
var textbookCutLabel = map[View]string{ViewRoot: `α-cut\n2 ≤ α=3`, ViewSide: `β-cut\n-2 ≥ β=-3`}

func TestWriteDOTPrunedEdges(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	for _, step := range []int{9, textbookCutStep, 62} {
		for _, view := range []View{ViewRoot, ViewSide} {
			t.Run(fmt.Sprintf("step%d/%v", step, view), func(t *testing.T) {
				t.Parallel()
				tr := mustTree(t, textbookEvents(), step)
				nodes, edges, _, _ := parseDOT(t, writeDOT(t, tr, Options{View: view}))
				if got, want := edges[idC2].attrs["label"], `c2\n`+textbookCutLabel[view]; got != want {
					t.Errorf("edge into c2 labelled %q, want %q at every step", got, want)
				}
				if got, want := edges[idC3].attrs["label"], "c3"; got != want {
					t.Errorf("edge into c3 labelled %q, want %q: the cut's reason is written once, under c2", got, want)
				}
				for id, e := range edges {
					if id == idC2 || id == idC3 {
						continue
					}
					if strings.Contains(e.attrs["label"], "cut") {
						t.Errorf("edge into n%d, not pruned, labelled %q", id, e.attrs["label"])
					}
				}
				for _, id := range []int{idC2, idC3} {
					n, e := nodes[id], edges[id]
					if step < textbookCutStep {
						if n.attrs["style"] != "invis" || e.attrs["style"] != "invis" {
							t.Errorf("n%d before the cut: node style %q, edge style %q, want invis", id, n.attrs["style"], e.attrs["style"])
						}
						continue
					}
					if n.attrs["style"] != "dashed" || e.attrs["style"] != "dashed" {
						t.Errorf("n%d: node style %q, edge style %q, want dashed", id, n.attrs["style"], e.attrs["style"])
					}
					if n.attrs["color"] != colorGrey || e.attrs["color"] != colorGrey {
						t.Errorf("n%d: node colour %q, edge colour %q, want grey", id, n.attrs["color"], e.attrs["color"])
					}
					if !strings.Contains(n.attrs["class"], "st_pruned") || !strings.Contains(e.attrs["class"], "st_pruned") {
						t.Errorf("n%d: classes %q and %q, want st_pruned", id, n.attrs["class"], e.attrs["class"])
					}
					if w, _ := strconv.ParseFloat(n.attrs["width"], 64); w >= 0.5 {
						t.Errorf("placeholder n%d is %s inches wide, want a small node", id, n.attrs["width"])
					}
				}
			})
		}
	}
}

// valueCell extracts the bold value text of a node label.
var valueCell = regexp.MustCompile(`<B>([^<]*)</B>`)

// windowCell extracts the α-β window text of a node label.
var windowCell = regexp.MustCompile(`(α=[^<]*)</FONT>`)

func TestWriteDOTValuesInEachView(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	// At the cut step: A has 3 (max, its own view is the root's), B 3 and
	// C 2 in the root view but -3 and -2 in their own; C is current with
	// the window (-∞, -3) in its own view, [3, ∞] in the root's; A is on
	// the path with [3, ∞]; B is done and shows no window; D has no value.
	tests := []struct {
		view                  View
		caption               string
		valA, valB, valC      string
		winA, winC            string
		unreachedHasNoValueID int
	}{
		{ViewRoot, "values: MAX's view (MAX moves at the root)", "3", "3", "2", "α=3 β=∞", "α=3 β=∞", idD},
		{ViewSide, "values: side to move's view (each node's player to move, as in negamax)", "3", "-3", "-2", "α=3 β=∞", "α=-∞ β=-3", idD},
	}
	for _, tt := range tests {
		t.Run(tt.view.String(), func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, textbookEvents(), textbookCutStep)
			dot := writeDOT(t, tr, Options{View: tt.view, Title: "R&N 5.2"})
			nodes, _, _, _ := parseDOT(t, dot)
			value := func(id int) string {
				if m := valueCell.FindStringSubmatch(nodes[id].html); m != nil {
					return m[1]
				}
				return ""
			}
			window := func(id int) string {
				if m := windowCell.FindStringSubmatch(nodes[id].html); m != nil {
					return m[1]
				}
				return ""
			}
			if got := value(idA) + " " + value(idB) + " " + value(idC); got != tt.valA+" "+tt.valB+" "+tt.valC {
				t.Errorf("values of A, B, C: %s, want %s %s %s", got, tt.valA, tt.valB, tt.valC)
			}
			if got := value(tt.unreachedHasNoValueID); got != "" {
				t.Errorf("D, not reached, shows %q", got)
			}
			if got := window(idA); got != tt.winA {
				t.Errorf("A's window %q, want %q", got, tt.winA)
			}
			if got := window(idC); got != tt.winC {
				t.Errorf("C's window %q, want %q", got, tt.winC)
			}
			if got := window(idB); got != "" {
				t.Errorf("B, done, shows the window %q", got)
			}
			if want := `label="R&amp;N 5.2\n` + tt.caption + `"`; !strings.Contains(dot, want) {
				t.Errorf("graph label is not %s", want)
			}
		})
	}
}

func TestWriteDOTStatuses(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	tests := []struct {
		step  int
		class map[int]string
	}{
		{9, map[int]string{0: "st_path", 1: "st_path", 2: "st_current", 3: "st_not_reached"}},
		{textbookCutStep, map[int]string{0: "st_path", 1: "st_done", 5: "st_current", 6: "st_done", idC2: "st_pruned"}},
		{62, map[int]string{0: "st_best", 1: "st_best", 2: "st_best", 3: "st_done", 5: "st_done", 7: "st_done", idC3: "st_pruned"}},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.step), func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, textbookEvents(), tt.step)
			nodes, edges, _, _ := parseDOT(t, writeDOT(t, tr, Options{}))
			for id, want := range tt.class {
				n := nodes[id]
				if !strings.HasPrefix(n.attrs["class"], want+" ") {
					t.Errorf("n%d class %q, want %s", id, n.attrs["class"], want)
				}
				thick := n.attrs["penwidth"] == "3"
				if wantThick := want == "st_path" || want == "st_current" || want == "st_best"; thick != wantThick {
					t.Errorf("n%d (%s) penwidth %s", id, want, n.attrs["penwidth"])
				}
				if filled := strings.Contains(n.attrs["style"], "filled"); filled != (want == "st_current" || want == "st_best") {
					t.Errorf("n%d (%s) style %q", id, want, n.attrs["style"])
				}
				if e, ok := edges[id]; ok && e.attrs["class"] != want {
					t.Errorf("edge into n%d class %q, want %s", id, e.attrs["class"], want)
				}
				if want == "st_best" && id != 0 && (edges[id].attrs["color"] != colorBlue || edges[id].attrs["penwidth"] != "5") {
					t.Errorf("edge into best n%d: colour %s, penwidth %s", id, edges[id].attrs["color"], edges[id].attrs["penwidth"])
				}
			}
			wantType := map[int]string{0: "ty_max", 1: "ty_min", 2: "ty_max", 5: "ty_min", idC2: "ty_max"}
			for id, ty := range wantType {
				if !strings.HasSuffix(nodes[id].attrs["class"], " "+ty) {
					t.Errorf("n%d class %q, want type %s", id, nodes[id].attrs["class"], ty)
				}
			}
		})
	}
}

// geometryAttrs are the attributes that decide where Graphviz puts things.
var geometryAttrs = []string{"shape", "width", "height"}

func TestWriteDOTGeometrySameAtEveryStep(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	traces := map[string][]trace.Event{
		"textbook":  textbookEvents(),
		"tictactoe": tictactoeEvents(),
		"random":    randomEvents(7, 60),
	}
	for name, evs := range traces {
		opts := map[string]Options{"legend": {Legend: true}, "boards": {Board: gameBoards(t, "tictactoe"), Legend: true, View: ViewSide}}
		for optsName, opts := range opts {
			t.Run(name+"/"+optsName, func(t *testing.T) {
				t.Parallel()
				tr := mustTree(t, evs, lastStep)
				lastNodes, lastEdges, _, lastLegend := parseDOT(t, writeDOT(t, tr, opts))
				for step := -1; step < tr.Len(); step++ {
					if err := tr.Seek(step); err != nil {
						t.Fatal(err)
					}
					nodes, edges, _, legend := parseDOT(t, writeDOT(t, tr, opts))
					if legend != lastLegend {
						t.Fatalf("step %d: the legend differs from the last step's", step)
					}
					for id, n := range lastNodes {
						for _, a := range geometryAttrs {
							if nodes[id].attrs[a] != n.attrs[a] {
								t.Fatalf("step %d: n%d %s=%q, at the last step %q", step, id, a, nodes[id].attrs[a], n.attrs[a])
							}
						}
					}
					for id, e := range lastEdges {
						if edges[id].attrs["label"] != e.attrs["label"] {
							t.Fatalf("step %d: edge into n%d labelled %q, at the last step %q", step, id, edges[id].attrs["label"], e.attrs["label"])
						}
					}
				}
			})
		}
	}
}

func TestWriteDOTBoards(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	tr := mustTree(t, tictactoeEvents(), lastStep)
	nodes, edges, _, legend := parseDOT(t, writeDOT(t, tr, Options{Board: gameBoards(t, "tictactoe"), Legend: true}))
	highlighted := regexp.MustCompile(`BGCOLOR="` + colorYellow + `">(?:<FONT POINT-SIZE="10"><B>([^<]*)</B></FONT>)?</TD>`)
	cells := regexp.MustCompile(`WIDTH="` + strconv.Itoa(cellSize) + `" HEIGHT="` + strconv.Itoa(cellSize) + `"`)
	// Node 1 is x's c2 and node 3 o's reply at c2; the root has no parent
	// to differ from, and the placeholders 4 to 6 have no boards.
	wantMove := map[int]string{0: "", 1: "x", 2: "x", 3: "o"}
	for id, move := range wantMove {
		got := highlighted.FindAllStringSubmatch(nodes[id].html, -1)
		switch {
		case move == "" && len(got) != 0:
			t.Errorf("n%d highlights %d cells, want none", id, len(got))
		case move != "" && (len(got) != 1 || got[0][1] != move):
			t.Errorf("n%d highlights %q, want the one cell %q", id, got, move)
		}
		if n := len(cells.FindAllString(nodes[id].html, -1)); n != 9 {
			t.Errorf("n%d has %d board cells, want 9", id, n)
		}
	}
	for id := 4; id <= 6; id++ {
		if cells.MatchString(nodes[id].html) {
			t.Errorf("placeholder n%d draws a board", id)
		}
		// One cut pruned the three: its reason is written once, on the first.
		got, want := edges[id].attrs["label"], `\nα-cut\n-1 ≤ α=0`
		if first := id == 4; strings.HasSuffix(got, want) != first || !first && strings.Contains(got, `\n`) {
			t.Errorf("edge into placeholder n%d labelled %q, want it to end %q only on n4", id, got, want)
		}
	}
	if !strings.Contains(legend, "the move just played") {
		t.Error("the legend does not explain highlighted cells")
	}
	without, _, _, _ := parseDOT(t, writeDOT(t, tr, Options{}))
	if cells.MatchString(without[0].html) {
		t.Error("boards drawn without Options.Board")
	}
}

func TestWriteDOTDoesNotMoveTheTree(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	tr := mustTree(t, textbookEvents(), 20)
	boards := gameBoards(t, "tictactoe")
	first := writeDOT(t, tr, Options{Legend: true, Board: boards})
	if tr.Step() != 20 {
		t.Fatalf("WriteDOT moved the tree to step %d", tr.Step())
	}
	if second := writeDOT(t, tr, Options{Legend: true, Board: boards}); second != first {
		t.Error("two WriteDOT calls on the same tree differ")
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteDOTErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	tr := mustTree(t, textbookEvents(), 9)
	errDisk := errors.New("disk full")
	tests := []struct {
		name string
		w    *bytes.Buffer
		fw   failWriter
		tr   *trace.Tree
		opts Options
		is   error
	}{
		{name: "no tree", w: &bytes.Buffer{}},
		{name: "unknown view", w: &bytes.Buffer{}, tr: tr, opts: Options{View: 7}},
		{name: "writer fails", fw: failWriter{errDisk}, tr: tr, is: errDisk},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.w != nil {
				err = WriteDOT(tt.w, tt.tr, tt.opts)
			} else {
				err = WriteDOT(tt.fw, tt.tr, tt.opts)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("error %q lacks the prefix render: ", err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q does not wrap %q", err, tt.is)
			}
		})
	}
}
