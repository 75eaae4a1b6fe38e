// Package safely keeps a panic in one of the server's goroutines to the
// work that goroutine does: it logs the panic with its stack instead of
// ending the process.
package safely

import (
	"fmt"
	"log/slog"
	"runtime/debug"
)

// Recovered logs a panic that recover returned, with its stack, and
// reports whether there was one. Every goroutine the server starts defers
// a call to it, so that one bad trace or request ends only its own work.
func Recovered(log *slog.Logger, p any, what string, args ...any) bool {
	if p == nil {
		return false
	}
	log.Error("panic in "+what, append(args, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))...)
	return true
}
