package trace_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

const minHeader = `{"format":"searchviz-trace","version":1}`

// rootLine is the line of a root node, step 0.
const rootLine = `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max"}`

// cutLine returns the line of a cut at the root with the given step,
// pruning n actions, with n labels unless labels is -1, or that many.
func cutLine(step, n, labels int) string {
	pruned := strings.TrimSuffix(strings.Repeat("0,", n), ",")
	if labels < 0 {
		labels = n
	}
	names := strings.TrimSuffix(strings.Repeat(`"a",`, labels), ",")
	return fmt.Sprintf(`{"step":%d,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[%s],"pruned_labels":[%s]}`, step, pruned, names)
}

// TestCodecStringLimit reads every string field at MaxString and one byte
// over it. The limit is on the text, not on its JSON: escapes that
// shrink in decoding and invalid UTF-8 that grows count as decoded.
func TestCodecStringLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "reads strings at and over MaxString in the test goroutine")
	t.Parallel()
	at, over := strings.Repeat("s", trace.MaxString), strings.Repeat("s", trace.MaxString+1)
	header := func(field, s string) string {
		return `{"format":"searchviz-trace","version":1,"` + field + `":"` + s + `"}`
	}
	withEvent := func(line string) string { return minHeader + "\n" + line + "\n" }
	node := func(label, board string) string {
		return withEvent(`{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"` + label + `","depth":0,"node_kind":"max","board":"` + board + `"}`)
	}
	note := func(text string) string { return withEvent(`{"step":0,"kind":"note","text":"` + text + `"}`) }
	cut := func(label string) string {
		return withEvent(`{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[1,2],"pruned_labels":["a","` + label + `"]}`)
	}
	tests := []struct {
		name   string
		ok     string // a trace with a string at the limit
		bad    string // the same with a string one byte over it
		want   string // what the error says
		inLine int
	}{
		{"label", node(at, ""), node(over, ""), `field "label": a string of 65537 bytes, over the limit of 65536 bytes`, 2},
		{"board", node("", at), node("", over), `field "board": a string of 65537 bytes, over the limit of 65536 bytes`, 2},
		{"text", note(at), note(over), `field "text": a string of 65537 bytes, over the limit of 65536 bytes`, 2},
		{"pruned label", cut(at), cut(over), `field "pruned_labels": element 1: a string of 65537 bytes`, 2},
		{"game", header("game", at), header("game", over), `field "game": a string of 65537 bytes, over the limit of 65536 bytes`, 1},
		{"position", header("position", at), header("position", over), `field "position": a string of 65537`, 1},
		{"algorithm", header("algorithm", at), header("algorithm", over), `field "algorithm": a string of 65537`, 1},
		{"program", header("program", at), header("program", over), `field "program": a string of 65537`, 1},
		{"parameter name",
			`{"format":"searchviz-trace","version":1,"params":{"` + at + `":"1"}}`,
			`{"format":"searchviz-trace","version":1,"params":{"` + over + `":"1"}}`,
			`field "params": a parameter's name: a string of 65537 bytes, over the limit of 65536 bytes`, 1},
		{"parameter value",
			`{"format":"searchviz-trace","version":1,"params":{"depth":"` + at + `"}}`,
			`{"format":"searchviz-trace","version":1,"params":{"depth":"` + over + `"}}`,
			`field "params": parameter "depth": a string of 65537 bytes, over the limit of 65536 bytes`, 1},
		// \n is two bytes of JSON and one of text.
		{"escapes count once", note(strings.Repeat(`\n`, trace.MaxString)), note(strings.Repeat(`\n`, trace.MaxString) + "x"),
			`field "text": a string of 65537 bytes`, 2},
		{"escaped surrogate pairs", note(strings.Repeat(`\ud83d\ude00`, trace.MaxString/4)), note(strings.Repeat(`\ud83d\ude00`, trace.MaxString/4) + "x"),
			`field "text": a string of 65537 bytes`, 2},
		// Each byte of invalid UTF-8 decodes as U+FFFD, three bytes.
		{"invalid UTF-8 counts thrice", note(strings.Repeat("\xff", trace.MaxString/3) + "s"), note(strings.Repeat("\xff", trace.MaxString/3) + "ss"),
			`field "text": a string of 65537 bytes`, 2},
		{"lone surrogates count thrice", note(strings.Repeat(`\ud800`, trace.MaxString/3) + "s"), note(strings.Repeat(`\udc00`, trace.MaxString/3) + "ss"),
			`field "text": a string of 65537 bytes`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, _, err := trace.ReadAll(strings.NewReader(tt.ok)); err != nil {
				t.Errorf("at the limit: %v", err)
			}
			_, _, err := trace.ReadAll(strings.NewReader(tt.bad))
			var se *trace.SyntaxError
			if !errors.As(err, &se) || se.Line != tt.inLine || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("one byte over the limit: error %v, want a syntax error on line %d saying %q", err, tt.inLine, tt.want)
			}
		})
	}
}

// TestCodecStringLimitCheap checks that a string over MaxString is refused
// before it is decoded: reading a line of a 15 MiB note costs the line and
// little more. It is not parallel: it measures what the process allocates.
func TestCodecStringLimitCheap(t *testing.T) {
	testenv.SkipUnderRace(t, "reads one line in the test goroutine")
	input := minHeader + "\n" + `{"step":0,"kind":"note","text":"` + strings.Repeat("\xff", 15<<20) + `"}` + "\n"
	var err error
	alloc := allocated(func() { _, _, err = trace.ReadAll(strings.NewReader(input)) })
	if err == nil || !strings.Contains(err.Error(), `field "text": a string of 47185920 bytes, over the limit of 65536 bytes`) {
		t.Fatalf("error %v, want one naming the string's decoded size and the limit", err)
	}
	// The line is gathered in a buffer that grows by doubling: about 2x.
	if limit := uint64(3 * len(input)); alloc > limit {
		t.Errorf("reading allocated %d bytes, want at most %d: the string was decoded", alloc, limit)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestCodecParamsLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "reads headers at and over MaxParams in the test goroutine")
	t.Parallel()
	params := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"format":"searchviz-trace","version":1,"params":{`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":"%d"`, i, i)
		}
		b.WriteString("}}")
		return b.String()
	}
	h, _, err := trace.ReadAll(strings.NewReader(params(trace.MaxParams)))
	if err != nil || len(h.Params) != trace.MaxParams || h.Params["p7"] != "7" {
		t.Errorf("%d parameters: %d read, error %v", trace.MaxParams, len(h.Params), err)
	}
	_, _, err = trace.ReadAll(strings.NewReader(params(trace.MaxParams + 1)))
	if want := `field "params": 1025 parameters, over the limit of 1024`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%d parameters: error %v, want %q", trace.MaxParams+1, err, want)
	}
}

// TestCodecPrunedLimit reads cuts at MaxPrunedPerCut and over it, whose
// lists are refused before they are decoded. It is not parallel: it
// measures what the process allocates.
func TestCodecPrunedLimit(t *testing.T) {
	testenv.SkipUnderRace(t, "reads cuts in the test goroutine")
	tests := []struct {
		name         string
		line         string
		want         string // "" if the line reads
		maxAllocated int    // bytes, if not 0
	}{
		{"at the limit", cutLine(0, trace.MaxPrunedPerCut, -1), "", 0},
		{"one pruned over", cutLine(0, trace.MaxPrunedPerCut+1, -1), `field "pruned": 1025 pruned actions, over the limit of 1024 per cut`, 0},
		{"one label over", cutLine(0, 1, trace.MaxPrunedPerCut+1), `field "pruned_labels": 1025 pruned labels, over the limit of 1024 per cut`, 0},
		// Two million pruned actions on a 4 MB line would be a slice of
		// 16 MB, more with its growth.
		{"a bomb", cutLine(0, 2_000_000, 0), `field "pruned": 2000000 pruned actions, over the limit of 1024 per cut`, 12 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := minHeader + "\n" + tt.line + "\n"
			var events []trace.Event
			var err error
			alloc := allocated(func() { _, events, err = trace.ReadAll(strings.NewReader(input)) })
			if tt.want == "" {
				if err != nil || len(events) != 1 || len(events[0].Pruned) != trace.MaxPrunedPerCut {
					t.Errorf("error %v, want the cut read", err)
				}
				return
			}
			var se *trace.SyntaxError
			if !errors.As(err, &se) || se.Line != 2 || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want a syntax error on line 2 saying %q", err, tt.want)
			}
			if tt.maxAllocated > 0 && alloc > uint64(tt.maxAllocated) {
				t.Errorf("reading allocated %d bytes, want at most %d", alloc, tt.maxAllocated)
			}
		})
	}
}

// TestCodecWriterLimits checks that Writer refuses what Reader would, and
// writes what it reads: a string of MaxString bytes of control characters
// is six times as long in JSON.
func TestCodecWriterLimits(t *testing.T) {
	testenv.SkipUnderRace(t, "writes and reads traces at the limits in the test goroutine")
	t.Parallel()
	at, over := strings.Repeat("\x01", trace.MaxString), strings.Repeat("s", trace.MaxString+1)
	invalid := strings.Repeat("\xff", trace.MaxString/3+1) // decodes to 3 bytes more than MaxString
	ok := []trace.Event{
		{Kind: trace.KindNode, Node: 0, Parent: trace.NoNode, Action: -1, Label: at, Board: at, Type: trace.TypeMax},
		{Kind: trace.KindNote, Node: trace.NoNode, Text: at},
		{Step: 2, Kind: trace.KindCut, Node: 0, Cut: trace.CutBeta, Pruned: make([]int, trace.MaxPrunedPerCut), PrunedLabels: make([]string, trace.MaxPrunedPerCut)},
	}
	ok[1].Step = 1
	h := trace.Header{Game: at, Position: at, Algorithm: at, Program: at, Params: map[string]string{at: at}}
	data := tracetest.Encode(t, h, ok)
	gh, got, err := trace.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("what Writer wrote does not read: %v", err)
	}
	if d := diffEvents(got, ok); d != "" || gh.Position != at || gh.Params[at] != at {
		t.Errorf("the round trip changed the trace: %s", d)
	}

	events := []struct {
		name string
		e    trace.Event
		want string
	}{
		{"label", trace.Event{Kind: trace.KindNode, Parent: trace.NoNode, Label: over, Type: trace.TypeMax}, `field "label": a string of 65537 bytes, over the limit of 65536 bytes`},
		{"board", trace.Event{Kind: trace.KindNode, Parent: trace.NoNode, Board: over, Type: trace.TypeMax}, `field "board": a string of 65537 bytes`},
		{"text", trace.Event{Kind: trace.KindNote, Text: over}, `field "text": a string of 65537 bytes`},
		{"invalid UTF-8", trace.Event{Kind: trace.KindNote, Text: invalid}, `field "text": a string of 65538 bytes`},
		{"pruned label", trace.Event{Kind: trace.KindCut, Cut: trace.CutBeta, Pruned: []int{1}, PrunedLabels: []string{over}}, `field "pruned_labels": a string of 65537 bytes`},
		{"pruned", trace.Event{Kind: trace.KindCut, Cut: trace.CutBeta, Pruned: make([]int, trace.MaxPrunedPerCut+1)}, `field "pruned": 1025 pruned actions, over the limit of 1024 per cut`},
		{"pruned labels", trace.Event{Kind: trace.KindCut, Cut: trace.CutBeta, PrunedLabels: make([]string, trace.MaxPrunedPerCut+1)}, `field "pruned_labels": 1025 pruned labels, over the limit of 1024 per cut`},
	}
	for _, tt := range events {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkRefused(t, tt.e, tt.want)
		})
	}

	many := map[string]string{}
	for i := range trace.MaxParams + 1 {
		many[fmt.Sprint(i)] = ""
	}
	headers := []struct {
		name string
		h    trace.Header
		want string
	}{
		{"game", trace.Header{Game: over}, `trace: header field "game": a string of 65537 bytes, over the limit of 65536 bytes`},
		{"program", trace.Header{Program: invalid}, `trace: header field "program": a string of 65538 bytes`},
		{"parameter name", trace.Header{Params: map[string]string{over: ""}}, `trace: header field "params": a parameter's name: a string of 65537 bytes`},
		{"parameter value", trace.Header{Params: map[string]string{"depth": over}}, `trace: header field "params": parameter "depth": a string of 65537 bytes`},
		{"parameters", trace.Header{Params: many}, `trace: header field "params": 1025 parameters, over the limit of 1024`},
	}
	for _, tt := range headers {
		t.Run("header "+tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			if _, err := trace.NewWriter(&buf, tt.h); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("NewWriter: %v, want an error saying %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("NewWriter wrote %d bytes of a header it refused", buf.Len())
			}
		})
	}
}

// gzipped returns data compressed with gzip.
func gzipped(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReaderLimits reads traces at and just over a Reader's limits, plain
// and compressed.
func TestReaderLimits(t *testing.T) {
	testenv.SkipUnderRace(t, "reads traces at and over a Reader's limits in the test goroutine")
	t.Parallel()
	data := tracetest.Encode(t, testHeader(), tracetest.AlphaBeta()) // 63 events
	size := int64(len(data))
	headerSize := int64(bytes.IndexByte(data, '\n') + 1)
	tests := []struct {
		name string
		lim  trace.Limits
		want string // "" if the trace reads whole
	}{
		{"no limits", trace.Limits{}, ""},
		{"negative limits", trace.Limits{Bytes: -1, Events: -1}, ""},
		{"exactly the events", trace.Limits{Events: 63}, ""},
		{"one event too many", trace.Limits{Events: 62}, "trace: line 64: more than 62 events, the limit"},
		{"one event allowed", trace.Limits{Events: 1}, "trace: line 3: more than 1 events, the limit"},
		{"exactly the bytes", trace.Limits{Bytes: size}, ""},
		{"one byte too many", trace.Limits{Bytes: size - 1}, fmt.Sprintf("trace: over the limit of %d bytes", size-1)},
		{"the header too long", trace.Limits{Bytes: headerSize - 1}, fmt.Sprintf("trace: over the limit of %d bytes", headerSize-1)},
		{"both, the events crossed", trace.Limits{Bytes: size, Events: 10}, "more than 10 events"},
	}
	for _, tt := range tests {
		for _, compressed := range []bool{false, true} {
			input := data
			if compressed {
				input = gzipped(t, data)
			}
			t.Run(fmt.Sprintf("%s/gzip=%v", tt.name, compressed), func(t *testing.T) {
				t.Parallel()
				_, events, err := trace.ReadAllLimited(bytes.NewReader(input), tt.lim)
				if tt.want == "" {
					if err != nil || len(events) != 63 {
						t.Errorf("read %d events, error %v, want the whole trace", len(events), err)
					}
					return
				}
				if !errors.Is(err, trace.ErrTooLarge) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error %v, want one wrapping ErrTooLarge saying %q", err, tt.want)
				}
				if tt.lim.Bytes > 0 && strings.Contains(tt.want, "bytes") {
					if after := strings.HasSuffix(err.Error(), "bytes after decompression"); after != compressed {
						t.Errorf("error %q: says \"after decompression\" = %v, want %v", err, after, compressed)
					}
				}
				if tt.lim.Events > 0 && len(events) != tt.lim.Events {
					t.Errorf("read %d events before the error, want the %d allowed", len(events), tt.lim.Events)
				}
			})
		}
	}

	t.Run("reader is sticky", func(t *testing.T) {
		t.Parallel()
		first, second := errorsAfterOne(t, bytes.NewReader(data), trace.Limits{Events: 1})
		if !errors.Is(first, trace.ErrTooLarge) || second != first {
			t.Errorf("errors %v then %v, want the same ErrTooLarge twice", first, second)
		}
	})

	t.Run("file", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "run.jsonl.gz")
		if err := os.WriteFile(path, gzipped(t, data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, events, err := trace.ReadFileLimited(path, trace.Limits{Bytes: size, Events: 63}); err != nil || len(events) != 63 {
			t.Errorf("at the limits: %d events, error %v", len(events), err)
		}
		_, _, err := trace.ReadFileLimited(path, trace.Limits{Bytes: size / 2})
		want := fmt.Sprintf("trace: %s: over the limit of %d bytes after decompression", path, size/2)
		if !errors.Is(err, trace.ErrTooLarge) || err.Error() != want {
			t.Errorf("over the limit: error %v, want %q wrapping ErrTooLarge", err, want)
		}
	})
}

// TestReaderGzipBomb reads a gzip stream that inflates to 1 GiB of valid
// trace, made as it is read: a Reader limited to 8 MiB refuses it having
// inflated, and so caused to be made, little more than 8 MiB, in little
// memory. Without a limit it would read on to the end. It is not
// parallel: it measures what the whole process allocates.
func TestReaderGzipBomb(t *testing.T) {
	const (
		total = 1 << 30
		limit = 8 << 20
	)
	pr, pw := io.Pipe()
	var made atomic.Int64 // bytes of text compressed so far
	done := make(chan struct{})
	go func() {
		defer close(done)
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
		pad := []byte(strings.Repeat("p", 64<<10) + "\"}\n")
		n, err := fmt.Fprintln(zw, minHeader)
		made.Add(int64(n))
		for step := 0; err == nil && made.Load() < total; step++ {
			// An unknown field pads each note to 64 KiB.
			if n, err = fmt.Fprintf(zw, `{"step":%d,"kind":"note","text":"n","pad":"`, step); err == nil {
				made.Add(int64(n))
				n, err = zw.Write(pad)
			}
			made.Add(int64(n))
		}
		if err == nil {
			err = zw.Close()
		}
		pw.CloseWithError(err)
	}()
	start := time.Now()
	var events []trace.Event
	var err error
	alloc := allocated(func() {
		_, events, err = trace.ReadAllLimited(pr, trace.Limits{Bytes: limit})
	})
	t.Logf("refused in %v, having allocated %d bytes", time.Since(start), alloc)
	pr.CloseWithError(errors.New("the test has read enough"))
	<-done
	want := fmt.Sprintf("trace: over the limit of %d bytes after decompression", limit)
	if !errors.Is(err, trace.ErrTooLarge) || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if n := len(events); n < 100 || n > limit/(64<<10) {
		t.Errorf("read %d events of 64 KiB before the error, want those within the limit", n)
	}
	// The compressor runs ahead of the reader by its buffers, far less
	// than a MiB.
	if m := made.Load(); m > limit+(4<<20) {
		t.Errorf("the reader had %d bytes inflated, want little more than the limit of %d", m, limit)
	}
	if alloc > 16<<20 {
		t.Errorf("reading and compressing allocated %d bytes, want little memory", alloc)
	}
}
