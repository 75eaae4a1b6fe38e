// Package xotest checks in tests what the games of x and o, tictactoe and
// connectfour, share beyond the contract gametest checks: what a position's
// text tells of the side to move and the winner, and what their parsers make
// of any text.
package xotest

import (
	"strings"
	"testing"
)

// State is a position of a game of x and o.
type State interface {
	String() string
	ToMove() byte // 'x' or 'o'
	Winner() byte // 'x', 'o' or 0 for neither
	Done() bool
}

// Outcome is what a position tells beyond its cells: the side to move,
// the winner (0 for neither) and whether the game is over.
type Outcome struct {
	ToMove, Winner byte
	Done           bool
}

// CheckParse reports through t unless parse reads text into a position
// whose text is text again and whose outcome is want.
func CheckParse[S State](t testing.TB, parse func(string) (S, error), text string, want Outcome) {
	t.Helper()
	s, err := parse(text)
	if err != nil {
		t.Errorf("Parse(%q): %v", text, err)
		return
	}
	if s.String() != text || s.ToMove() != want.ToMove || s.Winner() != want.Winner || s.Done() != want.Done {
		t.Errorf("Parse(%q) = %s with %q to move, winner %q, done %t; want %q, %q, %t",
			text, s, s.ToMove(), s.Winner(), s.Done(), want.ToMove, want.Winner, want.Done)
	}
}

// ParseAny checks what parse, the parser of game, makes of any text, for
// fuzz tests: it reports through t an error whose message does not start
// with the game's name, e.g. "tictactoe: ", and a position that its own
// text does not parse back into. It returns the position and whether parse
// read one.
func ParseAny[S interface {
	State
	comparable
}](t testing.TB, game string, parse func(string) (S, error), text string) (S, bool) {
	t.Helper()
	s, err := parse(text)
	if err != nil {
		if !strings.HasPrefix(err.Error(), game+": ") {
			t.Errorf("Parse(%q): error %q lacks the package prefix", text, err)
		}
		return s, false
	}
	if p, err := parse(s.String()); err != nil || p != s {
		t.Errorf("Parse(%q) = %v, %v; want %v", s.String(), p, err, s)
	}
	return s, true
}
