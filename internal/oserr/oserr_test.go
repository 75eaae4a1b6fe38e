package oserr

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func TestReason(t *testing.T) {
	t.Parallel()
	other := errors.New("the drawing is too big")
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"a write", &fs.PathError{Op: "write", Path: "/tmp/.x.svg.123.tmp", Err: syscall.ENOSPC}, syscall.ENOSPC},
		{"a rename", &os.LinkError{Op: "rename", Old: "/tmp/.x.123.tmp", New: "/dir/x", Err: syscall.ENOENT}, syscall.ENOENT},
		{"wrapped", errors.Join(other, &fs.PathError{Op: "open", Path: "/tmp/y", Err: syscall.EACCES}), syscall.EACCES},
		{"no file's", other, other},
	}
	for _, tt := range tests {
		if got := Reason(tt.err); got != tt.want {
			t.Errorf("%s: Reason(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}
