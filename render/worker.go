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

// DefaultWorkerProcesses is how many worker processes a Worker runs at
// most when its Processes field is 0: one for layouts of any size and one
// kept free for small layouts.
const DefaultWorkerProcesses = 2

// SmallDOT is the size in bytes of the largest DOT that a Worker counts as
// a small layout, 256 KiB. A tree drawn by WriteDOT takes about 570 bytes
// of DOT a node (about 1,200 with boards), so a tree of 400 nodes, which
// Graphviz lays out in about 0.2 s, is small, and one of 1,000 nodes is
// big.
const SmallDOT = 256 << 10

// errWorkerClosed is the error of a call to a closed Worker.
var errWorkerClosed = errors.New("render: the layout worker is closed")

// Worker is a Layouter that runs Graphviz in a pool of child processes
// serving ServeLayouts.
//
// At most Processes layouts run at once, each in its own process. A layout
// whose DOT is larger than SmallDOT bytes may use at most Processes-1 of
// them, so that a small layout never waits behind big ones; a small layout
// may use any idle process. A call that has to wait for a process waits
// until one is free, its context ends or the Worker is closed.
//
// Each process is replaced once it has drawn MaxBytes of SVG, so that the
// memory go-graphviz leaks is returned to the system. A layout whose
// context ends while it is drawn is abandoned by killing its process,
// which does not disturb the other processes.
//
// A Worker is safe for concurrent use and must not be copied after first
// use. Command, MaxBytes and Processes must be set before the first call.
type Worker struct {
	// Command returns the command to start a worker process, whose
	// standard input and output Worker uses; its standard error is left
	// as the command sets it.
	Command func() *exec.Cmd
	// MaxBytes is the SVG a process draws before it is replaced; 0 means
	// DefaultWorkerBytes.
	MaxBytes int
	// Processes is the most worker processes that run at once; 0 means
	// DefaultWorkerProcesses. With 1 no process is kept free for small
	// layouts, and layouts of any size take turns.
	Processes int

	mu      sync.Mutex
	all     chan struct{} // a token for each layout holding a process; nil before first use
	big     chan struct{} // a token for each big layout holding or waiting for a process
	closing chan struct{} // closed by Close
	idle    []*workerProc // processes started and free, the last used last
	busy    map[*workerProc]struct{}
	starts  int  // processes started, for tests and logs
	closed  bool // set by Close

	// onWait, if not nil, is called before a call blocks waiting for a
	// process, with whether its layout is big; for tests.
	onWait func(big bool)
}

var _ Layouter = (*Worker)(nil)

// workerProc is one running worker process. The call that takes it from
// Worker.idle owns it, and only that call reads and writes drawn.
type workerProc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	drawn int // bytes of SVG drawn
	once  sync.Once
}

// bigLayout reports whether a layout of dot counts as big.
func bigLayout(dot []byte) bool {
	return len(dot) > SmallDOT
}

// SVG lays out dot in one of the worker processes, starting one if none
// is idle. It returns an error wrapping ctx.Err() if ctx ends while the
// call waits for a process or while the layout is drawn.
func (w *Worker) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	w.mu.Lock()
	w.initLocked()
	closed, all, bigSem, closing := w.closed, w.all, w.big, w.closing
	w.mu.Unlock()
	if closed {
		return nil, errWorkerClosed
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: layout not started: %w", err)
	}
	big := bigLayout(dot)
	if big {
		if err := w.acquire(ctx, bigSem, closing, big); err != nil {
			return nil, err
		}
		defer func() { <-bigSem }()
	}
	if err := w.acquire(ctx, all, closing, big); err != nil {
		return nil, err
	}
	defer func() { <-all }()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("render: layout not started: %w", err)
	}
	p, err := w.take()
	if err != nil {
		return nil, err
	}
	svg, keep, err := w.draw(ctx, p, dot)
	w.put(p, keep)
	return svg, err
}

// initLocked makes the pool on first use; w.mu is held.
func (w *Worker) initLocked() {
	if w.all != nil {
		return
	}
	n := w.Processes
	if n <= 0 {
		n = DefaultWorkerProcesses
	}
	w.all = make(chan struct{}, n)
	w.big = make(chan struct{}, max(n-1, 1))
	w.closing = make(chan struct{})
	w.busy = make(map[*workerProc]struct{})
}

// acquire takes a token of sem, waiting until there is one, ctx ends or
// the Worker is closed.
func (w *Worker) acquire(ctx context.Context, sem, closing chan struct{}, big bool) error {
	select {
	case sem <- struct{}{}:
		return nil
	default:
	}
	if w.onWait != nil {
		w.onWait(big)
	}
	select {
	case sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("render: layout not started, no layout worker was free: %w", ctx.Err())
	case <-closing:
		return errWorkerClosed
	}
}

// take returns an idle process or starts one; the caller holds a token of
// w.all, so no more than Processes run.
func (w *Worker) take() (*workerProc, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, errWorkerClosed
	}
	var p *workerProc
	if n := len(w.idle); n > 0 {
		p = w.idle[n-1]
		w.idle[n-1] = nil
		w.idle = w.idle[:n-1]
	} else {
		var err error
		if p, err = w.start(); err != nil {
			return nil, err
		}
	}
	w.busy[p] = struct{}{}
	return p, nil
}

// put gives back a process that take returned: it becomes idle if keep is
// set and it has drawn less than MaxBytes, and is stopped otherwise.
func (w *Worker) put(p *workerProc, keep bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.busy, p)
	limit := w.MaxBytes
	if limit <= 0 {
		limit = DefaultWorkerBytes
	}
	if keep && !w.closed && p.drawn < limit {
		w.idle = append(w.idle, p)
		return
	}
	p.stop()
}

// workerReply is a worker process's answer to one layout request.
type workerReply struct {
	status byte
	data   []byte
	err    error
}

// draw has p lay out dot. It reports whether p may be used again.
func (w *Worker) draw(ctx context.Context, p *workerProc, dot []byte) (svg []byte, keep bool, err error) {
	done := make(chan workerReply, 1)
	go func() { done <- exchange(p.in, p.out, dot) }()
	var r workerReply
	select {
	case r = <-done:
	case <-ctx.Done():
		select {
		case r = <-done: // finished as ctx ended: keep the drawing
		default:
			p.stop()
			<-done
			return nil, false, fmt.Errorf("render: layout abandoned: %w", ctx.Err())
		}
	}
	switch {
	case r.err != nil:
		w.mu.Lock()
		closed := w.closed
		w.mu.Unlock()
		if closed {
			return nil, false, fmt.Errorf("render: the layout worker was closed during the layout: %w", r.err)
		}
		return nil, false, fmt.Errorf("render: the layout worker failed: %w", r.err)
	case r.status == replyError:
		return nil, true, errors.New(string(r.data))
	case r.status != replyOK:
		return nil, false, fmt.Errorf("render: the layout worker replied with status %q", r.status)
	}
	p.drawn += len(r.data)
	return r.data, true, nil
}

// exchange sends dot to a worker process on in and reads its reply from
// out. A panic becomes the reply's error.
func exchange(in io.Writer, out *bufio.Reader, dot []byte) (r workerReply) {
	defer func() {
		if v := recover(); v != nil {
			r = workerReply{err: fmt.Errorf("panic talking to the process: %v", v)}
		}
	}()
	if err := writeFrame(in, dot); err != nil {
		return workerReply{err: err}
	}
	status, err := out.ReadByte()
	if err != nil {
		return workerReply{err: err}
	}
	data, err := readFrame(out)
	return workerReply{status: status, data: data, err: err}
}

// start starts a worker process; w.mu is held.
func (w *Worker) start() (*workerProc, error) {
	if w.Command == nil {
		return nil, errors.New("render: Worker.Command is not set")
	}
	cmd := w.Command()
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("render: starting the layout worker: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("render: starting the layout worker: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("render: starting the layout worker %s: %w", cmd.Path, err)
	}
	w.starts++
	return &workerProc{cmd: cmd, in: in, out: bufio.NewReader(out)}, nil
}

// stop kills the process and waits for it to exit; calling it again does
// nothing. Its pipes are closed, so a read or write on them ends.
func (p *workerProc) stop() {
	p.once.Do(func() {
		p.in.Close()
		p.cmd.Process.Kill()
		p.cmd.Wait()
	})
}

// Close kills the worker processes, idle or drawing; the layouts they are
// drawing fail, and calls waiting for a process and later calls to SVG
// fail. Calling Close again does nothing.
func (w *Worker) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.initLocked()
	if w.closed {
		return nil
	}
	w.closed = true
	close(w.closing)
	for _, p := range w.idle {
		p.stop()
	}
	w.idle = nil
	for p := range w.busy {
		p.stop()
	}
	return nil
}
