package check_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
	"github.com/searchviz/searchviz/trace/tracetest"
)

var header = trace.Header{Game: "tree", Position: "[[3,12],[2,4]]", Algorithm: "alphabeta", Time: time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)}

// TestStreamAccepts checks that the traces tracetest builds by hand, in
// every version, are valid.
func TestStreamAccepts(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	for _, v := range []int{1, 2, 3} {
		for name, events := range map[string][]trace.Event{"alphabeta": tracetest.AlphaBeta(), "every kind": tracetest.EveryKind()} {
			h := header
			h.Version = v
			data := tracetest.Encode(t, h, events)
			if _, err := check.Stream(bytes.NewReader(data), check.Options{}); err != nil {
				t.Errorf("version %d, %s: %v", v, name, err)
			}
		}
	}
}

// TestStreamFirstProblem checks that of two problems the first line's is
// reported, whichever part of the check finds it: the schema, the reader
// or the invariants.
func TestStreamFirstProblem(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	h := header
	h.Version = 1
	lines := strings.Split(strings.TrimSuffix(string(tracetest.Encode(t, h, tracetest.AlphaBeta())), "\n"), "\n")
	tests := []struct {
		name    string
		changes map[int]string // line number, from 1, to its new text
		line    int
	}{
		// The schema wants node ids to be integers of at least -1; the
		// reader takes -2 as a number, and the invariants refuse it later.
		{"schema, then invariants", map[int]string{3: `{"step":1,"kind":"enter","node":-2}`, 5: `{"step":3,"kind":"leave","node":7}`}, 3},
		{"invariants, then reader", map[int]string{3: `{"step":1,"kind":"leave","node":0}`, 5: `{"step":3,"kind":"nodex"}`}, 3},
		{"reader, then schema", map[int]string{3: `{"step":1,"kind":"nodex"}`, 5: `{"step":3,"kind":"enter","node":-2}`}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := append([]string(nil), lines...)
			for n, text := range tt.changes {
				c[n-1] = text
			}
			_, err := check.Stream(strings.NewReader(strings.Join(c, "\n")+"\n"), check.Options{})
			p, ok := errors.AsType[*check.Problem](err)
			if !ok || p.Line != tt.line {
				t.Errorf("got %v, want a problem on line %d", err, tt.line)
			}
		})
	}
}

// FuzzStream checks that no input makes Stream panic, and that a trace it
// accepts reads back whole and passes tracetest's checks.
func FuzzStream(f *testing.F) {
	for _, v := range []int{1, 3} {
		h := header
		h.Version = v
		f.Add(tracetest.Encode(f, h, tracetest.AlphaBeta()[:12]))
		f.Add(tracetest.Encode(f, h, tracetest.EveryKind()))
	}
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		_, err := check.Stream(bytes.NewReader(data), check.Options{Limits: trace.Limits{Events: 1000, Entries: 10000}})
		if err != nil {
			if _, ok := errors.AsType[*check.Problem](err); !ok {
				t.Fatalf("error %v is not a Problem", err)
			}
			return
		}
		_, events, err := trace.ReadAll(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("Stream accepts a trace ReadAll refuses: %v", err)
		}
		if err := tracetest.Validate(events); err != nil {
			t.Fatalf("Stream accepts a trace Validate refuses: %v", err)
		}
	})
}
