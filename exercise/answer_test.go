package exercise_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/exercise"
)

// TestParseAnswer checks answers as people type them.
func TestParseAnswer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind exercise.Kind
		text string
		want exercise.Answer // zero with ok false
		ok   bool
	}{
		{exercise.AlphaBeta, "pruned: c2 c3; B=3 C=2 D=2; A=3",
			exercise.Answer{Pruned: []string{"c2", "c3"}, Values: map[string]float64{"A": 3, "B": 3, "C": 2, "D": 2}}, true},
		{exercise.AlphaBeta, "Pruned: C2, c3\nb = −3,  a=1e1", exercise.Answer{Pruned: []string{"c2", "c3"}, Values: map[string]float64{"A": 10, "B": -3}}, true},
		{exercise.AlphaBeta, "pruned: none; A=3", exercise.Answer{Values: map[string]float64{"A": 3}}, true},
		{exercise.AlphaBeta, "pruned: c2 c2", exercise.Answer{Pruned: []string{"c2"}}, true},
		{exercise.Expectimax, "C=7/3 D=-2.5 E=.5", exercise.Answer{Values: map[string]float64{"C": 7.0 / 3, "D": -2.5, "E": 0.5}}, true},
		{exercise.MiniMax, "A=3; A=3", exercise.Answer{Values: map[string]float64{"A": 3}}, true},
		{exercise.UCB1, "child: A2", exercise.Answer{Child: "a2"}, true},
		{exercise.UCB1, " a2 ", exercise.Answer{Child: "a2"}, true},
		{exercise.UCB1, "", exercise.Answer{}, true},
		{exercise.MiniMax, "A=3; A=4", exercise.Answer{}, false},
		{exercise.MiniMax, "pruned: c2", exercise.Answer{}, false},
		{exercise.AlphaBeta, "child: a2", exercise.Answer{}, false},
		{exercise.UCB1, "child: a2 a3", exercise.Answer{}, false},
		{exercise.UCB1, "a2; a3", exercise.Answer{}, false},
		{exercise.MiniMax, "A=", exercise.Answer{}, false},
		{exercise.MiniMax, "A 3", exercise.Answer{}, false},
		{exercise.MiniMax, "A1=3", exercise.Answer{}, false},
		{exercise.MiniMax, "A=inf", exercise.Answer{}, false},
		{exercise.MiniMax, "A=0x10", exercise.Answer{}, false},
		{exercise.MiniMax, "A=1e999", exercise.Answer{}, false},
		{exercise.MiniMax, "A=1/0", exercise.Answer{}, false},
		{exercise.MiniMax, "A=1.5/2", exercise.Answer{}, false},
		{exercise.MiniMax, "A=--1", exercise.Answer{}, false},
		{exercise.AlphaBeta, "pruned: c0", exercise.Answer{}, false},
		{exercise.AlphaBeta, "pruned: 2c", exercise.Answer{}, false},
		{exercise.AlphaBeta, "values: A=3", exercise.Answer{}, false},
		{"chess", "A=3", exercise.Answer{}, false},
		// Limits, at and across.
		{exercise.AlphaBeta, "pruned: abcdefg1", exercise.Answer{Pruned: []string{"abcdefg1"}}, true},
		{exercise.AlphaBeta, "pruned: abcdefgh1", exercise.Answer{}, false},
		{exercise.MiniMax, "ABCDEFGH=1", exercise.Answer{Values: map[string]float64{"ABCDEFGH": 1}}, true},
		{exercise.MiniMax, "ABCDEFGHI=1", exercise.Answer{}, false},
		{exercise.MiniMax, "A=" + strings.Repeat("1", exercise.MaxNumberLen), exercise.Answer{Values: map[string]float64{"A": 1.1111111111111111e31}}, true},
		{exercise.MiniMax, "A=" + strings.Repeat("1", exercise.MaxNumberLen+1), exercise.Answer{}, false},
		{exercise.MiniMax, "A=1" + strings.Repeat(" ", exercise.MaxAnswerLen-3), exercise.Answer{Values: map[string]float64{"A": 1}}, true},
		{exercise.MiniMax, "A=1" + strings.Repeat(" ", exercise.MaxAnswerLen-2), exercise.Answer{}, false},
	}
	for _, tt := range tests {
		got, err := exercise.ParseAnswer(tt.kind, tt.text)
		if (err == nil) != tt.ok {
			t.Errorf("ParseAnswer(%s, %.40q): error %v, want ok %v", tt.kind, tt.text, err, tt.ok)
			continue
		}
		if tt.ok && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseAnswer(%s, %.40q) = %#v, want %#v", tt.kind, tt.text, got, tt.want)
		}
	}
}

// TestAnswerString checks the form String writes.
func TestAnswerString(t *testing.T) {
	t.Parallel()
	a := exercise.Answer{Pruned: []string{"c2", "c3"}, Values: map[string]float64{"AA": 1, "B": 3, "A": -2.5}}
	if got, want := a.String(), "pruned: c2 c3; A=-2.5 B=3 AA=1"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// FuzzParseAnswer checks that ParseAnswer never panics, and that what it
// reads, written by String, reads back the same.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{
		"pruned: c2 c3; B=3 C=2 D=2; A=3", "child: a2", "a2", "A=7/3", "b = −3, a=1e1", "pruned: none",
		"A=-0", "A=1e21; B=.5e-3", "prune: c2\nA=3", ";;\n", "A=3=4", "x: y", "A=1/-2",
	} {
		f.Add(s)
	}
	kinds := []exercise.Kind{exercise.AlphaBeta, exercise.MiniMax, exercise.NegaMax, exercise.UCB1, exercise.Expectimax}
	f.Fuzz(func(t *testing.T, text string) {
		for _, kind := range kinds {
			a, err := exercise.ParseAnswer(kind, text)
			if err != nil {
				continue
			}
			b, err := exercise.ParseAnswer(kind, a.String())
			if err != nil {
				t.Fatalf("%s: %q read as %#v, written as %q, fails: %v", kind, text, a, a.String(), err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: %q read as %#v, written as %q, reads as %#v", kind, text, a, a.String(), b)
			}
		}
	})
}
