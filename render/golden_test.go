package render

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// rnTree is the tree of Russell and Norvig's Figure 5.2: MAX's value is 3,
// and alpha-beta prunes C's second and third leaves, 4 and 6, once C's first
// leaf 2 shows that C is worth at most 2 to MAX, who has 3 already.
const rnTree = "[[3,12,8],[2,4,6],[14,5,2]]"

// goldenCase is one search drawn at one step with some options; its golden
// file is testdata/<name>.dot, the name spelling out those choices.
type goldenCase struct {
	name       string
	game, algo string
	position   string
	step       int // lastStep for the trace's last step
	opts       Options
	boards     bool // set opts.Board to the game's reader
}

var goldenCases = []goldenCase{
	{name: "rn-alphabeta-root-last", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep},
	{name: "rn-alphabeta-side-step12", game: "tree", algo: "alphabeta", position: rnTree, step: 12, opts: Options{View: ViewSide}},
	{name: "rn-alphabeta-root-legend-last", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep, opts: Options{Legend: true}},
	{name: "rn-minimax-root-last", game: "tree", algo: "minimax", position: rnTree, step: lastStep},
	{name: "tictactoe-alphabeta-boards-legend-step40", game: "tictactoe", algo: "alphabeta", position: "x.o/.x./..o", step: 40, opts: Options{Legend: true}, boards: true},
	{name: "maze-beam-boards-legend-last", game: "maze", algo: "beam width=2 depth=3", position: "3:39737/3#1#6/69@86/6#8#4/36914", step: lastStep, opts: Options{Legend: true}, boards: true},
	{name: "tictactoe-mcts40-legend-last", game: "tictactoe", algo: "mcts playouts=40", position: "x.o/.x./..o", step: lastStep, opts: Options{Legend: true}},
	{name: "tree-alphabeta-tt-last", game: "tree", algo: "alphabeta tt=1", position: ttTree, step: lastStep},
	{name: "maze-chokudai-step30", game: "maze", algo: "chokudai width=1 depth=3 passes=3", position: "3:39737/3#1#6/69@86/6#8#4/36914", step: 30},
	// A Japanese reader's drawing: its caption, legend and cut reasons.
	{name: "rn-alphabeta-root-legend-last-ja", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep, opts: Options{Legend: true, Lang: explain.Japanese}},
}

// searchEvents runs the real engine on one search and returns its trace.
func searchEvents(tb testing.TB, game, algo, position string) []trace.Event {
	tb.Helper()
	r, err := catalog.Prepare(catalog.Request{Game: game, Algo: algo, Position: position, Seed: 1})
	if err != nil {
		tb.Fatalf("Prepare %s %s %q: %v", game, algo, position, err)
	}
	rec := trace.NewRecorder(0)
	if _, err := r.Search(context.Background(), rec); err != nil {
		tb.Fatalf("Search %s %s %q: %v", game, algo, position, err)
	}
	return rec.Events()
}

// goldenDOT draws a golden case from a fresh search.
func goldenDOT(tb testing.TB, c goldenCase) string {
	tb.Helper()
	opts := c.opts
	if c.boards {
		opts.Board = gameBoards(tb, c.game)
	}
	return writeDOT(tb, mustTree(tb, searchEvents(tb, c.game, c.algo, c.position), c.step), opts)
}

func TestWriteDOTGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := goldenDOT(t, c)
			if again := goldenDOT(t, c); again != got {
				t.Fatal("two runs of the same search draw different DOT")
			}
			checkGolden(t, c.name+".dot", []byte(got))
		})
	}
}

// checkGolden compares got with the golden file testdata/name, or with
// -update writes it there.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Golden -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs at %s; if the change is intended, run go test ./render -run Golden -update and review the diff", path, firstDiff(string(got), string(want)))
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n\tgot  " + gl + "\n\twant " + wl
		}
	}
	return "no line (same lines)"
}

// The tests below check facts about the textbook tree that are known
// without running our code, so a golden file written from a wrong
// drawing cannot pass them.

// rnLeafValues are the leaves of Figure 5.2 from left to right.
var rnLeafValues = []string{"3", "12", "8", "2", "4", "6", "14", "5", "2"}

// value returns the bold value text of a node statement, "" if none.
func value(s dotStmt) string {
	if m := valueCell.FindStringSubmatch(s.html); m != nil {
		return m[1]
	}
	return ""
}

// classOf returns a node's status class, the first of its classes.
func classOf(s dotStmt) string {
	c, _, _ := strings.Cut(s.attrs["class"], " ")
	return c
}

// edgeAction returns the action part of an edge label, before any reason.
func edgeAction(s dotStmt) string {
	a, _, _ := strings.Cut(s.attrs["label"], `\n`)
	return a
}

// rnNodes draws the textbook tree at its last step and returns the node
// ids by the path of actions to them ("" for the root, "a2" for C, "a2/c3"
// for C's third leaf), with the parsed statements.
func rnNodes(t *testing.T, algo string, opts Options) (byPath map[string]int, nodes, edges map[int]dotStmt) {
	t.Helper()
	dot := goldenDOT(t, goldenCase{game: "tree", algo: algo, position: rnTree, step: lastStep, opts: opts})
	nodes, edges, parents, _ := parseDOT(t, dot)
	var path func(id int) string
	path = func(id int) string {
		p, ok := parents[id]
		if !ok {
			return ""
		}
		if pp := path(p); pp != "" {
			return pp + "/" + edgeAction(edges[id])
		}
		return edgeAction(edges[id])
	}
	byPath = map[string]int{}
	for id := range nodes {
		byPath[path(id)] = id
	}
	return byPath, nodes, edges
}

func TestGoldenFactsTextbookMiniMax(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	byPath, nodes, edges := rnNodes(t, "minimax", Options{})
	if len(nodes) != 13 || len(edges) != 12 {
		t.Fatalf("%d nodes and %d edges, want the 13 nodes and 12 edges of Figure 5.2", len(nodes), len(edges))
	}
	want := map[string]string{"": "3", "a1": "3", "a2": "2", "a3": "2"}
	i := 0
	for _, p := range []string{"a1/b", "a2/c", "a3/d"} {
		for j := 1; j <= 3; j++ {
			want[p+strconv.Itoa(j)] = rnLeafValues[i]
			i++
		}
	}
	for path, v := range want {
		id, ok := byPath[path]
		if !ok {
			t.Errorf("no node at %q", path)
			continue
		}
		if got := value(nodes[id]); got != v {
			t.Errorf("node %q (n%d) has value %q, want %s", path, id, got, v)
		}
	}
	for id, n := range nodes {
		if c := classOf(n); c == "st_pruned" || c == "st_not_reached" {
			t.Errorf("minimax at its last step: n%d is %s", id, c)
		}
	}
	for _, p := range []string{"", "a1", "a1/b1"} {
		if c := classOf(nodes[byPath[p]]); c != "st_best" {
			t.Errorf("node %q on the best line is %s, want st_best", p, c)
		}
	}
}

func TestGoldenFactsTextbookAlphaBeta(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	for _, view := range []View{ViewRoot, ViewSide} {
		t.Run(view.String(), func(t *testing.T) {
			t.Parallel()
			byPath, nodes, edges := rnNodes(t, "alphabeta", Options{View: view})
			if len(nodes) != 13 {
				t.Errorf("%d nodes, want 13: 11 searched and 2 pruned", len(nodes))
			}
			var pruned []string
			for id, n := range nodes {
				if classOf(n) != "st_pruned" {
					continue
				}
				e := edges[id]
				pruned = append(pruned, edgeAction(e))
				// One cut pruned both: its reason is written once, under c2.
				want := edgeAction(e)
				if want == "c2" {
					want += `\n` + textbookCutLabel[view]
				}
				if e.attrs["label"] != want {
					t.Errorf("edge into pruned n%d labelled %q, want %q", id, e.attrs["label"], want)
				}
				if classOf(e) != "st_pruned" || e.attrs["style"] != "dashed" {
					t.Errorf("edge into pruned n%d: class %q, style %q", id, e.attrs["class"], e.attrs["style"])
				}
			}
			slices.Sort(pruned)
			// C is the root's second child; its second and third leaves,
			// c2 and c3, are the 4 and the 6 of the figure.
			if !slices.Equal(pruned, []string{"c2", "c3"}) {
				t.Errorf("pruned %q, want exactly [c2 c3], the leaves 4 and 6", pruned)
			}
			for id, e := range edges {
				if classOf(nodes[id]) != "st_pruned" && strings.Contains(e.attrs["label"], "cut") {
					t.Errorf("edge into n%d, not pruned, labelled %q", id, e.attrs["label"])
				}
			}
			if got := value(nodes[byPath[""]]); got != "3" {
				t.Errorf("root value %q, want 3", got)
			}
			if view == ViewRoot {
				if got := value(nodes[byPath["a1"]]); got != "3" {
					t.Errorf("B's value %q, want 3", got)
				}
			} else if got := value(nodes[byPath["a1"]]); got != "-3" {
				t.Errorf("B's value in its own view %q, want -3", got)
			}
			for _, p := range []string{"", "a1", "a1/b1"} {
				if c := classOf(nodes[byPath[p]]); c != "st_best" {
					t.Errorf("node %q on the best line is %s, want st_best", p, c)
				}
			}
		})
	}
}

func TestGoldenFactsEarlyStep(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	// At step 12 only the nodes created by then are drawn; the rest keep
	// their place, invisible.
	evs := searchEvents(t, "tree", "alphabeta", rnTree)
	created := map[int]bool{}
	for _, e := range evs[:13] {
		if e.Kind == trace.KindNode {
			created[int(e.Node)] = true
		}
	}
	if len(created) == 0 || len(created) >= 11 {
		t.Fatalf("%d nodes created by step 12; the test wants a step in the middle of the search", len(created))
	}
	nodes, edges, _, _ := parseDOT(t, writeDOT(t, mustTree(t, evs, 12), Options{View: ViewSide}))
	if len(nodes) != 13 {
		t.Errorf("%d nodes at step 12, want all 13 of the final tree", len(nodes))
	}
	for id, n := range nodes {
		if invis := n.attrs["style"] == "invis"; invis == created[id] {
			t.Errorf("n%d invisible %v, created %v", id, invis, created[id])
		}
		if e, ok := edges[id]; ok && (e.attrs["style"] == "invis") != !created[id] {
			t.Errorf("edge into n%d style %q, node created %v", id, e.attrs["style"], created[id])
		}
	}
}

// TestGoldenFilesAreSensible is not parallel: it reads the golden files,
// which the parallel golden tests rewrite with -update.
func TestGoldenFilesAreSensible(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the golden files")
	// Nothing of the trace header, which holds the time, may reach the DOT.
	r, err := catalog.Prepare(catalog.Request{Game: "tree", Algo: "alphabeta", Position: rnTree})
	if err != nil {
		t.Fatal(err)
	}
	h := r.Header()
	stamps := []string{h.Format, h.Time.Format("2006-01-02"), h.Time.Format("15:04:05")}
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			dot, err := os.ReadFile(filepath.Join("testdata", c.name+".dot"))
			if err != nil {
				if *update {
					return
				}
				t.Fatal(err)
			}
			if !bytes.HasPrefix(dot, []byte("digraph")) || !bytes.Contains(dot, []byte("\tn0 [")) {
				t.Errorf("%s.dot is not a drawing of a tree", c.name)
			}
			for _, bad := range stamps {
				if bytes.Contains(dot, []byte(bad)) {
					t.Errorf("%s.dot contains %q from the trace header", c.name, bad)
				}
			}
		})
	}
}

func TestGoldenFactsTicTacToeBoards(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	// x.o/.x./..o has 5 empty cells, so the root has 5 children; every
	// node draws its 3x3 board, and the legend is there.
	c := goldenCases[slices.IndexFunc(goldenCases, func(c goldenCase) bool { return c.game == "tictactoe" })]
	nodes, edges, parents, legend := parseDOT(t, goldenDOT(t, c))
	final := mustTree(t, searchEvents(t, c.game, c.algo, c.position), lastStep)
	if legend == "" {
		t.Error("no legend")
	}
	children := 0
	for _, p := range parents {
		if p == 0 {
			children++
		}
	}
	if children != 5 {
		t.Errorf("root has %d children, want 5, one per empty cell", children)
	}
	if len(edges) != len(nodes)-1 {
		t.Errorf("%d edges for %d nodes", len(edges), len(nodes))
	}
	cell := `WIDTH="` + strconv.Itoa(cellSize) + `" HEIGHT="` + strconv.Itoa(cellSize) + `"`
	placeholders := 0
	for id, n := range nodes {
		if final.Node(trace.NodeID(id)).Placeholder {
			placeholders++ // a placeholder for a pruned move has no board
			if strings.Contains(n.html, cell) {
				t.Errorf("placeholder n%d draws a board", id)
			}
			continue
		}
		if got := strings.Count(n.html, cell); got != 9 {
			t.Errorf("n%d draws %d board cells, want 9", id, got)
		}
	}
	if placeholders == 0 || placeholders == len(nodes)-1 {
		t.Errorf("%d of %d nodes are placeholders for pruned moves", placeholders, len(nodes))
	}
}

func TestGoldenFactsMazeBeam(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	// The primer's 5x5 board, seed 0, 3 turns, beam width 2. Worked by
	// hand: depth 1 scores right 8, left 9, down 8, up 1: keep left and
	// right (right before down on the tie), drop 2. Depth 2: from left, back
	// 9 or left 15; from right, right 14 or back 8: keep 15 and 14, drop 2.
	// Depth 3: from 15, back 15, down 21, up 18; from 14, back 14, down 18,
	// up 20: keep 21 and 20, drop 4. Best: left, left, down, score 21.
	c := goldenCases[slices.IndexFunc(goldenCases, func(c goldenCase) bool { return c.name == "maze-beam-boards-legend-last" })]
	dot := string(goldenDOT(t, c))
	if n := strings.Count(dot, `class="st_dropped ty_single"`); n != 8 {
		t.Errorf("%d dropped states, want 2+2+4 = 8", n)
	}
	if n := strings.Count(dot, `class="st_best ty_single"`); n != 4 {
		t.Errorf("%d states on the best line, want the root and 3 moves", n)
	}
	for _, want := range []string{`<B>21</B>`, `<B>20</B>`, "values: the player's score"} {
		if !strings.Contains(dot, want) {
			t.Errorf("the drawing lacks %s", want)
		}
	}
}

func TestGoldenFactsMazeChokudaiPasses(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	// Chokudai takes the root in its first pass only: every edge from the
	// root is made by pass 1; later passes take other states at each depth
	// and make edges of their own, each named on the drawing.
	c := goldenCases[slices.IndexFunc(goldenCases, func(c goldenCase) bool { return c.name == "maze-chokudai-step30" })]
	dot := string(goldenDOT(t, c))
	for line := range strings.SplitSeq(dot, "\n") {
		if strings.Contains(line, "\tn0 -> ") && !strings.Contains(line, "· pass 1\"") {
			t.Errorf("an edge from the root is not made by pass 1: %s", line)
		}
	}
	for _, want := range []string{"· pass 2", "· pass 3"} {
		if !strings.Contains(dot, want) {
			t.Errorf("no edge says %q", want)
		}
	}
}
