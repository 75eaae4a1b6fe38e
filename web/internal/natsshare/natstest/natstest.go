// Package natstest runs embedded NATS servers for the tests of the
// packages that share a server's traces and rooms through NATS.
package natstest

import (
	"net"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is an embedded NATS server that a test stops and starts again
// on the same port and store: NATS going away and coming back. It is
// safe for concurrent use.
type Server struct {
	t    testing.TB
	opts server.Options
	url  string

	mu sync.Mutex
	ns *server.Server
}

// Run runs a NATS server, with JetStream if js, on a free loopback port
// until t ends.
func Run(t testing.TB, js bool) *Server {
	t.Helper()
	n := &Server{t: t, opts: server.Options{Host: "127.0.0.1", Port: -1, JetStream: js, StoreDir: t.TempDir(), NoLog: true, NoSigs: true}}
	n.Start()
	n.opts.Port = n.ns.Addr().(*net.TCPAddr).Port
	n.url = n.ns.ClientURL()
	t.Cleanup(func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		n.ns.Shutdown()
	})
	return n
}

// URL returns the address clients reach the server at.
func (n *Server) URL() string { return n.url }

// Start starts the server where it was, or on a free port the first time.
func (n *Server) Start() {
	n.t.Helper()
	opts := n.opts
	ns, err := server.NewServer(&opts)
	if err != nil {
		n.t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		n.t.Fatal("the NATS server did not start")
	}
	n.mu.Lock()
	n.ns = ns
	n.mu.Unlock()
}

// Stop stops the server; its clients lose their connections.
func (n *Server) Stop() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.ns.Shutdown()
	n.ns.WaitForShutdown()
}
