package render

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
)

// maxFrame bounds one DOT or SVG passed to or from a worker process.
const maxFrame = 1 << 30

// Replies of a worker process: the status byte before the payload.
const (
	replyOK    = 'o'
	replyError = 'e'
)

// ServeLayouts is the loop of a layout worker process: it reads DOT
// graphs from r, each a 4-byte big-endian length and the bytes, lays each
// out with l, and writes to w a status byte ('o' or 'e'), a length and the
// SVG or the error's text. It returns nil when r ends between requests.
func ServeLayouts(ctx context.Context, r io.Reader, w io.Writer, l Layouter) error {
	br := bufio.NewReader(r)
	bw := bufio.NewWriter(w)
	for {
		dot, err := readFrame(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("render: reading a layout request: %w", err)
		}
		status, payload := byte(replyOK), []byte(nil)
		svg, err := l.SVG(ctx, dot)
		if err != nil {
			status, payload = replyError, []byte(err.Error())
		} else {
			payload = svg
		}
		if err := bw.WriteByte(status); err != nil {
			return err
		}
		if err := writeFrame(bw, payload); err != nil {
			return fmt.Errorf("render: writing a layout: %w", err)
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("render: writing a layout: %w", err)
		}
	}
}

func readFrame(r *bufio.Reader) ([]byte, error) {
	var n uint32
	if err := binary.Read(r, binary.BigEndian, &n); err != nil {
		return nil, err
	}
	if n > maxFrame {
		return nil, fmt.Errorf("a frame of %d bytes is over the limit of %d", n, maxFrame)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf, nil
}

func writeFrame(w io.Writer, data []byte) error {
	if len(data) > maxFrame {
		return fmt.Errorf("a frame of %d bytes is over the limit of %d", len(data), maxFrame)
	}
	if err := binary.Write(w, binary.BigEndian, uint32(len(data))); err != nil {
		return err
	}
	_, err := w.Write(data)
	return err
}

// DefaultWorkerBytes is how many bytes of SVG a Worker's process draws
// before it is replaced: go-graphviz keeps several times each drawing's
// size for good, so this bounds a worker to a few hundred megabytes.
const DefaultWorkerBytes = 32 << 20

// Worker is a Layouter that runs Graphviz in a child process serving
// ServeLayouts, and replaces the process once it has drawn MaxBytes of
// SVG, so that the memory go-graphviz leaks is returned to the system.
// A layout whose context ends is abandoned by killing the process. Calls
// run one at a time; a Worker is safe for concurrent use and must not be
// copied after first use.
type Worker struct {
	// Command returns the command to start a worker process, whose
	// standard input and output Worker uses; its standard error is left
	// as the command sets it.
	Command func() *exec.Cmd
	// MaxBytes is the SVG a process draws before it is replaced; 0 means
	// DefaultWorkerBytes.
	MaxBytes int

	mu     sync.Mutex
	proc   *workerProc
	starts int // processes started, for tests and logs
	closed bool
}

var _ Layouter = (*Worker)(nil)

// workerProc is one running worker process.
type workerProc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	drawn int // bytes of SVG drawn
}

// SVG lays out dot in the worker process.
func (w *Worker) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, errors.New("render: the layout worker is closed")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: layout not started: %w", err)
	}
	limit := w.MaxBytes
	if limit <= 0 {
		limit = DefaultWorkerBytes
	}
	if w.proc != nil && w.proc.drawn >= limit {
		w.stop()
	}
	if w.proc == nil {
		if err := w.start(); err != nil {
			return nil, err
		}
	}
	p := w.proc

	type reply struct {
		status byte
		data   []byte
		err    error
	}
	done := make(chan reply, 1)
	go func() {
		if err := writeFrame(p.in, dot); err != nil {
			done <- reply{err: err}
			return
		}
		status, err := p.out.ReadByte()
		if err != nil {
			done <- reply{err: err}
			return
		}
		data, err := readFrame(p.out)
		done <- reply{status: status, data: data, err: err}
	}()
	select {
	case <-ctx.Done():
		w.stop()
		<-done
		return nil, fmt.Errorf("render: layout abandoned: %w", ctx.Err())
	case r := <-done:
		switch {
		case r.err != nil:
			w.stop()
			return nil, fmt.Errorf("render: the layout worker failed: %w", r.err)
		case r.status == replyError:
			return nil, errors.New(string(r.data))
		case r.status != replyOK:
			w.stop()
			return nil, fmt.Errorf("render: the layout worker replied with status %q", r.status)
		}
		p.drawn += len(r.data)
		return r.data, nil
	}
}

// start starts a worker process; w.mu is held.
func (w *Worker) start() error {
	if w.Command == nil {
		return errors.New("render: Worker.Command is not set")
	}
	cmd := w.Command()
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("render: starting the layout worker: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("render: starting the layout worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("render: starting the layout worker %s: %w", cmd.Path, err)
	}
	w.proc = &workerProc{cmd: cmd, in: in, out: bufio.NewReader(out)}
	w.starts++
	return nil
}

// stop ends the worker process, if one runs; w.mu is held.
func (w *Worker) stop() {
	if w.proc == nil {
		return
	}
	w.proc.in.Close()
	w.proc.cmd.Process.Kill()
	w.proc.cmd.Wait()
	w.proc = nil
}

// Close stops the worker process. Later calls to SVG fail.
func (w *Worker) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.stop()
	return nil
}
