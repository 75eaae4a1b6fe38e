package trace_test

import (
	"fmt"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
)

// TestEnumNames checks the String and Parse functions of every closed
// enum: each valid name parses back to its value, and an unknown name and
// a value out of range say what they are.
func TestEnumNames(t *testing.T) {
	testenv.SkipUnderRace(t, "parses and names values")
	t.Parallel()
	tests := []struct {
		enum    string
		names   []string
		parse   func(string) (fmt.Stringer, error)
		unknown string // the error of parsing "x"
		strings map[fmt.Stringer]string
	}{
		{
			"Kind",
			[]string{"node", "enter", "leave", "eval", "value", "bounds", "cut", "select", "expand", "playout", "backprop", "beam", "iteration", "decision", "note"},
			func(s string) (fmt.Stringer, error) { return trace.ParseKind(s) },
			`trace: unknown event kind "x"`,
			map[fmt.Stringer]string{trace.KindBad: "bad", trace.Kind(200): "Kind(200)"},
		},
		{
			"NodeType",
			[]string{"max", "min", "chance", "single", "joint"},
			func(s string) (fmt.Stringer, error) { return trace.ParseNodeType(s) },
			`trace: unknown node type "x" (want max, min, chance, single or joint)`,
			map[fmt.Stringer]string{trace.TypeBad: "bad", trace.NodeType(9): "NodeType(9)"},
		},
		{
			"CutKind",
			[]string{"alpha", "beta", "forward"},
			func(s string) (fmt.Stringer, error) { return trace.ParseCutKind(s) },
			`trace: unknown cut "x" (want alpha, beta or forward)`,
			map[fmt.Stringer]string{trace.CutBad: "CutKind(0)", trace.CutKind(4): "CutKind(4)"},
		},
		{
			"Truncation",
			[]string{"nodes", "events", "bytes"},
			func(s string) (fmt.Stringer, error) { return trace.ParseTruncation(s) },
			`trace: unknown truncation "x" (want nodes, events or bytes)`,
			map[fmt.Stringer]string{trace.NotTruncated: "none", trace.Truncation(4): "Truncation(4)"},
		},
		{
			"View",
			[]string{"root", "side"},
			func(s string) (fmt.Stringer, error) { return trace.ParseView(s) },
			`trace: unknown view "x" (want root or side)`,
			map[fmt.Stringer]string{trace.View(2): "View(2)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.enum, func(t *testing.T) {
			t.Parallel()
			for _, name := range tt.names {
				if v, err := tt.parse(name); err != nil || v.String() != name {
					t.Errorf("parsing %q: %v, %v", name, v, err)
				}
			}
			if v, err := tt.parse("x"); err == nil || err.Error() != tt.unknown {
				t.Errorf("parsing %q: %v, error %v, want %q", "x", v, err, tt.unknown)
			}
			for v, want := range tt.strings {
				if got := v.String(); got != want {
					t.Errorf("%T(%d).String() = %q, want %q", v, v, got, want)
				}
			}
		})
	}
}
