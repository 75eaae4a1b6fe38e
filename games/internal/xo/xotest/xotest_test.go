package xotest_test

import (
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
	"github.com/searchviz/searchviz/games/internal/xo/xotest"
	"github.com/searchviz/searchviz/games/tictactoe"
)

func TestCheckParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text string
		want xotest.Outcome
		fail string // in the failure; "" for none
	}{
		{"xxx/oo./...", xotest.Outcome{ToMove: 'o', Winner: 'x', Done: true}, ""},
		{"x../.../...", xotest.Outcome{ToMove: 'o'}, ""},
		{"x../.../...", xotest.Outcome{ToMove: 'x'}, `with 'o' to move, winner '\x00', done false; want 'x', '\x00', false`},
		{"xxx/oo./...", xotest.Outcome{ToMove: 'o', Winner: 'o', Done: true}, `winner 'x', done true; want 'o', 'o', true`},
		{"xx./.../...", xotest.Outcome{ToMove: 'o'}, `Parse("xx./.../..."): tictactoe: impossible position`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		xotest.CheckParse(r, tictactoe.Parse, tt.text, tt.want)
		if !r.Matches(tt.fail) {
			t.Errorf("CheckParse(%q, %+v) reports %q, want %q", tt.text, tt.want, r.Errors, tt.fail)
		}
	}
}

func TestParseAny(t *testing.T) {
	t.Parallel()
	// mark reads a position and marks one more cell, so that the text it
	// reads and the position it returns disagree.
	mark := func(text string) (tictactoe.State, error) {
		s, err := tictactoe.Parse(text)
		if err == nil && !s.Done() {
			s = s.Play(s.Legal(nil)[0])
		}
		return s, err
	}
	tests := []struct {
		game  string
		parse func(string) (tictactoe.State, error)
		text  string
		ok    bool
		fail  string // in the failure; "" for none
	}{
		{"tictactoe", tictactoe.Parse, "x.o/.x./..o", true, ""},
		{"tictactoe", tictactoe.Parse, "x.o", false, ""},
		{"connectfour", tictactoe.Parse, "x.o", false, `Parse("x.o"): error "tictactoe: at offset 3`},
		{"tictactoe", mark, ".../.../...", true, `Parse("x../.../...") = xo./.../..., <nil>; want x../.../...`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		if _, ok := xotest.ParseAny(r, tt.game, tt.parse, tt.text); ok != tt.ok || !r.Matches(tt.fail) {
			t.Errorf("ParseAny(%s, %q) = %t, failures %q; want %t, %q", tt.game, tt.text, ok, r.Errors, tt.ok, tt.fail)
		}
	}
}
