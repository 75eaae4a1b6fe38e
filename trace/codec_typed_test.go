package trace_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

const minimalHeader = `{"format":"searchviz-trace","version":1}`

// readOne reads a trace of one event line after a minimal header.
func readOne(t *testing.T, line string) (trace.Event, error) {
	t.Helper()
	_, events, err := trace.ReadAll(strings.NewReader(minimalHeader + "\n" + line + "\n"))
	if err != nil {
		return trace.Event{}, err
	}
	if len(events) != 1 {
		t.Fatalf("read %d events, want 1", len(events))
	}
	return events[0], nil
}

// TestCodecHeaderFollowsTable checks that the header line holds the
// fields HeaderFields lists, in its order, and nothing else: the table
// that documents the header is the one that writes it.
func TestCodecHeaderFollowsTable(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	data := tracetest.Encode(t, testHeader(), nil)
	line := bytes.TrimSuffix(data, []byte("\n"))
	dec := json.NewDecoder(bytes.NewReader(line))
	var names []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for _, f := range trace.HeaderFields() {
		want = append(want, f.Name)
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("header line has fields %v, want HeaderFields' %v", names, want)
	}
}

// TestCodecHeaderFields reads headers that differ from a full one in one
// field at a time, for every field of the table.
func TestCodecHeaderFields(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	full := map[string]json.RawMessage{}
	line := bytes.TrimSuffix(tracetest.Encode(t, testHeader(), nil), []byte("\n"))
	if err := json.Unmarshal(line, &full); err != nil {
		t.Fatal(err)
	}
	headerWith := func(t *testing.T, change func(m map[string]json.RawMessage)) string {
		t.Helper()
		m := map[string]json.RawMessage{}
		for k, v := range full {
			m[k] = v
		}
		change(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	read := func(header string) (trace.Header, error) {
		h, _, err := trace.ReadAll(strings.NewReader(header + "\n"))
		return h, err
	}

	t.Run("unknown fields are skipped", func(t *testing.T) {
		t.Parallel()
		h, err := read(headerWith(t, func(m map[string]json.RawMessage) {
			m["future"] = json.RawMessage(`{"a":[1,{"b":null}]}`)
			m["colour"] = json.RawMessage(`"red"`)
		}))
		if err != nil {
			t.Fatal(err)
		}
		want := testHeader()
		want.Format, want.Version = trace.Format, trace.Version
		if d := diffHeaders(h, want); d != "" {
			t.Error(d)
		}
	})
	for _, f := range trace.HeaderFields() {
		t.Run("without "+f.Name, func(t *testing.T) {
			t.Parallel()
			h, err := read(headerWith(t, func(m map[string]json.RawMessage) { delete(m, f.Name) }))
			switch {
			case f.Optional && err != nil:
				t.Errorf("a header without optional field %q: %v", f.Name, err)
			case f.Optional && h.Format != trace.Format:
				t.Errorf("a header without optional field %q read as %+v", f.Name, h)
			case !f.Optional && err == nil:
				t.Errorf("a header without required field %q was accepted", f.Name)
			case !f.Optional:
				var se *trace.SyntaxError
				if !errors.As(err, &se) || se.Line != 1 || !strings.Contains(err.Error(), `"`+f.Name+`"`) {
					t.Errorf("a header without %q: error %v, want a syntax error on line 1 naming the field", f.Name, err)
				}
			}
		})
		t.Run("wrong type of "+f.Name, func(t *testing.T) {
			t.Parallel()
			wrong := json.RawMessage(`[]`)
			_, err := read(headerWith(t, func(m map[string]json.RawMessage) { m[f.Name] = wrong }))
			if err == nil || !strings.Contains(err.Error(), `trace: line 1: `) || !strings.Contains(err.Error(), `"`+f.Name+`"`) {
				t.Errorf("a header whose %q is a list: error %v, want one on line 1 naming the field", f.Name, err)
			}
		})
	}
}

// TestCodecTruncation checks that a note's truncation round-trips through
// the codec, on a line of its own, and that the reader refuses a bad one.
func TestCodecTruncation(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	for _, tr := range []trace.Truncation{trace.NotTruncated, trace.TruncatedNodes, trace.TruncatedEvents, trace.TruncatedBytes} {
		t.Run(tr.String(), func(t *testing.T) {
			t.Parallel()
			note := trace.Event{Kind: trace.KindNote, Node: trace.NoNode, Text: "cut", Truncated: tr}
			data := tracetest.Encode(t, trace.Header{Version: 1}, []trace.Event{note})
			line := strings.Split(string(data), "\n")[1]
			want := `{"step":0,"kind":"note","text":"cut","truncated":"` + tr.String() + `"}`
			if tr == trace.NotTruncated {
				want = `{"step":0,"kind":"note","text":"cut"}`
			}
			if line != want {
				t.Errorf("line %s, want %s", line, want)
			}
			got, err := readOne(t, line)
			if err != nil {
				t.Fatal(err)
			}
			if got.Note().Truncated != tr {
				t.Errorf("read back as %v", got.Note().Truncated)
			}
		})
	}
	for _, tt := range []struct{ name, line, want string }{
		{"unknown", `{"step":0,"kind":"note","text":"t","truncated":"all"}`, `field "truncated": unknown truncation "all" (want nodes, events or bytes)`},
		{"none spelled out", `{"step":0,"kind":"note","text":"t","truncated":"none"}`, `field "truncated": unknown truncation "none"`},
		{"a number", `{"step":0,"kind":"note","text":"t","truncated":1}`, `field "truncated": want a string, got the number 1`},
	} {
		t.Run("read "+tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := readOne(t, tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error %v, want %q", tt.line, err, tt.want)
			}
		})
	}
	t.Run("write invalid", func(t *testing.T) {
		t.Parallel()
		var buf bytes.Buffer
		w, _ := trace.NewWriter(&buf, trace.Header{})
		w.Emit(trace.Event{Kind: trace.KindNote, Text: "t", Truncated: 9})
		if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "invalid truncation") {
			t.Errorf("writing truncation 9: error %v, want an invalid truncation", err)
		}
	})
}

// TestCodecLegacyTruncatedNote reads notes as writers wrote them before
// notes had a truncated field: a Limiter's note, recognised by its text,
// and others, which are not truncation notes whatever they say.
func TestCodecLegacyTruncatedNote(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	tests := []struct {
		name  string
		extra string // members after the text
		text  string
		want  trace.Truncation
	}{
		{"node budget", "", "trace truncated: node budget of 2000 nodes reached; later nodes are not recorded", trace.TruncatedNodes},
		{"event budget", "", "trace truncated: event budget of 9 events reached; later events are not recorded", trace.TruncatedEvents},
		{"byte budget", "", "trace truncated: byte budget of 512 bytes reached; later events are not recorded", trace.TruncatedBytes},
		{"the prefix alone", "", "trace truncated", trace.NotTruncated},
		{"another reason", "", "trace truncated: time budget reached", trace.NotTruncated},
		{"a budget not at the start", "", "note: trace truncated: node budget of 3 nodes reached", trace.NotTruncated},
		{"an ordinary note", "", "player B would play up (most visits)", trace.NotTruncated},
		{"the field wins over the text", `,"truncated":"bytes"`, "trace truncated: node budget of 2 nodes reached", trace.TruncatedBytes},
		{"the field without the text", `,"truncated":"events"`, "cut short", trace.TruncatedEvents},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text, _ := json.Marshal(tt.text)
			e, err := readOne(t, `{"step":0,"kind":"note","text":`+string(text)+tt.extra+`}`)
			if err != nil {
				t.Fatal(err)
			}
			if n := e.Note(); n.Truncated != tt.want || n.Text != tt.text {
				t.Errorf("read as %+v, want truncation %v and the text unchanged", n, tt.want)
			}
		})
	}
}

// TestCodecJoint checks a joint node's moves on its line, read back, and
// the lines the reader refuses.
func TestCodecJoint(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine")
	t.Parallel()
	node := trace.Event{Kind: trace.KindNode, Node: 1, Parent: 0, Action: 5, Label: "a/b/c", Depth: 1, Type: trace.TypeJoint,
		Joint: &trace.JointAction{{Action: 1, Label: "a/b"}, {Action: -2, Label: "c"}}}
	data := tracetest.Encode(t, trace.Header{Version: 1}, []trace.Event{node})
	line := strings.Split(string(data), "\n")[1]
	want := `{"step":0,"kind":"node","node":1,"parent":0,"action":5,"label":"a/b/c","depth":1,"node_kind":"joint",` +
		`"joint":[{"action":1,"label":"a/b"},{"action":-2,"label":"c"}]}`
	if line != want {
		t.Errorf("line %s\nwant %s", line, want)
	}
	got, err := readOne(t, line)
	if err != nil {
		t.Fatal(err)
	}
	if j := got.NodeCreated().Joint; j == nil || *j != *node.Joint {
		t.Errorf("joint read back as %v, want %v", j, *node.Joint)
	}
	const prefix = `{"step":0,"kind":"node","node":1,"parent":0,"action":5,"label":"x","depth":1,"node_kind":"joint","joint":`
	for _, tt := range []struct{ name, joint, want string }{
		{"one move", `[{"action":1,"label":"a"}]`, `field "joint": 1 moves, want 2: player 0's and player 1's`},
		{"three moves", `[{"action":1,"label":"a"},{"action":1,"label":"a"},{"action":1,"label":"a"}]`, `field "joint": 3 moves, want 2`},
		{"no moves", `[]`, `field "joint": 0 moves, want 2`},
		{"an object", `{"action":1,"label":"a"}`, `field "joint": want a list, got an object`},
		{"a move without a label", `[{"action":1,"label":"a"},{"action":1}]`, `field "joint": element 1: missing required field "label"`},
		{"a fractional action", `[{"action":1.5,"label":"a"},{"action":1,"label":"b"}]`, `field "joint": element 0: field "action": want an integer`},
		{"a number for a label", `[{"action":1,"label":"a"},{"action":1,"label":2}]`, `field "joint": element 1: field "label": want a string`},
		{"null", `null`, `field "joint": want a list, got null`},
	} {
		t.Run("read "+tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := readOne(t, prefix+tt.joint+`}`); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("joint %s: error %v, want %q", tt.joint, err, tt.want)
			}
		})
	}
	t.Run("write a label over MaxString", func(t *testing.T) {
		t.Parallel()
		long := node
		long.Joint = &trace.JointAction{{Label: "a"}, {Label: strings.Repeat("x", trace.MaxString+1)}}
		var buf bytes.Buffer
		w, _ := trace.NewWriter(&buf, trace.Header{})
		w.Emit(long)
		if err := w.Flush(); err == nil || !strings.Contains(err.Error(), `field "joint": a string of 65537 bytes`) {
			t.Errorf("writing a joint label over MaxString: error %v", err)
		}
	})
}

// TestLimiterNotesRoundTrip cuts the textbook trace short at each budget
// and checks that the note says which budget, in its typed field and in
// its text, through a Writer and a Reader as well as in memory.
func TestLimiterNotesRoundTrip(t *testing.T) {
	testenv.SkipUnderRace(t, "records and encodes in the test goroutine")
	t.Parallel()
	tests := []struct {
		budget trace.Budget
		want   trace.Truncation
		words  string
	}{
		{trace.Budget{Nodes: 3}, trace.TruncatedNodes, "node budget of 3 nodes"},
		{trace.Budget{Events: 20}, trace.TruncatedEvents, "event budget of 20 events"},
		{trace.Budget{Bytes: 1500}, trace.TruncatedBytes, "byte budget of 1500 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.want.String(), func(t *testing.T) {
			t.Parallel()
			rec := trace.NewBudgetRecorder(tt.budget)
			for _, e := range tracetest.AlphaBeta() {
				rec.Emit(e)
			}
			data := tracetest.Encode(t, trace.Header{}, rec.Events())
			_, read, err := trace.ReadAll(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			for name, events := range map[string][]trace.Event{"recorded": rec.Events(), "read back": read} {
				var notes []trace.Note
				for _, e := range events {
					if e.Kind == trace.KindNote {
						notes = append(notes, e.Note())
					}
				}
				if len(notes) != 1 || notes[0].Truncated != tt.want ||
					!strings.HasPrefix(notes[0].Text, trace.TruncatedNote+": "+tt.words+" reached") {
					t.Errorf("%s: notes %+v, want one that the %v was reached", name, notes, tt.want)
				}
			}
		})
	}
}

// TestRecorderCopiesJoint checks that the Recorder keeps its own copy of a
// node's joint action, which an engine may reuse.
func TestRecorderCopiesJoint(t *testing.T) {
	testenv.SkipUnderRace(t, "records in the test goroutine")
	t.Parallel()
	r := trace.NewRecorder(0)
	j := &trace.JointAction{{Action: 1, Label: "up"}, {Action: 2, Label: "left"}}
	r.Emit(trace.Event{Kind: trace.KindNode, Parent: trace.NoNode, Type: trace.TypeJoint})
	r.Emit(trace.Event{Kind: trace.KindNode, Node: 1, Parent: 0, Depth: 1, Type: trace.TypeJoint, Joint: j})
	j[0].Label = "down"
	if got := r.Events()[1].Joint; got == j || got[0].Label != "up" {
		t.Errorf("recorded joint %v, want a copy of what was emitted", got)
	}
}

// TestTreeNodeJoint checks that the fold gives a node its joint action.
func TestTreeNodeJoint(t *testing.T) {
	testenv.SkipUnderRace(t, "folds in the test goroutine")
	t.Parallel()
	events := tracetest.EveryKind()
	tr, err := trace.NewTree(events)
	if err != nil {
		t.Fatal(err)
	}
	var joint trace.NodeID = trace.NoNode
	for _, e := range events {
		if e.Kind == trace.KindNode && e.Joint != nil {
			joint = e.Node
		}
	}
	if joint == trace.NoNode {
		t.Fatal("EveryKind has no node with a joint action")
	}
	for id := range trace.NodeID(tr.Size()) {
		n := tr.Node(id)
		if id == joint && (n.Joint == nil || n.Joint[0].Label != "up") || id != joint && n.Joint != nil {
			t.Errorf("node %d has joint %v", id, n.Joint)
		}
	}
}

// TestTreeNodeProb checks that a chance outcome's probability survives the
// file and the fold: it is on the node that was given one and on no other.
func TestTreeNodeProb(t *testing.T) {
	testenv.SkipUnderRace(t, "encodes and decodes in the test goroutine and folds")
	t.Parallel()
	events := tracetest.EveryKind()
	_, read, err := trace.ReadAll(bytes.NewReader(tracetest.Encode(t, trace.Header{Format: trace.Format, Version: trace.Version}, events)))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.NewTree(read)
	if err != nil {
		t.Fatal(err)
	}
	given := 0
	for _, e := range events {
		if e.Kind != trace.KindNode {
			continue
		}
		if got := tr.Node(e.Node).Prob; got != e.Prob {
			t.Errorf("node %d: prob %v after the file and the fold, want %v", e.Node, got, e.Prob)
		}
		if e.Prob != 0 {
			given++
		}
	}
	if given == 0 {
		t.Fatal("EveryKind has no chance outcome with a probability")
	}
}
