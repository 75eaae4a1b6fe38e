package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// The names of the shared store of replicas (Config.NATS).
const (
	// sharedBucket is the JetStream object store where the replicas of a
	// server keep their traces, each under its file's name.
	sharedBucket = "searchviz-traces"
	// sharedRemoved is the subject on which a replica says it deleted a
	// trace, so that the others drop their copies.
	sharedRemoved = "searchviz.traces.removed"
)

// errNATSDown says a call to NATS was not made: the link is down, and a
// call would only wait for it to time out.
var errNATSDown = errors.New("the link to NATS is down")

// linkTrouble reports whether err says NATS could not be reached or did
// not answer in time, rather than that it refused: a call that may
// succeed once the link is back.
func linkTrouble(err error) bool {
	for _, e := range []error{
		errNATSDown, context.DeadlineExceeded, nats.ErrTimeout, nats.ErrNoResponders,
		nats.ErrConnectionClosed, nats.ErrConnectionDraining, nats.ErrConnectionReconnecting,
		jetstream.ErrNoStreamResponse, jetstream.ErrAsyncPublishTimeout, jetstream.ErrTooManyStalledMsgs,
		jetstream.ErrJetStreamNotEnabled,
	} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// linkError is an error of a call NATS may take once the link is back:
// besides its cause, it wraps tracestore.ErrUnreachable.
type linkError struct{ error }

func (e linkError) Unwrap() []error { return []error{e.error, tracestore.ErrUnreachable} }

// marked returns err, marked as a linkError if linkTrouble says so.
func marked(err error) error {
	if err != nil && linkTrouble(err) {
		return linkError{err}
	}
	return err
}

// natsStore is a tracestore.Shared in a NATS JetStream object store.
type natsStore struct {
	conn *nats.Conn
	obs  jetstream.ObjectStore
	log  *slog.Logger

	mu    sync.Mutex
	links []func(up bool) // told as the link to NATS goes down and comes back
}

// dialShared connects to the NATS server at url and opens, creating it
// if missing, the object store of the traces; program names the
// connection in the server's monitoring. The connection comes back by
// itself after NATS is lost (see onLink).
func dialShared(ctx context.Context, url, program string, log *slog.Logger) (*natsStore, error) {
	n := &natsStore{log: log}
	nc, err := nats.Connect(url, nats.Name(program),
		nats.MaxReconnects(-1), nats.ReconnectWait(natsReconnectWait),
		nats.PingInterval(natsPingInterval), nats.FlusherTimeout(natsCallTimeout),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if nc.IsClosed() {
				return // the server is stopping
			}
			log.Warn("the link to NATS is down", "nats", url, "err", err)
			n.tell(false)
		}),
		nats.ReconnectHandler(func(*nats.Conn) {
			log.Info("the link to NATS is back", "nats", url)
			n.tell(true)
		}))
	if err != nil {
		return nil, fmt.Errorf("web: connecting to NATS at %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("web: JetStream at %s: %w", url, err)
	}
	ctx, cancel := context.WithTimeout(ctx, natsOpenTimeout)
	defer cancel()
	if _, err := js.AccountInfo(ctx); err != nil {
		nc.Close()
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount) {
			return nil, fmt.Errorf("web: the NATS server at %s has no JetStream: start it with -js", url)
		}
		return nil, fmt.Errorf("web: asking NATS at %s for JetStream: %w", url, err)
	}
	n.obs, err = js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: sharedBucket, Description: "searchviz traces, shared by the replicas of viz serve", MaxBytes: MaxSharedBytes,
	})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("web: opening the object store %s at %s: %w", sharedBucket, url, err)
	}
	n.conn = nc
	return n, nil
}

// onLink calls fn with false each time the link to NATS goes down and
// with true each time it comes back, in order, on the client's goroutine
// for such news: fn returns quickly.
func (n *natsStore) onLink(fn func(up bool)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.links = append(n.links, fn)
}

func (n *natsStore) tell(up bool) {
	n.mu.Lock()
	links := slices.Clone(n.links)
	n.mu.Unlock()
	for _, fn := range links {
		func() {
			defer func() { recovered(n.log, recover(), "news of the link to NATS", "up", up) }()
			fn(up)
		}()
	}
}

func (n *natsStore) Linked() bool { return n.conn.IsConnected() }

// transferTimeout is how long a put or get of size bytes may take.
func transferTimeout(size uint64) time.Duration {
	return natsCallTimeout + time.Duration(size)*time.Second/sharedBytesPerSecond
}

func (n *natsStore) Put(ctx context.Context, name string, data []byte) error {
	if !n.Linked() {
		return marked(fmt.Errorf("web: sharing %s: %w", name, errNATSDown))
	}
	ctx, cancel := context.WithTimeout(ctx, transferTimeout(uint64(len(data))))
	defer cancel()
	if _, err := n.obs.PutBytes(ctx, name, data); err != nil {
		return marked(fmt.Errorf("web: sharing %s: %w", name, err))
	}
	return nil
}

func (n *natsStore) Get(ctx context.Context, name string) ([]byte, error) {
	if !n.Linked() {
		return nil, marked(fmt.Errorf("web: fetching the shared %s: %w", name, errNATSDown))
	}
	infoCtx, cancel := context.WithTimeout(ctx, natsCallTimeout)
	defer cancel()
	info, err := n.obs.GetInfo(infoCtx, name)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, tracestore.ErrNoTrace
	}
	if err != nil {
		return nil, marked(fmt.Errorf("web: fetching the shared %s: %w", name, err))
	}
	ctx, cancel = context.WithTimeout(ctx, transferTimeout(info.Size))
	defer cancel()
	data, err := n.obs.GetBytes(ctx, name)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, tracestore.ErrNoTrace
	}
	if err != nil {
		return nil, marked(fmt.Errorf("web: fetching the shared %s: %w", name, err))
	}
	return data, nil
}

func (n *natsStore) Remove(ctx context.Context, name string) error {
	if !n.Linked() {
		return marked(fmt.Errorf("web: removing the shared %s: %w", name, errNATSDown))
	}
	ctx, cancel := context.WithTimeout(ctx, natsCallTimeout)
	defer cancel()
	err := n.obs.Delete(ctx, name)
	if err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
		return marked(fmt.Errorf("web: removing the shared %s: %w", name, err))
	}
	return nil
}

// announce publishes without waiting: while the link is down, the
// client keeps the message and sends it when the link comes back.
func (n *natsStore) Announce(id string) error {
	if err := n.conn.Publish(sharedRemoved, []byte(id)); err != nil {
		return fmt.Errorf("web: announcing the deletion of %s: %w", id, err)
	}
	return nil
}

func (n *natsStore) watch(removed func(id string)) error {
	if _, err := n.conn.Subscribe(sharedRemoved, func(m *nats.Msg) { removed(string(m.Data)) }); err != nil {
		return fmt.Errorf("web: watching for deleted traces: %w", err)
	}
	return nil
}

// close ends the connection, after sending what is buffered.
func (n *natsStore) close() { n.conn.Drain() }
