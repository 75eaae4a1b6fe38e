package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/tracestore"
)

// show is a stored trace loaded for viewing: its events folded once, and
// its drawings, made on first use. Nothing in it grows with the steps: a
// step's words and pseudocode line are made when a page shows the step
// (see viewer.frame). Everything but the drawings and what is made on
// first use is immutable after loadShow; viewers step through clones of
// tree.
type show struct {
	id       string
	header   trace.Header
	tree     *trace.Tree    // at the last step, its events packed; only ever cloned and read
	codes    [2]search.Code // by view, the form of the algorithm's pseudocode shown; nil when it has none
	forms    bool           // the pseudocode has two forms, one for each view
	measures search.Measure // what the algorithm weighs the root's moves by; "" when the catalog does not know it
	decision string         // the search's result in words, "" when it has none

	// saveErr says, for a page, why a search's trace could not be saved;
	// the show is then all there is of it, kept in the cache.
	saveErr string

	size  int64        // foldedSize, measured once
	drawn atomic.Int64 // bytes of the drawings and of what is made on first use

	// drawing[i] holds a token while view i is drawn: it guards
	// layouts[i] and layoutErr[i], and a caller waiting for it can leave.
	drawing   [2]chan struct{}
	layouts   [2][]byte    // by view, the Patchable SVG of the final tree
	layoutErr [2]error     // by view, why the tree could not be drawn in time
	failedAt  [2]time.Time // by view, when layoutErr was set

	// What big trees are navigated with, made on first use.
	outlineOnce sync.Once
	outline     *render.Outline
	outlineErr  error
	overview    *render.Overview // of outline, for the minimap
	notesOnce   sync.Once
	noteTexts   []string
	shownDraws  shownDrawings // drawings of display sets, shared by viewers
	tallies     tallyIndexes  // the tally indexes of display sets, shared by viewers

	// store is the store a saved trace was loaded from or saved to, whose
	// shared store, with Config.NATS, also keeps its layouts; nil for a
	// running search's snapshot and a trace that could not be saved.
	store *tracestore.Store
}

// errTooBigToDraw marks a drawing that took longer than its time limit.
var errTooBigToDraw = errors.New("too big to draw")

// tooBigError says that a tree could not be drawn within the time limit.
type tooBigError struct {
	nodes   int
	timeout time.Duration
}

func (e *tooBigError) Error() string {
	return fmt.Sprintf("this tree of %s nodes is too big to lay out in %v (the server's drawing time limit)", explain.Thousands(e.nodes), e.timeout)
}

func (e *tooBigError) Is(target error) bool { return target == errTooBigToDraw }

// views are the two points of view, indexed as show.texts and layouts.
var views = [2]trace.View{trace.ViewRoot, trace.ViewSide}

func viewIndex(v trace.View) int {
	if v == trace.ViewSide {
		return 1
	}
	return 0
}

// newShow makes a show of trace id, folded in t, for viewing. The tree
// packs the events, and its memory is what the cache counts
// (show.memSize).
func newShow(id string, h trace.Header, t *trace.Tree) (*show, error) {
	if err := t.Seek(t.Len() - 1); err != nil {
		return nil, err
	}
	s := &show{id: id, header: h, tree: t}
	// A trace of an algorithm not in the catalog has no pseudocode.
	if a, err := catalog.LookupAlgorithm(h.Algorithm); err == nil {
		for i, v := range views {
			s.codes[i] = a.CodeFor(v)
		}
		s.forms = a.Forms()
		s.measures = a.Measures
	}
	for i := range s.drawing {
		s.drawing[i] = make(chan struct{}, 1)
	}
	s.decision = decisionText(t)
	s.size = s.foldedSize()
	return s, nil
}

// decisionText returns the search's result in words, from the root
// player's view, or "" if the trace has no decision; t is at its last
// step.
func decisionText(t *trace.Tree) string {
	d, ok := t.Decision()
	if !ok {
		return ""
	}
	// The decision is the last event; its words give the root player's view.
	elapsed := d.Decision().Counters.Elapsed.Round(time.Microsecond)
	if elapsed > 10*time.Millisecond {
		elapsed = elapsed.Round(time.Millisecond)
	}
	text := explain.Describe(t, trace.ViewRoot) + " Time: " + elapsed.String() + "."
	if _, why, ok := stopNote(t); ok {
		text = "Cut short: " + why + " " + text
	}
	return text
}

// stopNote returns the step and the text, after search.StopNotePrefix, of
// the note a search stopped early puts on the root just before its
// decision, or false if the trace has none.
func stopNote(t *trace.Tree) (int, string, bool) {
	d, ok := t.Decision()
	if !ok || d.Step == 0 {
		return 0, "", false
	}
	e := t.Event(d.Step - 1)
	if e.Kind != trace.KindNote || e.Node != t.Root() {
		return 0, "", false
	}
	why, ok := strings.CutPrefix(e.Note().Text, search.StopNotePrefix)
	return e.Step, why, ok
}

// navigation returns the outline and the minimap's overview of the
// trace, made on the first call, which a viewer of a tree too big to
// draw whole navigates with.
func (s *show) navigation() (*render.Outline, *render.Overview, error) {
	s.outlineOnce.Do(func() {
		s.outline, s.outlineErr = render.NewOutline(s.tree)
		if s.outlineErr != nil {
			return
		}
		s.overview = s.outline.Overview(overviewCols, overviewRows)
		s.drawn.Add(s.outline.MemSize() + s.overview.MemSize())
	})
	return s.outline, s.overview, s.outlineErr
}

// code returns the form of the algorithm's pseudocode shown with values
// from view v: with two forms, the MAX/MIN form in the root player's view
// and the negamax form in the side to move's.
func (s *show) code(v trace.View) search.Code { return s.codes[viewIndex(v)] }

// title names the search the trace shows.
func (s *show) title() string {
	return fmt.Sprintf("%s on %s", s.header.Algorithm, s.header.Game)
}

// notes returns the trace's notes about the whole search, made at no node
// or at the root: what a reader must know, such as a node budget that cut
// the recording short, which the page follows with what to do about it.
// At most maxNotesShown notes of at most maxNoteRunes each are returned,
// the last saying how many more the trace holds. They are found on the
// first call.
func (s *show) notes() []string {
	s.notesOnce.Do(func() { s.noteTexts = s.findNotes() })
	return s.noteTexts
}

// findNotes reads the notes that notes returns from the events.
func (s *show) findNotes() []string {
	var out []string
	more := 0
	final := "" // the trace's last event, a note left out: a cut file's notice, which is always shown
	stopped, _, hasStop := stopNote(s.tree)
	for k := range s.tree.Len() {
		e := s.tree.Event(k)
		if e.Kind != trace.KindNote || hasStop && k == stopped {
			continue // the decision's line says why the search stopped
		}
		note := e.Note()
		text := note.Text
		if note.Node != trace.NoNode && note.Node != s.tree.Root() {
			continue
		}
		if len(out) == maxNotesShown {
			more++
			if k == s.tree.Len()-1 {
				final = text
				more--
			}
			continue
		}
		if r := []rune(text); len(r) > maxNoteRunes {
			text = string(r[:maxNoteRunes]) + "…"
		}
		// trace.Limiter's note: the search went on, its drawing did not.
		if note.Truncated != trace.NotTruncated {
			text = "This drawing shows only the start of the search (" + text + "). The decision above is the whole search's." +
				" To see the whole tree, try a position with fewer moves left or a smaller depth=."
		}
		out = append(out, text)
	}
	if more > 0 {
		out = append(out, fmt.Sprintf("The trace has %s more notes about the whole search; the event log shows each at its step.", explain.Thousands(more)))
	}
	if final != "" {
		if r := []rune(final); len(r) > maxNoteRunes {
			final = string(r[:maxNoteRunes]) + "…"
		}
		out = append(out, final)
	}
	return out
}

// hasBoards reports whether the trace's nodes carry positions that its
// game draws as boards.
func (s *show) hasBoards() bool {
	return readBoard(s.boardReader(), s.tree.Node(s.tree.Root()).Board) != nil
}

// maxBoardNodes is the largest tree whose nodes the viewer draws with their
// boards inside: beyond it a board is too small to read at any zoom that
// shows the tree, and costs Graphviz time and the page three times the
// drawing's size. The side panel shows the board of any node.
const maxBoardNodes = 400

// redrawAfter is how long a drawing that ran out of time is not tried
// again: pages opened meanwhile are told at once. It is tried again after,
// since the time may have gone in waiting for a layout process.
const redrawAfter = 5 * time.Minute

// errNavigated refuses the whole drawing of a tree too big to draw whole:
// its pages draw display sets (see viewer.arrange).
var errNavigated = errors.New("web: too big to draw whole")

// navigatedError says that a tree is drawn in part, not whole.
type navigatedError struct{ nodes int }

func (e *navigatedError) Error() string {
	return fmt.Sprintf("this tree of %s nodes is more than the viewer draws whole (%s nodes): its page draws the part it shows", explain.Thousands(e.nodes), explain.Thousands(render.DefaultBudget))
}

func (e *navigatedError) Is(target error) bool { return target == errNavigated }

// wholeFits reports whether the viewer draws the whole tree, within the
// display budget, rather than a display set of it.
func (s *show) wholeFits() bool { return s.tree.Size() <= render.DefaultBudget }

// layout returns the drawing a page restyles step by step: the final tree
// in view v, Patchable, laid out once and kept, as `viz render --layout
// auto` lays it out (render.LayoutAuto). A layout that takes longer than
// timeout fails with errTooBigToDraw, and so does every call for
// redrawAfter; a tree bigger than the display budget fails with
// errNavigated.
func (s *show) layout(ctx context.Context, l render.Layouter, v trace.View, timeout time.Duration) ([]byte, error) {
	if !s.wholeFits() {
		return nil, &navigatedError{nodes: s.tree.Size()}
	}
	i := viewIndex(v)
	select {
	case s.drawing[i] <- struct{}{}:
		defer func() { <-s.drawing[i] }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if s.layouts[i] != nil {
		return s.layouts[i], nil
	}
	if s.layoutErr[i] != nil && time.Since(s.failedAt[i]) < redrawAfter {
		return nil, s.layoutErr[i]
	}
	if data, ok := s.store.SharedLayout(ctx, s.id, v); ok {
		s.layouts[i] = data
		s.drawn.Add(int64(len(data)))
		return data, nil
	}
	var buf bytes.Buffer
	opts := render.Options{View: v, Legend: true, Patchable: true, Layout: render.LayoutAuto}
	if s.tree.Size() <= maxBoardNodes {
		opts.Board = s.boardReader()
	}
	err := drawInTime(ctx, timeout, s.tree.Size(), func(ctx context.Context) error {
		return render.Render(ctx, &buf, s.tree, opts, l)
	})
	if errors.Is(err, errTooBigToDraw) {
		s.layoutErr[i], s.failedAt[i] = err, time.Now()
	}
	if err != nil {
		return nil, err
	}
	s.layouts[i] = buf.Bytes()
	s.drawn.Add(int64(buf.Len()))
	s.store.ShareLayout(s.id, v, s.layouts[i])
	return s.layouts[i], nil
}

// drawInTime runs draw under ctx and a time limit, and tells a drawing
// that ran out of time from one whose caller left.
func drawInTime(ctx context.Context, timeout time.Duration, nodes int, draw func(context.Context) error) error {
	tctx, cancel := context.WithTimeoutCause(ctx, timeout, errTooBigToDraw)
	defer cancel()
	err := draw(tctx)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(tctx), errTooBigToDraw) {
		return &tooBigError{nodes: nodes, timeout: timeout}
	}
	return err
}

// export draws step k as `viz render --step k --layout auto` does, as SVG
// or DOT, for a tree of at most maxNodes nodes; crop is its --crop.
func (s *show) export(ctx context.Context, l render.Layouter, k int, v trace.View, format string, timeout time.Duration, maxNodes int, crop bool) ([]byte, error) {
	if n := s.tree.Size(); n > maxNodes {
		return nil, &exportTooBigError{nodes: n, max: maxNodes}
	}
	t := s.tree.Clone()
	if err := t.Seek(k); err != nil {
		return nil, err
	}
	opts := render.Options{View: v, Board: s.boardReader(), Legend: true, Title: render.Title(s.header, k, t.Len()-1), Layout: render.LayoutAuto, Crop: crop}
	var out bytes.Buffer
	if format == "dot" {
		if err := render.WriteDOT(&out, t, opts); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	err := drawInTime(ctx, timeout, t.Size(), func(ctx context.Context) error {
		return render.Render(ctx, &out, t, opts, l)
	})
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// errExportTooBig refuses an export of a tree over the export limit.
var errExportTooBig = errors.New("web: too big to export")

// exportTooBigError says that a tree has more nodes than an export draws.
type exportTooBigError struct{ nodes, max int }

func (e *exportTooBigError) Error() string {
	return fmt.Sprintf("this tree of %s nodes is too big to export (the server exports trees of at most %s nodes); download its trace and draw it with viz render", explain.Thousands(e.nodes), explain.Thousands(e.max))
}

func (e *exportTooBigError) Is(target error) bool { return target == errExportTooBig }

// encode returns the trace as a gzip-compressed trace file.
func (s *show) encode() ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw, err := trace.NewWriter(zw, s.header)
	if err != nil {
		return nil, err
	}
	for k := range s.tree.Len() {
		tw.Emit(s.tree.Event(k))
	}
	if err := tw.Flush(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("web: compressing a trace: %w", err)
	}
	return buf.Bytes(), nil
}

// foldedSize estimates the bytes the show holds once loaded: the fold
// and the decision's words.
func (s *show) foldedSize() int64 {
	return s.tree.MemSize() + int64(len(s.decision))
}

// memSize estimates the bytes the show holds: its folded size, the
// drawings made so far, and the outline and overview once made.
func (s *show) memSize() int64 {
	return s.size + s.drawn.Load()
}

// showCache keeps the most recently viewed shows, so that a page and its
// websocket, or several students on one trace, share one fold and layout.
// It holds at most max shows and, beyond the most recent one, at most
// maxBytes of them by memSize; the least recently used go first. A show
// being loaded is loaded once, however many ask for it.
type showCache struct {
	mu       sync.Mutex
	max      int
	maxBytes int64
	order    []string // least recently used first
	shows    map[string]*show
	loading  map[string]*loadCall
}

// loadCall is a load in progress; done is closed when sh or err is set.
type loadCall struct {
	done chan struct{}
	sh   *show
	err  error
}

func newShowCache(max int, maxBytes int64) *showCache {
	return &showCache{max: max, maxBytes: maxBytes, shows: map[string]*show{}, loading: map[string]*loadCall{}}
}

// get returns the show of id, loading it from st if it is not cached.
func (c *showCache) get(ctx context.Context, st *tracestore.Store, id string) (*show, error) {
	c.mu.Lock()
	if s, ok := c.shows[id]; ok {
		c.touch(id)
		c.mu.Unlock()
		return s, nil
	}
	call, ok := c.loading[id]
	if !ok {
		call = &loadCall{done: make(chan struct{})}
		c.loading[id] = call
		go c.load(st, id, call)
	}
	c.mu.Unlock()
	select {
	case <-call.done:
		return call.sh, call.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// load loads the show of id for call and caches it.
func (c *showCache) load(st *tracestore.Store, id string, call *loadCall) {
	defer func() {
		if p := recover(); p != nil {
			call.err = fmt.Errorf("web: loading trace %s: panic: %v", id, p)
		}
		c.mu.Lock()
		delete(c.loading, id)
		c.mu.Unlock()
		close(call.done)
	}()
	h, t, err := st.Load(id)
	if err == nil {
		call.sh, err = newShow(id, h, t)
	}
	if err == nil {
		call.sh.store = st
	}
	if err != nil {
		call.err = err
		return
	}
	c.put(call.sh)
}

// cached returns the cached show of id, or nil.
func (c *showCache) cached(id string) *show {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.shows[id]
}

// put caches sh, replacing any show of the same id, and drops the least
// recently used shows past the cache's limits.
func (c *showCache) put(sh *show) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.shows[sh.id]; ok {
		c.touch(sh.id)
	} else {
		c.order = append(c.order, sh.id)
	}
	c.shows[sh.id] = sh
	c.evict()
}

// evict drops the least recently used shows until the rest fit; the most
// recent always stays. A show that cannot be saved is all there is of its
// trace, so it is dropped only by count. c.mu is held.
func (c *showCache) evict() {
	var total int64
	sizes := make([]int64, len(c.order))
	for i, id := range c.order {
		sizes[i] = c.shows[id].memSize()
		total += sizes[i]
	}
	for i := 0; i < len(c.order)-1 && (len(c.order) > c.max || total > c.maxBytes); {
		id := c.order[i]
		if c.shows[id].saveErr != "" && len(c.order) <= c.max {
			i++
			continue
		}
		total -= sizes[i]
		delete(c.shows, id)
		c.order = slices.Delete(c.order, i, i+1)
		sizes = slices.Delete(sizes, i, i+1)
	}
}

// touch moves id to the most recently used end; c.mu is held.
func (c *showCache) touch(id string) {
	if i := slices.Index(c.order, id); i >= 0 {
		c.order = slices.Delete(c.order, i, i+1)
	}
	c.order = append(c.order, id)
}
