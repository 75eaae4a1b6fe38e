package web

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The shared store of replicas (Config.NATS).
const (
	// sharedBucket is the JetStream object store where the replicas of a
	// server keep their traces, each under its file's name.
	sharedBucket = "searchviz-traces"
	// MaxSharedBytes caps the shared store: past it JetStream refuses a
	// trace, which stays on the replica that saved it.
	MaxSharedBytes = 8 << 30
	// sharedWait is how long one call to the shared store may take.
	sharedWait = 30 * time.Second
	// sharedRemoved is the subject on which a replica says it deleted a
	// trace, so that the others drop their copies.
	sharedRemoved = "searchviz.traces.removed"
)

// sharedStore is where the replicas of a server behind a load balancer
// keep the traces they all serve: a trace saved by one is found by every
// other (see store).
type sharedStore interface {
	put(ctx context.Context, name string, data []byte) error
	// get returns the object name, or errNoTrace.
	get(ctx context.Context, name string) ([]byte, error)
	remove(ctx context.Context, name string) error
	// announce tells every replica that trace id was deleted; watch
	// calls removed for each trace any replica deletes.
	announce(id string) error
	watch(removed func(id string)) error
}

// natsStore is a sharedStore in a NATS JetStream object store.
type natsStore struct {
	conn *nats.Conn
	obs  jetstream.ObjectStore
}

// dialShared connects to the NATS server at url and opens, creating it
// if missing, the object store of the traces; program names the
// connection in the server's monitoring.
func dialShared(ctx context.Context, url, program string) (*natsStore, error) {
	nc, err := nats.Connect(url, nats.Name(program), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("web: connecting to NATS at %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("web: JetStream at %s: %w", url, err)
	}
	ctx, cancel := context.WithTimeout(ctx, sharedWait)
	defer cancel()
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: sharedBucket, Description: "searchviz traces, shared by the replicas of viz serve", MaxBytes: MaxSharedBytes,
	})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("web: opening the object store %s at %s: %w", sharedBucket, url, err)
	}
	return &natsStore{conn: nc, obs: obs}, nil
}

func (n *natsStore) put(ctx context.Context, name string, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, sharedWait)
	defer cancel()
	if _, err := n.obs.PutBytes(ctx, name, data); err != nil {
		return fmt.Errorf("web: sharing %s: %w", name, err)
	}
	return nil
}

func (n *natsStore) get(ctx context.Context, name string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, sharedWait)
	defer cancel()
	data, err := n.obs.GetBytes(ctx, name)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, errNoTrace
	}
	if err != nil {
		return nil, fmt.Errorf("web: fetching the shared %s: %w", name, err)
	}
	return data, nil
}

func (n *natsStore) remove(ctx context.Context, name string) error {
	ctx, cancel := context.WithTimeout(ctx, sharedWait)
	defer cancel()
	err := n.obs.Delete(ctx, name)
	if err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
		return fmt.Errorf("web: removing the shared %s: %w", name, err)
	}
	return nil
}

func (n *natsStore) announce(id string) error {
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
