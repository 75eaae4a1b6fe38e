package viewer

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// bigShows caches the folded traces of the searches the tests navigate,
// each recorded once, however many tests ask for it at once.
var bigShows sync.Map // request -> *bigShowOnce

// bigShowOnce is the show of one search, recorded by the first test to
// ask for it.
type bigShowOnce struct {
	once sync.Once
	sh   *show.Show
}

// bigShow returns the show of the search req asks for, which must be too
// big to draw whole.
func bigShow(tb testing.TB, req catalog.Request) *show.Show {
	tb.Helper()
	key := req.Game + "|" + req.Algo + "|" + req.Position
	v, _ := bigShows.LoadOrStore(key, &bigShowOnce{})
	o := v.(*bigShowOnce)
	o.once.Do(func() { o.sh = recordShow(tb, "big", req) })
	if o.sh == nil {
		tb.Fatalf("%s of %s could not be recorded by the test that first asked", req.Algo, req.Game)
	}
	if o.sh.WholeFits() {
		tb.Fatalf("%s of %s has %d nodes, within the display budget", req.Algo, req.Game, o.sh.Tree().Size())
	}
	return o.sh
}

// The searches the tests navigate: AlphaBeta's whole search of
// tic-tac-toe, 25,227 nodes with its pruned moves, and MCTS, 4,918 nodes
// visited again and again.
var (
	alphabetaAll = catalog.Request{Game: "tictactoe", Algo: "alphabeta"}
	mctsBig      = catalog.Request{Game: "tictactoe", Algo: "mcts playouts=20000", Seed: 1}
)

// pageModel is what a page draws after applying messages: the nodes and
// placeholders of its drawing, with their looks.
type pageModel struct {
	nodes map[int]render.NodeDisplay
	more  map[int]MorePatch
}

// apply applies a frame as a page does; drawn, if not nil, is a new
// drawing's state, which the frame restyles.
func (m *pageModel) apply(drawn *pageModel, f Frame) {
	if drawn != nil {
		m.nodes, m.more = maps.Clone(drawn.nodes), maps.Clone(drawn.more)
	}
	if f.Full || m.nodes == nil {
		m.nodes, m.more = map[int]render.NodeDisplay{}, map[int]MorePatch{}
	}
	for _, p := range f.Nodes {
		m.nodes[p.ID] = p.NodeDisplay
	}
	for _, p := range f.More {
		m.more[p.Parent] = p
	}
}

// svgNode and svgMore find the classes of nodes and placeholders in a
// drawing.
var (
	svgNode = regexp.MustCompile(`<g id="n(\d+)" class="node (st_\w+) `)
	svgMore = regexp.MustCompile(`<g id="m(\d+)" class="node more (st_\w+)"`)
)

// drawnState returns what a new drawing of set s shows: the final tree's
// display, as a full frame of the last step gives it, after checking that
// the drawing's classes say the same.
func drawnState(t *testing.T, sh *show.Show, s *render.Shown, svg string) *pageModel {
	t.Helper()
	m := pageModel{nodes: map[int]render.NodeDisplay{}, more: map[int]MorePatch{}}
	for _, id := range s.Nodes() {
		m.nodes[int(id)] = render.Display(sh.Tree(), id, trace.ViewRoot)
	}
	for i, p := range s.Groups() {
		more, nodes := s.Final(i).Label()
		m.more[int(p)] = MorePatch{Parent: int(p), Class: "st_more", More: more, Nodes: nodes}
	}
	seen := 0
	for _, g := range svgNode.FindAllStringSubmatch(svg, -1) {
		id, _ := strconv.Atoi(g[1])
		if d, ok := m.nodes[id]; !ok || d.Class != g[2] {
			t.Errorf("the drawing has node %d of class %s, the last step's frame %+v", id, g[2], d)
		}
		seen++
	}
	for _, g := range svgMore.FindAllStringSubmatch(svg, -1) {
		p, _ := strconv.Atoi(g[1])
		if d, ok := m.more[p]; !ok || d.Class != g[2] {
			t.Errorf("the drawing has a placeholder under %d of class %s, the last step's frame %+v", p, g[2], d)
		}
		seen++
	}
	if seen != len(m.nodes)+len(m.more) {
		t.Errorf("the drawing has %d nodes and placeholders, the set %d", seen, len(m.nodes)+len(m.more))
	}
	return &m
}

// TestNavigatedFramesAddUp steps a viewer of a big trace, forwards, back
// and by jumps: what a page has drawn after applying each frame's patches
// must be what a full frame of the same display set at that step draws.
func TestNavigatedFramesAddUp(t *testing.T) {
	testenv.SkipUnderRace(t, "steps viewers of big folded traces in one goroutine")
	t.Parallel()
	for _, req := range []catalog.Request{alphabetaAll, mctsBig} {
		t.Run(req.Algo, func(t *testing.T) {
			t.Parallel()
			sh := bigShow(t, req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			rng := rand.New(rand.NewPCG(1, 2))
			var page pageModel
			steps := []int{0, 1, 2, 3}
			k := sh.Tree().Len() / 3
			for range 150 {
				steps = append(steps, k)
				k++
			}
			for range 10 {
				steps = append(steps, rng.IntN(sh.Tree().Len()))
			}
			steps = append(steps, sh.Tree().Len()-1, sh.Tree().Len()-2)
			layouts := 0
			for _, k := range steps {
				layout, f, err := vw.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				var drawn *pageModel
				if layout != nil {
					layouts++
					if layout.SVG == "" || layout.Shown != vw.shown.Len() {
						t.Fatalf("step %d: a layout of %d nodes with %d bytes of SVG", k, layout.Shown, len(layout.SVG))
					}
					drawn = drawnState(t, sh, vw.shown, layout.SVG)
				}
				if f.Full {
					t.Errorf("step %d: a full frame of a display set", k)
				}
				page.apply(drawn, f)
				var want pageModel
				want.apply(nil, fullFrame(t, sh, vw.shown, k))
				if len(page.nodes) != vw.shown.Len() || len(want.nodes) != len(page.nodes) {
					t.Fatalf("step %d: the page draws %d nodes, a full frame %d, the set has %d", k, len(page.nodes), len(want.nodes), vw.shown.Len())
				}
				for id, d := range want.nodes {
					if page.nodes[id] != d {
						t.Errorf("step %d, node %d: the page draws %+v, a full frame %+v", k, id, page.nodes[id], d)
					}
				}
				for p, m := range want.more {
					if page.more[p] != m {
						t.Errorf("step %d, placeholder under %d: the page draws %+v, a full frame %+v", k, p, page.more[p], m)
					}
				}
				if !vw.shown.Has(trace.NodeID(max(f.Current, 0))) {
					t.Errorf("step %d: the current node %d is not drawn", k, f.Current)
				}
			}
			t.Logf("%d frames, %d drawings", len(steps), layouts)
			if layouts > 20 {
				t.Errorf("%d drawings in %d frames: the drawing changes too often", layouts, len(steps))
			}
		})
	}
}

// fullFrame returns a full frame of display set s at step k, from a fresh
// viewer that draws s.
func fullFrame(t *testing.T, sh *show.Show, s *render.Shown, k int) Frame {
	t.Helper()
	o, _, err := sh.Navigation()
	if err != nil {
		t.Fatal(err)
	}
	vw := newViewer(sh, trace.ViewRoot)
	tally, err := render.NewTally(s, o)
	if err != nil {
		t.Fatal(err)
	}
	vw.shown, vw.tally, vw.pageWhole = s, tally, false
	vw.ahead = 0
	if err := vw.tree.Seek(k); err != nil {
		t.Fatal(err)
	}
	layout, f, err := vw.frame(k, false)
	if err != nil {
		t.Fatal(err)
	}
	if layout != nil || !f.Full {
		t.Fatalf("a viewer given the set at step %d drew anew (%v) or sent a partial frame", k, layout != nil)
	}
	return f
}

// TestNavigatedShowsWhatItMust checks, at random steps of big traces, that
// a viewer draws the current node, the path to it and the best line, and
// at most the budget of nodes but for those and leaves in the place of
// one-leaf placeholders.
func TestNavigatedShowsWhatItMust(t *testing.T) {
	testenv.SkipUnderRace(t, "picks display sets of big folded traces")
	t.Parallel()
	for _, req := range []catalog.Request{alphabetaAll, mctsBig} {
		t.Run(req.Algo, func(t *testing.T) {
			t.Parallel()
			sh := bigShow(t, req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			rng := rand.New(rand.NewPCG(3, 4))
			for range 30 {
				k := rng.IntN(sh.Tree().Len())
				if _, _, err := vw.frame(k, false); err != nil {
					t.Fatal(err)
				}
				walk := vw.tree
				var must []trace.NodeID
				for id := walk.Current(); id != trace.NoNode; id = walk.Node(id).Parent {
					must = append(must, id)
				}
				for id := walk.Root(); id != trace.NoNode; id = walk.Node(id).Best {
					must = append(must, id)
				}
				for _, id := range must {
					if !vw.shown.Has(id) {
						t.Errorf("%s step %d: node %d, on the current path or the best line, is not drawn", req.Algo, k, id)
					}
				}
				if n := vw.shown.Len(); n > render.DefaultBudget+len(vw.shown.Groups()) {
					t.Errorf("%s step %d: %d nodes drawn", req.Algo, k, n)
				}
			}
		})
	}
}

// TestNavigateKeepsDrawingWhileStepping checks that stepping on through a
// big trace changes the drawing rarely: the display set keeps the nodes
// the search visits next.
func TestNavigateKeepsDrawingWhileStepping(t *testing.T) {
	testenv.SkipUnderRace(t, "steps a viewer of a big folded trace in one goroutine")
	t.Parallel()
	sh := bigShow(t, alphabetaAll)
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	layouts := 0
	const from, steps = 20_000, 3_000
	for k := from; k < from+steps; k++ {
		layout, _, err := vw.frame(k, false)
		if err != nil {
			t.Fatal(err)
		}
		if layout != nil {
			layouts++
		}
	}
	t.Logf("%d drawings in %d steps", layouts, steps)
	if layouts > 3 {
		t.Errorf("%d drawings in %d steps forwards, want the drawing kept for most of them", layouts, steps)
	}
}

// TestNavigateSplitsBigDrawings checks that a new drawing of a display
// set is sent in two parts: first a drawing around the node the page
// centres on, with its current node, then the lines of the nodes and
// edges out of reach, which together are the whole drawing.
func TestNavigateSplitsBigDrawings(t *testing.T) {
	testenv.SkipUnderRace(t, "splits drawings of a big folded trace")
	t.Parallel()
	sh := bigShow(t, alphabetaAll)
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	if _, _, err := vw.frame(0, false); err != nil {
		t.Fatal(err)
	}
	groups := func(svg string) []string {
		var out []string
		for _, l := range strings.Split(svg, "\n") {
			if strings.HasPrefix(l, `<g id="`) && !strings.HasPrefix(l, `<g id="graph0"`) && !strings.HasPrefix(l, `<g id="legend"`) {
				out = append(out, l)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, k := range []int{30_000, 80_000} {
		layout, f, err := vw.frame(k, false)
		if err != nil || layout == nil || f.Current < 0 {
			t.Fatalf("step %d: drawing %v, current node %d, err %v", k, layout != nil, f.Current, err)
		}
		whole := layout.SVG
		rest := splitLayout(layout, vw.anchor(Command{Type: cmdSeek}))
		if rest == nil || !layout.Rest {
			t.Fatalf("step %d: a drawing of %d nodes is sent whole", k, layout.Shown)
		}
		if !strings.Contains(layout.SVG, `<g id="n`+strconv.Itoa(f.Current)+`" `) {
			t.Errorf("step %d: the first part has no current node %d", k, f.Current)
		}
		t.Logf("step %d: %d bytes first and %d after, of %d", k, len(layout.SVG), len(rest.SVG), len(whole))
		if len(layout.SVG) > len(whole)/2 {
			t.Errorf("step %d: the first part is %d bytes of %d", k, len(layout.SVG), len(whole))
		}
		if !slices.Equal(groups(layout.SVG+"\n"+rest.SVG), groups(whole)) {
			t.Errorf("step %d: the parts do not make the whole drawing", k)
		}
	}
}

// TestShowMemoryCountsNavigation checks that a show's memory, which the
// cache keeps within its byte budget, counts what navigating it makes
// (the outline, the minimap, the drawings of display sets and their
// tally indexes) and not the frames its viewers make.
func TestShowMemoryCountsNavigation(t *testing.T) {
	testenv.SkipUnderRace(t, "counts the bytes a show holds")
	t.Parallel()
	sh := recordShow(t, "mem", alphabetaAll)
	before := sh.MemSize()
	if before != sh.Tree().MemSize()+int64(len(sh.Decision())) {
		t.Errorf("a show holds %d bytes once loaded, its fold %d: it keeps more than the fold", before, sh.Tree().MemSize())
	}
	vw := newViewer(sh, trace.ViewRoot)
	vw.layouter = layouter
	layout, _, err := vw.frame(1000, false)
	if err != nil || layout == nil {
		t.Fatalf("the first frame: drawing %v, err %v", layout != nil, err)
	}
	o, ov, _ := sh.Navigation()
	index := int64(sh.Tree().Size())*4 + 64
	want := before + o.MemSize() + ov.MemSize() + int64(len(layout.SVG)) + index
	if got := sh.MemSize(); got != want {
		t.Errorf("after one drawing the show holds %d bytes, want %d: the fold, outline, minimap, drawing and tally index", got, want)
	}
	for k := 1001; k < 3000; k++ {
		if _, _, err := vw.frame(k, false); err != nil {
			t.Fatal(err)
		}
	}
	if got := sh.MemSize(); got > want+int64(show.MaxShownDrawings)*(int64(len(layout.SVG))*2+index) {
		t.Errorf("after 2,000 frames the show holds %d bytes, from %d", got, want)
	}
	for _, c := range sh.Tree().Node(0).Children {
		vw.nav.collapse(c)
		if _, _, err := vw.frame(3000, false); err != nil {
			t.Fatal(err)
		}
	}
	if n := sh.KeptDrawings(); n > show.MaxShownDrawings {
		t.Errorf("the show keeps %d drawings, over its cap of %d", n, show.MaxShownDrawings)
	}
}

// TestNavigationRemembersAtMostMaxChoices crosses the cap on the choices
// a page's navigation remembers: past it the oldest are forgotten.
func TestNavigationRemembersAtMostMaxChoices(t *testing.T) {
	testenv.SkipUnderRace(t, "fills a navigation's lists")
	t.Parallel()
	n := newNavigation()
	for id := range trace.NodeID(maxChoices + 10) {
		n.expand(id)
		n.collapse(id + 1000)
	}
	if len(n.expanded) != maxChoices || n.expanded[0] != 10 || len(n.collapsed) != maxChoices || n.collapsed[0] != 1010 {
		t.Errorf("after %d expansions and collapses the navigation remembers %d expansions from node %d and %d collapses from node %d, want the last %d of each",
			maxChoices+10, len(n.expanded), n.expanded[0], len(n.collapsed), n.collapsed[0], maxChoices)
	}
	n.expand(1010)
	if n.isCollapsed(1010) || slices.Contains(n.expanded, 1010) {
		t.Error("expanding a collapsed node did not just show its children again")
	}
	n.collapse(11)
	if slices.Contains(n.expanded, 11) || !n.isCollapsed(11) {
		t.Error("collapsing an expanded node left it expanded")
	}
}

// TestViewersShareDisplaySets checks that the pages of one trace showing
// the same nodes share one display set and its tally index, which holds
// 4 bytes a node of the tree, while each keeps its own counts.
func TestViewersShareDisplaySets(t *testing.T) {
	testenv.SkipUnderRace(t, "makes frames in the test goroutine")
	t.Parallel()
	sh := recordShow(t, "share", alphabetaAll)
	var pages [3]*Viewer
	for i := range pages {
		pages[i] = newViewer(sh, trace.ViewRoot)
		pages[i].layouter = layouter
		if _, _, err := pages[i].frame(1000, false); err != nil {
			t.Fatal(err)
		}
	}
	if pages[0].shown != pages[1].shown || pages[1].shown != pages[2].shown {
		t.Error("three pages at one step hold display sets of their own")
	}
	if _, _, err := pages[2].frame(5, false); err != nil {
		t.Fatal(err)
	}
	if pages[2].tally == pages[0].tally || pages[0].tally.Step() != 1000 || pages[2].tally.Step() != 5 {
		t.Errorf("the pages' tallies are at steps %d and %d, want 1000 and 5, each its own", pages[0].tally.Step(), pages[2].tally.Step())
	}
}
