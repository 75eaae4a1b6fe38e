package render

import (
	"bytes"
	"cmp"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// svgElem is an element of an SVG that has an id, with what the page and
// StyleSheet rely on.
type svgElem struct {
	tag, class string
	title      string   // the text of its <title> child
	first      string   // the tag of its first child other than <title>
	texts      []string // the texts of the <text> elements inside it, in order, but those of elements inside with ids of their own
	hidden     bool     // visibility="hidden"
	shape      string   // the geometry of its first polygon or ellipse child
}

// parseSVG reads an SVG with encoding/xml's strict decoder, which fails
// the test on anything that is not well-formed XML, and returns its
// elements with ids.
func parseSVG(tb testing.TB, svg []byte) map[string]*svgElem {
	tb.Helper()
	elems := map[string]*svgElem{}
	type open struct {
		name     string
		elem     *svgElem // the element, if it has an id
		owner    *svgElem // the innermost element with an id: this one or an ancestor
		children int      // child elements other than <title> so far
	}
	var stack []*open
	var text strings.Builder
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			o := &open{name: tok.Name.Local}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				o.owner = parent.owner
				if p := parent.elem; p != nil && o.name != "title" {
					if parent.children == 0 {
						p.first = o.name
					}
					if (o.name == "polygon" || o.name == "ellipse") && p.shape == "" {
						p.shape = shapeGeometry(tok)
					}
				}
				if o.name != "title" {
					parent.children++
				}
			}
			if id := attr(tok, "id"); id != "" {
				if _, dup := elems[id]; dup {
					tb.Fatalf("two elements have the id %q", id)
				}
				o.elem = &svgElem{tag: o.name, class: attr(tok, "class"), hidden: attr(tok, "visibility") == "hidden"}
				o.owner = o.elem
				elems[id] = o.elem
			}
			stack = append(stack, o)
			text.Reset()
		case xml.CharData:
			text.Write(tok)
		case xml.EndElement:
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch {
			case o.name == "title" && len(stack) > 0 && stack[len(stack)-1].elem != nil:
				stack[len(stack)-1].elem.title = text.String()
			case o.name == "text" && o.owner != nil:
				o.owner.texts = append(o.owner.texts, text.String())
			}
		}
	}
	return elems
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func shapeGeometry(e xml.StartElement) string {
	if e.Name.Local == "ellipse" {
		return "ellipse " + attr(e, "cx") + " " + attr(e, "cy") + " " + attr(e, "rx") + " " + attr(e, "ry")
	}
	return "polygon " + attr(e, "points")
}

// tidySVG draws tr with WriteTidySVG.
func tidySVG(tb testing.TB, tr *trace.Tree, opts Options) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteTidySVG(&buf, tr, opts); err != nil {
		tb.Fatalf("WriteTidySVG: %v", err)
	}
	return buf.Bytes()
}

// tidyGoldenCases are drawn by WriteTidySVG into testdata/<name>.svg: the
// textbook tree with its legend, an early step where most nodes are not
// reached yet, patchable, and a beam with boards and dropped states.
var tidyGoldenCases = []goldenCase{
	{name: "rn-alphabeta-root-legend-last-tidy", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep, opts: Options{Legend: true}},
	{name: "rn-alphabeta-side-patchable-step12-tidy", game: "tree", algo: "alphabeta", position: rnTree, step: 12, opts: Options{View: ViewSide, Patchable: true}},
	{name: "tree-alphabeta-tt-last-tidy", game: "tree", algo: "alphabeta tt=1", position: ttTree, step: lastStep},
	{name: "maze-beam-boards-legend-last-tidy", game: "maze", algo: "beam width=2 depth=3", position: "3:39737/3#1#6/69@86/6#8#4/36914", step: lastStep, opts: Options{Legend: true}, boards: true},
}

// goldenTree returns the tree and the options of a golden case.
func goldenTree(tb testing.TB, c goldenCase) (*trace.Tree, Options) {
	tb.Helper()
	opts := c.opts
	if c.boards {
		opts.Board = gameBoards(tb, c.game)
	}
	return mustTree(tb, searchEvents(tb, c.game, c.algo, c.position), c.step), opts
}

func TestWriteTidySVGGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	for _, c := range tidyGoldenCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tr, opts := goldenTree(t, c)
			got := tidySVG(t, tr, opts)
			parseSVG(t, got)
			checkGolden(t, c.name+".svg", got)
		})
	}
}

// pageCases are drawn both by Graphviz and by the tidy layout, as a page
// shows them (Patchable, with a legend), to compare what the page needs.
var pageCases = []goldenCase{
	{name: "textbook alphabeta", game: "tree", algo: "alphabeta", position: rnTree, step: lastStep},
	{name: "textbook minimax side", game: "tree", algo: "minimax", position: rnTree, step: lastStep, opts: Options{View: ViewSide}},
	{name: "tictactoe mcts", game: "tictactoe", algo: "mcts playouts=40", position: "x.o/.x./..o", step: lastStep},
	{name: "tictactoe alphabeta boards", game: "tictactoe", algo: "alphabeta", position: "x.o/.x./..o", step: lastStep, boards: true},
	{name: "maze beam boards", game: "maze", algo: "beam width=2 depth=3", position: "3:39737/3#1#6/69@86/6#8#4/36914", step: lastStep, boards: true},
	{name: "maze chokudai passes", game: "maze", algo: "chokudai width=1 depth=3 passes=3", position: "3:39737/3#1#6/69@86/6#8#4/36914", step: lastStep},
}

// TestTidySVGHasWhatThePageUses draws each page case through Graphviz and
// with the tidy layout and checks that both have the same elements with
// ids ("graph0", "n<i>", "e<i>", "a_v<i>", "a_w<i>", "legend"), each with
// the same tag, classes, <title>, kind of first child (the shape that
// StyleSheet styles, a node's polygon or ellipse, an edge's path) and
// texts: values, windows, edge labels, board marks and the legend's words,
// but for the legend's last line, which names the layout. The tidy
// drawing is lighter where the page does not look: a slot "a_<x>" is the
// text element itself, not a group around an anchor around it, and nodes
// and edges have no <title>, which the page removes from Graphviz's.
func TestTidySVGHasWhatThePageUses(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	var g Graphviz
	t.Cleanup(func() { g.Close() }) // after the parallel subtests
	for _, c := range pageCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tr, opts := goldenTree(t, c)
			opts.Patchable, opts.Legend = true, true
			var drawn bytes.Buffer
			if err := Render(context.Background(), &drawn, tr, opts, &g); err != nil {
				t.Fatal(err)
			}
			want := parseSVG(t, drawn.Bytes())
			got := parseSVG(t, tidySVG(t, tr, opts))
			for _, layout := range []struct {
				elems map[string]*svgElem
				words string
			}{{want, legendWords(explain.English, LayoutDot)}, {got, legendWords(explain.English, LayoutTidy)}} {
				legend := layout.elems["legend"]
				if legend == nil || len(legend.texts) == 0 || legend.texts[len(legend.texts)-1] != layout.words {
					t.Fatalf("the legend does not end with %q", layout.words)
				}
				legend.texts = legend.texts[:len(legend.texts)-1]
			}
			if len(want) < tr.Size()*2 {
				t.Fatalf("Graphviz drew %d elements with ids for %d nodes", len(want), tr.Size())
			}
			ids := slices.Sorted(maps.Keys(want))
			for _, id := range slices.Sorted(maps.Keys(got)) {
				if _, ok := want[id]; !ok {
					t.Errorf("the tidy SVG has %q, which Graphviz's has not", id)
				}
			}
			for _, id := range ids {
				tidyElem, ok := got[id]
				if !ok {
					t.Errorf("the tidy SVG has no %q", id)
					continue
				}
				dotElem := want[id]
				tidyElem.shape, dotElem.shape = "", "" // where, not what
				if !samePageElems(t, id, tidyElem, dotElem) {
					t.Errorf("%s: tidy %+v, Graphviz %+v", id, *tidyElem, *dotElem)
				}
			}
		})
	}
}

// samePageElems reports whether the element id of a Patchable tidy
// drawing is the one of Graphviz's drawing, as far as a page can tell: a
// slot "a_<x>" of the tidy drawing is a text element of a class that
// StyleSheet styles (the captions' of their own font), empty when it says nothing, where Graphviz's is a
// group around an anchor around the text, a no-break space when it says
// nothing, and nodes and edges have no <title>, which the page removes
// from Graphviz's. It changes the tidy element to Graphviz's where they
// may differ, and fails tb where the tidy element is not as it should be.
func samePageElems(tb testing.TB, id string, tidy, dot *svgElem) bool {
	tb.Helper()
	if id != "graph0" && id != "legend" {
		if tidy.title != "" {
			tb.Errorf("%s has the title %q", id, tidy.title)
		}
		tidy.title = dot.title
	}
	if strings.HasPrefix(id, "a_") {
		if tidy.tag != "text" || tidy.first != "" {
			tb.Errorf("the slot %s is a %s with a %q in it, not a text", id, tidy.tag, tidy.first)
		}
		caption := id == "a_"+captionSlot || id == "a_"+legendCaptionSlot // in its own font, as the title and legend are
		if !caption && !slices.Contains([]string{classValue, classWindow, classMore}, tidy.class) {
			tb.Errorf("the slot %s has the class %q, which StyleSheet does not style", id, tidy.class)
		}
		if slices.Equal(tidy.texts, []string{""}) && slices.Equal(dot.texts, []string{"\u00a0"}) {
			tidy.texts = dot.texts // empty, where Graphviz needs a character
		}
		tidy.tag, tidy.first, tidy.class = dot.tag, dot.first, dot.class
	}
	return equalElems(tidy, dot)
}

// TestTidySVGPageLines checks that a page's drawing has a line for each
// node, placeholder and edge, which holds its whole group and nothing
// else, with boards in the nodes and without, so that a page can cut it by
// lines.
func TestTidySVGPageLines(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	draw := map[string]func(*testing.T) []byte{}
	for _, c := range pageCases {
		draw[c.name] = func(t *testing.T) []byte {
			tr, opts := goldenTree(t, c)
			opts.Patchable, opts.Legend = true, true
			return tidySVG(t, tr, opts)
		}
	}
	draw["textbook display set"] = func(t *testing.T) []byte {
		tr, s := shownTextbook(t, 42)
		return tidySVG(t, tr, Options{Legend: true, Patchable: true, Shown: s})
	}
	for _, name := range slices.Sorted(maps.Keys(draw)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svg := draw[name](t)
			groups := 0
			for i, line := range strings.Split(string(svg), "\n") {
				if !strings.HasPrefix(line, `<g id="`) || strings.HasPrefix(line, `<g id="graph0"`) || strings.HasPrefix(line, `<g id="legend"`) {
					continue
				}
				groups++
				if strings.Count(line, "<g ") != 1 || strings.Count(line, "</g>") != 1 || !strings.HasSuffix(line, "</g>") {
					t.Errorf("line %d is not one group: %s", i+1, line)
				}
				parseSVG(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg">`+line+`</svg>`))
			}
			if want := len(parseGroups(t, svg)); groups != want {
				t.Errorf("%d lines hold a group, of %d nodes, placeholders and edges", groups, want)
			}
		})
	}
}

// parseGroups returns the ids of the groups of nodes, placeholders and
// edges of svg.
func parseGroups(tb testing.TB, svg []byte) []string {
	var ids []string
	for id, e := range parseSVG(tb, svg) {
		if e.tag == "g" && (strings.HasPrefix(e.class, "node ") || strings.HasPrefix(e.class, "edge ")) {
			ids = append(ids, id)
		}
	}
	return ids
}

func equalElems(a, b *svgElem) bool {
	return a.tag == b.tag && a.class == b.class && a.title == b.title && a.first == b.first && a.hidden == b.hidden && slices.Equal(a.texts, b.texts)
}

// TestTidySVGStableLayout draws the textbook trace at steps from the first
// to the last: every node and every edge label is at the same place at
// every step, nodes are hidden exactly until they are reached, and the
// page's ids are there from the first step on.
func TestTidySVGStableLayout(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	evs := textbookEvents()
	for name, opts := range map[string]Options{"file": {}, "page": {Patchable: true, Legend: true, View: ViewSide}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			last := parseSVG(t, tidySVG(t, mustTree(t, evs, lastStep), opts))
			for step, reached := range textbookReached {
				t.Run(fmt.Sprint("step ", step), func(t *testing.T) {
					t.Parallel()
					elems := parseSVG(t, tidySVG(t, mustTree(t, evs, step), opts))
					if !slices.Equal(slices.Sorted(maps.Keys(elems)), slices.Sorted(maps.Keys(last))) {
						t.Errorf("the ids %v, the last step %v", slices.Sorted(maps.Keys(elems)), slices.Sorted(maps.Keys(last)))
					}
					for id := range textbookSize {
						n := elems["n"+strconv.Itoa(id)]
						if n.shape == "" || n.shape != last["n"+strconv.Itoa(id)].shape {
							t.Errorf("n%d is drawn as %q, at the last step as %q", id, n.shape, last["n"+strconv.Itoa(id)].shape)
						}
						shown := slices.Contains(reached, id)
						if n.hidden == shown || strings.Contains(n.class, "st_not_reached") == shown {
							t.Errorf("n%d reached %v, hidden %v, class %q", id, shown, n.hidden, n.class)
						}
						if e, ok := elems["e"+strconv.Itoa(id)]; ok && e.hidden == shown {
							t.Errorf("the edge into n%d is hidden %v, the node reached %v", id, e.hidden, shown)
						}
					}
				})
			}
		})
	}
}

// nodeBox reads a node's bounding box from its shape's geometry.
func nodeBox(tb testing.TB, shape string) (x0, y0, x1, y1 float64) {
	tb.Helper()
	f := strings.Fields(shape)
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			tb.Fatalf("shape %q: %v", shape, err)
		}
		return v
	}
	if f[0] == "ellipse" {
		cx, cy, rx, ry := num(f[1]), num(f[2]), num(f[3]), num(f[4])
		return cx - rx, cy - ry, cx + rx, cy + ry
	}
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range f[1:] {
		xs, ys, _ := strings.Cut(p, ",")
		x, y := num(xs), num(ys)
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return x0, y0, x1, y1
}

// TestTidySVGNoOverlaps draws random alpha-beta traces and checks in the
// SVG that no two node shapes overlap, and that each parent is centred
// over its first and last child.
func TestTidySVGNoOverlaps(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	for seed := range uint64(8) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, randomEvents(seed, 40+int(seed)*60), lastStep)
			elems := parseSVG(t, tidySVG(t, tr, Options{Legend: true}))
			type rect struct{ x0, y0, x1, y1 float64 }
			boxes := make([]rect, tr.Size())
			for id := range boxes {
				var r rect
				r.x0, r.y0, r.x1, r.y1 = nodeBox(t, elems["n"+strconv.Itoa(id)].shape)
				boxes[id] = r
			}
			for i, a := range boxes {
				for j, b := range boxes[:i] {
					if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
						t.Fatalf("n%d %v and n%d %v overlap", i, a, j, b)
					}
				}
				kids := tr.Node(trace.NodeID(i)).Children
				if len(kids) == 0 {
					continue
				}
				first, last := boxes[kids[0]], boxes[kids[len(kids)-1]]
				if mid := (first.x0 + first.x1 + last.x0 + last.x1) / 4; math.Abs((a.x0+a.x1)/2-mid) > 0.02 {
					t.Errorf("n%d is centred at %g, its children's middle is %g", i, (a.x0+a.x1)/2, mid)
				}
			}
		})
	}
}

// hostileLabel holds every kind of text XML must escape or cannot hold.
const hostileLabel = "<b>&amp;\"q\"'\x00\x1b\n\uFFFE\uFFFF\xff]]>"

// TestTidySVGEscapes draws a trace whose labels, board text and title hold
// markup and characters XML cannot hold: the SVG stays well-formed and
// shows the text as text.
func TestTidySVGEscapes(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	evs := textbookEvents()
	for i := range evs {
		if evs[i].Kind == trace.KindNode && evs[i].Parent != trace.NoNode {
			evs[i].Label = hostileLabel
		}
	}
	tr := mustTree(t, evs, lastStep)
	opts := Options{Legend: true, Patchable: true, Title: "title " + hostileLabel}
	svg := tidySVG(t, tr, opts)
	elems := parseSVG(t, svg)
	want := "<b>&amp;\"q\"'\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD]]>"
	if got := elems["e1"].texts[0]; got != want {
		t.Errorf("the edge label reads %q, want %q", got, want)
	}
	if bytes.Contains(svg, []byte("<b>")) {
		t.Error("a label's markup reached the SVG unescaped")
	}
}

func TestSVGWriterEscaped(t *testing.T) {
	testenv.SkipUnderRace(t, "escapes text")
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"plain", "a1", "a1"},
		{"non-ASCII", "α-cut: 2 ≤ α=3", "α-cut: 2 ≤ α=3"},
		{"markup", `<&>"'`, "&lt;&amp;&gt;&quot;'"},
		{"control characters", "tab\there\nnl", "tab\uFFFDhere\uFFFDnl"},
		{"DEL and C1", "del\x7f c1\u0085", "del\uFFFD c1\uFFFD"},
		{"invalid UTF-8", "bad \xff\xfe utf-8", "bad \uFFFD\uFFFD utf-8"},
		{"noncharacters", "non\uFFFEchar\uFFFF", "non\uFFFDchar\uFFFD"},
		{"astral", "\U0001F600 ok", "\U0001F600 ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			w := newSVGWriter(&buf)
			w.escaped(tt.in)
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tt.want {
				t.Errorf("escaped(%q) = %q, want %q", tt.in, buf.String(), tt.want)
			}
		})
	}
}

func FuzzSVGWriterEscaped(f *testing.F) {
	for _, s := range []string{"a1", hostileLabel, "α β", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		w := newSVGWriter(&buf)
		w.WriteString(`<t a="`)
		w.escaped(s)
		w.WriteString(`">`)
		w.escaped(s)
		w.WriteString("</t>")
		w.Flush()
		var v struct {
			A    string `xml:"a,attr"`
			Text string `xml:",chardata"`
		}
		if err := xml.Unmarshal(buf.Bytes(), &v); err != nil {
			t.Fatalf("escaped(%q) is not XML: %v", s, err)
		}
		if v.A != v.Text || strings.ContainsAny(v.Text, "\x00\uFFFE") {
			t.Errorf("escaped(%q) reads back as %q and %q", s, v.A, v.Text)
		}
	})
}

func TestParseLayout(t *testing.T) {
	testenv.SkipUnderRace(t, "parses layout names")
	t.Parallel()
	tests := []struct {
		in   string
		want Layout
		err  bool
	}{
		{"auto", LayoutAuto, false},
		{"dot", LayoutDot, false},
		{"tidy", LayoutTidy, false},
		{"", 0, true},
		{"Tidy", 0, true},
		{"neato", 0, true},
	}
	for _, tt := range tests {
		t.Run(cmp.Or(tt.in, "empty"), func(t *testing.T) {
			t.Parallel()
			got, err := ParseLayout(tt.in)
			if (err != nil) != tt.err || got != tt.want {
				t.Errorf("ParseLayout(%q) = %v, %v", tt.in, got, err)
			}
			if err == nil && got.String() != tt.in {
				t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.in)
			}
		})
	}
}

func TestLayoutFor(t *testing.T) {
	testenv.SkipUnderRace(t, "chooses layouts")
	t.Parallel()
	tests := []struct {
		l     Layout
		nodes int
		want  Layout
	}{
		{LayoutAuto, 1, LayoutDot},
		{LayoutAuto, MaxDotNodes, LayoutDot},
		{LayoutAuto, MaxDotNodes + 1, LayoutTidy},
		{LayoutDot, 1_000_000, LayoutDot},
		{LayoutTidy, 1, LayoutTidy},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v %d", tt.l, tt.nodes), func(t *testing.T) {
			t.Parallel()
			if got := tt.l.For(tt.nodes); got != tt.want {
				t.Errorf("%v.For(%d) = %v, want %v", tt.l, tt.nodes, got, tt.want)
			}
		})
	}
}

// recordingLayouter is a Layouter that keeps the DOT it is given and
// draws a placeholder.
type recordingLayouter struct{ dot []byte }

func (r *recordingLayouter) SVG(_ context.Context, dot []byte) ([]byte, error) {
	r.dot = dot
	return []byte("<svg/>"), nil
}

// exactTree returns the final tree of MiniMax over a typed tree of exactly
// n nodes.
func exactTree(tb testing.TB, n int) *trace.Tree {
	tb.Helper()
	tr := mustTree(tb, searchEvents(tb, "tree", "minimax", benchPosition(n)), lastStep)
	if tr.Size() != n {
		tb.Fatalf("the search tree has %d nodes, want %d", tr.Size(), n)
	}
	return tr
}

// TestRenderAutoCrossesMaxDotNodes draws trees of MaxDotNodes and one more
// node with LayoutAuto: the first through the Layouter, the second with
// the tidy layout and none, each legend naming the layout and the rule.
func TestRenderAutoCrossesMaxDotNodes(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	rule := "(automatic choice: dot up to " + explain.Thousands(MaxDotNodes) + " nodes, tidy tree above)"
	tests := []struct {
		nodes     int
		layouter  bool // the Layouter drew it
		words     string
		wantStart string
	}{
		{MaxDotNodes, true, "layout: Graphviz dot " + rule, "<svg/>"},
		{MaxDotNodes + 1, false, "layout: tidy tree " + rule, "<?xml"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.nodes), func(t *testing.T) {
			t.Parallel()
			var l recordingLayouter
			var out bytes.Buffer
			if err := Render(context.Background(), &out, exactTree(t, tt.nodes), Options{Legend: true, Layout: LayoutAuto}, &l); err != nil {
				t.Fatal(err)
			}
			if (l.dot != nil) != tt.layouter || !strings.HasPrefix(out.String(), tt.wantStart) {
				t.Fatalf("%d nodes: the Layouter drew %v, the output starts %.20q", tt.nodes, l.dot != nil, out.String())
			}
			drawn := out.Bytes()
			if tt.layouter {
				drawn = l.dot
			}
			if !bytes.Contains(drawn, []byte(tt.words)) {
				t.Errorf("%d nodes: the legend does not say %q", tt.nodes, tt.words)
			}
		})
	}
}

func TestRenderLayouts(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	tr := mustTree(t, textbookEvents(), lastStep)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name     string
		ctx      context.Context
		opts     Options
		layouter Layouter
		want     string // the output's start, or "" for an error
	}{
		{"tidy needs no Layouter", context.Background(), Options{Layout: LayoutTidy}, nil, "<?xml"},
		{"dot needs one", context.Background(), Options{}, nil, ""},
		{"auto on a small tree needs one", context.Background(), Options{Layout: LayoutAuto}, nil, ""},
		{"dot by default", context.Background(), Options{}, &recordingLayouter{}, "<svg/>"},
		{"tidy, cancelled", cancelled, Options{Layout: LayoutTidy}, nil, ""},
		{"unknown layout", context.Background(), Options{Layout: 9}, &recordingLayouter{}, ""},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Render(tt.ctx, &out, tr, tt.opts, tt.layouter)
			if tt.want == "" {
				if err == nil {
					t.Errorf("no error; drew %.30q", out.String())
				}
				return
			}
			if err != nil || !strings.HasPrefix(out.String(), tt.want) {
				t.Errorf("err %v, output %.30q; want it to start %q", err, out.String(), tt.want)
			}
		})
	}
}

func TestWriteTidySVGErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "draws SVG in the test goroutine")
	t.Parallel()
	tr := mustTree(t, textbookEvents(), lastStep)
	boom := errors.New("disk full")
	tests := []struct {
		name string
		w    io.Writer
		t    *trace.Tree
		opts Options
	}{
		{"no tree", io.Discard, nil, Options{}},
		{"unknown view", io.Discard, tr, Options{View: 7}},
		{"unknown layout", io.Discard, tr, Options{Layout: 7}},
		{"failing writer", failWriter{boom}, tr, Options{Legend: true}},
	}
	// The cases share tr, which is not safe for concurrent use.
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WriteTidySVG(tt.w, tt.t, tt.opts)
			if err == nil || !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("error %v, want one from package render", err)
			}
			if tt.w != io.Discard && !errors.Is(err, boom) {
				t.Errorf("error %v does not wrap the writer's", err)
			}
		})
	}
}
