// Package live runs the searches started from the page: each under a
// context with a time limit and a node budget, its growing trace
// published as snapshots (shows) for its pages, cancelled when nobody
// watches, and saved when it ends, with a note when it was cut short.
package live
