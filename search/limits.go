package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/searchviz/searchviz/trace"
)

// ctxCheckInterval is how many nodes or iterations pass between context
// checks: often enough to stop within a millisecond, rarely enough to cost
// nothing.
const ctxCheckInterval = 1 << 12

// clock returns now, an engine's Now option, or time.Now if it is nil.
func clock(now func() time.Time) func() time.Time {
	if now == nil {
		return time.Now
	}
	return now
}

// limiter is what every engine consults to stop: its context, node budget
// and clock, and why it stopped.
type limiter struct {
	ctx      context.Context
	limits   Limits
	now      func() time.Time
	start    time.Time
	deadline time.Time // zero without a time limit
	err      error     // why the search stopped early: the budget or the context
	timedOut bool      // the time limit stopped the search, with no error
}

// newLimiter starts the clock of a search under ctx and limits.
func newLimiter(ctx context.Context, limits Limits) limiter {
	l := limiter{ctx: ctx, limits: limits, now: clock(limits.Now)}
	l.start = l.now()
	if limits.TimeLimit > 0 {
		l.deadline = l.start.Add(limits.TimeLimit)
	}
	return l
}

// check refuses a negative budget or time limit.
func (l Limits) check() error {
	switch {
	case l.MaxNodes < 0:
		return fmt.Errorf("search: node budget %d is negative", l.MaxNodes)
	case l.TimeLimit < 0:
		return fmt.Errorf("search: time limit %v is negative", l.TimeLimit)
	}
	return nil
}

// fits reports whether a search with have nodes may add more, and stops
// it with ErrBudget when it may not.
func (l *limiter) fits(have, more int) bool {
	if l.limits.MaxNodes > 0 && have+more > l.limits.MaxNodes {
		l.err = fmt.Errorf("%w (%d nodes)", ErrBudget, l.limits.MaxNodes)
		return false
	}
	return true
}

// cancelled reports whether the context is done, and stops the search with
// its error, after done nodes or iterations (unit).
func (l *limiter) cancelled(done int, unit string) bool {
	if err := l.ctx.Err(); err != nil {
		l.err = fmt.Errorf("search: stopped after %d %s: %w", done, unit, err)
		return true
	}
	return false
}

// expired reports whether the time limit has passed, and remembers it.
func (l *limiter) expired() bool {
	if !l.deadline.IsZero() && l.now().After(l.deadline) {
		l.timedOut = true
	}
	return l.timedOut
}

// admits reports whether a depth-first search that has made nodes nodes
// may make one more: its node budget allows it, and its context is not
// done nor its time limit passed (both checked every ctxCheckInterval
// nodes), each of which stops it with an error.
func (l *limiter) admits(nodes int) bool {
	if !l.fits(nodes, 1) {
		return false
	}
	if nodes%ctxCheckInterval == ctxCheckInterval-1 {
		if l.cancelled(nodes, "nodes") {
			return false
		}
		if l.expired() {
			// Not an answer: this depth's moves are not all searched.
			l.err = fmt.Errorf("search: stopped after %d nodes: %w", nodes, context.DeadlineExceeded)
			return false
		}
	}
	return true
}

// stopsAfter reports whether a Monte Carlo search that has run done
// iterations or playouts (unit) must stop before the next: its context is
// done (checked before the first and every ctxCheckInterval) or its time
// limit has passed (checked before each but the first).
func (l *limiter) stopsAfter(done int, unit string) bool {
	if done%ctxCheckInterval == 0 && l.cancelled(done, unit) {
		return true
	}
	return done > 0 && l.expired()
}

// elapsed is the time since the search started, by its clock.
func (l *limiter) elapsed() time.Duration { return l.now().Sub(l.start) }

// StopNotePrefix begins the note on the root that a search stopped early
// by its budget, time limit or context emits just before its decision,
// saying why and what the decision is worth.
const StopNotePrefix = "search stopped early: "

// stopNote is the note a traced search ends with when it stopped early,
// or "" when it did not.
func (l *limiter) stopNote() string {
	switch {
	case l.err != nil:
		return StopNotePrefix + strings.TrimPrefix(l.err.Error(), "search: ") + "; the decision is the best move found so far"
	case l.timedOut:
		return fmt.Sprintf(StopNotePrefix+"time limit of %v reached; the decision is the best move found so far", l.limits.TimeLimit)
	}
	return ""
}

// emitDecision reports to tr the note of a search that stopped early, if it
// did, then the decision res.
//
//go:noinline
func (l *limiter) emitDecision(tr trace.Tracer, res Result) {
	note := l.stopNote()
	if res.Unfinished != nil {
		note = unfinishedNote(l.err, res)
	}
	if note != "" {
		tr.Emit(trace.Event{Kind: trace.KindNote, Node: 0, Text: note})
	}
	tr.Emit(trace.Event{Kind: trace.KindDecision, Node: 0, Action: res.Action, Label: res.Label, Value: res.Value, Counters: res.Counters})
}

// unfinishedNote says how a depth-first search stopped early by err
// answers: with the best of the root's moves searched to the end, or with
// none, and what to change to search them all.
func unfinishedNote(err error, res Result) string {
	cause := strings.TrimPrefix(fmt.Sprint(err), "search: ")
	remedy := "lower depth= or allow more time"
	if errors.Is(err, ErrBudget) {
		remedy = "lower depth= or raise nodes="
	}
	if res.Action < 0 {
		return fmt.Sprintf(StopNotePrefix+"%s inside the subtree of the first move, %s, so no move of the root was searched to the end and there is no decision. To get one, %s.", cause, res.Unfinished[0], remedy)
	}
	return fmt.Sprintf(StopNotePrefix+"%s. The decision is the best of the root's moves searched to the end; %s not. To search them all, %s.", cause, listLabels(res.Unfinished), remedy)
}

// listLabels lists labels in words: "d3", "d3 and c4", "d3, c4 and f5", or
// the first ten and how many more.
func listLabels(labels []string) string {
	const most = 10
	shown, more := labels, 0
	if len(labels) > most {
		shown, more = labels[:most], len(labels)-most
	}
	switch {
	case more > 0:
		return strings.Join(shown, ", ") + fmt.Sprintf(" and %d more were", more)
	case len(shown) == 1:
		return shown[0] + " was"
	}
	return strings.Join(shown[:len(shown)-1], ", ") + " and " + shown[len(shown)-1] + " were"
}
