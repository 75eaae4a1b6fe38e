package natsshare

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/natsshare/natstest"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// dial connects to the NATS server at url until t ends.
func dial(t *testing.T, url string) *Link {
	t.Helper()
	n, err := Dial(t.Context(), url, "natsshare test", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Close)
	return n
}

// TestLinkTrouble checks which errors are marked as the link's, to be
// tried again, rather than as refusals, and that marking keeps the text.
func TestLinkTrouble(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		err  error
		link bool
	}{
		{ErrDown, true},
		{context.DeadlineExceeded, true},
		{nats.ErrTimeout, true},
		{nats.ErrConnectionReconnecting, true},
		{jetstream.ErrNoStreamResponse, true},
		{jetstream.ErrMaxBytesExceeded, false},
		{jetstream.ErrObjectNotFound, false},
		{errors.New("refused"), false},
	} {
		t.Run(tt.err.Error(), func(t *testing.T) {
			t.Parallel()
			err := marked(fmt.Errorf("web: sharing x: %w", tt.err))
			if got := errors.Is(err, tracestore.ErrUnreachable); got != tt.link {
				t.Errorf("marked as unreachable: %v, want %v", got, tt.link)
			}
			if !errors.Is(err, tt.err) || err.Error() != "web: sharing x: "+tt.err.Error() {
				t.Errorf("marked: %q, want the cause wrapped and its text kept", err)
			}
		})
	}
}

// TestLinkDownAndBack stops NATS under a link and starts it again: the
// functions given to OnLink are told, in order; meanwhile a Put fails at
// once, marked unreachable, and once the link is back it succeeds.
func TestLinkDownAndBack(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	n := dial(t, ns.URL())
	news := make(chan bool, 8)
	n.OnLink(func(up bool) { news <- up })
	wait := func(want bool, within time.Duration) {
		t.Helper()
		select {
		case up := <-news:
			if up != want || n.Linked() != want {
				t.Fatalf("told up=%v, linked %v; want %v", up, n.Linked(), want)
			}
		case <-time.After(within):
			t.Fatalf("not told up=%v within %v", want, within)
		}
	}

	ns.Stop()
	wait(false, 5*time.Second)
	start := time.Now()
	err := n.Put(t.Context(), "a", []byte("data"))
	if took := time.Since(start); !errors.Is(err, tracestore.ErrUnreachable) || took >= CallTimeout {
		t.Errorf("a put while the link is down: %v after %v, want ErrUnreachable at once", err, took)
	}

	ns.Start()
	wait(true, 10*time.Second)
	if err := n.Put(t.Context(), "a", []byte("data")); err != nil {
		t.Errorf("a put once the link is back: %v", err)
	}
}
