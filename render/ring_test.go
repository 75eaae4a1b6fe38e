package render

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// ringedGroup matches a node's group in a drawing: its id, classes and
// what it holds.
var ringedGroup = regexp.MustCompile(`(?s)<g id="n(\d+)" class="([^"]*)">(.*?)</g>`)

// outlines returns the outline elements, polygons and ellipses, of a
// node group's content, each with its box.
func outlines(t *testing.T, content string) (els []string, boxes []box) {
	t.Helper()
	for _, l := range regexp.MustCompile(`<(?:polygon|ellipse)[^>]*>`).FindAllString(content, -1) {
		b, ok := outlineBox([]byte(l))
		if !ok {
			t.Fatalf("an outline with no box: %s", l)
		}
		els, boxes = append(els, l), append(boxes, b)
	}
	return els, boxes
}

// TestCurrentNodeHasARing draws a step of the textbook tree with a
// current node in both layouts, for a file and for a page, and checks the
// current node's second outline: in a file's drawing, around the current
// node alone, ringGap outside its outline, unfilled; in a page's, around
// every node, drawn by the style sheet for the current status alone.
func TestCurrentNodeHasARing(t *testing.T) {
	testenv.SkipUnderRace(t, "draws in the test goroutine")
	t.Parallel()
	const step = 8 // n2 is current
	tr := mustTree(t, textbookEvents(), step)
	current := -1
	for id := range tr.Size() {
		if tr.Node(trace.NodeID(id)).Status == trace.StatusCurrent {
			current = id
		}
	}
	if current < 0 {
		t.Fatalf("no current node at step %d", step)
	}
	for _, c := range []struct {
		name   string
		layout Layout
		page   bool
	}{
		{"dot file", LayoutDot, false},
		{"tidy file", LayoutTidy, false},
		{"dot page", LayoutDot, true},
		{"tidy page", LayoutTidy, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			if err := Render(context.Background(), &buf, tr, Options{Layout: c.layout, Patchable: c.page}, cropLayouter); err != nil {
				t.Fatal(err)
			}
			groups := ringedGroup.FindAllStringSubmatch(buf.String(), -1)
			if len(groups) == 0 {
				t.Fatal("no node groups in the drawing")
			}
			for _, g := range groups {
				id, _ := strconv.Atoi(g[1])
				els, boxes := outlines(t, g[3])
				rings := 0
				for i, el := range els {
					if i == 0 || !strings.Contains(el, `fill="none"`) {
						continue
					}
					rings++
					grow := func(a, b float64) float64 { return (b - a) / 2 }
					if dw, dh := grow(boxes[0].w, boxes[i].w), grow(boxes[0].h, boxes[i].h); dw != ringGap || dh != ringGap {
						t.Errorf("n%d: a ring %g, %g points outside the outline, want %d: %s", id, dw, dh, ringGap, el)
					}
					if c.page != strings.Contains(el, `class="`+ringClass+`"`) {
						t.Errorf("n%d: ring %s, want the class %q only in a page's drawing", id, el, ringClass)
					}
				}
				want := 0
				if c.page && !tr.Node(trace.NodeID(id)).Placeholder || id == current {
					want = 1
				}
				if rings != want {
					t.Errorf("n%d (%s): %d rings, want %d", id, g[2], rings, want)
				}
			}
		})
	}
	css := StyleSheet()
	for _, lk := range looks {
		rule := ".node." + lk.class + " > ." + ringClass + " { display: inline;"
		if shown := strings.Contains(css, rule); shown != (lk.class == lookOf(trace.StatusCurrent).class) {
			t.Errorf("the style sheet shows the ring of %s: %v", lk.class, shown)
		}
	}
	if !strings.Contains(css, ".node > ."+ringClass+" { display: none; }") {
		t.Error("the style sheet does not hide rings by default")
	}
}
