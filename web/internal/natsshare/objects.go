package natsshare

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// TransferTimeout is how long a Put or Get of size bytes may take.
func TransferTimeout(size uint64) time.Duration {
	return CallTimeout + time.Duration(size)*time.Second/sharedBytesPerSecond
}

// Put stores data in the object store as name. Its error wraps
// tracestore.ErrUnreachable when NATS could not be reached in time.
func (n *Link) Put(ctx context.Context, name string, data []byte) error {
	if !n.Linked() {
		return marked(fmt.Errorf("web: sharing %s: %w", name, ErrDown))
	}
	ctx, cancel := context.WithTimeout(ctx, TransferTimeout(uint64(len(data))))
	defer cancel()
	if _, err := n.obs.PutBytes(ctx, name, data); err != nil {
		return marked(fmt.Errorf("web: sharing %s: %w", name, err))
	}
	return nil
}

// Get returns the object name, or tracestore.ErrNoTrace.
func (n *Link) Get(ctx context.Context, name string) ([]byte, error) {
	if !n.Linked() {
		return nil, fetchError(name, ErrDown)
	}
	infoCtx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	info, err := n.obs.GetInfo(infoCtx, name)
	if err != nil {
		return nil, fetchError(name, err)
	}
	ctx, cancel = context.WithTimeout(ctx, TransferTimeout(info.Size))
	defer cancel()
	data, err := n.obs.GetBytes(ctx, name)
	if err != nil {
		return nil, fetchError(name, err)
	}
	return data, nil
}

// fetchError is Get's error for err: tracestore.ErrNoTrace for an object
// that is not there.
func fetchError(name string, err error) error {
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return tracestore.ErrNoTrace
	}
	return marked(fmt.Errorf("web: fetching the shared %s: %w", name, err))
}

// Remove deletes the object name, if there is one.
func (n *Link) Remove(ctx context.Context, name string) error {
	if !n.Linked() {
		return marked(fmt.Errorf("web: removing the shared %s: %w", name, ErrDown))
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	err := n.obs.Delete(ctx, name)
	if err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
		return marked(fmt.Errorf("web: removing the shared %s: %w", name, err))
	}
	return nil
}

// Announce tells every replica that trace id was deleted. It publishes
// without waiting: while the link is down, the client keeps the message
// and sends it when the link comes back.
func (n *Link) Announce(id string) error {
	if err := n.conn.Publish(sharedRemoved, []byte(id)); err != nil {
		return fmt.Errorf("web: announcing the deletion of %s: %w", id, err)
	}
	return nil
}

// Watch calls removed, on the client's goroutine, with the id of each
// trace any replica deletes (Announce); removed recovers its own panics.
func (n *Link) Watch(removed func(id string)) error {
	if _, err := n.conn.Subscribe(sharedRemoved, func(m *nats.Msg) { removed(string(m.Data)) }); err != nil {
		return fmt.Errorf("web: watching for deleted traces: %w", err)
	}
	return nil
}
