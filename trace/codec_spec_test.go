package trace

import (
	"regexp"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace/internal/codec"
	"github.com/searchviz/searchviz/trace/internal/event"
)

func TestSpec(t *testing.T) {
	testenv.SkipUnderRace(t, "reads the spec table")
	t.Parallel()
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	types := map[string]bool{
		"integer": true, "number": true, "string": true, "boolean": true, "node": true, "kind": true,
		"node_kind": true, "cut": true, "integer[]": true, "string[]": true, "node[]": true,
		"number[]": true, "score[]": true, "counters": true, "joint": true, "truncation": true,
	}
	for _, k := range Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			t.Parallel()
			s := Spec(k)
			if s.Kind != k || s.Help == "" {
				t.Errorf("Spec(%v) = kind %v, help %q", k, s.Kind, s.Help)
			}
			if len(s.Fields) < 2 || s.Fields[0].Name != "step" || s.Fields[1].Name != "kind" {
				t.Errorf("Spec(%v) does not start with step and kind: %+v", k, s.Fields)
			}
			if len(s.Fields) > codec.MaxFields {
				t.Errorf("Spec(%v) has %d fields, more than the decoder's MaxFields %d", k, len(s.Fields), codec.MaxFields)
			}
			seen := map[string]bool{}
			for _, f := range s.Fields {
				if !snake.MatchString(f.Name) || seen[f.Name] || !types[f.Type] || f.Help == "" {
					t.Errorf("Spec(%v) field %+v: want a new lower_snake_case name, a known type and help", k, f)
				}
				seen[f.Name] = true
			}
		})
	}
	for name, fs := range map[string][]Field{"score": ScoreFields(), "counters": CounterFields(), "header": HeaderFields(), "move": MoveFields()} {
		t.Run(name+" fields", func(t *testing.T) {
			t.Parallel()
			if len(fs) > codec.MaxFields {
				t.Errorf("%d fields, more than the decoder's MaxFields %d", len(fs), codec.MaxFields)
			}
		})
	}
	for _, k := range []Kind{KindBad, event.NumKinds, 200} {
		t.Run(k.String(), func(t *testing.T) {
			t.Parallel()
			if s := Spec(k); s.Kind != KindBad || s.Fields != nil {
				t.Errorf("Spec(%v) = %+v, want the zero KindSpec", k, s)
			}
		})
	}
	t.Run("a copy", func(t *testing.T) {
		t.Parallel()
		// Spec returns a copy: changing it changes neither the table nor the next call.
		s := Spec(KindEnter)
		s.Fields[2].Name = "changed"
		if Spec(KindEnter).Fields[2].Name != "node" {
			t.Error("changing Spec's result changed the spec table")
		}
	})
}
