package viewer

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// svgNodeID finds the nodes of a drawing.
var svgNodeID = regexp.MustCompile(`<g id="n(\d+)" class="node `)

// textsModel is what a page shows of each node it draws: a patch of a
// node not reached changes its class only, and the node keeps its texts
// until a patch displays it, as viewer.js's applyNodes does.
type textsModel map[int]render.NodeDisplay

func (m textsModel) apply(patches []NodePatch) {
	for _, p := range patches {
		if _, drawn := m[p.ID]; !drawn {
			continue
		}
		if p.Class == "st_not_reached" {
			d := m[p.ID]
			d.Class = p.Class
			m[p.ID] = d
			continue
		}
		m[p.ID] = p.NodeDisplay
	}
}

// TestViewSwitchKeepsTheDrawing switches a viewer's point of view at a
// step, of a tree drawn whole and of one navigated, and steps on: the
// switch sends no drawing and asks for none, and its full frame gives
// every node drawn its display in the new view, and the caption; after
// it, every node the page displays shows the new view's texts, though
// the drawing's and the nodes hidden at the switch have the old view's.
func TestViewSwitchKeepsTheDrawing(t *testing.T) {
	testenv.SkipUnderRace(t, "switches the view of viewers in one goroutine")
	t.Parallel()
	small := catalog.Request{Game: "tictactoe", Algo: "alphabeta", Position: "x.o/.x./..o"}
	for _, c := range []struct {
		name string
		sh   func(t *testing.T) *show.Show
		at   float64 // the step switched at, as a share of the trace
	}{
		{"whole", func(t *testing.T) *show.Show {
			h, events := recordSearch(t, small)
			sh, err := loadShow("small", h, events)
			if err != nil {
				t.Fatal(err)
			}
			return sh
		}, 0.5},
		{"navigated", func(t *testing.T) *show.Show { return bigShow(t, alphabetaAll) }, 0.3},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sh := c.sh(t)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			k := int(c.at * float64(sh.Tree().Len()))
			layout, f, err := vw.frame(k, false)
			if err != nil {
				t.Fatal(err)
			}
			// The drawing's texts: the final tree's, in the first view.
			page := textsModel{}
			var ids []trace.NodeID
			if layout != nil {
				for _, g := range svgNodeID.FindAllStringSubmatch(layout.SVG, -1) {
					id, _ := strconv.Atoi(g[1])
					ids = append(ids, trace.NodeID(id))
				}
			} else {
				for id := range sh.Tree().Size() {
					ids = append(ids, trace.NodeID(id))
				}
			}
			if (layout != nil) != (c.name == "navigated") || len(ids) == 0 {
				t.Fatalf("the first frame comes with a drawing of %d nodes", len(ids))
			}
			for _, id := range ids {
				page[int(id)] = render.Display(sh.Tree(), id, trace.ViewRoot)
			}
			page.apply(f.Nodes)

			if msg := vw.apply(Command{Type: cmdView, View: "side"}, &k); msg != "" {
				t.Fatal(msg)
			}
			layout, f, err = vw.frame(k, false)
			if err != nil {
				t.Fatal(err)
			}
			if layout != nil || f.Relayout {
				t.Fatalf("a switch of view sends a drawing (%v) or asks for one (%v)", layout != nil, f.Relayout)
			}
			wantCaption := explain.Caption(sh.Tree().Node(sh.Tree().Root()).Type, trace.ViewSide)
			if !f.Full || f.View != "side" || f.Caption != wantCaption {
				t.Fatalf("the switch's frame: full %v, view %q, caption %q; want a full frame in view side, captioned %q", f.Full, f.View, f.Caption, wantCaption)
			}
			if len(f.Nodes) != len(ids) {
				t.Errorf("the switch's frame patches %d nodes of the %d drawn", len(f.Nodes), len(ids))
			}
			at := sh.Tree().Clone()
			check := func(k int) {
				t.Helper()
				if err := at.Seek(k); err != nil {
					t.Fatal(err)
				}
				for id, d := range page {
					if d.Class == "st_not_reached" {
						continue
					}
					if want := render.Display(at, trace.NodeID(id), trace.ViewSide); d != want {
						t.Fatalf("at step %d node %d shows %+v, want the side view's %+v", k, id, d, want)
					}
				}
			}
			flipped := 0
			for _, p := range f.Nodes {
				if old := page[p.ID]; p.Class != "st_not_reached" && p.Value != old.Value {
					flipped++
				}
			}
			if flipped == 0 {
				t.Fatalf("no value shown changed with the view at step %d", k)
			}
			page.apply(f.Nodes)
			check(k)
			for range 300 {
				if k == sh.Tree().Len()-1 {
					break
				}
				k++
				layout, f, err := vw.frame(k, false)
				if err != nil {
					t.Fatal(err)
				}
				if layout != nil {
					break // a new drawing, in the new view
				}
				page.apply(f.Nodes)
				check(k)
			}
		})
	}
}

// BenchmarkViewSwitch switches the point of view of a page on a big
// trace at a third of the way in, back and forth: the server's side of
// the switch, the full frame with every drawn node's texts, encoded.
func BenchmarkViewSwitch(b *testing.B) {
	for _, bt := range benchTraces {
		b.Run(bt.name, func(b *testing.B) {
			skipLong(b, bt.long)
			sh := bigShow(b, bt.req)
			vw := newViewer(sh, trace.ViewRoot)
			vw.layouter = layouter
			k := sh.Tree().Len() / 3
			benchFrame(b, vw, k, &sent{})
			views := []string{"side", "root"}
			b.ReportAllocs()
			var n sent
			i := 0
			for b.Loop() {
				vw.apply(Command{Type: cmdView, View: views[i%2]}, &k)
				i++
				benchFrame(b, vw, k, &n)
			}
			n.report(b)
		})
	}
}
