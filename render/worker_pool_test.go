package render

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/internal/testenv"
)

// fakeSVG is what fakeLayouter draws for every DOT.
const fakeSVG = "<svg/>"

// patience bounds every wait in these tests: long enough for a busy
// machine, short enough to fail a test that would otherwise hang.
const patience = 2 * time.Minute

// fakeLayouter is the layouter of a fake worker process (workerFake). A
// DOT whose first line is "// hold ADDR NAME", as made by gate.dot, dials
// the gate at ADDR, says NAME and blocks until the test releases it;
// every other DOT is drawn at once as fakeSVG.
type fakeLayouter struct{}

func (fakeLayouter) SVG(ctx context.Context, dot []byte) ([]byte, error) {
	first, _, _ := bytes.Cut(dot, []byte("\n"))
	if f := strings.Fields(string(first)); len(f) == 4 && f[0] == "//" && f[1] == "hold" {
		conn, err := net.Dial("tcp", f[2])
		if err != nil {
			return nil, fmt.Errorf("render: fake layout %s: %w", f[3], err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, f[3]+"\n"); err != nil {
			return nil, fmt.Errorf("render: fake layout %s: %w", f[3], err)
		}
		var b [1]byte
		if _, err := conn.Read(b[:]); err != nil {
			return nil, fmt.Errorf("render: fake layout %s was not released: %w", f[3], err)
		}
	}
	return []byte(fakeSVG), nil
}

// A gate holds fake layouts: a fake worker process drawing a DOT from
// gate.dot connects to the gate while it draws, and finishes when the test
// releases it; its connection closes if the process is killed.
type gate struct {
	ln      net.Listener
	mu      sync.Mutex
	arrived map[string]chan net.Conn
}

func newGate(t *testing.T) *gate {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback TCP for fake layouts:", err)
	}
	g := &gate{ln: ln, arrived: make(map[string]chan net.Conn)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			// The process sends its name and nothing more until released.
			name, err := bufio.NewReader(c).ReadString('\n')
			if err != nil {
				c.Close()
				continue
			}
			g.channel(strings.TrimSpace(name)) <- c
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, ch := range g.arrived {
			select {
			case c := <-ch:
				c.Close()
			default:
			}
		}
	})
	return g
}

func (g *gate) channel(name string) chan net.Conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	ch, ok := g.arrived[name]
	if !ok {
		ch = make(chan net.Conn, 1)
		g.arrived[name] = ch
	}
	return ch
}

// dot returns a DOT that holds its layout under name until released; a
// big one is padded to more than SmallDOT bytes.
func (g *gate) dot(name string, big bool) []byte {
	return holdDOT("// hold "+g.ln.Addr().String()+" "+name+"\n", big)
}

// plainDOT returns a DOT that the fake worker draws at once.
func plainDOT(big bool) []byte {
	return holdDOT("", big)
}

func holdDOT(head string, big bool) []byte {
	dot := head + "digraph { a -> b }\n"
	if big {
		dot += "// " + strings.Repeat("x", SmallDOT) + "\n"
	}
	return []byte(dot)
}

// started waits for the layout held under name to be drawn and returns
// its connection: write to it to release the layout.
func (g *gate) started(t *testing.T, name string) net.Conn {
	t.Helper()
	select {
	case c := <-g.channel(name):
		t.Cleanup(func() { c.Close() })
		return c
	case <-time.After(patience):
		t.Fatalf("layout %s did not start", name)
		return nil
	}
}

func release(t *testing.T, c net.Conn) {
	t.Helper()
	if _, err := c.Write([]byte{1}); err != nil {
		t.Fatalf("releasing a layout: %v", err)
	}
}

// killed waits for the process drawing the layout on c to die.
func killed(t *testing.T, c net.Conn) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(patience))
	var b [1]byte
	if _, err := c.Read(b[:]); err != io.EOF {
		t.Fatalf("the process of an abandoned layout was not killed: read %v", err)
	}
}

type svgResult struct {
	svg []byte
	err error
}

// goSVG starts w.SVG(ctx, dot) and returns where its result will come.
func goSVG(ctx context.Context, w *Worker, dot []byte) <-chan svgResult {
	ch := make(chan svgResult, 1)
	go func() {
		svg, err := w.SVG(ctx, dot)
		ch <- svgResult{svg, err}
	}()
	return ch
}

func await(t *testing.T, what string, ch <-chan svgResult) svgResult {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(patience):
		t.Fatalf("%s: no result", what)
		return svgResult{}
	}
}

func awaitSVG(t *testing.T, what string, ch <-chan svgResult) {
	t.Helper()
	if r := await(t, what, ch); r.err != nil || string(r.svg) != fakeSVG {
		t.Fatalf("%s: %q, %v; want %q", what, r.svg, r.err, fakeSVG)
	}
}

// watchWaits makes w report on the returned channel each time a call
// blocks waiting for a process, with whether its layout is big.
func watchWaits(w *Worker) <-chan bool {
	ch := make(chan bool, 64)
	w.onWait = func(big bool) { ch <- big }
	return ch
}

func waited(t *testing.T, waits <-chan bool, big bool) {
	t.Helper()
	select {
	case got := <-waits:
		if got != big {
			t.Fatalf("a layout with big=%v waited, want big=%v", got, big)
		}
	case <-time.After(patience):
		t.Fatal("no layout waited for a process")
	}
}

// startCount returns how many processes w has started.
func (w *Worker) startCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.starts
}

func TestWorkerSizeRule(t *testing.T) {
	testenv.SkipUnderRace(t, "sizes layouts")
	t.Parallel()
	for _, c := range []struct {
		size int
		big  bool
	}{
		{0, false},
		{SmallDOT - 1, false},
		{SmallDOT, false},
		{SmallDOT + 1, true},
	} {
		t.Run(fmt.Sprint(c.size, " bytes"), func(t *testing.T) {
			t.Parallel()
			if got := bigLayout(make([]byte, c.size)); got != c.big {
				t.Errorf("a DOT of %d bytes: big %v, want %v", c.size, got, c.big)
			}
		})
	}
}

// TestWorkerSmallDOTFitsTrees checks the measurement SmallDOT was chosen
// from: the 189-node export of the issue and a tree of 400 nodes are
// small, one of 1,000 nodes is big.
func TestWorkerSmallDOTFitsTrees(t *testing.T) {
	testenv.SkipUnderRace(t, "draws DOT in the test goroutine")
	t.Parallel()
	for _, c := range []struct {
		nodes int
		big   bool
	}{
		{189, false},
		{400, false},
		{1000, true},
	} {
		t.Run(fmt.Sprint(c.nodes, " nodes"), func(t *testing.T) {
			t.Parallel()
			tr := mustTree(t, searchEvents(t, "tree", "minimax", benchPosition(c.nodes)), lastStep)
			var buf bytes.Buffer
			if err := WriteDOT(&buf, tr, Options{Legend: true}); err != nil {
				t.Fatal(err)
			}
			if got := bigLayout(buf.Bytes()); got != c.big {
				t.Errorf("a tree of %d nodes, %d bytes of DOT: big %v, want %v (SmallDOT is %d)", c.nodes, buf.Len(), got, c.big, SmallDOT)
			}
		})
	}
}

// TestWorkerWaitHonoursContext has every process busy and a caller
// waiting for one; cancelling the caller's context ends its wait at once.
func TestWorkerWaitHonoursContext(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		processes int
		holders   []bool // big or not, each holding a process
		big       bool   // the waiter's layout is big
	}{
		{"small behind small, 1 process", 1, []bool{false}, false},
		{"big behind small, 1 process", 1, []bool{false}, true},
		{"small behind big and small", 2, []bool{true, false}, false},
		{"small behind two small", 2, []bool{false, false}, false},
		{"big behind big", 2, []bool{true}, true},
		{"big behind two big, 3 processes", 3, []bool{true, true}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := newGate(t)
			w := newTestWorker(t, workerFake, c.processes, 0)
			waits := watchWaits(w)
			var held []<-chan svgResult
			var conns []net.Conn
			for i, big := range c.holders {
				name := fmt.Sprint("holder", i)
				held = append(held, goSVG(context.Background(), w, g.dot(name, big)))
				conns = append(conns, g.started(t, name))
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			res := goSVG(ctx, w, plainDOT(c.big))
			waited(t, waits, c.big)
			cancel()
			if r := await(t, "the cancelled waiter", res); !errors.Is(r.err, context.Canceled) {
				t.Fatalf("the cancelled waiter: %q, %v; want context.Canceled", r.svg, r.err)
			}
			for i, conn := range conns {
				release(t, conn)
				awaitSVG(t, fmt.Sprint("holder ", i), held[i])
			}
			if n := w.startCount(); n != len(c.holders) {
				t.Errorf("%d processes started, want %d", n, len(c.holders))
			}
		})
	}
}

// TestWorkerSmallPassesBigLayout draws a small layout while a big one is
// drawn.
func TestWorkerSmallPassesBigLayout(t *testing.T) {
	t.Parallel()
	for _, processes := range []int{0, 2, 3} {
		t.Run(fmt.Sprint("processes=", processes), func(t *testing.T) {
			t.Parallel()
			g := newGate(t)
			w := newTestWorker(t, workerFake, processes, 0)
			bigRes := goSVG(context.Background(), w, g.dot("big", true))
			bigConn := g.started(t, "big")
			for i := range 3 {
				awaitSVG(t, fmt.Sprint("small layout ", i), goSVG(context.Background(), w, plainDOT(false)))
			}
			release(t, bigConn)
			awaitSVG(t, "the big layout", bigRes)
			if n := w.startCount(); n != 2 {
				t.Errorf("%d processes started, want 2", n)
			}
		})
	}
}

// TestWorkerSecondBigWaits draws a big layout with two processes; a
// second big one waits for it, or for its context to end, while small
// layouts get through.
func TestWorkerSecondBigWaits(t *testing.T) {
	t.Parallel()
	for _, cancelSecond := range []bool{false, true} {
		t.Run(fmt.Sprint("cancel second=", cancelSecond), func(t *testing.T) {
			t.Parallel()
			g := newGate(t)
			w := newTestWorker(t, workerFake, 2, 0)
			waits := watchWaits(w)
			firstRes := goSVG(context.Background(), w, g.dot("first", true))
			first := g.started(t, "first")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			secondRes := goSVG(ctx, w, g.dot("second", true))
			waited(t, waits, true)
			awaitSVG(t, "a small layout", goSVG(context.Background(), w, plainDOT(false)))
			if n := w.startCount(); n != 2 {
				t.Fatalf("%d processes started for the first big and a small layout, want 2", n)
			}
			if cancelSecond {
				cancel()
				if r := await(t, "the second big layout", secondRes); !errors.Is(r.err, context.Canceled) {
					t.Fatalf("the cancelled second big layout: %q, %v; want context.Canceled", r.svg, r.err)
				}
				release(t, first)
				awaitSVG(t, "the first big layout", firstRes)
				return
			}
			release(t, first)
			awaitSVG(t, "the first big layout", firstRes)
			release(t, g.started(t, "second"))
			awaitSVG(t, "the second big layout", secondRes)
		})
	}
}

// TestWorkerReplacesEachProcessAfterMaxBytes counts the processes started
// for layouts drawn one after another, while another process may be busy
// with a held layout that is not replaced.
func TestWorkerReplacesEachProcessAfterMaxBytes(t *testing.T) {
	t.Parallel()
	two := 2 * len(fakeSVG)
	for _, c := range []struct {
		name       string
		processes  int
		maxBytes   int
		hold       bool
		layouts    int
		wantStarts int
	}{
		{"every layout", 2, 1, false, 3, 3},
		{"every second layout", 2, two, false, 5, 3},
		{"under the limit", 2, 1 << 20, false, 5, 1},
		{"every second layout beside a held one", 2, two, true, 4, 1 + 2},
		{"every second layout beside a held one, 3 processes", 3, two, true, 5, 1 + 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := newGate(t)
			w := newTestWorker(t, workerFake, c.processes, c.maxBytes)
			var heldRes <-chan svgResult
			var held net.Conn
			if c.hold {
				heldRes = goSVG(context.Background(), w, g.dot("held", false))
				held = g.started(t, "held")
			}
			for i := range c.layouts {
				awaitSVG(t, fmt.Sprint("layout ", i), goSVG(context.Background(), w, plainDOT(false)))
			}
			if c.hold {
				release(t, held)
				awaitSVG(t, "the held layout", heldRes)
			}
			if n := w.startCount(); n != c.wantStarts {
				t.Errorf("%d processes started, want %d", n, c.wantStarts)
			}
		})
	}
}

// TestWorkerCancelledLayoutKillsOnlyItsProcess abandons a layout being
// drawn: its process is killed, another layout being drawn goes on, and
// the next layout starts a new process.
func TestWorkerCancelledLayoutKillsOnlyItsProcess(t *testing.T) {
	t.Parallel()
	for _, processes := range []int{1, 2, 3} {
		t.Run(fmt.Sprint("processes=", processes), func(t *testing.T) {
			t.Parallel()
			g := newGate(t)
			w := newTestWorker(t, workerFake, processes, 0)
			var otherRes <-chan svgResult
			var other net.Conn
			if processes > 1 {
				otherRes = goSVG(context.Background(), w, g.dot("other", false))
				other = g.started(t, "other")
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			res := goSVG(ctx, w, g.dot("cut", false))
			cut := g.started(t, "cut")
			before := w.startCount()
			cancel()
			if r := await(t, "the cancelled layout", res); !errors.Is(r.err, context.Canceled) {
				t.Fatalf("the cancelled layout: %q, %v; want context.Canceled", r.svg, r.err)
			}
			killed(t, cut)
			awaitSVG(t, "the next layout", goSVG(context.Background(), w, plainDOT(false)))
			if n := w.startCount(); n != before+1 {
				t.Errorf("%d processes started before the next layout and %d after, want one more", before, n)
			}
			if other != nil {
				release(t, other)
				awaitSVG(t, "the other layout", otherRes)
			}
		})
	}
}

// TestWorkerCloseKillsBusyProcesses closes a Worker with a layout being
// drawn and one waiting: both fail at once, and so do later calls.
func TestWorkerCloseKillsBusyProcesses(t *testing.T) {
	t.Parallel()
	g := newGate(t)
	w := newTestWorker(t, workerFake, 1, 0)
	waits := watchWaits(w)
	busyRes := goSVG(context.Background(), w, g.dot("busy", false))
	busy := g.started(t, "busy")
	waitRes := goSVG(context.Background(), w, plainDOT(false))
	waited(t, waits, false)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	killed(t, busy)
	for _, c := range []struct {
		what string
		res  <-chan svgResult
	}{
		{"the busy layout", busyRes},
		{"the waiting layout", waitRes},
		{"a later layout", goSVG(context.Background(), w, plainDOT(false))},
	} {
		if r := await(t, c.what, c.res); r.err == nil || !strings.Contains(r.err.Error(), "closed") {
			t.Errorf("%s after Close: %q, %v; want an error saying the worker is closed", c.what, r.svg, r.err)
		}
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// panicWriter panics on Write.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("boom") }

func TestWorkerExchange(t *testing.T) {
	testenv.SkipUnderRace(t, "exchange runs in the test goroutine")
	t.Parallel()
	var ok bytes.Buffer
	ok.WriteByte(replyOK)
	writeFrame(&ok, []byte(fakeSVG))
	for _, c := range []struct {
		name    string
		in      io.Writer
		reply   []byte
		status  byte
		data    string
		wantErr string
	}{
		{"drawn", io.Discard, ok.Bytes(), replyOK, fakeSVG, ""},
		{"no reply", io.Discard, nil, 0, "", "EOF"},
		{"cut reply", io.Discard, ok.Bytes()[:4], 0, "", "unexpected EOF"},
		{"panic", panicWriter{}, ok.Bytes(), 0, "", "panic talking to the process: boom"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := exchange(c.in, bufio.NewReader(bytes.NewReader(c.reply)), []byte(smallDOT))
			switch {
			case c.wantErr != "":
				if r.err == nil || !strings.Contains(r.err.Error(), c.wantErr) {
					t.Errorf("error %v, want one containing %q", r.err, c.wantErr)
				}
			case r.err != nil || r.status != c.status || string(r.data) != c.data:
				t.Errorf("got %q %q %v, want %q %q", r.status, r.data, r.err, c.status, c.data)
			}
		})
	}
}

// TestServeLayoutsFake runs ServeLayouts on a pipe: each request gets its
// reply, and the loop ends when the requests do.
func TestServeLayoutsFake(t *testing.T) {
	testenv.SkipUnderRace(t, "ServeLayouts runs in the test goroutine")
	t.Parallel()
	var req bytes.Buffer
	for range 2 {
		writeFrame(&req, []byte(smallDOT))
	}
	var out bytes.Buffer
	if err := ServeLayouts(context.Background(), &req, &out, fakeLayouter{}); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(&out)
	for i := range 2 {
		if r := exchange(io.Discard, br, nil); r.err != nil || r.status != replyOK || string(r.data) != fakeSVG {
			t.Fatalf("reply %d: %q %q %v", i, r.status, r.data, r.err)
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("after the replies: %v, want EOF", err)
	}
}
