package tracetest

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// fullHeader has every field of a header set, for the schema to check.
var fullHeader = trace.Header{
	Game: "tree", Algorithm: "alphabeta", Params: map[string]string{"depth": "2"},
	Seed: -3, Program: "tracetest", Time: time.Date(2025, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600)),
}

func TestCheckJSONLAccepts(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	for name, events := range map[string][]trace.Event{"alphabeta": AlphaBeta(), "every kind": EveryKind()} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if err := CheckJSONL(Encode(t, fullHeader, events)); err != nil {
				t.Error(err)
			}
		})
	}
	t.Run("golden", func(t *testing.T) {
		t.Parallel()
		golden, err := os.ReadFile(filepath.Join("..", "testdata", "alphabeta-rn.jsonl.golden"))
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckJSONL(golden); err != nil {
			t.Error(err)
		}
	})
}

// TestSchemaAgreesWithReader gives the schema and the reader the same
// lines, as the second line of a trace, and checks that they accept and
// refuse the same ones.
func TestSchemaAgreesWithReader(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	const header = `{"format":"searchviz-trace","version":1}`
	tests := []struct {
		name string
		line string
		ok   bool
	}{
		{"enter", `{"step":0,"kind":"enter","node":0}`, true},
		{"an unknown field", `{"step":0,"kind":"enter","node":0,"future":"field"}`, true},
		{"no node", `{"step":0,"kind":"enter"}`, false},
		{"a string for a node", `{"step":0,"kind":"enter","node":"0"}`, false},
		{"a node over int32", `{"step":0,"kind":"enter","node":2147483648}`, false},
		{"the least node", `{"step":0,"kind":"enter","node":-2147483648}`, true},
		{"an unknown kind", `{"step":0,"kind":"warp","node":0}`, false},
		{"no step", `{"kind":"enter","node":0}`, false},
		{"infinite bounds", `{"step":0,"kind":"bounds","node":0,"alpha":"-inf","beta":"inf"}`, true},
		{"JavaScript's infinity", `{"step":0,"kind":"bounds","node":0,"alpha":"-Infinity","beta":"inf"}`, false},
		{"a null bound", `{"step":0,"kind":"bounds","node":0,"alpha":null,"beta":1}`, false},
		{"cut", `{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[1],"pruned_labels":["x"]}`, true},
		{"an unknown cut", `{"step":0,"kind":"cut","node":0,"cut":"gamma","value":1,"alpha":0,"beta":1,"pruned":[1],"pruned_labels":["x"]}`, false},
		{"a number for a pruned label", `{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[1],"pruned_labels":[1]}`, false},
		{"no pruned labels", `{"step":0,"kind":"cut","node":0,"cut":"beta","value":1,"alpha":0,"beta":1,"pruned":[1]}`, false},
		{"chance node", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"chance"}`, true},
		{"a bad node kind", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"bad"}`, false},
		{"a number for a board", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"max","board":7}`, false},
		{"a null ucb", `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0,"ucb":null}]}`, true},
		{"an infinite ucb", `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0,"ucb":"inf"}]}`, true},
		{"a string for a ucb", `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0,"ucb":"x"}]}`, false},
		{"a null w", `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":null,"n":0,"ucb":1}]}`, false},
		{"no ucb", `{"step":0,"kind":"select","node":0,"child":1,"scores":[{"child":1,"action":0,"w":0,"n":0}]}`, false},
		{"iteration", `{"step":0,"kind":"iteration","iteration":1}`, true},
		{"a string for discarded", `{"step":0,"kind":"iteration","iteration":1,"discarded":"yes"}`, false},
		{"decision", `{"step":0,"kind":"decision","node":0,"action":0,"label":"a","value":1,"counters":{"nodes":1,"evals":1,"cuts":0,"elapsed_ns":5}}`, true},
		{"counters without elapsed_ns", `{"step":0,"kind":"decision","node":0,"action":0,"label":"a","value":1,"counters":{"nodes":1,"evals":1,"cuts":0}}`, false},
		{"note", `{"step":0,"kind":"note","text":"hi"}`, true},
		{"a note without text", `{"step":0,"kind":"note"}`, false},
		{"a fractional length", `{"step":0,"kind":"playout","node":0,"result":0.5,"length":1.5}`, false},
		{"joint node", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":[{"action":0,"label":"up"},{"action":2,"label":"left"}]}`, true},
		{"one move", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":[{"action":0,"label":"up"}]}`, false},
		{"three moves", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":[{"action":0,"label":"up"},{"action":1,"label":"a"},{"action":2,"label":"b"}]}`, false},
		{"a move without a label", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":[{"action":0,"label":"up"},{"action":2}]}`, false},
		{"a fractional move", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":[{"action":0,"label":"up"},{"action":0.5,"label":"x"}]}`, false},
		{"a null joint", `{"step":0,"kind":"node","node":0,"parent":-1,"action":-1,"label":"","depth":0,"node_kind":"joint","joint":null}`, false},
		{"truncated nodes", `{"step":0,"kind":"note","text":"hi","truncated":"nodes"}`, true},
		{"truncated bytes", `{"step":0,"kind":"note","text":"hi","truncated":"bytes"}`, true},
		{"truncated none", `{"step":0,"kind":"note","text":"hi","truncated":"none"}`, false},
		{"a boolean for truncated", `{"step":0,"kind":"note","text":"hi","truncated":true}`, false},
		{"a list", `[0,"enter",0]`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data := []byte(header + "\n" + tt.line + "\n")
			_, _, readErr := trace.ReadAll(bytes.NewReader(data))
			schemaErr := CheckJSONL(data)
			if (readErr == nil) != tt.ok || (schemaErr == nil) != tt.ok {
				t.Errorf("%s\nwant accepted %v; reader: %v; schema: %v", tt.line, tt.ok, readErr, schemaErr)
			}
		})
	}
}

func TestCheckJSONLRejects(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	good := strings.Split(string(Encode(t, fullHeader, AlphaBeta())), "\n")
	tests := []struct {
		name string
		line int // the line to replace, from 1
		with string
	}{
		{"header of version 4", 1, `{"format":"searchviz-trace","version":4}`},
		{"header without format", 1, `{"version":1}`},
		{"header with a number for a parameter", 1, `{"format":"searchviz-trace","version":1,"params":{"depth":2}}`},
		{"header with a bad time", 1, `{"format":"searchviz-trace","version":1,"time":"noon"}`},
		{"header with a number for a game", 1, `{"format":"searchviz-trace","version":1,"game":7}`},
		{"missing required field", 3, `{"step":1,"kind":"enter"}`},
		{"wrong cut", 37, `{"step":35,"kind":"cut","node":5,"cut":"both","value":-2,"alpha":"-inf","beta":-3,"pruned":[1,2],"pruned_labels":["c2","c3"]}`},
		{"negative step", 3, `{"step":-1,"kind":"enter","node":0}`},
		{"not JSON", 5, `{"step":3,`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			lines := append([]string(nil), good...)
			lines[tt.line-1] = tt.with
			err := CheckJSONL([]byte(strings.Join(lines, "\n")))
			if err == nil {
				t.Fatal("the schema accepted the trace")
			}
			if want := "tracetest: line " + strconv.Itoa(tt.line) + ":"; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q, want it to start with %q", err, want)
			}
		})
	}
}

func TestValidateFile(t *testing.T) {
	testenv.SkipUnderRace(t, "checks traces in the test goroutine")
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl.gz")
	fw, err := trace.Create(good, trace.Header{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range AlphaBeta() {
		fw.Emit(e)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ValidateFile(good); err != nil {
		t.Errorf("ValidateFile(%s): %v", good, err)
	}

	// Decodes and matches the schema, but a leave is out of order.
	bad := filepath.Join(dir, "bad.jsonl")
	events := AlphaBeta()
	events[10].Node = 1
	if err := os.WriteFile(bad, Encode(t, fullHeader, events), 0o644); err != nil {
		t.Fatal(err)
	}
	err = ValidateFile(bad)
	if err == nil || !strings.Contains(err.Error(), bad+" is not a valid trace") || !strings.Contains(err.Error(), "step 10: leave 1") {
		t.Errorf("ValidateFile(%s) = %v, want it to name the file and the bad leave", bad, err)
	}
	if err := ValidateFile(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("ValidateFile of a missing file succeeded")
	}
}
