package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/viewer"
)

// grainFrame is what the grain tests read of a message.
type grainFrame struct {
	Type    string        `json:"type"`
	Message string        `json:"message"`
	Step    int           `json:"step"`
	Steps   int           `json:"steps"`
	Full    bool          `json:"full"`
	Counter string        `json:"counter"`
	Grains  []string      `json:"grains"`
	Marks   *viewer.Marks `json:"marks"`
}

// readGrain reads the next message but layouts and rests.
func (p *page) readGrain() grainFrame {
	p.t.Helper()
	for {
		p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, data, err := p.conn.ReadMessage()
		if err != nil {
			p.t.Fatalf("reading: %v", err)
		}
		var f grainFrame
		if err := json.Unmarshal(data, &f); err != nil {
			p.t.Fatalf("message %s: %v", data, err)
		}
		if f.Type == "frame" || f.Type == "error" {
			return f
		}
	}
}

// grainStops says, by a scan of the events, at which steps each grain
// stops (see trace.Grain), as a page may be told without any fold.
func grainStops(events []trace.Event) map[string][]int {
	stops := map[string][]int{}
	best := trace.NoNode
	// An MCTS trace names its best child only at its decision: stepping by
	// decision also stops where the most visited root child changes (the
	// child made first among equals), when that is the child decided.
	visits := map[trace.NodeID]int{}
	leader := trace.NoNode
	var leads []int
	for k, e := range events {
		add := func(g string) { stops[g] = append(stops[g], k) }
		add("event")
		switch e.Kind {
		case trace.KindEnter, trace.KindLeave:
			add("node")
		case trace.KindCut:
			add("cut")
		case trace.KindBackprop:
			add("backup")
			if n := len(e.Path); n >= 2 && e.Path[n-1] == 0 {
				c := e.Path[n-2]
				visits[c]++
				if leader == trace.NoNode || visits[c] > visits[leader] || visits[c] == visits[leader] && c < leader {
					if c != leader {
						leads = append(leads, k)
					}
					leader = c
				}
			}
		case trace.KindIteration:
			if !e.Discarded {
				add("iteration")
			}
		case trace.KindValue:
			if e.Best != trace.NoNode {
				add("backup")
			}
			if e.Node == 0 && e.Best != best {
				add("decision")
				best = e.Best
			}
		}
	}
	if leader != trace.NoNode && leader == best {
		stops["decision"] = slices.Sorted(slices.Values(append(leads, stops["decision"]...)))
	}
	return stops
}

// walkGrain steps by grain g from step from in direction dir until the
// server says there is no further step, and returns the steps it went to
// and the last error.
func walkGrain(p *page, g string, from, dir int) ([]int, string) {
	p.t.Helper()
	p.send(fmt.Sprintf(`{"type":"seek","step":%d}`, from))
	if f := p.readGrain(); f.Step != from {
		p.t.Fatalf("seek %d went to %s %d", from, f.Type, f.Step)
	}
	var steps []int
	for range 10_000 {
		p.send(fmt.Sprintf(`{"type":"step","by":%d,"grain":%q}`, dir, g))
		f := p.readGrain()
		if f.Type == "error" {
			return steps, f.Message
		}
		steps = append(steps, f.Step)
	}
	p.t.Fatalf("stepping by %s never ends", g)
	return nil, ""
}

// TestSocketStepsByGrain steps through an AlphaBeta and an MCTS trace by
// every grain, both ways, and checks the steps against a scan of the
// trace's events and the counter of each iteration's first step.
func TestSocketStepsByGrain(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		run    func(*testing.T) (string, string)
		grains []string
	}{
		{"alphabeta", textbook, []string{"event", "node", "cut", "backup", "decision"}},
		{"mcts", func(t *testing.T) (string, string) { return mcts(t, 20) }, []string{"event", "node", "iteration", "backup", "decision"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			base, loc := tt.run(t)
			_, events := storedTrace(t, base+loc+"/trace")
			stops := grainStops(events)
			last := len(events) - 1
			p := dial(t, base, loc+"/ws")
			first := p.readGrain()
			if !first.Full || !slices.Equal(first.Grains, tt.grains) {
				t.Fatalf("the first frame: full %v, grains %v; want a full frame with %v", first.Full, first.Grains, tt.grains)
			}
			for _, g := range tt.grains {
				want := stops[g]
				var after []int // the stops after step 0
				for _, k := range want {
					if k > 0 {
						after = append(after, k)
					}
				}
				got, msg := walkGrain(p, g, 0, 1)
				if !slices.Equal(got, after) {
					t.Errorf("by %s forwards from 0: %v, want %v", g, got, after)
				}
				if !strings.HasPrefix(msg, "No later ") && msg != "This is the last step." {
					t.Errorf("by %s past the last: %q", g, msg)
				}
				var before []int // the stops before the last step, from the last
				for _, k := range slices.Backward(want) {
					if k < last && k >= 0 {
						before = append(before, k)
					}
				}
				got, msg = walkGrain(p, g, last, -1)
				if !slices.Equal(got, before) {
					t.Errorf("by %s backwards from %d: %v, want %v", g, last, got, before)
				}
				if !strings.HasPrefix(msg, "No earlier ") && msg != "This is the first step." {
					t.Errorf("by %s before the first: %q", g, msg)
				}
			}
			its := stops["iteration"]
			for i, k := range its {
				p.send(fmt.Sprintf(`{"type":"seek","step":%d}`, k))
				end := last + 1
				if i+1 < len(its) {
					end = its[i+1]
				}
				want := fmt.Sprintf("iteration %d of %d · step 1 of its %d", i+1, len(its), end-k)
				if f := p.readGrain(); f.Counter != want {
					t.Errorf("at step %d the counter says %q, want %q", k, f.Counter, want)
				}
			}
			if len(its) == 0 {
				p.send(`{"type":"seek","step":4}`)
				if f, want := p.readGrain(), fmt.Sprintf("step 4 of %d", last); f.Counter != want {
					t.Errorf("at step 4 the counter says %q, want %q", f.Counter, want)
				}
			}
		})
	}
}

// TestSocketStepsByGrainInASubtree checks that a grain keeps to the
// filter's subtree as plain steps do: by backup within the subtree of the
// root's last child, to the backups that change a node in it.
func TestSocketStepsByGrainInASubtree(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	_, events := storedTrace(t, base+loc+"/trace")
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	kids := tr.Node(0).Children
	sub := kids[len(kids)-1]
	under := func(id trace.NodeID) bool {
		for ; id != trace.NoNode; id = tr.Node(id).Parent {
			if id == sub {
				return true
			}
		}
		return false
	}
	var want []int
	for _, k := range grainStops(events)["backup"] {
		if k > 0 && slices.ContainsFunc(tr.Touched(k), under) {
			want = append(want, k)
		}
	}
	if len(want) == 0 || len(want) == len(grainStops(events)["backup"]) {
		t.Fatalf("the subtree of %d has backups %v: not a test", sub, want)
	}
	p := dial(t, base, loc+"/ws")
	p.readGrain()
	p.send(fmt.Sprintf(`{"type":"filter","node":%d}`, sub))
	p.readGrain()
	got, msg := walkGrain(p, "backup", 0, 1)
	if !slices.Equal(got, want) {
		t.Errorf("by backup in the subtree of %d: %v, want %v", sub, got, want)
	}
	if !strings.Contains(msg, "No later backup touches the subtree of") {
		t.Errorf("past the last: %q", msg)
	}
}

// TestSocketGrainErrors checks that a bad grain is refused with the
// grains listed, and that the connection goes on.
func TestSocketGrainErrors(t *testing.T) {
	t.Parallel()
	base, loc := textbook(t)
	p := dial(t, base, loc+"/ws")
	p.readGrain()
	for msg, want := range map[string]string{
		`{"type":"step","by":1,"grain":"move"}`:  `step's grain must be one of event, node, iteration, cut, backup, decision, not "move"`,
		`{"type":"step","by":1,"grain":"Cut"}`:   `step's grain must be one of event, node, iteration, cut, backup, decision, not "Cut"`,
		`{"type":"seek","step":1,"grain":"cut"}`: `seek takes no grain: only step does`,
		`{"type":"step","by":2,"grain":"cut"}`:   `step needs by 1 or -1`,
	} {
		p.send(msg)
		if f := p.readGrain(); f.Type != "error" || f.Message != want {
			t.Errorf("%s: got %s %q, want the error %q", msg, f.Type, f.Message, want)
		}
	}
	// No iteration in AlphaBeta: the grain is valid, but finds no step.
	p.send(`{"type":"step","by":1,"grain":"iteration"}`)
	if f := p.readGrain(); f.Type != "error" || f.Message != "No later iteration." {
		t.Errorf("by iteration in AlphaBeta: %s %q", f.Type, f.Message)
	}
	p.send(`{"type":"step","by":1,"grain":"cut"}`)
	if f := p.readGrain(); f.Type != "frame" || f.Counter == "" {
		t.Errorf("after bad grains, a step by cut gave %s %q", f.Type, f.Counter)
	}
}

// TestGrainMarksThinned crosses maxMarks: MCTS with more iterations than
// it gives the scrubber maxMarks of them, evenly spread from the first;
// with fewer, all of them.
func TestGrainMarksThinned(t *testing.T) {
	t.Parallel()
	for _, playouts := range []int{viewer.MaxMarks / 2, viewer.MaxMarks + 100} {
		t.Run(fmt.Sprint(playouts), func(t *testing.T) {
			t.Parallel()
			base, loc := mcts(t, playouts)
			_, events := storedTrace(t, base+loc+"/trace")
			its := grainStops(events)["iteration"]
			if len(its) != playouts {
				t.Fatalf("%d iterations for %d playouts", len(its), playouts)
			}
			p := dial(t, base, loc+"/ws")
			f := p.readGrain()
			if f.Marks == nil {
				t.Fatal("the full frame has no marks")
			}
			got := f.Marks.Iterations
			if want := min(playouts, viewer.MaxMarks); len(got) != want {
				t.Fatalf("%d iteration marks for %d iterations, want %d", len(got), playouts, want)
			}
			if got[0] != its[0] {
				t.Errorf("the first mark is step %d, want the first iteration's, %d", got[0], its[0])
			}
			at := 0
			for i, k := range got {
				j := slices.Index(its, k)
				if j < 0 || (i > 0 && j <= at) {
					t.Fatalf("mark %d, step %d, is not an iteration after the last mark's", i, k)
				}
				if i > 0 && j-at > (playouts+viewer.MaxMarks-1)/viewer.MaxMarks {
					t.Errorf("marks %d and %d are %d iterations apart: not evenly thinned", i-1, i, j-at)
				}
				at = j
			}
			if len(f.Marks.Cuts) != 0 {
				t.Errorf("MCTS has cut marks %v", f.Marks.Cuts)
			}
		})
	}
}
