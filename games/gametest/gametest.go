package gametest

import (
	"math"
	"slices"
	"testing"

	"github.com/searchviz/searchviz/search"
)

// maxFailures is how many failures one call reports before it stops, so a
// game broken everywhere does not bury the first failure in thousands.
const maxFailures = 20

// Alternating walks breadth-first from each root, visiting at most maxStates
// states per root (no limit when maxStates <= 0; states with equal text are
// visited once), and reports through t every state that breaks a rule:
//
//   - Play does not change its receiver's text, and playing the same action
//     twice gives the same text;
//   - Done reports true exactly when Legal returns no action;
//   - Legal appends to its buffer, returns the same actions on every call and
//     no action twice;
//   - the labels of a state's actions are non-empty and distinct;
//   - Score is finite and the same on every call;
//   - the text parses back, with parse, into a state with the same text,
//     the same legal actions, the same Score and the same Done; so a finished
//     game scores the same when read from its text.
//
// Alternating uses only t.Helper and t.Errorf, and stops after 20 failures.
func Alternating[S search.Alternating[S]](t testing.TB, roots []S, parse func(string) (S, error), maxStates int) {
	t.Helper()
	c := checker[S]{t: t, parse: parse}
	for _, root := range roots {
		seen := map[string]bool{root.String(): true}
		queue := []S{root}
		for i := 0; i < len(queue) && (maxStates <= 0 || i < maxStates); i++ {
			for _, child := range c.check(queue[i]) {
				if text := child.String(); !seen[text] {
					seen[text] = true
					queue = append(queue, child)
				}
			}
			if c.stopped() {
				return
			}
		}
	}
}

// checker holds what one call of Alternating needs while it walks.
type checker[S search.Alternating[S]] struct {
	t        testing.TB
	parse    func(string) (S, error)
	failures int
}

// errorf reports one failure of the position with the given text.
func (c *checker[S]) errorf(text, format string, args ...any) {
	c.t.Helper()
	c.failures++
	if c.failures <= maxFailures {
		c.t.Errorf("position %q: "+format, append([]any{text}, args...)...)
	}
	if c.failures == maxFailures {
		c.t.Errorf("gametest: stopping after %d failures", maxFailures)
	}
}

// stopped reports whether enough failures were reported.
func (c *checker[S]) stopped() bool {
	return c.failures >= maxFailures
}

// check checks the rules at s and returns its children.
func (c *checker[S]) check(s S) []S {
	c.t.Helper()
	text := s.String()
	legal := s.Legal(nil)
	c.checkLegal(s, text, legal)
	c.checkScore(s, text)
	c.checkText(s, text, legal)

	children := make([]S, 0, len(legal))
	for _, a := range legal {
		child := s.Play(a)
		if after := s.String(); after != text {
			c.errorf(text, "Play(%d) changed its receiver to %q", a, after)
			return nil
		}
		if again := s.Play(a).String(); again != child.String() {
			c.errorf(text, "Play(%d) gives %q, then %q", a, child.String(), again)
		}
		children = append(children, child)
	}
	return children
}

// checkLegal checks Legal, Done and Label at s.
func (c *checker[S]) checkLegal(s S, text string, legal []int) {
	c.t.Helper()
	if again := s.Legal(nil); !slices.Equal(again, legal) {
		c.errorf(text, "Legal returns %v, then %v", legal, again)
	}
	buf := make([]int, 1, 1+len(legal))
	buf[0] = -1
	if got := s.Legal(buf); len(got) == 0 || got[0] != -1 || !slices.Equal(got[1:], legal) {
		c.errorf(text, "Legal([-1]) returns %v, want -1 followed by %v", got, legal)
	}
	if done := s.Done(); done != (len(legal) == 0) {
		c.errorf(text, "Done() = %t, but Legal returns %v", done, legal)
	}
	labels := make(map[string]int, len(legal))
	for i, a := range legal {
		if slices.Contains(legal[:i], a) {
			c.errorf(text, "Legal returns action %d twice: %v", a, legal)
			continue
		}
		l := s.Label(a)
		if l == "" {
			c.errorf(text, "Label(%d) is empty", a)
			continue
		}
		if b, ok := labels[l]; ok {
			c.errorf(text, "actions %d and %d have the same label %q", b, a, l)
		}
		labels[l] = a
	}
}

// checkScore checks that Score at s is finite and stable.
func (c *checker[S]) checkScore(s S, text string) {
	c.t.Helper()
	v := s.Score()
	if math.IsNaN(v) || math.IsInf(v, 0) {
		c.errorf(text, "Score() = %v, want a finite number", v)
	} else if again := s.Score(); again != v {
		c.errorf(text, "Score() = %v, then %v", v, again)
	}
}

// checkText checks that the text of s parses back into the same state.
func (c *checker[S]) checkText(s S, text string, legal []int) {
	c.t.Helper()
	p, err := c.parse(text)
	if err != nil {
		c.errorf(text, "parsing the position's own text fails: %v", err)
		return
	}
	if got := p.String(); got != text {
		c.errorf(text, "parsed from its text, the position's text is %q", got)
	}
	if got := p.Legal(nil); !slices.Equal(got, legal) {
		c.errorf(text, "Legal returns %v, but parsed from its text %v", legal, got)
	}
	if v, got := s.Score(), p.Score(); got != v && !math.IsNaN(v) {
		c.errorf(text, "Score() = %v, but parsed from its text %v (done: %t)", v, got, s.Done())
	}
	if done, got := s.Done(), p.Done(); got != done {
		c.errorf(text, "Done() = %t, but parsed from its text %t", done, got)
	}
}
