package web

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/internal/testenv"
)

// TestExercisePage drives the exercise page over HTTP: without a seed it
// draws one and redirects; each kind and level shows its question and
// tree (or the UCB1 table); the solved answer is graded right; a wrong
// one gets the grader's feedback; bad seeds, kinds, levels and answers
// get a message that says what is allowed.
func TestExercisePage(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	res, err := testClient.Get(ts.URL + "/exercise")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if q := res.Request.URL.Query(); q.Get("kind") != "alphabeta" || q.Get("level") != "easy" || q.Get("seed") == "" {
		t.Errorf("/exercise leads to %s, want an exercise with a seed", res.Request.URL)
	}
	for _, k := range exerciseKinds {
		for _, l := range exercise.LevelsOf(k.kind) {
			ex, err := exercise.Generate(k.kind, l.Difficulty, 7)
			if err != nil {
				t.Fatal(err)
			}
			want, err := exercise.Solve(ex)
			if err != nil {
				t.Fatal(err)
			}
			base := ts.URL + exerciseURL(string(k.kind), l.Name, 7)
			status, page := get(t, base)
			if status != http.StatusOK || !strings.Contains(page, htmlText(k.question)) {
				t.Errorf("%s %s: %d, question missing", k.kind, l.Name, status)
			}
			hasTree := ex.Tree != "" || len(ex.Nodes) > 0
			if hasTree != strings.Contains(page, `class="exercise-tree"`) || (len(ex.Arms) > 0) != strings.Contains(page, `data-testid="exercise-arms"`) ||
				(ex.Kind == exercise.MCTS || ex.Kind == exercise.Beam) != strings.Contains(page, `data-testid="exercise-rules"`) ||
				(ex.Maze != "") != strings.Contains(page, `data-testid="exercise-maze"`) {
				t.Errorf("%s %s: the page does not show the tree or the table it needs", k.kind, l.Name)
			}
			_, page = get(t, base+"&answer="+url.QueryEscape(want.String()))
			if !strings.Contains(page, `class="grade correct"`) {
				t.Errorf("%s %s: the solution %q is not graded right", k.kind, l.Name, want.String())
			}
		}
	}
	_, page := get(t, ts.URL+"/exercise?kind=alphabeta&level=easy&seed=3&answer="+url.QueryEscape("pruned: none; A=100"))
	if !strings.Contains(page, `data-testid="feedback"`) || !strings.Contains(page, "class=\"grade wrong\"") {
		t.Error("a wrong answer is not graded wrong with feedback")
	}
	for _, tt := range []struct{ query, want string }{
		{"kind=alphabeta&level=easy&seed=-1", "from 0 to 999999"},
		{"kind=alphabeta&level=easy&seed=1000000", "from 0 to 999999"},
		{"kind=chess&level=easy&seed=1", "chess"},
		{"kind=alphabeta&level=extreme&seed=1", "easy, medium or hard"},
		{"kind=alphabeta&level=easy&seed=1&answer=" + url.QueryEscape("B=="), "cannot be read"},
		{"kind=alphabeta&level=easy&seed=1&answer=" + strings.Repeat("x", exercise.MaxAnswerLen+1), "at most 4096"},
	} {
		_, page := get(t, ts.URL+"/exercise?"+tt.query)
		if !strings.Contains(page, tt.want) {
			t.Errorf("%s: the page does not say %q", tt.query, tt.want)
		}
	}
}

// htmlText is s as html/template escapes it in text.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", `"`, "&#34;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// drawnTree is what an exercise's SVG draws: each node's class and text
// by its id, and each edge's text, in the order drawn.
type drawnTree struct {
	class, text map[string]string // by node id, "n0"
	edges       []string
	ellipses    map[string]bool // the nodes whose shape is an ellipse
}

// readDrawnTree reads the SVG of an exercise's tree with a strict XML
// decoder.
func readDrawnTree(t *testing.T, svg []byte) drawnTree {
	t.Helper()
	d := drawnTree{class: map[string]string{}, text: map[string]string{}, ellipses: map[string]bool{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var group, kind string // the node or edge being read
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return d
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch {
		case el.Name.Local == "g" && strings.HasPrefix(attr["class"], "node "):
			group, kind = attr["id"], "node"
			d.class[group] = attr["class"]
		case el.Name.Local == "g" && strings.HasPrefix(attr["class"], "edge "):
			group, kind = attr["id"], "edge"
		case el.Name.Local == "ellipse" && kind == "node":
			d.ellipses[group] = true
		case el.Name.Local == "text" && kind != "":
			var text string
			if err := dec.DecodeElement(&text, &el); err != nil {
				t.Fatal(err)
			}
			if kind == "node" {
				d.text[group] = text
			} else {
				d.edges = append(d.edges, text)
			}
		}
	}
}

// TestExerciseSVG checks the drawing of an exercise's tree: every interior
// node's name and every leaf's value once, with the viewer's shape of its
// player (MAX at the root and the leaves two moves down, MIN between),
// every edge's label once, and a chance node drawn as a circle with its
// outcomes' probabilities.
func TestExerciseSVG(t *testing.T) {
	testenv.SkipUnderRace(t, "draws an exercise's tree")
	t.Parallel()
	s, _ := newTestServer(t)
	ctx := context.Background()
	svg, err := s.exerciseSVG(ctx, exercise.Exercise{Kind: exercise.MiniMax, Tree: "[[3,12,8],[2,4,6],[14,5,2]]"})
	if err != nil {
		t.Fatal(err)
	}
	d := readDrawnTree(t, svg)
	var names []string
	for i := range len(d.text) {
		id := "n" + strconv.Itoa(i)
		names = append(names, d.text[id])
		typ := "ty_max"
		if d.text[id] == "B" || d.text[id] == "C" || d.text[id] == "D" {
			typ = "ty_min"
		}
		if !strings.Contains(d.class[id], typ) {
			t.Errorf("node %s (%s) has the classes %q, want %s", id, d.text[id], d.class[id], typ)
		}
	}
	if got := strings.Join(names, " "); got != "A B 3 12 8 C 2 4 6 D 14 5 2" {
		t.Errorf("the nodes drawn are %s", got)
	}
	if got := strings.Join(d.edges, " "); got != "a1 a2 a3 b1 b2 b3 c1 c2 c3 d1 d2 d3" {
		t.Errorf("the edges drawn are %s", got)
	}
	chance, err := s.exerciseSVG(ctx, exercise.Exercise{Kind: exercise.Expectimax, Tree: "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]"})
	if err != nil {
		t.Fatal(err)
	}
	c := readDrawnTree(t, chance)
	circles := 0
	for id, class := range c.class {
		if strings.Contains(class, "ty_chance") && c.ellipses[id] {
			circles++
		}
	}
	if circles != 2 || !slices.Contains(c.edges, "c1 (1/6)") || !slices.Contains(c.edges, "b2 (0.5)") {
		t.Errorf("the chance tree's drawing has %d circles and the edges %q", circles, c.edges)
	}
	if _, err := s.exerciseSVG(ctx, exercise.Exercise{Kind: exercise.MiniMax, Tree: "[1,"}); err == nil {
		t.Error("a bad tree was drawn")
	}
}

// TestTypedExercise checks the exercise page on a tree typed by hand, as
// the tree editor's link sends it: the textbook tree's AlphaBeta answer
// is graded right, kinds switch on the same tree, expectimax takes a tree
// with chance nodes, and a bad tree, UCB1 or a tree over MaxExerciseTree
// get a message.
func TestTypedExercise(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	rn := "[[3,12,8],[2,4,6],[14,5,2]]"
	for _, tt := range []struct {
		kind, tree, answer, want string
	}{
		{"alphabeta", rn, "pruned: c2 c3; B=3 C=2 D=2; A=3", `class="grade correct"`},
		{"alphabeta", rn, "pruned: c2; B=3 C=2 D=2; A=3", "c3"},
		{"minimax", rn, "B=3 C=2 D=2; A=3", `class="grade correct"`},
		{"negamax", rn, "B=-3 C=-2 D=-2; A=3", `class="grade correct"`},
		{"expectimax", "[{0.5:[3,12],0.5:[2,4]},{1/6:9,5/6:-1}]", "", "chance nodes (circles)"},
		{"alphabeta", "[[1,", "", "cannot be an exercise"},
		{"ucb1", rn, "", "not \"ucb1\""},
		{"alphabeta", "[" + strings.Repeat("1,", MaxExerciseTree/2) + "1]", "", "at most 4096"},
	} {
		u := ts.URL + typedExerciseURL(tt.kind, tt.tree)
		if tt.answer != "" {
			u += "&answer=" + url.QueryEscape(tt.answer)
		}
		_, page := get(t, u)
		if !strings.Contains(page, htmlText(tt.want)) && !strings.Contains(page, tt.want) {
			t.Errorf("%s on %.40q with %q: the page does not show %q", tt.kind, tt.tree, tt.answer, tt.want)
		}
	}
}
