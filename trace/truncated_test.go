package trace_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// wholeTrace is a trace that reads whole, read once for checkCut, which
// reads it cut at many bytes.
type wholeTrace struct {
	data      []byte
	headerEnd int // the length of the header line, its line end included
	header    trace.Header
	events    []trace.Event
	encoded   []byte // the events written again after header
	ends      []int  // ends[k]: the length of encoded's header and first k events
}

// readWhole reads data, which must read whole, for checkCut.
func readWhole(t *testing.T, data []byte) *wholeTrace {
	t.Helper()
	h, events, err := trace.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("reading the whole trace: %v", err)
	}
	w := &wholeTrace{data: data, headerEnd: bytes.IndexByte(data, '\n') + 1, header: h, events: events}
	// A Writer writes a line for each event, so the events' lines start
	// as those of any first events do.
	w.encoded = tracetest.Encode(t, h, events)
	for i, c := range w.encoded {
		if c == '\n' {
			w.ends = append(w.ends, i+1)
		}
	}
	if len(w.ends) != len(events)+1 {
		t.Fatalf("%d lines written for a header and %d events", len(w.ends), len(events))
	}
	return w
}

// checkCut checks what reading w's first n bytes gives: no error or a
// *TruncatedError, never another, once the cut is past the header; and
// the events of w up to the cut, the last of which may differ when a cut
// line still decodes. Events are compared encoded, where a NaN equals a
// NaN. It returns the events read and the error.
func checkCut(t *testing.T, w *wholeTrace, n int) ([]trace.Event, error) {
	t.Helper()
	_, got, err := trace.ReadAll(bytes.NewReader(w.data[:n]))
	if n <= w.headerEnd {
		return got, err
	}
	var te *trace.TruncatedError
	if err != nil && !errors.As(err, &te) {
		t.Fatalf("cut at byte %d of %d: error %v, want none or a *TruncatedError", n, len(w.data), err)
	}
	if te != nil && te.Events != len(got) {
		t.Fatalf("cut at byte %d: the error counts %d events, %d were read", n, te.Events, len(got))
	}
	if len(got) > len(w.events) || len(got) > 0 && !bytes.Equal(tracetest.Encode(t, w.header, got[:len(got)-1]), w.encoded[:w.ends[len(got)-1]]) {
		t.Fatalf("cut at byte %d: %d events that are not the trace's first", n, len(got))
	}
	return got, err
}

// TestTruncatedAtEveryByte cuts whole traces, plain and compressed, of
// every format version at every byte: each reads up to its cut and says
// which line is cut, or reads whole when the cut falls at a line end.
func TestTruncatedAtEveryByte(t *testing.T) {
	testenv.SkipUnderRace(t, "reads traces in the test goroutine")
	t.Parallel()
	golden, err := os.ReadFile(filepath.Join("testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	h3 := testHeader()
	h3.Version = 3
	for name, full := range map[string][]byte{
		"version 1": golden,
		"version 3": tracetest.Encode(t, h3, tracetest.EveryKind()),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := readWhole(t, full)
			lines := 0
			for n := w.headerEnd + 1; n < len(full); n++ {
				got, err := checkCut(t, w, n)
				atLineEnd := full[n-1] == '\n'
				if atLineEnd {
					lines++
				}
				var te *trace.TruncatedError
				switch {
				case atLineEnd && err != nil:
					t.Fatalf("cut after line %d: %v, want the lines before read whole", lines+1, err)
				case atLineEnd && len(got) != lines:
					t.Fatalf("cut after line %d: %d events, want %d", lines+1, len(got), lines)
				case !atLineEnd && errors.As(err, &te) && te.Line != lines+2:
					t.Fatalf("cut in line %d: the error names line %d", lines+2, te.Line)
				}
			}
		})
	}
	t.Run("compressed", func(t *testing.T) {
		t.Parallel()
		z := gzipped(t, golden)
		truncated := 0
		for n := 20; n < len(z); n++ {
			_, got, err := trace.ReadAll(bytes.NewReader(z[:n]))
			var te *trace.TruncatedError
			if !errors.As(err, &te) {
				continue // a cut before the header is whole: the trace has no header
			}
			truncated++
			if te.Events != len(got) || !strings.Contains(err.Error(), "compressed data ends early") {
				t.Fatalf("cut at byte %d of %d compressed: %v after %d events", n, len(z), err, len(got))
			}
		}
		if truncated == 0 {
			t.Fatal("no cut of the compressed trace was read as a trace cut short")
		}
		if _, _, err := trace.ReadAll(bytes.NewReader(z)); err != nil {
			t.Fatalf("the whole compressed trace: %v", err)
		}
	})
}

// TestTruncatedOnlyAtTheEnd checks that only the last line, with no line
// end, counts as cut: a bad line anywhere else is damage, refused with
// its line number.
func TestTruncatedOnlyAtTheEnd(t *testing.T) {
	testenv.SkipUnderRace(t, "reads traces in the test goroutine")
	t.Parallel()
	const header = `{"format":"searchviz-trace","version":1}` + "\n"
	const root = `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max"}`
	const enter = `{"step":1,"kind":"enter","node":0}`
	tests := []struct {
		name      string
		text      string
		truncated bool
		line      int // the line the error names
		events    int // read before it
	}{
		{"cut in the last line", header + root + "\n" + enter[:20], true, 3, 1},
		{"cut in the first event", header + root[:30], true, 2, 0},
		{"garbage in the middle", header + root + "\nnot json\n" + enter + "\n", false, 3, 1},
		{"garbage on the last line, ended", header + root + "\n" + enter[:20] + "\n", false, 3, 1},
		{"garbage before a cut line", header + "not json\n" + enter[:20], false, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, events, err := trace.ReadAll(strings.NewReader(tt.text))
			var te *trace.TruncatedError
			var se *trace.SyntaxError
			switch {
			case tt.truncated && !errors.As(err, &te):
				t.Fatalf("error %v, want a *TruncatedError", err)
			case tt.truncated && te.Line != tt.line:
				t.Errorf("the error names line %d, want %d", te.Line, tt.line)
			case !tt.truncated && (!errors.As(err, &se) || errors.As(err, &te)):
				t.Fatalf("error %#v, want a *SyntaxError and no *TruncatedError", err)
			case !tt.truncated && se.Line != tt.line:
				t.Errorf("the error names line %d, want %d", se.Line, tt.line)
			}
			if len(events) != tt.events {
				t.Errorf("%d events read before the error, want %d", len(events), tt.events)
			}
		})
	}
}

// TestReadFromKeepsWhatPrecedesTheCut checks that a Builder fed a trace
// cut short holds every event before the cut and folds them.
func TestReadFromKeepsWhatPrecedesTheCut(t *testing.T) {
	t.Parallel()
	golden, err := os.ReadFile(filepath.Join("testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		t.Fatal(err)
	}
	_, all, err := trace.ReadAll(bytes.NewReader(golden))
	if err != nil {
		t.Fatal(err)
	}
	z := gzipped(t, golden)
	for name, data := range map[string][]byte{"plain": golden[:len(golden)*2/3], "compressed": z[:len(z)*2/3]} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := trace.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			b := trace.NewBuilder()
			err = b.ReadFrom(r, nil)
			var te *trace.TruncatedError
			if !errors.As(err, &te) {
				t.Fatalf("ReadFrom: %v, want a *TruncatedError", err)
			}
			if b.Len() != te.Events || te.Events == 0 || te.Events >= len(all) {
				t.Fatalf("the builder holds %d events, the error says %d of %d were read", b.Len(), te.Events, len(all))
			}
			tree, err := b.Tree()
			if err != nil {
				t.Fatalf("folding the events before the cut: %v", err)
			}
			if tree.Len() != te.Events {
				t.Errorf("the tree has %d steps, want %d", tree.Len(), te.Events)
			}
		})
	}
}

// FuzzTruncated cuts any trace that reads whole at any byte: the cut one
// reads up to the cut, with no error but a *TruncatedError.
func FuzzTruncated(f *testing.F) {
	golden, err := os.ReadFile(filepath.Join("testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden, uint(len(golden)/2))
	h3 := testHeader()
	h3.Version = 3
	f.Add(tracetest.Encode(f, h3, tracetest.EveryKind()), uint(300))
	f.Add([]byte(`{"format":"searchviz-trace","version":2}`+"\n"+`["n",-1]`+"\n"+`"e"`+"\n"+`["u",-35]`+"\n"), uint(50))
	f.Fuzz(func(t *testing.T, data []byte, at uint) {
		if len(data) == 0 || bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
			return
		}
		if _, _, err := trace.ReadAll(bytes.NewReader(data)); err != nil {
			return
		}
		if bytes.IndexByte(data, '\n') < 0 {
			return // a header alone: no event to cut
		}
		checkCut(t, readWhole(t, data), int(at%uint(len(data)+1)))
	})
}
