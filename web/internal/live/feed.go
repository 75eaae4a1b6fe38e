package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/check"
)

// ErrStopped is the error, wrapped, of a feed whose engine's trace ended
// before its decision: the engine stopped, or was stopped, mid-search.
var ErrStopped = errors.New("the engine's trace ended before its decision")

// truncater is the tracer of a live search, which says when its budget
// is reached.
type truncater interface{ Truncated() bool }

// ReadFeed returns a Feed of the events r reads after its header, each
// seen first by edit when edit is not nil (catalog.BoardFiller fills in
// boards so), and checked as viz convert --validate checks them: a line
// that does not decode, an event that breaks an invariant or that edit
// refuses ends the feed with an error naming its line, and so does a
// trace that ends before its decision. Once the search's budget is
// reached, the events are read to the decision, which the budget keeps
// room for, and dropped. Reading runs in a goroutine of its own, which
// ends with r's input: a feed stopped by its context leaves it blocked
// until the caller closes that input.
func ReadFeed(r *trace.Reader, edit func(*trace.Event) error) Feed {
	return func(ctx context.Context, tr trace.Tracer) (int, error) {
		events := make(chan feedItem, feedQueue)
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			defer close(events)
			defer func() {
				if p := recover(); p != nil {
					select {
					case events <- feedItem{err: fmt.Errorf("reading the engine's trace failed: %v", p)}:
					case <-stop:
					}
				}
			}()
			readFeed(r, events, stop)
		}()
		valid := check.NewValidator()
		full, _ := tr.(truncater)
		nodes := 0
		for line := 2; ; line++ {
			var it feedItem
			var ok bool
			select {
			case <-ctx.Done():
				return nodes, context.Cause(ctx)
			case it, ok = <-events:
			}
			switch {
			case !ok:
				return nodes, fmt.Errorf("%w (after %d events)", ErrStopped, line-2)
			case it.err != nil:
				return nodes, it.err
			}
			e := it.e
			if edit != nil {
				if err := edit(&e); err != nil {
					return nodes, fmt.Errorf("line %d: %w", line, err)
				}
			}
			if err := valid.Add(&e); err != nil {
				return nodes, fmt.Errorf("line %d: %w", line, err)
			}
			if e.Kind == trace.KindNode {
				nodes++
			}
			if full == nil || !full.Truncated() || e.Kind == trace.KindDecision {
				tr.Emit(e)
			}
			if e.Kind == trace.KindDecision {
				if full != nil && full.Truncated() {
					return nodes, search.ErrBudget
				}
				return nodes, nil
			}
		}
	}
}

// feedQueue is how many events the reading goroutine decodes ahead.
const feedQueue = 256

// feedItem is one event read, or the error that ends the reading.
type feedItem struct {
	e   trace.Event
	err error
}

// readFeed sends r's events to events until its end, an error, or stop.
func readFeed(r *trace.Reader, events chan<- feedItem, stop <-chan struct{}) {
	for {
		e, err := r.ReadEvent()
		if err == io.EOF {
			return
		}
		it := feedItem{e: e}
		if err != nil {
			it = feedItem{err: readError(err)}
		}
		select {
		case events <- it:
		case <-stop:
			return
		}
		if err != nil {
			return
		}
	}
}

// readError words an error of the reader for a note, with its line.
func readError(err error) error {
	if te, ok := errors.AsType[*trace.TruncatedError](err); ok {
		return fmt.Errorf("%w: its line %d is cut", ErrStopped, te.Line)
	}
	return errors.New(strings.TrimPrefix(err.Error(), "trace: "))
}
