package trace

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/searchviz/searchviz/trace/internal/codec"
)

// readBatch is the number of events the reading goroutine of ReadFrom
// decodes before handing them over, enough that the hand-over costs
// little beside the decoding.
const readBatch = 256

// readBatches is the number of batches of ReadFrom in flight: one being
// decoded, one being added and one waiting, so neither side waits for
// the other's every batch.
const readBatches = 3

// batch is events decoded by ReadFrom's reading goroutine, and the error
// that stopped it after them, if any.
type batch struct {
	events [readBatch]Event
	n      int
	err    error
}

// PanicError is the error of ReadFrom when the decoding or its edit
// panicked: a bug, whose stack the caller may log.
type PanicError struct {
	Line  int    // the line of the trace being read
	Value any    // what was passed to panic
	Stack []byte // the stack of the panicking goroutine
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("trace: line %d: panic while reading: %v", e.Line, e.Value)
}

// ReadFrom adds the rest of r's events, each seen first by edit when edit
// is not nil, and returns the first error of reading, of edit or of Add.
// It decodes in a goroutine of its own while it adds, which on a machine
// of two cores or more about halves the time of opening a big trace; it
// returns once that goroutine has stopped, and edit runs on it, in step
// order.
//
// Every event read before an error of r is added before ReadFrom returns
// it, so that after a *TruncatedError, a trace cut short, b holds every
// event up to the cut and folds into a Tree as a whole trace would.
func (b *Builder) ReadFrom(r *Reader, edit func(*Event) error) error {
	if b.Len() == 0 {
		// Fold as the events come, rather than all of them again in Tree.
		b.folding = true
	}
	full := make(chan *batch, readBatches)
	free := make(chan *batch, readBatches)
	stop := make(chan struct{})
	for range readBatches {
		free <- new(batch)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		decodeBatches(r, edit, free, full, stop)
	}()
	err := b.addBatches(full, free)
	close(stop)
	<-done
	return err
}

// addBatches adds the events of the batches from full, giving each batch
// back to free, until a batch with an error or the end.
func (b *Builder) addBatches(full <-chan *batch, free chan<- *batch) error {
	for bt := range full {
		for i := range bt.n {
			if err := b.Add(&bt.events[i]); err != nil {
				return err
			}
		}
		if bt.err == io.EOF {
			return nil
		}
		if bt.err != nil {
			return bt.err
		}
		free <- bt
	}
	return nil
}

// decodeBatches decodes r's events into batches from free, each seen by
// edit, and sends them to full, the last with the error that ended the
// reading (io.EOF at the end of the trace), until then or until stop is
// closed. A panic of the reading or of edit becomes that error.
func decodeBatches(r *Reader, edit func(*Event) error, free <-chan *batch, full chan<- *batch, stop <-chan struct{}) {
	var bt *batch
	select {
	case bt = <-free:
	case <-stop:
		return
	}
	defer func() {
		if p := recover(); p != nil {
			bt.err = &PanicError{Line: codec.Line(r), Value: p, Stack: debug.Stack()}
			select {
			case full <- bt:
			case <-stop:
			}
		}
	}()
	for {
		bt.n, bt.err = 0, nil
		for bt.n < readBatch && bt.err == nil {
			e := &bt.events[bt.n]
			if bt.err = codec.ReadInto(r, e); bt.err != nil {
				break
			}
			if edit != nil {
				if bt.err = edit(e); bt.err != nil {
					break
				}
			}
			bt.n++
		}
		select {
		case full <- bt:
		case <-stop:
			return
		}
		if bt.err != nil {
			return
		}
		select {
		case bt = <-free:
		case <-stop:
			return
		}
	}
}
