package trace

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/searchviz/searchviz/internal/oserr"
)

// FileWriter writes a trace file. It writes to a temporary file in the
// same directory and renames it to its name only when Close succeeds, so
// a failed or abandoned search leaves no partial trace behind. A
// FileWriter is not safe for concurrent use.
//
// The usual pattern is
//
//	fw, err := trace.Create(path, h)
//	if err != nil {
//		return err
//	}
//	defer fw.Abort()
//	... search with fw as the Tracer ...
//	return fw.Close()
type FileWriter struct {
	path string
	f    *os.File
	gz   *gzip.Writer // nil unless path ends in ".gz"
	w    *Writer
	done bool // Close or Abort was called
}

var _ Tracer = (*FileWriter)(nil)

// Create starts writing a trace file at path with header h, compressed
// with gzip when path ends in ".gz". Nothing appears at path before Close.
func Create(path string, h Header) (*FileWriter, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("trace: creating %s: %w", path, oserr.Reason(err))
	}
	fw := &FileWriter{path: path, f: f}
	var w io.Writer = f
	if strings.HasSuffix(path, ".gz") {
		fw.gz = gzip.NewWriter(f)
		w = fw.gz
	}
	if fw.w, err = NewWriter(w, h); err != nil {
		fw.Abort()
		return nil, fileError(path, err)
	}
	return fw, nil
}

// Emit writes e to the trace; see Writer.Emit.
func (fw *FileWriter) Emit(e Event) {
	if !fw.done {
		fw.w.Emit(e)
	}
}

// Err returns the first error of writing the trace, or nil.
func (fw *FileWriter) Err() error {
	if err := fw.w.Err(); err != nil {
		return fileError(fw.path, oserr.Reason(err))
	}
	return nil
}

// Close finishes the trace and puts it at its path. If writing failed at
// any point, Close removes the temporary file instead and returns the
// first error. Calling Close a second time returns an error.
func (fw *FileWriter) Close() error {
	if fw.done {
		return fmt.Errorf("trace: closing %s: %w", fw.path, os.ErrClosed)
	}
	err := fw.w.Flush()
	if err != nil {
		err = fileError(fw.path, oserr.Reason(err))
	}
	if fw.gz != nil {
		if cerr := fw.gz.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("trace: compressing %s: %w", fw.path, oserr.Reason(cerr))
		}
	}
	if err == nil {
		err = fw.f.Chmod(0o644)
	}
	if err == nil {
		err = fw.f.Sync()
	}
	if cerr := fw.f.Close(); cerr != nil && err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(fw.f.Name(), fw.path)
	}
	fw.done = true
	if err != nil {
		os.Remove(fw.f.Name())
		if !strings.HasPrefix(err.Error(), "trace: ") {
			err = fmt.Errorf("trace: writing %s: %w", fw.path, oserr.Reason(err))
		}
		return err
	}
	return nil
}

// Abort abandons the trace: it removes the temporary file and leaves
// nothing at the path. After Close it does nothing, so it can be deferred.
func (fw *FileWriter) Abort() {
	if fw.done {
		return
	}
	fw.done = true
	fw.f.Close()
	os.Remove(fw.f.Name())
}

// FileReader reads a trace file. It is not safe for concurrent use.
type FileReader struct {
	path string
	f    *os.File
	r    *Reader
}

// Open opens the trace file at path and reads its header. It reads plain
// and gzip-compressed files alike, whatever their name.
func Open(path string) (*FileReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	r, err := NewReader(f)
	if err != nil {
		f.Close()
		return nil, fileError(path, err)
	}
	return &FileReader{path: path, f: f, r: r}, nil
}

// Header returns the trace's header.
func (fr *FileReader) Header() Header { return fr.r.Header() }

// ReadEvent reads the next event; see Reader.ReadEvent. Errors other than
// io.EOF name the file.
func (fr *FileReader) ReadEvent() (Event, error) {
	e, err := fr.r.ReadEvent()
	if err != nil && err != io.EOF {
		err = fileError(fr.path, err)
	}
	return e, err
}

// Close closes the file.
func (fr *FileReader) Close() error { return fr.f.Close() }

// ReadFile reads the whole trace file at path.
func ReadFile(path string) (Header, []Event, error) {
	return ReadFileLimited(path, Limits{})
}

// ReadFileLimited is ReadFile with limits on the trace's size, as
// ReadAllLimited applies them. Its errors name the file and, when a limit
// is crossed, wrap ErrTooLarge.
func ReadFileLimited(path string, lim Limits) (Header, []Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return Header{}, nil, fmt.Errorf("trace: %w", err)
	}
	defer f.Close()
	h, events, err := ReadAllLimited(f, lim)
	if err != nil {
		return h, events, fileError(path, err)
	}
	return h, events, nil
}

// fileError puts the file's name into an error of this package, after the
// "trace: " prefix: "trace: run.jsonl: line 3: ...".
func fileError(path string, err error) error {
	return &pathError{path: path, err: err}
}

type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string {
	msg, _ := strings.CutPrefix(e.err.Error(), "trace: ")
	return "trace: " + e.path + ": " + msg
}

func (e *pathError) Unwrap() error { return e.err }

// ReadTree reads the rest of a trace from r and folds it as it reads with a
// Builder, so that the events are never all held unpacked: the way to open
// a trace of millions of events. When edit is not nil it sees each event
// before the event is folded, and an error it returns stops the reading
// (catalog.BoardFiller fills in boards so).
func ReadTree(r *Reader, edit func(*Event) error) (*Tree, error) {
	b := NewBuilder()
	if err := b.ReadFrom(r, edit); err != nil {
		return nil, err
	}
	return b.Tree()
}
