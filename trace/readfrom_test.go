package trace

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/trace/internal/codec"
)

// TestReadFromStops checks that ReadFrom stops its reading goroutine as
// soon as an event is refused, an edit fails or panics, and returns that
// event's error: the reader has read at most the batches in flight past
// it, and no goroutine is left behind. It is not parallel: it counts the
// process's goroutines.
func TestReadFromStops(t *testing.T) {
	events := busyTrace(10, 20_000) // 100,000 events, many batches
	const bad = 3*readBatch + 17
	var buf bytes.Buffer
	w, err := NewWriter(&buf, Header{Version: Version, Game: "test", Algorithm: "test"})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range events {
		if i == bad {
			e = Event{Step: i, Kind: KindLeave, Node: 5} // node 5 is not entered here
		}
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	tests := []struct {
		name string
		at   int // the event that fails
		edit func(*Event) error
		want string
	}{
		{"refused", bad, nil, fmt.Sprintf("trace: event %d (leave): node 5 is not entered", bad)},
		{"edit fails", 300, func(e *Event) error {
			if e.Step == 300 {
				return errors.New("edit refuses event 300")
			}
			return nil
		}, "edit refuses event 300"},
		{"edit panics", 300, func(e *Event) error {
			if e.Step == 300 {
				panic("edit panics at event 300")
			}
			return nil
		}, "trace: line 302: panic while reading: edit panics at event 300"},
	}
	before := runtime.NumGoroutine()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := NewReader(bytes.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			err = NewBuilder().ReadFrom(r, tt.edit)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("ReadFrom: %v, want an error starting %q", err, tt.want)
			}
			if pe := (*PanicError)(nil); errors.As(err, &pe) != (tt.name == "edit panics") || pe != nil && !bytes.Contains(pe.Stack, []byte("decodeBatches")) {
				t.Errorf("ReadFrom: %#v, want a *PanicError with the stack for a panic and no other", err)
			}
			if most := tt.at + (readBatches+1)*readBatch; codec.Decoded(r) > most {
				t.Errorf("the reader read %d events, want at most %d: it did not stop", codec.Decoded(r), most)
			}
		})
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after ReadFrom returned, %d before", n, before)
	}
}
