package explain

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// Every value of the closed sets the vocabulary speaks of, found from the
// trace package's own names so that a new one is walked too.
var (
	views    = []trace.View{trace.ViewRoot, trace.ViewSide}
	cutKinds = []trace.CutKind{trace.CutAlpha, trace.CutBeta}
)

func nodeTypes() []trace.NodeType {
	var out []trace.NodeType
	for t := trace.TypeBad + 1; ; t++ {
		if _, err := trace.ParseNodeType(t.String()); err != nil {
			return out
		}
		out = append(out, t)
	}
}

func statuses() []trace.Status {
	var out []trace.Status
	for s := trace.Status(0); s.String() != trace.Status(255).String(); s++ {
		out = append(out, s)
	}
	return out
}

func tree(t *testing.T, events []trace.Event) *trace.Tree {
	t.Helper()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestEveryValueHasWords checks that every event kind is described from
// both points of view, and every node type, status, view and cut kind has
// words of its own rather than a fallback to its name.
func TestEveryValueHasWords(t *testing.T) {
	t.Parallel()
	tr := tree(t, tracetest.EveryKind())
	described := map[trace.Kind]bool{}
	for k := range tr.Len() {
		if err := tr.Seek(k); err != nil {
			t.Fatal(err)
		}
		kind := tr.Event(k).Kind
		for _, v := range views {
			got := Describe(tr, v)
			if strings.TrimSpace(got) == "" || got == kind.String()+" event." {
				t.Errorf("step %d (%s), %s view: described as %q", k, kind, v, got)
			}
		}
		described[kind] = true
	}
	for _, k := range trace.Kinds() {
		if !described[k] {
			t.Errorf("the trace of every kind has no %s event, so its words went unchecked", k)
		}
	}

	if len(nodeTypes()) < 5 {
		t.Fatalf("found node types %v, want max, min, chance, single and joint at least", nodeTypes())
	}
	for _, typ := range nodeTypes() {
		if Player(typ) == "" || NodeName(typ) == "" || TypeLegend(typ) == typ.String() {
			t.Errorf("%s: player %q, node %q, legend %q: the vocabulary has no words for it", typ, Player(typ), NodeName(typ), TypeLegend(typ))
		}
		for _, v := range views {
			if c := Caption(typ, v); !strings.HasPrefix(c, "values: ") || len(c) <= len("values: ") {
				t.Errorf("Caption(%s, %s) = %q, want a caption of values", typ, v, c)
			}
		}
	}

	if len(statuses()) < 9 {
		t.Fatalf("found statuses %v, want at least the nine of the fold", statuses())
	}
	seen := map[string]trace.Status{}
	for _, s := range statuses() {
		w := Status(s)
		if w == "" || w == s.String() {
			t.Errorf("status %s: words %q, the vocabulary has none", s, w)
		}
		if other, ok := seen[w]; ok {
			t.Errorf("statuses %s and %s are both %q", other, s, w)
		}
		seen[w] = s
	}

	if ViewName(trace.ViewRoot) == ViewName(trace.ViewSide) {
		t.Errorf("both views are called %q", ViewName(trace.ViewRoot))
	}
	for _, v := range views {
		if ViewName(v) == "" {
			t.Errorf("view %s has no name", v)
		}
	}

	if CutRule(trace.CutAlpha, "0", "0") == CutRule(trace.CutBeta, "0", "0") {
		t.Errorf("both cuts are %q", CutRule(trace.CutAlpha, "0", "0"))
	}
	for _, k := range cutKinds {
		rule, reason := CutRule(k, "0", "0"), PruneReason(trace.NodeState{Cut: k}, "b1", "c1")
		if rule == "" || !strings.HasPrefix(reason, rule+" at b1") {
			t.Errorf("%s cut: rule %q, reason %q, want a rule that starts the reason", k, rule, reason)
		}
	}
}

// TestCutRuleParts checks that a cut's rule is its name and its test, as
// the lecture writes them, which a tree drawing writes on two lines.
func TestCutRuleParts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind       trace.CutKind
		name, test string
	}{
		{trace.CutAlpha, "α-cut", "2 ≤ α=3"},
		{trace.CutBeta, "β-cut", "2 ≥ β=3"},
		{trace.CutForward, "forward cut", "below 3 (best 2)"},
		{trace.CutBad, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.kind.String(), func(t *testing.T) {
			t.Parallel()
			name, test, rule := CutName(tt.kind), CutTest(tt.kind, "2", "3"), CutRule(tt.kind, "2", "3")
			want := ""
			if tt.name != "" {
				want = tt.name + ": " + tt.test
			}
			if name != tt.name || test != tt.test || rule != want {
				t.Errorf("name %q, test %q, rule %q; want %q, %q, %q", name, test, rule, tt.name, tt.test, want)
			}
		})
	}
}

// allWords is everything the vocabulary says, with what it says it of.
func allWords(t *testing.T) map[string]string {
	words := map[string]string{}
	for _, typ := range nodeTypes() {
		words["Player("+typ.String()+")"] = Player(typ)
		words["NodeName("+typ.String()+")"] = NodeName(typ)
		words["TypeLegend("+typ.String()+")"] = TypeLegend(typ)
		for _, v := range views {
			words["Whose("+typ.String()+", "+v.String()+")"] = Whose(typ, v)
			words["Caption("+typ.String()+", "+v.String()+")"] = Caption(typ, v)
		}
	}
	for _, v := range views {
		words["ViewName("+v.String()+")"] = ViewName(v)
		words["ViewAbout("+v.String()+")"] = ViewAbout(v)
	}
	for _, s := range statuses() {
		words["Status("+s.String()+")"] = Status(s)
	}
	for _, k := range cutKinds {
		words["PruneReason("+k.String()+")"] = PruneReason(trace.NodeState{Cut: k}, "b1", "c1", "c2")
	}
	for _, events := range [][]trace.Event{tracetest.AlphaBeta(), tracetest.EveryKind()} {
		tr := tree(t, events)
		for k := range tr.Len() {
			if err := tr.Seek(k); err != nil {
				t.Fatal(err)
			}
			for _, v := range views {
				words["Describe(step "+tr.Event(k).Kind.String()+", "+v.String()+")"] += Describe(tr, v) + " "
			}
		}
	}
	return words
}

// TestOneVocabulary checks that one idea has one name everywhere: the
// player at the root is MAX, never "the root player", and the views'
// short names are what their long forms, captions and value labels say.
func TestOneVocabulary(t *testing.T) {
	t.Parallel()
	for what, w := range allWords(t) {
		for _, old := range []string{"root player", "the opponent"} {
			if strings.Contains(w, old) {
				t.Errorf("%s says %q, which the vocabulary calls MAX or MIN: %q", what, old, w)
			}
		}
	}
	if !strings.Contains(ViewName(trace.ViewRoot), Player(trace.TypeMax)) {
		t.Errorf("the root view %q is not named after the root's player %q", ViewName(trace.ViewRoot), Player(trace.TypeMax))
	}
	for _, v := range views {
		if about := ViewAbout(v); !strings.HasPrefix(about, ViewName(v)+" (") {
			t.Errorf("the long form of %q is %q, want it to start with the short one", ViewName(v), about)
		}
		// Two players who take turns: values and captions use the view's name.
		for _, root := range []trace.NodeType{trace.TypeMax, trace.TypeChance} {
			if w := Whose(root, v); w != ViewName(v) {
				t.Errorf("Whose(%s, %s) = %q, want the view's name %q", root, v, w, ViewName(v))
			}
			if c := Caption(root, v); c != "values: "+ViewAbout(v) {
				t.Errorf("Caption(%s, %s) = %q, want the view's long form %q", root, v, c, ViewAbout(v))
			}
		}
		// One player: scores, in no view; simultaneous moves: one view.
		if w := Whose(trace.TypeSingle, v); w != "" {
			t.Errorf("a one-player tree's values are in %q, want no view", w)
		}
		if c := Caption(trace.TypeSingle, v); !strings.Contains(c, Player(trace.TypeSingle)+"'s score") {
			t.Errorf("a one-player tree's caption is %q, want it to name %s's score", c, Player(trace.TypeSingle))
		}
		if w, c := Whose(trace.TypeJoint, v), Caption(trace.TypeJoint, v); w == ViewName(v) || !strings.Contains(c, w) {
			t.Errorf("a simultaneous-move tree's values are in %q, captioned %q, want one player's view in both", w, c)
		}
	}
	for _, typ := range nodeTypes() {
		if !strings.Contains(TypeLegend(typ), Player(typ)) {
			t.Errorf("the legend of %s nodes, %q, does not name who moves there, %q", typ, TypeLegend(typ), Player(typ))
		}
	}
	for _, typ := range []trace.NodeType{trace.TypeMax, trace.TypeMin} {
		if !strings.HasPrefix(NodeName(typ), Player(typ)+" ") {
			t.Errorf("a %s node is called %q, want it named after its player %q", typ, NodeName(typ), Player(typ))
		}
	}
}

func TestOutcome(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    float64
		want string
	}{
		{1, "win"},
		{0.75, "win"},
		{0.5, "draw"},
		{0.25, "loss"},
		{0, "loss"},
	}
	for _, tt := range tests {
		if got := Outcome(tt.r); got != tt.want {
			t.Errorf("Outcome(%v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestPruneReason(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	tests := []struct {
		name   string
		c      trace.NodeState
		pruned []string
		want   string
	}{
		{
			// Stored in MIN's own view: -2 in the window (-∞, -3).
			name:   "alpha cut at a min node, in MAX's view",
			c:      trace.NodeState{Type: trace.TypeMin, Cut: trace.CutAlpha, CutValue: -2, CutAlpha: -inf, CutBeta: -3},
			pruned: []string{"c2", "c3"},
			want:   "α-cut: 2 ≤ α=3 at a2 (a MIN node): its value already falls to α, what MAX above is sure of elsewhere, so MAX will never let play reach it, and c2 and c3 need not be searched.",
		},
		{
			name:   "beta cut at a max node",
			c:      trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 6, CutAlpha: -inf, CutBeta: 5},
			pruned: []string{"e2"},
			want:   "β-cut: 6 ≥ β=5 at a2 (a MAX node): its value already reaches β, what MIN above is sure of elsewhere, so MIN will never let play reach it, and e2 need not be searched.",
		},
		{
			name:   "three pruned",
			c:      trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 1, CutAlpha: -inf, CutBeta: 0.5},
			pruned: []string{"x", "y", "z"},
			want:   "β-cut: 1 ≥ β=0.5 at a2 (a MAX node): its value already reaches β, what MIN above is sure of elsewhere, so MIN will never let play reach it, and x, y and z need not be searched.",
		},
		{
			name: "none named",
			c:    trace.NodeState{Type: trace.TypeMax, Cut: trace.CutBeta, CutValue: 1, CutAlpha: -inf, CutBeta: 1},
			want: "β-cut: 1 ≥ β=1 at a2 (a MAX node): its value already reaches β, what MIN above is sure of elsewhere, so MIN will never let play reach it, and its other children need not be searched.",
		},
		{
			name:   "no cut",
			c:      trace.NodeState{Type: trace.TypeMax},
			pruned: []string{"c1"},
			want:   "Pruned by a cut at a2.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := PruneReason(tt.c, "a2", tt.pruned...); got != tt.want {
				t.Errorf("PruneReason:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestPruneReasonOfRealCuts folds alpha-beta traces, the textbook's and
// one of a real search, and checks that each pruned node is explained by
// the cut the lecture finds: on the textbook tree (Russell and Norvig,
// Figure 5.2) MIN's a2 is cut at 2 ≤ α=3, pruning c2 and c3; on a deeper
// tree MAX's b2 is cut at 6 ≥ β=5, pruning e2, and MIN's a2 at 2 ≤ α=5,
// pruning c2.
func TestPruneReasonOfRealCuts(t *testing.T) {
	t.Parallel()
	deeper := func(t *testing.T) []trace.Event {
		r, err := catalog.Prepare(catalog.Request{Game: "tree", Algo: "alphabeta", Position: "[[[3,5],[6,9]],[[1,2],[0,-1]]]"})
		if err != nil {
			t.Fatal(err)
		}
		rec := trace.NewRecorder(0)
		if _, err := r.Search(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		return rec.Events()
	}
	alphaCut := "MAX will never let play reach it"
	betaCut := "MIN will never let play reach it"
	tests := []struct {
		name   string
		events func(*testing.T) []trace.Event
		want   map[string][]string // by pruned node, the start of its reason and a piece of it
	}{
		{"textbook", func(*testing.T) []trace.Event { return tracetest.AlphaBeta() }, map[string][]string{
			"c2": {"α-cut: 2 ≤ α=3 at a2 (a MIN node)", alphaCut},
			"c3": {"α-cut: 2 ≤ α=3 at a2 (a MIN node)", alphaCut},
		}},
		{"deeper", deeper, map[string][]string{
			"e2": {"β-cut: 6 ≥ β=5 at b2 (a MAX node)", betaCut},
			"c2": {"α-cut: 2 ≤ α=5 at a2 (a MIN node)", alphaCut},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := tree(t, tt.events(t))
			if err := tr.Seek(tr.Len() - 1); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for id := range tr.Size() {
				n := tr.Node(trace.NodeID(id))
				if n.Status != trace.StatusPruned {
					continue
				}
				if n.PrunedBy == trace.NoNode {
					t.Fatalf("pruned node %s has no cut", n.Label)
				}
				by := tr.Node(n.PrunedBy)
				got[n.Label] = PruneReason(by, by.Label, n.Label)
			}
			if len(got) != len(tt.want) {
				t.Errorf("pruned %v, want %d nodes", got, len(tt.want))
			}
			for label, want := range tt.want {
				reason, ok := got[label]
				switch {
				case !ok:
					t.Errorf("%s is not pruned", label)
				case !strings.HasPrefix(reason, want[0]+":") || !strings.Contains(reason, want[1]) || !strings.HasSuffix(reason, "and "+label+" need not be searched."):
					t.Errorf("%s is pruned because %q, want %q, %q, and %s named", label, reason, want[0], want[1], label)
				}
			}
		})
	}
}
