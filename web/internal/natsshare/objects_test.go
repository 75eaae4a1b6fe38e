package natsshare

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/natsshare/natstest"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// TestObjects puts, gets and removes objects of the shared store: what
// one replica puts, another gets byte for byte, and what is not there is
// tracestore.ErrNoTrace.
func TestObjects(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	a, b := dial(t, ns.URL()), dial(t, ns.URL())
	data := bytes.Repeat([]byte("searchviz "), 100_000)
	if err := a.Put(t.Context(), "0123456789ab.jsonl.gz", data); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, object string
		want         []byte
		err          error
	}{
		{"put by the other replica", "0123456789ab.jsonl.gz", data, nil},
		{"never put", "ba9876543210.jsonl.gz", nil, tracestore.ErrNoTrace},
	} {
		got, err := b.Get(t.Context(), tt.object)
		if !errors.Is(err, tt.err) || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: got %d bytes, %v; want %d bytes, %v", tt.name, len(got), err, len(tt.want), tt.err)
		}
	}
	for _, object := range []string{"0123456789ab.jsonl.gz", "ba9876543210.jsonl.gz"} {
		if err := b.Remove(t.Context(), object); err != nil {
			t.Errorf("removing %s: %v", object, err)
		}
	}
	if got, err := a.Get(t.Context(), "0123456789ab.jsonl.gz"); !errors.Is(err, tracestore.ErrNoTrace) {
		t.Errorf("a removed object: got %d bytes, %v; want ErrNoTrace", len(got), err)
	}
}

// TestSharedBytes checks that the shared store holds at most
// MaxSharedBytes, so that JetStream refuses a trace past it.
func TestSharedBytes(t *testing.T) {
	t.Parallel()
	n := dial(t, natstest.Run(t, true).URL())
	js, err := jetstream.New(n.conn)
	if err != nil {
		t.Fatal(err)
	}
	st, err := js.Stream(t.Context(), "OBJ_"+sharedBucket)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.CachedInfo().Config.MaxBytes; got != MaxSharedBytes {
		t.Errorf("the shared store holds at most %d bytes, want MaxSharedBytes (%d)", got, MaxSharedBytes)
	}
}

// TestAnnounce checks that a deletion one replica announces reaches the
// others that watch.
func TestAnnounce(t *testing.T) {
	t.Parallel()
	ns := natstest.Run(t, true)
	a, b := dial(t, ns.URL()), dial(t, ns.URL())
	removed := make(chan string, 1)
	if err := b.Watch(func(id string) { removed <- id }); err != nil {
		t.Fatal(err)
	}
	if err := b.conn.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := a.Announce("0123456789ab"); err != nil {
		t.Fatal(err)
	}
	select {
	case id := <-removed:
		if id != "0123456789ab" {
			t.Errorf("told %q was deleted, want 0123456789ab", id)
		}
	case <-time.After(5 * time.Second):
		t.Error("the deletion was not told within 5 s")
	}
}

// TestTransferTimeout checks the time a put or get may take: CallTimeout,
// and a second more per sharedBytesPerSecond bytes.
func TestTransferTimeout(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		size uint64
		want time.Duration
	}{
		{0, CallTimeout},
		{sharedBytesPerSecond / 2, CallTimeout + time.Second/2},
		{sharedBytesPerSecond, CallTimeout + time.Second},
		{3 * sharedBytesPerSecond, CallTimeout + 3*time.Second},
	} {
		if got := TransferTimeout(tt.size); got != tt.want {
			t.Errorf("TransferTimeout(%d) = %v, want %v", tt.size, got, tt.want)
		}
	}
}
