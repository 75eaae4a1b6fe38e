package render

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// near reports whether two numbers of a drawing, written to hundredths,
// are the same.
func near(a, b float64) bool { return math.Abs(a-b) < 0.02 }

// nearPt reports whether two coordinates are within a point, as an edge's
// end and the spot it aims at are after Graphviz clips it.
func nearPt(a, b float64) bool { return math.Abs(a-b) <= 1 }

// graphvizShapes reads a drawing by Graphviz: by node id ("n3"), its
// classes and the numbers of its outline, the first polygon after its
// title; by edge id ("e3"), the numbers of its path.
func graphvizShapes(svg []byte) (class map[string]string, outline, path map[string][]float64) {
	class, outline, path = map[string]string{}, map[string][]float64{}, map[string][]float64{}
	id := ""
	for _, line := range bytes.Split(svg, []byte("\n")) {
		switch {
		case bytes.HasPrefix(line, []byte("<g ")):
			id = string(attrValue(line, "id"))
			class[id] = string(attrValue(line, "class"))
		case bytes.HasPrefix(line, []byte("<polygon ")) && strings.HasPrefix(id, "n") && outline[id] == nil:
			outline[id] = floats(string(attrValue(line, "points")))
		case bytes.HasPrefix(line, []byte("<path ")) && strings.HasPrefix(id, "e") && path[id] == nil:
			path[id] = floats(string(attrValue(line, "d")))
		}
	}
	return class, outline, path
}

// TestGraphvizDrawsHouses draws trees through Graphviz and checks the
// textbook shapes of MAX and MIN nodes: a house has its apex at the
// middle of its top and its eaves at one level, a roof no higher than
// maxRoof nor than roofSlope of its width, an inverted house the mirror;
// and each tree edge runs from the middle of its parent's bottom to the
// middle of its child's top, so that it meets an apex or a point.
func TestGraphvizDrawsHouses(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	var g Graphviz
	t.Cleanup(func() { g.Close() })
	cases := []goldenCase{
		{name: "textbook", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep},
		{name: "tictactoe boards", game: "tictactoe", algo: "minimax", position: "x.o/.x./..o", step: lastStep, boards: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, opts := goldenTree(t, c)
			var svg bytes.Buffer
			if err := Render(context.Background(), &svg, tr, opts, &g); err != nil {
				t.Fatal(err)
			}
			class, outlines, paths := graphvizShapes(svg.Bytes())
			type ends struct{ topX, top, bottomX, bottom float64 }
			box := map[string]ends{}
			houses := 0
			for id, p := range outlines {
				house := strings.Contains(class[id], "ty_max")
				if !house && !strings.Contains(class[id], "ty_min") {
					continue
				}
				houses++
				if len(p) != 10 {
					t.Fatalf("%s: outline %v has %d points, want 5", id, p, len(p)/2)
				}
				var xs, ys []float64
				for k := 0; k < len(p); k += 2 {
					xs, ys = append(xs, p[k]), append(ys, p[k+1])
				}
				left, right := slices.Min(xs), slices.Max(xs)
				top, bottom := slices.Min(ys), slices.Max(ys)
				mid := (left + right) / 2
				tip, eave := top, top // the apex or point, and the eaves' level
				if !house {
					tip = bottom
				}
				var tips, eaves int
				for k := range xs {
					switch {
					case near(ys[k], tip) && near(xs[k], mid):
						tips++
					case !near(ys[k], top) && !near(ys[k], bottom):
						eave = ys[k]
						eaves++
					}
				}
				if tips != 1 || eaves != 2 {
					t.Fatalf("%s: outline %v has %d apexes in the middle and %d eaves, want 1 and 2", id, p, tips, eaves)
				}
				roof := math.Abs(eave - tip)
				if roof > maxRoof+0.01 || roof > roofSlope*(right-left)+0.51 || roof < 1 {
					t.Errorf("%s: a roof %.2f high on a node %.2f wide, want at most %d and %.2f of the width", id, roof, right-left, maxRoof, roofSlope)
				}
				box[id] = ends{topX: mid, top: top, bottomX: mid, bottom: bottom}
			}
			if houses < 5 {
				t.Fatalf("found %d MAX and MIN nodes, want the tree's", houses)
			}
			for id, d := range paths {
				child := "n" + strings.TrimPrefix(id, "e")
				n, ok := box[child]
				if !ok {
					continue
				}
				k, err := strconv.Atoi(strings.TrimPrefix(id, "e"))
				if err != nil {
					t.Fatalf("edge id %q: %v", id, err)
				}
				parent := "n" + strconv.Itoa(int(tr.Node(trace.NodeID(k)).Parent))
				from, to := d[:2], d[len(d)-2:]
				if p, ok := box[parent]; ok && (!nearPt(from[0], p.bottomX) || !nearPt(from[1], p.bottom)) {
					t.Errorf("%s starts at %v, not the middle of %s's bottom (%.2f,%.2f)", id, from, parent, p.bottomX, p.bottom)
				}
				if !nearPt(to[0], n.topX) || !nearPt(to[1], n.top) {
					t.Errorf("%s ends at %v, not the middle of %s's top (%.2f,%.2f)", id, to, child, n.topX, n.top)
				}
			}
		})
	}
}
