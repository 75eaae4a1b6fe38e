package search_test

import (
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// testClock is a fake clock for the engines' Now option that is also their
// tracer, so that a test knows what a search did before and after each read
// of the clock, whatever the speed of the machine. Each read advances it by
// step (which may be 0); advance moves it by hand. It records the events
// with a trace.Recorder.
type testClock struct {
	t     time.Time
	step  time.Duration
	rec   *trace.Recorder
	n     int         // the events emitted so far
	reads []int       // reads[i]: the events emitted before the i-th read
	times []time.Time // times[i]: what the i-th read returned
}

func newTestClock(step time.Duration) *testClock {
	return &testClock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), step: step, rec: trace.NewRecorder(0)}
}

// Now reads the clock, advancing it by step.
func (c *testClock) Now() time.Time {
	c.t = c.t.Add(c.step)
	c.reads = append(c.reads, c.n)
	c.times = append(c.times, c.t)
	return c.t
}

func (c *testClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func (c *testClock) Emit(e trace.Event) {
	c.n++
	c.rec.Emit(e)
}

// events returns the recorded events.
func (c *testClock) events() []trace.Event { return c.rec.Events() }

// checkStoppedByClock checks that a search with time limit limit and c as
// its clock and tracer stopped because of the limit, at the first read of
// the clock past it: that read is the last but one (the last measures
// Elapsed, which must span the first read to the last), no search work
// (node, enter, eval, expand, select, playout, backprop, bounds or cut
// event) follows it in the trace, and the trace ends with a decision. It
// returns the index of the read that stopped the search.
func checkStoppedByClock(t *testing.T, name string, c *testClock, limit time.Duration, elapsed time.Duration) int {
	t.Helper()
	if len(c.times) < 3 {
		t.Fatalf("%s: the clock was read %d times, want at least 3 (start, limit, elapsed)", name, len(c.times))
	}
	deadline := c.times[0].Add(limit)
	past := -1
	for i, at := range c.times {
		if at.After(deadline) {
			past = i
			break
		}
	}
	if last := len(c.times) - 1; past != last-1 {
		t.Fatalf("%s: the clock was first read past the limit at read %d of %d; want the search to stop there and read it only once more, for Elapsed", name, past, len(c.times))
	}
	if got, want := elapsed, c.times[len(c.times)-1].Sub(c.times[0]); got != want {
		t.Errorf("%s: Elapsed %v, want %v by the test's clock", name, got, want)
	}
	events := c.events()
	for _, e := range events[c.reads[past]:] {
		switch e.Kind {
		case trace.KindNode, trace.KindEnter, trace.KindEval, trace.KindExpand, trace.KindSelect,
			trace.KindPlayout, trace.KindBackprop, trace.KindBounds, trace.KindCut:
			t.Errorf("%s: %v event after the clock passed the limit: %+v", name, e.Kind, e)
		}
	}
	if len(events) == 0 || events[len(events)-1].Kind != trace.KindDecision {
		t.Errorf("%s: the trace does not end with a decision", name)
	}
	return past
}
