// Package oserr words the errors of writing files for people: a program
// that writes to a temporary file and renames it into place should say
// why the write failed, not name a file the person never gave.
package oserr

import (
	"errors"
	"io/fs"
	"os"
)

// Reason returns the system's reason for err, such as "no space left on
// device", when err is a file operation's error, which names its file;
// any other error as it is.
func Reason(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	if le, ok := errors.AsType[*os.LinkError](err); ok {
		return le.Err
	}
	return err
}
