// Package natsshare is the link of a searchviz server to NATS, with
// which the replicas of a server behind a load balancer share their
// traces and rooms: it dials NATS, keeps the traces in a JetStream object
// store (a tracestore.Shared), tells the replicas which traces were
// deleted, says when the link goes down and comes back, and carries the
// rooms (Rooms, a rooms.Bus: a key-value store of the codes open and a
// subject per room). It is the only package of the server that imports
// the NATS client.
package natsshare
