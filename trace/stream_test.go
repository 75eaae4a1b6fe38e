package trace

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// checkAgainstRef checks tr, at every step visited forwards, backwards and
// in random jumps, against foldRef's refold of events from nothing, and
// every event it returns against events; with file, an empty slice of
// events equals a nil one, as trace files do not tell them apart.
func checkAgainstRef(t *testing.T, how string, tr *Tree, events []Event, file bool) {
	t.Helper()
	if tr.Len() != len(events) {
		t.Fatalf("%s: Len() = %d, want %d", how, tr.Len(), len(events))
	}
	for k := range events {
		got, want := tr.Event(k), events[k]
		if file {
			got, want = nilEmpty(got), nilEmpty(want)
		}
		if !sameEvent(got, want) {
			t.Fatalf("%s: Event(%d):\n got %+v\nwant %+v", how, k, got, want)
		}
	}
	check := func() {
		t.Helper()
		k := tr.Step()
		want, focus := foldRef(events, k)
		if tr.Size() != len(want) {
			t.Fatalf("%s: step %d: Size() = %d, want %d", how, k, tr.Size(), len(want))
		}
		for id, w := range want {
			if got := tr.Node(NodeID(id)); !foldSame(got, w) {
				t.Fatalf("%s: step %d: node %d:\n got %+v\nwant %+v", how, k, id, got, w)
			}
		}
		if got := tr.Current(); got != focus {
			t.Fatalf("%s: step %d: Current() = %d, want %d", how, k, got, focus)
		}
	}
	check()
	for tr.Forward() {
		check()
	}
	for tr.Back() {
		check()
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range min(len(events), 200) {
		if err := tr.Seek(rng.IntN(len(events)+1) - 1); err != nil {
			t.Fatal(err)
		}
		check()
	}
}

// nilEmpty returns e with its empty slices nil.
func nilEmpty(e Event) Event {
	if len(e.Pruned) == 0 {
		e.Pruned = nil
	}
	if len(e.PrunedLabels) == 0 {
		e.PrunedLabels = nil
	}
	if len(e.Scores) == 0 {
		e.Scores = nil
	}
	if len(e.Values) == 0 {
		e.Values = nil
	}
	for _, s := range []*[]NodeID{&e.Children, &e.Path, &e.Kept, &e.Dropped} {
		if len(*s) == 0 {
			*s = nil
		}
	}
	return e
}

// TestReadTreeMatchesRefold writes the test traces in each version of the
// file format, folds each file as it is read, and checks the Tree against
// a refold of the events from nothing at every step.
func TestReadTreeMatchesRefold(t *testing.T) {
	for name, events := range foldTraces() {
		for _, version := range []int{1, Version} {
			t.Run(fmt.Sprintf("%s/v%d", name, version), func(t *testing.T) {
				var buf bytes.Buffer
				w, err := NewWriter(&buf, Header{Version: version, Game: "test", Algorithm: "test"})
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					w.Emit(e)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				r, err := NewReader(&buf)
				if err != nil {
					t.Fatal(err)
				}
				edited := 0
				tr, err := ReadTree(r, func(*Event) error { edited++; return nil })
				if err != nil {
					t.Fatal(err)
				}
				if edited != len(events) {
					t.Errorf("edit saw %d events, want %d", edited, len(events))
				}
				checkAgainstRef(t, "read", tr, events, true)
			})
		}
	}
}

// TestRecorderSnapshots records the test traces and folds what is recorded
// at several points along the way, checking each snapshot against a refold
// of the events so far, and the Recorder's events against the trace.
func TestRecorderSnapshots(t *testing.T) {
	for name, events := range foldTraces() {
		t.Run(name, func(t *testing.T) {
			rec := NewRecorder(0)
			for i, e := range events {
				e.Step = 1000 + i // a Recorder numbers events itself
				rec.Emit(e)
				if n := i + 1; n == len(events) || n%97 == 0 {
					tr, err := rec.Tree()
					if err != nil {
						t.Fatalf("after %d events: %v", n, err)
					}
					checkAgainstRef(t, fmt.Sprintf("snapshot of %d events", n), tr, events[:n], false)
				}
			}
			got := rec.Events()
			if len(got) != len(events) {
				t.Fatalf("Events(): %d events, want %d", len(got), len(events))
			}
			for k := range got {
				if !sameEvent(got[k], events[k]) {
					t.Fatalf("Events()[%d]:\n got %+v\nwant %+v", k, got[k], events[k])
				}
			}
		})
	}
}

// TestReadTreeErrors checks that a trace that does not fold, or does not
// decode, is refused by ReadTree with the error NewTree or the Reader
// gives, and that an error of edit stops the reading.
func TestReadTreeErrors(t *testing.T) {
	tests := []struct {
		name string
		file string
		edit func(*Event) error
		want string
	}{
		{"no node", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"t\",\"just a note\"]\n", nil,
			"trace: the trace creates no node; a trace's first node event is its root, node 0"},
		{"leave before enter", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n[\"l\",0]\n", nil,
			"trace: event 1 (leave): node 0 is not entered"},
		{"bad line", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n[\"e\",\n", nil,
			"trace: line 3: invalid JSON"},
		{"edit fails", "{\"format\":\"searchviz-trace\",\"version\":2}\n[\"n\",-1]\n\"e\"\n", func(e *Event) error {
			if e.Kind == KindEnter {
				return fmt.Errorf("no entering")
			}
			return nil
		}, "no entering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := NewReader(bytes.NewBufferString(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			_, err = ReadTree(r, tt.edit)
			if err == nil || !bytes.HasPrefix([]byte(err.Error()), []byte(tt.want)) {
				t.Fatalf("ReadTree: %v, want an error starting %q", err, tt.want)
			}
		})
	}
}
