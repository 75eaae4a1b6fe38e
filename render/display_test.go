package render

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

func TestVisitWidth(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	// 1 + round(5·√share), worked by hand.
	tests := []struct {
		visits, root int
		want         int
	}{
		{100, 100, 6}, // √1 = 1: 1+5
		{64, 100, 5},  // √.64 = .8: 1+4
		{36, 100, 4},  // √.36 = .6: 1+3
		{25, 100, 4},  // √.25 = .5: 1+round(2.5) = 1+3
		{16, 100, 3},  // √.16 = .4: 1+2
		{4, 100, 2},   // √.04 = .2: 1+1
		{1, 1000, 1},  // √.001 ≈ .032: 1+round(.16) = 1
		{0, 100, 0},   // never visited: no weight
		{5, 0, 0},     // a root with no visits gives no share to draw
		{150, 100, 6}, // a trace whose backprop paths skip the root: the whole share
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d of %d", tt.visits, tt.root), func(t *testing.T) {
			t.Parallel()
			if got := visitWidth(tt.visits, tt.root); got != tt.want {
				t.Errorf("visitWidth(%d, %d) = %d, want %d", tt.visits, tt.root, got, tt.want)
			}
		})
	}
}

func TestVisitWidthGrowsWithVisits(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	const root = 300
	prev := 1
	for v := 1; v <= root; v++ {
		w := visitWidth(v, root)
		if w < prev || w > 6 {
			t.Fatalf("visitWidth(%d, %d) = %d after %d for one visit fewer; want 1 to 6, never narrower with more visits", v, root, w, prev)
		}
		prev = w
	}
}

func TestWeight(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	// Edges of the current path and the current node are 3 points wide,
	// of the best line 5, those of searched nodes 1 point.
	tests := []struct {
		name   string
		parent trace.NodeID
		status trace.Status
		visits int
		root   int
		want   int
	}{
		{"done, every iteration", 0, trace.StatusDone, 100, 100, 6},
		{"done, a quarter", 0, trace.StatusDone, 25, 100, 4},
		{"done, 4%", 3, trace.StatusDone, 4, 100, 2},
		{"done, one in a thousand: as thin as any searched edge", 3, trace.StatusDone, 1, 1000, 0},
		{"done, never visited", 0, trace.StatusDone, 0, 100, 0},
		{"path, a quarter: wider than the path's 3 points", 0, trace.StatusPath, 25, 100, 4},
		{"current, 16%: 3 points, the current's own width", 2, trace.StatusCurrent, 16, 100, 0},
		{"best, every iteration: wider than the best line's 5 points", 0, trace.StatusBest, 100, 100, 6},
		{"best, 64%: 5 points, the best line's own width", 0, trace.StatusBest, 64, 100, 0},
		{"best, 4%: the best line's width stays", 7, trace.StatusBest, 4, 100, 0},
		{"the root has no edge", trace.NoNode, trace.StatusBest, 100, 100, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			n := trace.NodeState{ID: 9, Parent: tt.parent, Status: tt.status, Visits: tt.visits, Total: float64(tt.visits) / 2}
			if got := weight(n, tt.root); got != tt.want {
				t.Errorf("weight of a %v node with %d of %d visits = %d, want %d", tt.status, tt.visits, tt.root, got, tt.want)
			}
		})
	}
}

// visitsText extracts a Monte Carlo node's visits from its label.
var visitsText = regexp.MustCompile(`>n=(\d+)<`)

// statusWidth is how wide a status draws the edge into a node without
// weights: thick on the current path, thicker on the best line, medium
// into a node a beam dropped.
func statusWidth(class string) int {
	switch class {
	case "st_current", "st_path":
		return 3
	case "st_best":
		return 5
	case "st_dropped":
		return 2
	}
	return 1
}

func TestWriteDOTEdgeWidthByVisits(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	// MCTS from x.o/.x./..o, where x must block at c2: after 200
	// iterations, every one through the root, c2 has most of them.
	evs := searchEvents(t, "tictactoe", "mcts playouts=200", "x.o/.x./..o")
	n := len(evs)
	for _, step := range []int{n / 3, n / 2, n - 1} {
		t.Run(strconv.Itoa(step), func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, evs, step)
			nodes, edges, parents, legend := parseDOT(t, writeDOT(t, tr, Options{Legend: true}))
			visits := func(id int) int {
				m := visitsText.FindStringSubmatch(nodes[id].html)
				if m == nil {
					return 0
				}
				v, _ := strconv.Atoi(m[1])
				return v
			}
			root := visits(0)
			if step == tr.Len()-1 && root != 200 {
				t.Fatalf("the root shows n=%d at the last step, want the 200 iterations", root)
			}
			weighted := 0
			for id, e := range edges {
				class, _, _ := strings.Cut(e.attrs["class"], " ")
				want := statusWidth(class)
				if v := visits(id); v > 0 {
					want = max(want, 1+int(math.Round(5*math.Sqrt(float64(v)/float64(root)))))
				}
				if got := e.attrs["penwidth"]; got != strconv.Itoa(want) {
					t.Errorf("edge into n%d (%s, n=%d of %d) penwidth %s, want %d", id, class, visits(id), root, got, want)
				}
				wantClass := class
				if want > statusWidth(class) {
					wantClass += " vw" + strconv.Itoa(want)
					weighted++
				}
				if e.attrs["class"] != wantClass {
					t.Errorf("edge into n%d class %q, want %q", id, e.attrs["class"], wantClass)
				}
				// A widened edge of a searched node is slate, so that the
				// black current path stands out; other statuses keep theirs.
				slate := e.attrs["color"] == colorVisits
				if want := class == "st_done" && strings.Contains(wantClass, " vw"); slate != want {
					t.Errorf("edge into n%d (%s) has colour %s", id, wantClass, e.attrs["color"])
				}
			}
			if weighted == 0 {
				t.Error("no edge is wider by its visits")
			}
			most, least := -1, -1
			for id, p := range parents {
				if p != 0 || visits(id) == 0 {
					continue
				}
				if most < 0 || visits(id) > visits(most) {
					most = id
				}
				if least < 0 || visits(id) < visits(least) {
					least = id
				}
			}
			if most < 0 {
				t.Fatal("no move of the root has visits")
			}
			if step == tr.Len()-1 && edgeAction(edges[most]) != "c2" {
				t.Errorf("the most visited move is %s, want the block c2", edgeAction(edges[most]))
			}
			wMost, _ := strconv.Atoi(edges[most].attrs["penwidth"])
			wLeast, _ := strconv.Atoi(edges[least].attrs["penwidth"])
			if visits(most) >= 4*visits(least) && wMost <= wLeast {
				t.Errorf("the root's most visited move (n=%d) is %d wide, no wider than its least visited (n=%d), %d wide", visits(most), wMost, visits(least), wLeast)
			}
			if !strings.Contains(legend, "edge width") {
				t.Error("the legend does not explain edge widths")
			}
		})
	}
}

func TestWriteDOTNoWeightsWithoutVisits(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	// Alpha-beta backs up no results: no edge is weighted, and the legend
	// has nothing to say about widths.
	dot := writeDOT(t, mustTree(t, textbookEvents(), lastStep), Options{Legend: true})
	if strings.Contains(dot, " vw") || strings.Contains(dot, "edge width") {
		t.Error("an alpha-beta drawing has edge weights or explains them")
	}
}

func TestDisplayWeight(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	// The patch a page gets and WriteDOT's edge agree at every step.
	evs := searchEvents(t, "tictactoe", "mcts playouts=30", "x.o/.x./..o")
	tr := mustTree(t, evs, 0)
	for step := range tr.Len() {
		if err := tr.Seek(step); err != nil {
			t.Fatal(err)
		}
		_, edges, _, _ := parseDOT(t, writeDOT(t, tr, Options{}))
		if d := Display(tr, tr.Root(), ViewRoot); d.Weight != 0 {
			t.Errorf("step %d: the root, which has no edge, has weight %d", step, d.Weight)
		}
		for id, e := range edges {
			w := Display(tr, trace.NodeID(id), ViewRoot).Weight
			hasClass := strings.HasSuffix(e.attrs["class"], " vw"+strconv.Itoa(w))
			if (w > 0) != hasClass || (w > 0 && e.attrs["penwidth"] != strconv.Itoa(w)) {
				t.Errorf("step %d: n%d has weight %d, its edge class %q and penwidth %s", step, id, w, e.attrs["class"], e.attrs["penwidth"])
			}
		}
	}
}

var (
	// cssRule matches a rule of StyleSheet: its selector and declarations.
	cssRule = regexp.MustCompile(`^(.*) \{ (.*) \}$`)
	// edgePathRule matches the selector of a rule for the lines of edges
	// of one class.
	edgePathRule = regexp.MustCompile(`^\.edge\.\w+ path$`)
)

func TestStyleSheetWeights(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the style sheet")
	t.Parallel()
	css := StyleSheet()
	lastStatus, firstWeight := -1, -1
	for i, line := range strings.Split(strings.TrimSpace(css), "\n") {
		m := cssRule.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("line %d is not a rule: %s", i+1, line)
		}
		sel, decls := m[1], m[2]
		if !strings.HasPrefix(sel, ".edge.") || !strings.Contains(decls, "stroke-width") {
			continue
		}
		// An edge's status and weight rules must have the same
		// specificity, one class after .edge and the path, so that the
		// later one wins.
		if !edgePathRule.MatchString(sel) {
			t.Errorf("edge width rule with selector %q", sel)
		}
		switch {
		case strings.HasPrefix(sel, ".edge.st_"):
			lastStatus = i
		case strings.HasPrefix(sel, ".edge.vw"):
			if firstWeight < 0 {
				firstWeight = i
			}
		}
	}
	if lastStatus < 0 || firstWeight < 0 || firstWeight < lastStatus {
		t.Errorf("the last status width rule is line %d, the first weight rule line %d; want weights after statuses", lastStatus+1, firstWeight+1)
	}
	for k := 2; k <= 6; k++ {
		if rule := ".edge.vw" + strconv.Itoa(k) + " path { stroke-width: " + strconv.Itoa(k) + "; }"; !strings.Contains(css, rule+"\n") {
			t.Errorf("no rule %s", rule)
		}
	}
}

// TestStyleSheetTexts checks that StyleSheet draws the texts of a page's
// tidy drawing, which carry classes instead of presentation attributes,
// in the sizes and weights a drawing for a file gives them.
func TestStyleSheetTexts(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the style sheet")
	t.Parallel()
	rules := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(StyleSheet()), "\n") {
		if m := cssRule.FindStringSubmatch(line); m != nil {
			rules[m[1]] += m[2] + " "
		}
	}
	for _, c := range []struct {
		class string
		size  int
		bold  bool
	}{
		{classValue, fontValue, true},
		{classWindow, fontWindow, false},
		{classWindow, moreFont, false}, // a placeholder's count of nodes
		{classMore, moreFontBold, true},
		{classLabel, fontEdge, false},
	} {
		t.Run(fmt.Sprintf("%s %dpx", c.class, c.size), func(t *testing.T) {
			t.Parallel()
			decls := rules["text."+c.class]
			if !strings.Contains(decls, "font-size: "+strconv.Itoa(c.size)+"px;") || strings.Contains(decls, "bold") != c.bold {
				t.Errorf("text.%s is drawn with %q, want %d points, bold %v", c.class, decls, c.size, c.bold)
			}
		})
	}
	if decls := rules["text."+classLabel]; !strings.Contains(decls, "stroke: white; stroke-width: "+strconv.Itoa(labelHalo)+"; paint-order: stroke;") {
		t.Errorf("an edge's label has no halo: %q", decls)
	}
	all := rules["text."+classValue+", text."+classWindow+", text."+classMore+", text."+classLabel]
	if !strings.Contains(all, "font-family: "+fontFamily+"; text-anchor: middle;") {
		t.Errorf("the texts of a page's drawing are drawn with %q", all)
	}
	if rules[".edge > path"] != "fill: none; " {
		t.Errorf("the lines of a page's drawing's edges are drawn with %q, want no fill", rules[".edge > path"])
	}
}

// TestDisplayPlayoutResult checks that at the step of a playout its
// result, which the event gives in the root player's view, is written on
// the node it starts from, in either view, and only at that step.
func TestDisplayPlayoutResult(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	for _, algo := range []string{"mcts playouts=40", "pmc playouts=5"} {
		t.Run(algo, func(t *testing.T) {
			t.Parallel()
			evs := searchEvents(t, "tictactoe", algo, "x.o/.x./..o")
			tr := mustTree(t, evs, 0)
			playouts := 0
			for step := range tr.Len() {
				if err := tr.Seek(step); err != nil {
					t.Fatal(err)
				}
				e := tr.Event(step)
				for id := range tr.Size() {
					n := tr.Node(trace.NodeID(id))
					for _, v := range []View{ViewRoot, ViewSide} {
						d := Display(tr, n.ID, v)
						shown := strings.HasPrefix(d.Window, "playout")
						if e.Kind != trace.KindPlayout || e.Node != n.ID {
							if shown {
								t.Fatalf("step %d (%s): node %d shows %q", step, e.Kind, id, d.Window)
							}
							continue
						}
						want := e.Result // x, the root player, is MAX
						if v == ViewSide && n.Type == trace.TypeMin {
							want = 1 - e.Result
						}
						if d.Window != "playout → "+trace.FormatValue(want) {
							t.Errorf("step %d: the playout from node %d (%s) with result %v shows %q in the %s view", step, id, n.Type, e.Result, d.Window, v)
						}
					}
				}
				if e.Kind == trace.KindPlayout {
					playouts++
				}
			}
			if playouts == 0 {
				t.Fatal("the trace has no playout")
			}
		})
	}
}
