// Package natsshare is the link of a searchviz server to NATS, with
// which the replicas of a server behind a load balancer share their
// traces and rooms: it dials NATS, keeps the traces in a JetStream object
// store (a tracestore.Shared), tells the replicas which traces were
// deleted, and says when the link goes down and comes back. Besides the
// rooms' bus, which runs on its connection (Link.Conn), it is the only
// package of the server that imports the NATS client.
package natsshare
