// Package tracestore keeps the traces a searchviz server saves, as
// gzip-compressed files in one directory, each with a small description
// beside it, and opens them within the server's limits. With a Shared
// store, the replicas of a server behind a load balancer serve each
// other's traces: every trace saved is put there too, and one the
// directory lacks is fetched from it. The package knows nothing of HTTP
// or of how the shared store is reached.
package tracestore
