package natsshare

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// ErrDown says a call to NATS was not made: the link is down, and a call
// would only wait for it to time out.
var ErrDown = errors.New("the link to NATS is down")

// linkTrouble reports whether err says NATS could not be reached or did
// not answer in time, rather than that it refused: a call that may
// succeed once the link is back.
func linkTrouble(err error) bool {
	for _, e := range []error{
		ErrDown, context.DeadlineExceeded, nats.ErrTimeout, nats.ErrNoResponders,
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

// Link is a connection to NATS and the object store of the traces the
// replicas share. It is safe for concurrent use.
type Link struct {
	conn *nats.Conn
	obs  jetstream.ObjectStore

	mu    sync.Mutex
	links []func(up bool) // told as the link to NATS goes down and comes back
}

var _ tracestore.Shared = (*Link)(nil)

// Dial connects to the NATS server at url and opens, creating it if
// missing, the object store of the traces; program names the connection
// in the server's monitoring. The connection comes back by itself after
// NATS is lost (see OnLink).
func Dial(ctx context.Context, url, program string, log *slog.Logger) (*Link, error) {
	n := &Link{}
	nc, err := nats.Connect(url, nats.Name(program),
		nats.MaxReconnects(-1), nats.ReconnectWait(reconnectWait),
		nats.PingInterval(pingInterval), nats.FlusherTimeout(CallTimeout),
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
	ctx, cancel := context.WithTimeout(ctx, OpenTimeout)
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

// OnLink calls fn with false each time the link to NATS goes down and
// with true each time it comes back, in order, on the client's goroutine
// for such news: fn returns quickly, and recovers its own panics.
func (n *Link) OnLink(fn func(up bool)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.links = append(n.links, fn)
}

func (n *Link) tell(up bool) {
	n.mu.Lock()
	links := slices.Clone(n.links)
	n.mu.Unlock()
	for _, fn := range links {
		fn(up)
	}
}

// Linked reports whether the link to NATS is up, as far as the client
// knows.
func (n *Link) Linked() bool { return n.conn.IsConnected() }

// Close ends the connection, after sending what is buffered.
func (n *Link) Close() { n.conn.Drain() }
