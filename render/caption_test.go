package render

import (
	"bytes"
	"context"
	"regexp"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// geometryAttr matches the attributes that place and size what a drawing
// shows: its canvas, shapes and lines. Texts are left out: Graphviz
// starts a centred text where its width says, and a page centres the
// texts it rewrites.
var geometryAttr = regexp.MustCompile(`(?:viewBox|width|height|points|d|cx|cy|rx|ry|transform)="[^"]*"`)

// TestPatchableDrawingIsViewIndependent checks that a page's drawing is
// laid out the same in both views, through Graphviz and with the tidy
// layout, so that a page switches views by rewriting texts: every shape,
// line and canvas size is the same, and both captions have slots. The
// captions differ in width by half, which moved Graphviz's nodes by 5
// points, and widened the tidy drawing's legend.
func TestPatchableDrawingIsViewIndependent(t *testing.T) {
	testenv.SkipUnderRace(t, "lays out in the test goroutine, Graphviz one call at a time")
	t.Parallel()
	var g Graphviz
	t.Cleanup(func() { g.Close() }) // after the parallel subtests
	for _, c := range pageCases {
		for _, layout := range []Layout{LayoutDot, LayoutTidy} {
			t.Run(c.name+" "+layout.String(), func(t *testing.T) {
				t.Parallel()
				var drawn [2][][]byte
				for i, v := range []View{ViewRoot, ViewSide} {
					tr, opts := goldenTree(t, c)
					opts.Patchable, opts.Legend, opts.View, opts.Layout = true, true, v, layout
					var b bytes.Buffer
					if err := Render(context.Background(), &b, tr, opts, &g); err != nil {
						t.Fatal(err)
					}
					for _, slot := range []string{captionSlot, legendCaptionSlot} {
						if !bytes.Contains(b.Bytes(), []byte(`id="a_`+slot+`"`)) {
							t.Errorf("%s: no slot a_%s", v, slot)
						}
					}
					drawn[i] = geometryAttr.FindAll(b.Bytes(), -1)
				}
				if len(drawn[0]) != len(drawn[1]) {
					t.Fatalf("%d attributes placing things in view root, %d in view side", len(drawn[0]), len(drawn[1]))
				}
				for j := range drawn[0] {
					if !bytes.Equal(drawn[0][j], drawn[1][j]) {
						t.Fatalf("attribute %d: %s in view root, %s in view side", j, drawn[0][j], drawn[1][j])
					}
				}
			})
		}
	}
}
