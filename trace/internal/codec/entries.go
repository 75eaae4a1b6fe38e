package codec

import (
	"fmt"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// entries returns the entries of e's lists, as MaxEventEntries counts them.
func entries(e *event.Event) int {
	return len(e.Scores) + len(e.Children) + len(e.Pruned) + len(e.Path) + len(e.Values) + len(e.Kept) + len(e.Dropped)
}

// CheckEntries checks that e's lists hold at most MaxEventEntries entries.
func CheckEntries(e *event.Event) error {
	if n := entries(e); n > MaxEventEntries {
		return fmt.Errorf("a %s event of %d list entries (candidates, children, pruned actions, path, values, beam states), over the limit of %d per event", e.Kind, n, MaxEventEntries)
	}
	return nil
}

// entryBudget keeps a trace's list entries within MaxEntriesPerByte of
// its text, as it is read or written.
type entryBudget struct {
	entries, bytes int64
}

// add counts event e, whose line took n bytes with its line end, and
// returns an error if e or the trace so far holds too many entries.
func (b *entryBudget) add(e *event.Event, n int) error {
	if err := CheckEntries(e); err != nil {
		return err
	}
	b.entries += int64(entries(e))
	b.bytes += int64(n)
	if b.entries > MaxEntriesPerByte*b.bytes+MaxEventEntries {
		return &limitError{msg: fmt.Sprintf("the events up to here hold %d list entries (candidates, children, paths, beam states) in %d bytes of text; a trace may imply at most %d entries a byte, beyond one event's %d, so that a small file cannot ask for hours of work",
			b.entries, b.bytes, MaxEntriesPerByte, MaxEventEntries)}
	}
	return nil
}
