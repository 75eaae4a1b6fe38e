package gametest_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/games/gametest"
)

// nim is the subtraction game: a pile of stones, each move takes one or two
// (actions 0 and 1), and whoever takes the last stone wins. A bug names a
// contract violation it commits on purpose, so the tests can check that the
// suite notices it.
type nim struct {
	n     *int   // stones left, behind a pointer so that a bug can mutate it
	ply   int    // moves since the root; not part of the text
	calls *int   // how often Legal ran, for the bug "flaky"
	bug   string // "" for the correct game
}

func newNim(n int, bug string) nim {
	return nim{n: &n, calls: new(int), bug: bug}
}

func (s nim) Legal(buf []int) []int {
	*s.calls++
	n := *s.n
	switch {
	case s.bug == "fresh":
		buf = nil
	case s.bug == "duplicate" && n >= 2:
		return append(buf, 0, 0)
	case s.bug == "flaky" && n >= 2 && *s.calls%2 == 0:
		return append(buf, 1, 0)
	}
	for a := 0; a < 2 && a < n; a++ {
		buf = append(buf, a)
	}
	return buf
}

func (s nim) Play(action int) nim {
	if s.bug == "mutate" {
		*s.n -= action + 1
		return s
	}
	n := *s.n - (action + 1)
	return nim{n: &n, ply: s.ply + 1, calls: s.calls, bug: s.bug}
}

func (s nim) Done() bool {
	if s.bug == "done" && *s.n == 1 {
		return true
	}
	return *s.n == 0
}

func (s nim) Score() float64 {
	switch {
	case s.bug == "nan" && *s.n == 2:
		return math.NaN()
	case s.bug == "hidden":
		return float64(s.ply)
	case *s.n == 0:
		return -1
	}
	return 0
}

func (s nim) Label(action int) string {
	switch s.bug {
	case "empty-label":
		return ""
	case "same-label":
		return "take"
	}
	return "take" + strconv.Itoa(action+1)
}

func (s nim) String() string {
	if s.bug == "unparsable" {
		return fmt.Sprintf("pile of %d", *s.n)
	}
	return strconv.Itoa(*s.n)
}

// parser returns the parser of nim positions with the given bug.
func parser(bug string) func(string) (nim, error) {
	return func(text string) (nim, error) {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return nim{}, fmt.Errorf("nim: bad pile %q: want a number of stones >= 0", text)
		}
		if bug == "off-by-one" {
			n++
		}
		return newNim(n, bug), nil
	}
}

func TestAlternatingCatchesBugs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		bug  string
		want string // in some failure; "" for none
	}{
		{"", ""},
		{"mutate", "changed its receiver"},
		{"fresh", "Legal([-1]) returns"},
		{"duplicate", "action 0 twice"},
		{"flaky", "Legal returns [0 1], then [1 0]"},
		{"done", `position "1": Done() = true, but Legal returns [0]`},
		{"nan", `position "2": Score() = NaN`},
		{"hidden", "Score() = 1, but parsed from its text 0"},
		{"empty-label", "Label(0) is empty"},
		{"same-label", `actions 0 and 1 have the same label "take"`},
		{"unparsable", `position "pile of 5": parsing the position's own text fails`},
		{"off-by-one", `position "5": parsed from its text, the position's text is "6"`},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.Alternating(r, []nim{newNim(5, tt.bug)}, parser(tt.bug), 0)
		if !r.Matches(tt.want) {
			t.Errorf("bug %q: failures %q, want one containing %q, or none for \"\"", tt.bug, r.Errors, tt.want)
		}
	}
}

func TestAlternatingLimit(t *testing.T) {
	t.Parallel()
	// From a pile of 10, breadth-first order visits 10, 9, 8, 7, ...: the
	// bug at a pile of 2 is found only when the ninth state is visited.
	tests := []struct {
		maxStates int
		caught    bool
	}{
		{0, true},
		{9, true},
		{8, false},
		{1, false},
	}
	for _, tt := range tests {
		r := &gametest.Recorder{}
		gametest.Alternating(r, []nim{newNim(10, "nan")}, parser("nan"), tt.maxStates)
		if got := len(r.Errors) > 0; got != tt.caught {
			t.Errorf("maxStates %d: failures %q, want caught = %t", tt.maxStates, r.Errors, tt.caught)
		}
	}
}

func TestAlternatingStopsAfterManyFailures(t *testing.T) {
	t.Parallel()
	r := &gametest.Recorder{}
	gametest.Alternating(r, []nim{newNim(1000, "empty-label")}, parser("empty-label"), 0)
	if len(r.Errors) != 21 || !strings.Contains(r.Errors[20], "stopping after 20 failures") {
		t.Errorf("got %d failures ending in %q, want 20 and a note that the suite stopped", len(r.Errors), r.Errors[len(r.Errors)-1])
	}
}
