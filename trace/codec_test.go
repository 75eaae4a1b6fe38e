package trace_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

func testHeader() trace.Header {
	return trace.Header{
		Game:      "tree",
		Position:  "[[3,12,8],[2,4,6],[14,5,2]]",
		Algorithm: "alphabeta",
		Params:    map[string]string{"depth": "0", "order": "natural"},
		Seed:      42,
		Program:   "searchviz test",
		Time:      time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC),
	}
}

// normal returns a copy of events in which empty slices are nil and the
// scores are moved out into their own list with NaN UCBs replaced, so
// that reflect.DeepEqual compares what the format can represent.
func normal(events []trace.Event) (rest []trace.Event, scores [][]trace.Score, nans [][]bool) {
	for _, e := range events {
		var s []trace.Score
		var n []bool
		for _, sc := range e.Scores {
			n = append(n, math.IsNaN(sc.UCB))
			if math.IsNaN(sc.UCB) {
				sc.UCB = 0
			}
			s = append(s, sc)
		}
		scores, nans = append(scores, s), append(nans, n)
		e.Scores = nil
		nilIfEmpty(&e.Pruned)
		nilIfEmpty(&e.PrunedLabels)
		nilIfEmpty(&e.Children)
		nilIfEmpty(&e.Path)
		nilIfEmpty(&e.Values)
		nilIfEmpty(&e.Kept)
		nilIfEmpty(&e.Dropped)
		rest = append(rest, e)
	}
	return rest, scores, nans
}

// nilIfEmpty makes an empty slice nil, as the format cannot tell them
// apart.
func nilIfEmpty[T any](s *[]T) {
	if len(*s) == 0 {
		*s = nil
	}
}

// diffEvents describes the first difference between two event lists, or
// returns "" when they are equal up to normal.
func diffEvents(got, want []trace.Event) string {
	if len(got) != len(want) {
		return fmt.Sprintf("got %d events, want %d", len(got), len(want))
	}
	g, gs, gn := normal(got)
	w, ws, wn := normal(want)
	for i := range g {
		if !reflect.DeepEqual(g[i], w[i]) || !reflect.DeepEqual(gs[i], ws[i]) || !reflect.DeepEqual(gn[i], wn[i]) {
			return fmt.Sprintf("event %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
	return ""
}

// checkReadBack checks that a trace written with testHeader and want
// reads back as h and got.
func checkReadBack(t *testing.T, h trace.Header, got, want []trace.Event) {
	t.Helper()
	wantHeader := testHeader()
	wantHeader.Format, wantHeader.Version = trace.Format, h.Version
	if d := diffHeaders(h, wantHeader); d != "" {
		t.Errorf("header: %s", d)
	}
	if d := diffEvents(got, want); d != "" {
		t.Error(d)
	}
}

func diffHeaders(got, want trace.Header) string {
	if !got.Time.Equal(want.Time) {
		return fmt.Sprintf("time %v, want %v", got.Time, want.Time)
	}
	got.Time, want.Time = time.Time{}, time.Time{}
	if len(got.Params) == 0 && len(want.Params) == 0 {
		got.Params, want.Params = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("got %+v\nwant %+v", got, want)
	}
	return ""
}

func TestCodecRoundTrip(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	for _, tt := range []struct {
		name   string
		events []trace.Event
	}{
		{"alphabeta", tracetest.AlphaBeta()},
		{"every kind", tracetest.EveryKind()},
		{"empty", nil},
	} {
		for _, version := range []int{1, trace.Version} {
			t.Run(fmt.Sprintf("%s/v%d", tt.name, version), func(t *testing.T) {
				t.Parallel()
				// The Writer numbers the events itself, whatever the caller says.
				emitted := slices.Clone(tt.events)
				for i := range emitted {
					emitted[i].Step = 1000 - i
				}
				h := testHeader()
				h.Version = version
				data := tracetest.Encode(t, h, emitted)
				h, got, err := trace.ReadAll(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				if h.Version != version {
					t.Errorf("read version %d, want %d", h.Version, version)
				}
				checkReadBack(t, h, got, tt.events)
			})
		}
	}
}

// TestCodecLines pins single lines of version 1 of the format, written
// out by hand from the format's description.
func TestCodecLines(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	h := testHeader()
	h.Version = 1
	lines := func(events []trace.Event) []string {
		return strings.Split(strings.TrimSuffix(string(tracetest.Encode(t, h, events)), "\n"), "\n")
	}
	ab := lines(tracetest.AlphaBeta())
	every := lines(tracetest.EveryKind())
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"header", ab[0], `{"format":"searchviz-trace","version":1,"game":"tree","position":"[[3,12,8],[2,4,6],[14,5,2]]",` +
			`"algorithm":"alphabeta","params":{"depth":"0","order":"natural"},"seed":42,"program":"searchviz test",` +
			`"time":"2024-05-06T07:08:09.123456789Z"}`},
		{"root node", ab[1], `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max"}`},
		{"open window", ab[3], `{"step":2,"kind":"bounds","node":0,"alpha":"-inf","beta":"inf"}`},
		{"terminal eval", ab[10], `{"step":9,"kind":"eval","node":2,"value":3,"terminal":true}`},
		{"value with best", ab[12], `{"step":11,"kind":"value","node":1,"value":-3,"best":2}`},
		{"cut", ab[36], `{"step":35,"kind":"cut","node":5,"cut":"alpha","value":-2,"alpha":"-inf","beta":-3,"pruned":[1,2],"pruned_labels":["c2","c3"]}`},
		{"decision", ab[63], `{"step":62,"kind":"decision","node":0,"action":0,"label":"a1","value":3,"counters":{"nodes":11,"evals":7,"cuts":1,"elapsed_ns":1000}}`},
		{"board", every[1], `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max","board":"x.o\n.x.\n..o"}`},
		{"iteration with depth", every[2], `{"step":1,"kind":"iteration","iteration":1,"depth":3}`},
		{"escaped label", every[6], `{"step":5,"kind":"node","node":2,"parent":0,"action":5,"label":"c2 \"quoted\" \\ \t\u2028 é ♞","depth":1,"node_kind":"min"}`},
		{"unvisited ucb is null", every[8], `{"step":7,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":3,"w":0,"n":0,"ucb":null},{"child":2,"action":5,"w":0,"n":0,"ucb":null}]}`},
		{"infinite ucb", every[14], `{"step":13,"kind":"select","node":0,"child":2,"scores":[{"child":1,"action":3,"w":1,"n":1,"ucb":1.25},{"child":2,"action":5,"w":0,"n":0,"ucb":"inf"}]}`},
		{"backprop", every[12], `{"step":11,"kind":"backprop","path":[1,0],"values":[-1,1]}`},
		{"tiny and huge numbers", every[21] + every[23], `{"step":20,"kind":"eval","node":4,"value":1e-07,"terminal":true}` +
			`{"step":22,"kind":"value","node":3,"value":-1e+300,"best":4}`},
		{"value without best", every[30], `{"step":29,"kind":"value","node":5,"value":0}`},
		{"beam", every[33], `{"step":32,"kind":"beam","depth":1,"kept":[1,5],"dropped":[2]}`},
		{"discarded iteration without depth", every[34], `{"step":33,"kind":"iteration","iteration":2,"discarded":true}`},
		{"note about a node", every[35], `{"step":34,"kind":"note","text":"pruned: see\r\nstep 25","node":2}`},
		{"note about no node", every[36], `{"step":35,"kind":"note","text":"a note about no node"}`},
		{"expand", every[7], `{"step":6,"kind":"expand","node":0,"children":[1,2]}`},
		{"playout", every[11], `{"step":10,"kind":"playout","node":1,"result":1,"length":7}`},
		{"child of a joint node", every[37], `{"step":36,"kind":"node","node":6,"parent":4,"action":5,"label":"up/\"left\"","depth":4,"node_kind":"joint",` +
			`"joint":[{"action":1,"label":"up"},{"action":2,"label":"\"left\""}]}`},
		{"truncation note", every[38], `{"step":37,"kind":"note","text":"trace truncated: event budget of 39 events reached; later events are not recorded","truncated":"events"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if tt.got != tt.want {
				t.Errorf("\n got %s\nwant %s", tt.got, tt.want)
			}
		})
	}
}

// TestCodecGolden is not parallel: with -update it rewrites files in
// testdata that parallel tests read.
func TestCodecGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes a trace in the test goroutine")
	for _, tt := range []struct {
		version int
		path    string
	}{
		{1, "testdata/alphabeta-rn.jsonl.golden"},
		{2, "testdata/alphabeta-rn.v2.jsonl.golden"},
	} {
		t.Run(fmt.Sprintf("v%d", tt.version), func(t *testing.T) {
			h := testHeader()
			h.Version = tt.version
			got := tracetest.Encode(t, h, tracetest.AlphaBeta())
			if trace.Updating() {
				if err := os.WriteFile(tt.path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("encoding differs from %s; if the format changed on purpose, run go test ./trace -run TestCodecGolden -update", tt.path)
			}
			if n := bytes.Count(want, []byte("\n")); n != 64 {
				t.Errorf("%s has %d lines, want a header and 63 events", tt.path, n)
			}
		})
	}
}

func TestCodecReadAccepts(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	const header = `{"format":"searchviz-trace","version":1}`
	tests := []struct {
		name  string
		input string
		want  []trace.Event
	}{
		{"no events", header, nil},
		{"no final newline", header + "\n" + `{"step":0,"kind":"enter","node":3}`,
			[]trace.Event{{Kind: trace.KindEnter, Node: 3}}},
		{"blank trailing lines", header + "\n" + `{"step":0,"kind":"enter","node":3}` + "\n\n \n",
			[]trace.Event{{Kind: trace.KindEnter, Node: 3}}},
		{"CRLF line ends", header + "\r\n" + `{"step":0,"kind":"leave","node":1}` + "\r\n",
			[]trace.Event{{Kind: trace.KindLeave, Node: 1}}},
		{"unknown fields skipped", header + "\n" + `{"step":0,"kind":"enter","node":3,"colour":"red","extra":{"a":[1]}}`,
			[]trace.Event{{Kind: trace.KindEnter, Node: 3}}},
		{"fields in any order", header + "\n" + `{"node":3,"kind":"enter","step":0}`,
			[]trace.Event{{Kind: trace.KindEnter, Node: 3}}},
		{"integral numbers in integer fields", header + "\n" + `{"step":0.0,"kind":"playout","node":1e1,"result":0.5,"length":2E2}`,
			[]trace.Event{{Kind: trace.KindPlayout, Node: 10, Result: 0.5, Length: 200}}},
		{"largest node id", header + "\n" + `{"step":0,"kind":"enter","node":2147483647}`,
			[]trace.Event{{Kind: trace.KindEnter, Node: math.MaxInt32}}},
		{"absent best and note node are NoNode", header + "\n" + `{"step":0,"kind":"value","node":0,"value":1}` + "\n" + `{"step":1,"kind":"note","text":"t"}`,
			[]trace.Event{{Kind: trace.KindValue, Value: 1, Best: trace.NoNode}, {Step: 1, Kind: trace.KindNote, Node: trace.NoNode, Text: "t"}}},
		{"infinities", header + "\n" + `{"step":0,"kind":"bounds","node":0,"alpha":"-inf","beta":"inf"}`,
			[]trace.Event{{Kind: trace.KindBounds, Alpha: math.Inf(-1), Beta: math.Inf(1)}}},
		{"empty lists", header + "\n" + `{"step":0,"kind":"backprop","path":[],"values":[]}`,
			[]trace.Event{{Kind: trace.KindBackprop}}},
		{"escapes in strings", header + "\n" + `{"step":0,"kind":"note","text":"a\u00e9\n\"\ud83d\ude00"}`,
			[]trace.Event{{Kind: trace.KindNote, Node: trace.NoNode, Text: "aé\n\"😀"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h, got, err := trace.ReadAll(strings.NewReader(tt.input))
			if err != nil {
				t.Fatal(err)
			}
			if h.Format != trace.Format || h.Version != 1 {
				t.Errorf("header %+v", h)
			}
			if d := diffEvents(got, tt.want); d != "" {
				t.Error(d)
			}
		})
	}
}

func TestCodecReadGzip(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	h := testHeader()
	h.Version = 1 // the longer lines, so that half the file holds whole events
	zw.Write(tracetest.Encode(t, h, tracetest.AlphaBeta()))
	zw.Close()
	compressed := buf.Bytes()
	_, events, err := trace.ReadAll(bytes.NewReader(compressed))
	if err != nil {
		t.Fatal(err)
	}
	if d := diffEvents(events, tracetest.AlphaBeta()); d != "" {
		t.Error(d)
	}
	// A file cut short, as by a crash, is an I/O error, not a syntax error.
	_, events, err = trace.ReadAll(bytes.NewReader(compressed[:len(compressed)/2]))
	var se *trace.SyntaxError
	if !errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &se) {
		t.Errorf("truncated gzip: error %v, want one wrapping io.ErrUnexpectedEOF", err)
	}
	if len(events) == 0 || len(events) >= len(tracetest.AlphaBeta()) {
		t.Errorf("truncated gzip: read %d events, want the ones before the cut", len(events))
	}
}

func TestCodecReadErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	const header = `{"format":"searchviz-trace","version":1}` + "\n"
	ev := func(lines ...string) string { return header + strings.Join(lines, "\n") + "\n" }
	tests := []struct {
		name  string
		input string
		line  int
		want  string // a part of the message after "trace: line N: "
	}{
		{"empty input", "", 1, "empty input, want a header line"},
		{"not JSON", "hello\n", 1, "not a searchviz-trace header: want a JSON object, got invalid JSON"},
		{"an event first", `{"step":0,"kind":"enter","node":0}`, 1, `not a searchviz-trace header: no "format" field`},
		{"another format", `{"format":"chrome-trace","version":1}`, 1, `format is "chrome-trace", want "searchviz-trace"`},
		{"newer version", `{"format":"searchviz-trace","version":4}`, 1, "unsupported format version 4 (this program reads versions 1 to 3)"},
		{"no version", `{"format":"searchviz-trace"}`, 1, `missing required field "version"`},
		{"bad time", `{"format":"searchviz-trace","version":1,"time":"yesterday"}`, 1, `field "time": want an RFC 3339 time, got "yesterday"`},
		{"bad params", `{"format":"searchviz-trace","version":1,"params":{"depth":3}}`, 1, `field "params": want an object of strings`},
		{"bad JSON", ev(`{"step":0,`), 2, "invalid JSON"},
		{"a list", ev(`[0,"enter",0]`), 2, "want a JSON object, got a list"},
		{"no kind", ev(`{"step":0,"node":0}`), 2, `missing required field "kind"`},
		{"unknown kind", ev(`{"step":0,"kind":"warp","node":0}`), 2,
			`unknown kind "warp" (known kinds: node, enter, leave, eval, value, bounds, cut, select, expand, playout, backprop, beam, iteration, decision, note)`},
		{"bad kind", ev(`{"step":0,"kind":"bad"}`), 2, `unknown kind "bad"`},
		{"no step", ev(`{"kind":"enter","node":0}`), 2, `missing required field "step" for kind "enter"`},
		{"missing node", ev(`{"step":0,"kind":"enter"}`), 2, `missing required field "node" for kind "enter"`},
		{"missing pruned labels", ev(`{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[1]}`), 2,
			`missing required field "pruned_labels" for kind "cut"`},
		{"step skipped", ev(`{"step":0,"kind":"enter","node":0}`, `{"step":2,"kind":"leave","node":0}`), 3,
			"step is 2, want 1 (steps count 0, 1, 2, ... in line order)"},
		{"step from 1", ev(`{"step":1,"kind":"enter","node":0}`), 2, "step is 1, want 0"},
		{"node as string", ev(`{"step":0,"kind":"enter","node":"0"}`), 2, `field "node": node id: want an integer, got a string`},
		{"node id too large", ev(`{"step":0,"kind":"enter","node":2147483648}`), 2,
			`field "node": node id 2147483648 out of range (want an integer from -2147483648 to 2147483647)`},
		{"node id too small", ev(`{"step":0,"kind":"expand","node":0,"children":[1,-2147483649]}`), 2,
			`field "children": element 1: node id -2147483649 out of range`},
		{"fractional action", ev(`{"step":0,"kind":"node","node":0,"parent":-1,"action":1.5,"label":"","depth":0,"node_kind":"max"}`), 2,
			`field "action": want an integer, got the number 1.5`},
		{"unknown node kind", ev(`{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"maxi"}`), 2,
			`field "node_kind": unknown node kind "maxi" (want max, min, chance, single or joint)`},
		{"unknown cut", ev(`{"step":0,"kind":"cut","node":0,"cut":"gamma","value":1,"alpha":0,"beta":1,"pruned":[1],"pruned_labels":["x"]}`), 2,
			`field "cut": unknown cut "gamma" (want alpha, beta or forward)`},
		{"NaN value", ev(`{"step":0,"kind":"eval","node":0,"value":"nan","terminal":false}`), 2,
			`field "value": want a number, "inf" or "-inf", got a string`},
		{"null value", ev(`{"step":0,"kind":"eval","node":0,"value":null,"terminal":false}`), 2,
			`field "value": want a number, "inf" or "-inf", got null`},
		{"number overflow", ev(`{"step":0,"kind":"eval","node":0,"value":1e400,"terminal":false}`), 2,
			`field "value": number 1e400 out of range`},
		{"terminal as number", ev(`{"step":0,"kind":"eval","node":0,"value":1,"terminal":1}`), 2,
			`field "terminal": want true or false, got the number 1`},
		{"pruned not a list", ev(`{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":1,"pruned_labels":["x"]}`), 2,
			`field "pruned": want a list, got the number 1`},
		{"score without ucb", ev(`{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0}]}`), 2,
			`field "scores": element 0: missing required field "ucb"`},
		{"score ucb a string", ev(`{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0,"ucb":"x"}]}`), 2,
			`field "scores": element 0: field "ucb": want a number, "inf" or "-inf", got a string`},
		{"counters incomplete", ev(`{"step":0,"kind":"decision","node":0,"action":0,"label":"a","value":1,"counters":{"nodes":1,"evals":1,"cuts":0}}`), 2,
			`field "counters": missing required field "elapsed_ns"`},
		{"blank line inside", ev(`{"step":0,"kind":"enter","node":0}`, ``, `{"step":1,"kind":"leave","node":0}`), 3,
			"blank line before the end of the trace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := trace.ReadAll(strings.NewReader(tt.input))
			var se *trace.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("ReadAll error = %v, want a *trace.SyntaxError", err)
			}
			if se.Line != tt.line {
				t.Errorf("error on line %d, want line %d: %v", se.Line, tt.line, err)
			}
			prefix := fmt.Sprintf("trace: line %d: ", tt.line)
			if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q, want %q followed by %q", msg, prefix, tt.want)
			}
		})
	}
}

// TestCodecReaderSticky checks that a decoding error ends the trace: the
// reader does not resume on the next good line.
func TestCodecReaderSticky(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	input := `{"format":"searchviz-trace","version":1}` + "\n" +
		`{"step":0,"kind":"enter","node":0}` + "\n" + `oops` + "\n" + `{"step":1,"kind":"leave","node":0}` + "\n"
	first, second := errorsAfterOne(t, strings.NewReader(input), trace.Limits{})
	if first == nil || second != first {
		t.Errorf("errors %v then %v, want the same error twice", first, second)
	}
}

// errorsAfterOne reads the trace in r within lim, an event that must
// decode and then two more, and returns the two errors.
func errorsAfterOne(t *testing.T, r io.Reader, lim trace.Limits) (first, second error) {
	t.Helper()
	tr, err := trace.NewLimitedReader(r, lim)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.ReadEvent(); err != nil {
		t.Fatal(err)
	}
	_, first = tr.ReadEvent()
	_, second = tr.ReadEvent()
	return first, second
}

// TestCodecLongLines reads lines longer than a Reader's buffer, one at
// the longest a Reader accepts and one a byte over it, under a limit of
// 256 KiB; TestCodecLongLinesFull crosses MaxLine itself.
func TestCodecLongLines(t *testing.T) {
	testenv.SkipUnderRace(t, "reads long lines in the test goroutine")
	t.Parallel()
	checkLongLines(t, 256<<10)
}

// TestCodecLongLinesFull is TestCodecLongLines at MaxLine, 16 MiB.
func TestCodecLongLinesFull(t *testing.T) {
	testenv.SkipUnlessFullLimits(t)
	testenv.SkipUnderRace(t, "reads long lines in the test goroutine")
	t.Parallel()
	checkLongLines(t, 0)
}

// checkLongLines reads lines of a Reader whose longest line is limit
// bytes, or MaxLine if limit is 0: one far longer than its buffer and
// than bufio.Scanner's default 64 KiB, one at the limit and one over it.
func checkLongLines(t *testing.T, limit int) {
	t.Helper()
	most := limit
	if most == 0 {
		most = trace.MaxLine
	}
	const header = `{"format":"searchviz-trace","version":1}` + "\n"
	// Readers skip unknown fields: one pads the line to its length
	// without a string over MaxString.
	note := func(n int) string {
		return `{"step":0,"kind":"note","text":"x","pad":"` + strings.Repeat("x", n) + `"}` + "\n"
	}
	read := func(input string) ([]trace.Event, error) {
		t.Helper()
		r, err := trace.NewReader(strings.NewReader(input))
		if err != nil {
			t.Fatal(err)
		}
		trace.SetLineLimit(r, limit)
		var events []trace.Event
		for {
			e, err := r.ReadEvent()
			if err == io.EOF {
				return events, nil
			}
			if err != nil {
				return events, err
			}
			events = append(events, e)
		}
	}
	long := min(1<<20, most/2)
	events, err := read(header + note(long))
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 || events[0].Text != "x" {
		t.Fatalf("read %d events, want one note on a line of %d bytes", len(events), long)
	}
	overhead := len(note(0)) - 1 // the line without its padding and newline
	if _, err := read(header + note(most-overhead)); err != nil {
		t.Errorf("a line of exactly %d bytes: %v", most, err)
	}
	_, err = read(header + note(most-overhead+1))
	want := fmt.Sprintf("line longer than the limit of %d bytes (%g MiB)", most, float64(most)/(1<<20))
	var se *trace.SyntaxError
	if !errors.As(err, &se) || se.Line != 2 || !strings.Contains(err.Error(), want) {
		t.Errorf("a line of %d bytes: error %v, want a syntax error on line 2 saying %q", most+1, err, want)
	}
}

// failWriter fails every write after the first ok ones.
type failWriter struct{ ok int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if w.ok == 0 {
		return 0, errDiskFull
	}
	w.ok--
	return len(p), nil
}

// checkRefused checks that a Writer refuses bad, emitted between two
// valid events, with an error saying want, and writes only the header:
// the error stops it before it flushes anything.
func checkRefused(t *testing.T, bad trace.Event, want string) {
	t.Helper()
	valid := trace.Event{Kind: trace.KindEnter, Node: 0}
	var buf bytes.Buffer
	w, err := trace.NewWriter(&buf, trace.Header{})
	if err != nil {
		t.Fatal(err)
	}
	w.Emit(valid)
	w.Emit(bad)
	w.Emit(valid)
	err = w.Flush()
	if err == nil || !strings.HasPrefix(err.Error(), "trace: step 1: ") || !strings.Contains(err.Error(), want) {
		t.Fatalf("Flush() = %v, want an error about step 1 saying %q", err, want)
	}
	if w.Err() != err {
		t.Errorf("Err() = %v, want Flush's error", w.Err())
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 {
		t.Errorf("wrote %d lines, want only the header", n)
	}
}

func TestCodecWriterErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	valid := trace.Event{Kind: trace.KindEnter, Node: 0}
	tests := []struct {
		name string
		bad  trace.Event
		want string
	}{
		{"NaN value", trace.Event{Kind: trace.KindEval, Value: math.NaN()}, `trace: step 1: cannot encode eval event: field "value" is NaN`},
		{"NaN alpha", trace.Event{Kind: trace.KindBounds, Alpha: math.NaN()}, `field "alpha" is NaN`},
		{"NaN in values", trace.Event{Kind: trace.KindBackprop, Path: []trace.NodeID{0}, Values: []float64{math.NaN()}}, `field "values" is NaN`},
		{"NaN w", trace.Event{Kind: trace.KindSelect, Scores: []trace.Score{{W: math.NaN()}}}, `scores[0]: field "w" is NaN`},
		{"bad kind", trace.Event{}, "trace: step 1: cannot encode bad event: invalid kind"},
		{"kind out of range", trace.Event{Kind: 200}, "cannot encode Kind(200) event"},
		{"bad node type", trace.Event{Kind: trace.KindNode}, `field "node_kind": invalid node type bad`},
		{"bad cut", trace.Event{Kind: trace.KindCut}, `field "cut": invalid cut kind CutKind(0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkRefused(t, tt.bad, tt.want)
		})
	}
	t.Run("NaN ucb is fine", func(t *testing.T) {
		t.Parallel()
		var buf bytes.Buffer
		w, _ := trace.NewWriter(&buf, trace.Header{})
		w.Emit(trace.Event{Kind: trace.KindSelect, Scores: []trace.Score{{UCB: math.NaN()}}})
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("header write fails", func(t *testing.T) {
		t.Parallel()
		_, err := trace.NewWriter(&failWriter{}, trace.Header{})
		if !errors.Is(err, errDiskFull) {
			t.Errorf("NewWriter error = %v, want one wrapping %v", err, errDiskFull)
		}
	})
	t.Run("later write fails", func(t *testing.T) {
		t.Parallel()
		fw := &failWriter{ok: 1}
		w, err := trace.NewWriter(fw, trace.Header{})
		if err != nil {
			t.Fatal(err)
		}
		w.Emit(valid)
		if err := w.Flush(); !errors.Is(err, errDiskFull) {
			t.Fatalf("Flush() = %v, want one wrapping %v", err, errDiskFull)
		}
		w.Emit(valid)
		if err := w.Flush(); !errors.Is(err, errDiskFull) {
			t.Errorf("second Flush() = %v, want the first error again", err)
		}
	})
}

// TestCodecWriterCopiesNothing checks that the Writer is done with an
// event's slices when Emit returns, so engines may reuse their buffers.
func TestCodecWriterCopiesNothing(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	var buf bytes.Buffer
	w, _ := trace.NewWriter(&buf, trace.Header{})
	pruned, labels := []int{1, 2}, []string{"c2", "c3"}
	w.Emit(trace.Event{Kind: trace.KindCut, Cut: trace.CutBeta, Pruned: pruned, PrunedLabels: labels})
	pruned[0], labels[0] = 9, "zz"
	w.Flush()
	_, events, err := trace.ReadAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := events[0].Pruned[0]; got != 1 || events[0].PrunedLabels[0] != "c2" {
		t.Errorf("pruned %v %q, want what was emitted", events[0].Pruned, events[0].PrunedLabels)
	}
}

func FuzzCodecReader(f *testing.F) {
	golden, err := os.ReadFile(filepath.Join("testdata", "alphabeta-rn.jsonl.golden"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden)
	f.Add(tracetest.Encode(f, testHeader(), tracetest.EveryKind()))
	f.Add([]byte(`{"format":"searchviz-trace","version":1}` + "\n" + `{"step":0,"kind":"enter","node":1e1}`))
	f.Add([]byte(`{"format":"searchviz-trace","version":2}`))
	f.Add([]byte(`{"format":"searchviz-trace","version":1}` + "\n" + `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":"-inf","n":0,"ucb":null}]}`))
	f.Add([]byte{0x1f, 0x8b, 0x08})
	// Inputs that cross the fixed limits: a long string, long strings
	// that escape or grow, a long pruned list, many parameters.
	const header = `{"format":"searchviz-trace","version":1}` + "\n"
	f.Add([]byte(header + `{"step":0,"kind":"note","text":"` + strings.Repeat("x", trace.MaxString+1) + `"}`))
	f.Add([]byte(header + `{"step":0,"kind":"note","text":"` + strings.Repeat(`\n`, trace.MaxString) + `"}`))
	f.Add([]byte(header + `{"step":0,"kind":"note","text":"` + strings.Repeat("\xff", trace.MaxString/3+1) + `"}`))
	f.Add([]byte(header + `{"step":0,"kind":"note","text":"` + strings.Repeat(`\ud800`, trace.MaxString/3+1) + `"}`))
	f.Add([]byte(header + cutLine(0, trace.MaxPrunedPerCut+1, 0)))
	f.Add([]byte(header + cutLine(0, 1, trace.MaxPrunedPerCut+1)))
	f.Add([]byte(`{"format":"searchviz-trace","version":1,"params":{` + strings.Repeat(`"a":"",`, trace.MaxParams) + `"b":""}}`))
	f.Add([]byte(`{"format":"searchviz-trace","version":1,"` + strings.Repeat(`\u0041`, 100) + `":1}`))
	// The optional fields of later minor additions, and a note as older
	// writers wrote a truncation.
	f.Add([]byte(header + `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint"}` + "\n" +
		`{"step":1,"kind":"node","node":1,"parent":0,"action":3,"label":"up/left","depth":1,"node_kind":"joint","joint":[{"action":0,"label":"up"},{"action":1,"label":"left"}]}` + "\n" +
		`{"step":2,"kind":"note","text":"budget","truncated":"bytes"}` + "\n" +
		`{"step":3,"kind":"note","text":"trace truncated: node budget of 2 nodes reached; later nodes are not recorded"}`))
	f.Add([]byte(header + `{"step":0,"kind":"node","node":1,"parent":0,"action":3,"label":"x","depth":1,"node_kind":"joint","joint":[{"action":0,"label":"up"}]}`))
	f.Add(gzipped(f, golden))
	v2, err := os.ReadFile(filepath.Join("testdata", "alphabeta-rn.v2.jsonl.golden"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(v2)
	h2 := testHeader()
	h2.Version = 2
	f.Add(tracetest.Encode(f, h2, tracetest.EveryKind()))
	const header2 = `{"format":"searchviz-trace","version":2}` + "\n"
	f.Add([]byte(header2 + `["n",-1]` + "\n" + `"e"` + "\n" + `["n",0,"a"]` + "\n" + `["n",1,"b",0]` + "\n" + `["x"]` + "\n" +
		`["s",null,null,0,1,{"candidates":[[1,0],[2,1]]}]` + "\n" + `"e"` + "\n" + `["p",1,3]` + "\n" + `"b"` + "\n" + `"l"` + "\n" +
		`["s",[0,1],1,null,null,{"stats":[[1,0.5,2]]}]` + "\n" + `["s",{"node":0,"child":2,"scores":[]}]`))
	f.Add([]byte(header2 + `["c",1,[0],"-inf","inf",["x"],"beta",0]` + "\n" + `["w",null,null,{"node":3}]` + "\n" + `["q"]` + "\n" + `[]`))
	const header3 = `{"format":"searchviz-trace","version":3}` + "\n"
	f.Add([]byte(header3 + `["n",-1]` + "\n" + `"e"` + "\n" + `["n",0,"a"]` + "\n" + `["n",1,"b",0]` + "\n" + `["x"]` + "\n" +
		`["s",null,null,0,1,{"candidates":[[1,0],[2,1]]}]` + "\n" + `"e"` + "\n" + `["p",1,3]` + "\n" + `"b"` + "\n" + `"l"` + "\n" +
		`"s"` + "\n" + `"e"` + "\n" + `["p",0,3]` + "\n" + `"b"` + "\n" + `"l"` + "\n" + `["s",[],1]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, events, err := trace.ReadAll(bytes.NewReader(data))
		if err != nil {
			return
		}
		// The limits refuse a trace just over them, and only that.
		if _, got, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Events: len(events)}); len(events) > 0 && (err != nil || len(got) != len(events)) {
			t.Fatalf("a trace of %d events at the limit: %d read, error %v", len(events), len(got), err)
		}
		if len(events) > 1 {
			if _, _, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Events: len(events) - 1}); !errors.Is(err, trace.ErrTooLarge) {
				t.Fatalf("a trace of %d events over the limit: error %v, want ErrTooLarge", len(events), err)
			}
		}
		var entries int64
		for _, e := range events {
			entries += int64(len(e.Scores) + len(e.Children) + len(e.Pruned) + len(e.Path) + len(e.Values) + len(e.Kept) + len(e.Dropped))
		}
		if entries > 0 {
			if _, got, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Entries: entries}); err != nil || len(got) != len(events) {
				t.Fatalf("a trace of %d list entries at the limit: %d events read, error %v", entries, len(got), err)
			}
			if _, _, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Entries: entries - 1}); entries > 1 && !errors.Is(err, trace.ErrTooLarge) {
				t.Fatalf("a trace of %d list entries over the limit: error %v, want ErrTooLarge", entries, err)
			}
		}
		if len(data) > 2 && !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
			size := int64(len(data))
			if _, _, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Bytes: size}); err != nil {
				t.Fatalf("a trace of %d bytes at the limit: %v", size, err)
			}
			if _, _, err := trace.ReadAllLimited(bytes.NewReader(data), trace.Limits{Bytes: size - 1}); !errors.Is(err, trace.ErrTooLarge) {
				t.Fatalf("a trace of %d bytes over the limit: error %v, want ErrTooLarge", size, err)
			}
		}
		again := tracetest.Encode(t, h, events)
		h2, events2, err := trace.ReadAll(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("re-encoded trace does not read: %v\n%s", err, again)
		}
		if d := diffHeaders(h2, h); d != "" {
			t.Errorf("header changed in re-encoding: %s", d)
		}
		if d := diffEvents(events2, events); d != "" {
			t.Errorf("events changed in re-encoding: %s", d)
		}
		// Every other version holds the same events.
		for v := 1; v <= trace.Version; v++ {
			if v == h.Version {
				continue
			}
			other := h
			other.Version = v
			_, events3, err := trace.ReadAll(bytes.NewReader(tracetest.Encode(t, other, events)))
			if err != nil {
				t.Fatalf("trace re-encoded in version %d does not read: %v", other.Version, err)
			}
			if d := diffEvents(events3, events); d != "" {
				t.Errorf("events changed in re-encoding in version %d: %s", other.Version, d)
			}
		}
	})
}

func BenchmarkWriterEmitNode(b *testing.B) {
	w, err := trace.NewWriter(io.Discard, testHeader())
	if err != nil {
		b.Fatal(err)
	}
	e := trace.Event{Kind: trace.KindNode, Node: 1234, Parent: 77, Action: 4, Label: "b2", Depth: 5, Type: trace.TypeMin}
	b.ReportAllocs()
	for b.Loop() {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkReadAll(b *testing.B) {
	var events []trace.Event
	for range 100 {
		events = append(events, tracetest.AlphaBeta()...)
	}
	data := tracetest.Encode(b, testHeader(), events)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := trace.ReadAll(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
