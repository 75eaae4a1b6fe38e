package trace_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

const header3 = `{"format":"searchviz-trace","version":3}` + "\n"

// wideSelect returns version 3 lines making a root with n children, then
// a select at the root naming all n as candidates.
func wideSelect(n int) string {
	var b strings.Builder
	b.WriteString(`["n",-1]` + "\n" + `"e"` + "\n")
	cands := make([]string, n)
	for i := range n {
		b.WriteString(fmt.Sprintf(`["n",%d,"a"]`+"\n", i))
		cands[i] = fmt.Sprintf("[%d,%d]", i+1, i)
	}
	b.WriteString(`["s",null,null,0,1,{"candidates":[` + strings.Join(cands, ",") + `]}]` + "\n")
	return b.String()
}

// deepPath returns version 3 lines of a chain of depth+1 nodes, each
// entered: a backprop without a path then climbs all of them.
func deepPath(depth int) string {
	return `["n",-1]` + "\n" + `"e"` + "\n" + strings.Repeat(`["n",0,"a"]`+"\n"+`"e"`+"\n", depth)
}

// selectAgain enters the child a select picked, leaves it, and selects
// again at the same node with a bare line: the last select's candidates.
const selectAgain = `"e"` + "\n" + `"l"` + "\n" + `"s"` + "\n"

// playedBack plays out from the current node and backs the result up its
// path with a bare line: the path and the values from their defaults.
const playedBack = `["p",1,3]` + "\n" + `"b"` + "\n"

// TestReaderBoundsImpliedWork reads compact traces whose short lines imply
// long lists by default: each is refused, naming the limit, after a read
// whose memory follows from the file's size, not from the lists implied.
// It measures allocations, so it does not run in parallel.
func TestReaderBoundsImpliedWork(t *testing.T) {
	testenv.SkipUnderRace(t, "reads hostile traces in the test goroutine")
	// A bare select repeats the candidates of the last select at its node,
	// and a backprop without a path climbs the search's path.
	const perEvent = "over the limit of 65536 per event"
	const perByte = "at most 2 entries a byte"
	tests := []struct {
		name     string
		text     string
		want     string // "" if the trace reads
		maxAlloc uint64 // bytes, if not 0
	}{
		{"candidates at the limit", wideSelect(trace.MaxEventEntries), "", 0},
		{"one candidate over", wideSelect(trace.MaxEventEntries + 1), perEvent, 0},
		{"a path at the limit", deepPath(trace.MaxEventEntries/2-1) + playedBack, "", 0},
		{"a path over", deepPath(trace.MaxEventEntries/2) + playedBack, perEvent, 0},
		{"bare selects repeating 50,000 candidates", wideSelect(50_000) + strings.Repeat(selectAgain, 2_000), perByte, 400 << 20},
		{"backprops along a 30,000-deep path", deepPath(30_000) + strings.Repeat(playedBack, 2_000), perByte, 200 << 20},
		{"a few bare selects", wideSelect(1_000) + strings.Repeat(selectAgain, 20), "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var events []trace.Event
			var err error
			alloc := allocated(func() { _, events, err = trace.ReadAll(strings.NewReader(header3 + tt.text)) })
			if tt.want == "" {
				if err != nil {
					t.Errorf("error %v, want the trace read", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v after %d events, want one saying %q", err, len(events), tt.want)
			}
			if tt.want == perByte && !errors.Is(err, trace.ErrTooLarge) {
				t.Errorf("error %v does not wrap ErrTooLarge", err)
			}
			if tt.maxAlloc > 0 && alloc > tt.maxAlloc {
				t.Errorf("reading allocated %d MB, want at most %d", alloc>>20, tt.maxAlloc>>20)
			}
		})
	}
}

// TestWriterBoundsEntries checks that Writer refuses an event Reader would.
func TestWriterBoundsEntries(t *testing.T) {
	t.Parallel()
	for _, v := range []int{1, 2, 3} {
		var buf bytes.Buffer
		w, err := trace.NewWriter(&buf, trace.Header{Version: v})
		if err != nil {
			t.Fatal(err)
		}
		w.Emit(trace.Event{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Type: trace.TypeMax})
		w.Emit(trace.Event{Kind: trace.KindExpand, Node: 0, Children: make([]trace.NodeID, trace.MaxEventEntries+1)})
		if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "over the limit of 65536 per event") {
			t.Errorf("version %d: writing an expansion of %d children: error %v, want one naming the limit", v, trace.MaxEventEntries+1, err)
		}
	}
}

// FuzzReaderWork checks that whatever a trace's text, the list entries of
// its events are at most MaxEntriesPerByte a byte of it, beyond one event's
// worth: no input asks the reader for work out of proportion to its size.
func FuzzReaderWork(f *testing.F) {
	f.Add([]byte(header3 + wideSelect(3) + selectAgain + selectAgain))
	f.Add([]byte(header3 + deepPath(5) + playedBack + playedBack))
	f.Add([]byte(header3 + `["n",-1]` + "\n" + `"e"` + "\n" + `["n",0,"a"]` + "\n" + `["n",1,"b",0]` + "\n" + `["x"]` + "\n" + `["x"]` + "\n"))
	f.Add([]byte(header3 + `["n",-1]` + "\n" + `"e"` + "\n" + `["m",1,[0,0,0,0],[0,0]]` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
			return
		}
		_, events, _ := trace.ReadAll(bytes.NewReader(data))
		total := 0
		for _, e := range events {
			n := len(e.Scores) + len(e.Children) + len(e.Pruned) + len(e.Path) + len(e.Values) + len(e.Kept) + len(e.Dropped)
			if n > trace.MaxEventEntries {
				t.Fatalf("an event of %d list entries was read", n)
			}
			total += n
		}
		if total > trace.MaxEntriesPerByte*len(data)+trace.MaxEventEntries {
			t.Fatalf("%d bytes gave events of %d list entries", len(data), total)
		}
	})
}
