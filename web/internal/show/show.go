package show

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/trace"
)

// Show is a stored trace loaded for viewing: its events folded once, and
// its drawings, made on first use. Nothing in it grows with the steps: a
// step's words and pseudocode line are made when a page shows the step.
// Everything but the drawings and what is made on first use is immutable
// once the show is shared; viewers step through clones of its tree. Its
// methods are safe for concurrent use.
type Show struct {
	id       string
	header   trace.Header
	tree     *trace.Tree    // at the last step, its events packed; only ever cloned and read
	codes    [2]search.Code // by view, the form of the algorithm's pseudocode shown; nil when it has none
	forms    bool           // the pseudocode has two forms, one for each view
	measures search.Measure // what the algorithm weighs the root's moves by; "" when the catalog does not know it
	decision string         // the search's result in words, "" when it has none

	// decisionJa is decision in Japanese, made on first use.
	decisionJaOnce sync.Once
	decisionJa     string

	// saveErr says, for a page, why a search's trace could not be saved;
	// the show is then all there is of it, kept in the cache.
	saveErr string

	size  int64        // foldedSize, measured once
	drawn atomic.Int64 // bytes of the drawings and of what is made on first use

	// drawing[i] holds a token while drawing i, a view in a language
	// (drawingIndex), is drawn: it guards wholes[i] and layoutErr[i], and
	// a caller waiting for it can leave.
	drawing   [drawings]chan struct{}
	wholes    [drawings][]byte    // by drawingIndex, the Patchable SVG of the final tree
	layoutErr [drawings]error     // by drawingIndex, why the tree could not be drawn in time
	failedAt  [drawings]time.Time // by drawingIndex, when layoutErr was set

	// What big trees are navigated with, made on first use.
	outlineOnce sync.Once
	outline     *render.Outline
	outlineErr  error
	overview    *render.Overview // of outline, for the minimap
	notesOnce   [2]sync.Once     // by langIndex
	noteTexts   [2][]string      // by langIndex
	shownDraws  shownDrawings    // drawings of display sets, shared by viewers
	tallies     tallyIndexes     // the tally indexes of display sets, shared by viewers

	// layouts is the store a saved trace was loaded from or saved to,
	// which may keep its layouts for other replicas; nil for a running
	// search's snapshot and a trace that could not be saved.
	layouts Layouts
}

// Option changes a show as New makes it.
type Option func(*Show)

// WithCode shows code, in both views, in place of the catalog's
// pseudocode of the trace's algorithm.
func WithCode(code search.Code) Option {
	return func(s *Show) { s.codes = [2]search.Code{code, code} }
}

// Views are the two points of view, in the order a show indexes its
// drawings by.
var Views = [2]trace.View{trace.ViewRoot, trace.ViewSide}

func viewIndex(v trace.View) int {
	if v == trace.ViewSide {
		return 1
	}
	return 0
}

// drawings is how many drawings of the whole tree a show keeps: one in
// each view in each language, as pages of one trace read it.
const drawings = 4

// langIndex is the index of language l among a show's drawings: English
// 0, Japanese 1.
func langIndex(l explain.Lang) int {
	if l.Code() == "ja" {
		return 1
	}
	return 0
}

// drawingIndex is the index of the drawing in view v and language l.
func drawingIndex(l explain.Lang, v trace.View) int { return 2*langIndex(l) + viewIndex(v) }

// New makes a show of trace id, folded in t, for viewing. The tree packs
// the events, and its memory is what the cache counts (MemSize).
func New(id string, h trace.Header, t *trace.Tree, opts ...Option) (*Show, error) {
	if err := t.Seek(t.Len() - 1); err != nil {
		return nil, fmt.Errorf("show: trace %s: %w", id, err)
	}
	s := &Show{id: id, header: h, tree: t}
	// A trace of an algorithm not in the catalog has no pseudocode; the
	// listing is the run's, its options' lines only when they were on.
	if a, err := catalog.LookupAlgorithm(h.Algorithm); err == nil {
		for i, v := range Views {
			s.codes[i] = a.Listing(v, h.Params)
		}
		s.forms = a.Forms()
		s.measures = a.Measures
	}
	for _, o := range opts {
		o(s)
	}
	for i := range s.drawing {
		s.drawing[i] = make(chan struct{}, 1)
	}
	s.decision = decisionText(explain.English, t)
	s.size = s.foldedSize()
	return s, nil
}

// ID returns the id of the trace shown.
func (s *Show) ID() string { return s.id }

// Header returns the trace's header.
func (s *Show) Header() trace.Header { return s.header }

// Tree returns the folded trace at its last step; callers clone it to
// step through it and never change it.
func (s *Show) Tree() *trace.Tree { return s.tree }

// Forms reports whether the pseudocode has two forms, one for each view.
func (s *Show) Forms() bool { return s.forms }

// Measures returns what the algorithm weighs the root's moves by, ""
// when the catalog does not know it.
func (s *Show) Measures() search.Measure { return s.measures }

// Decision returns the search's result in words, "" when it has none.
func (s *Show) Decision() string { return s.decision }

// DecisionIn is Decision in language l.
func (s *Show) DecisionIn(l explain.Lang) string {
	if langIndex(l) == 0 || s.decision == "" {
		return s.decision
	}
	s.decisionJaOnce.Do(func() { s.decisionJa = decisionText(l, s.tree) })
	return s.decisionJa
}

// SaveErr returns why the search's trace could not be saved, for its
// page, or "" when it was.
func (s *Show) SaveErr() string { return s.saveErr }

// SetUnsaved records why the trace could not be saved: the show is then
// all there is of it, and the cache drops it only by count. It is called
// before the show is shared.
func (s *Show) SetUnsaved(why string) { s.saveErr = why }

// ShareLayouts makes l the keeper of the show's layouts, the store its
// trace was saved to. It is called before the show is shared.
func (s *Show) ShareLayouts(l Layouts) { s.layouts = l }

// Saved reports whether the show's trace is in a store, which keeps its
// layouts.
func (s *Show) Saved() bool { return s.layouts != nil }

// decisionText returns the search's result in words, from the root
// player's view, or "" if the trace has no decision; t is at its last
// step.
func decisionText(l explain.Lang, t *trace.Tree) string {
	d, ok := t.Decision()
	if !ok {
		return ""
	}
	// The decision is the last event; its words give the root player's view.
	elapsed := d.Decision().Counters.Elapsed.Round(time.Microsecond)
	if elapsed > 10*time.Millisecond {
		elapsed = elapsed.Round(time.Millisecond)
	}
	text := l.F("%s Time: %s.", l.Describe(t, trace.ViewRoot), elapsed.String())
	if step, why, ok := stopNote(t); ok {
		// A language that reads the whole note says it in its own words.
		if note := t.Event(step).Note().Text; l.Note(note) != note {
			why = l.Note(note)
		}
		text = l.F("Cut short: %s %s", why, text)
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

// Navigation returns the outline and the minimap's overview of the
// trace, made on the first call, which a viewer of a tree too big to
// draw whole navigates with.
func (s *Show) Navigation() (*render.Outline, *render.Overview, error) {
	s.outlineOnce.Do(func() {
		s.outline, s.outlineErr = render.NewOutline(s.tree)
		if s.outlineErr != nil {
			return
		}
		s.overview = s.outline.Overview(OverviewCols, OverviewRows)
		s.drawn.Add(s.outline.MemSize() + s.overview.MemSize())
	})
	return s.outline, s.overview, s.outlineErr
}

// Code returns the form of the algorithm's pseudocode shown with values
// from view v: with two forms, the MAX/MIN form in the root player's view
// and the negamax form in the side to move's.
func (s *Show) Code(v trace.View) search.Code { return s.codes[viewIndex(v)] }

// Title names the search the trace shows.
func (s *Show) Title() string { return s.TitleIn(explain.English) }

// TitleIn is Title in language l.
func (s *Show) TitleIn(l explain.Lang) string {
	return l.F("%s on %s", s.header.Algorithm, s.header.Game)
}

// Notes returns the trace's notes about the whole search, made at no node
// or at the root: what a reader must know, such as a node budget that cut
// the recording short, which the page follows with what to do about it.
// At most MaxNotesShown notes of at most maxNoteRunes each are returned,
// the last saying how many more the trace holds. They are found on the
// first call.
func (s *Show) Notes() []string { return s.NotesIn(explain.English) }

// NotesIn is Notes with the words around the notes in language l; the
// notes themselves are the search's.
func (s *Show) NotesIn(l explain.Lang) []string {
	i := langIndex(l)
	s.notesOnce[i].Do(func() { s.noteTexts[i] = s.findNotes(l) })
	return s.noteTexts[i]
}

// findNotes reads the notes that NotesIn returns from the events.
func (s *Show) findNotes(l explain.Lang) []string {
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
		if len(out) == MaxNotesShown {
			more++
			if k == s.tree.Len()-1 {
				final = text
				more--
			}
			continue
		}
		text = clip(l.Note(text))
		// trace.Limiter's note: the search went on, its drawing did not.
		if note.Truncated != trace.NotTruncated {
			text = l.F("This drawing shows only the start of the search (%s). The decision above is the whole search's. To see the whole tree, try a position with fewer moves left or a smaller depth=.", text)
		}
		out = append(out, text)
	}
	if more > 0 {
		out = append(out, l.F("The trace has %s more notes about the whole search; the event log shows each at its step.", explain.Thousands(more)))
	}
	if final != "" {
		out = append(out, clip(final))
	}
	return out
}

// clip cuts a note to maxNoteRunes, marking the cut.
func clip(text string) string {
	if r := []rune(text); len(r) > maxNoteRunes {
		return string(r[:maxNoteRunes]) + "…"
	}
	return text
}

// BoardReader returns the reader of the show's game's boards, which turns
// a node's position text into the board the game declares, or nil for a
// trace of a game not in the catalog, whose boards are not drawn.
func (s *Show) BoardReader() func(string) (board.Board, bool) {
	g, err := catalog.LookupGameSpec(s.header.Game)
	if err != nil {
		return nil
	}
	return g.Board
}

// ReadBoard reads a node's position text with read, returning nil for
// none: no reader, no text, or text the game does not read as a board.
func ReadBoard(read func(string) (board.Board, bool), text string) *board.Board {
	if read == nil || text == "" {
		return nil
	}
	b, ok := read(text)
	if !ok {
		return nil
	}
	return &b
}

// HasBoards reports whether the trace's nodes carry positions that its
// game draws as boards.
func (s *Show) HasBoards() bool {
	return ReadBoard(s.BoardReader(), s.tree.Node(s.tree.Root()).Board) != nil
}

// Encode returns the trace as a gzip-compressed trace file.
func (s *Show) Encode() ([]byte, error) {
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
		return nil, fmt.Errorf("show: compressing trace %s: %w", s.id, err)
	}
	return buf.Bytes(), nil
}

// foldedSize estimates the bytes the show holds once loaded: the fold
// and the decision's words.
func (s *Show) foldedSize() int64 {
	return s.tree.MemSize() + int64(len(s.decision))
}

// MemSize estimates the bytes the show holds: its folded size, the
// drawings made so far, and the outline and overview once made.
func (s *Show) MemSize() int64 {
	return s.size + s.drawn.Load()
}
