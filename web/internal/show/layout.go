package show

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// Layouts keeps the layouts of saved traces where other replicas find
// them, so that a tree is laid out once for them all.
type Layouts interface {
	// SharedLayout returns the layout of trace id in view v another
	// replica shared, if there is one.
	SharedLayout(ctx context.Context, id string, v trace.View) ([]byte, bool)
	// ShareLayout offers the layout of trace id in view v to the others.
	ShareLayout(id string, v trace.View, data []byte)
}

// ErrTooBigToDraw marks a drawing that took longer than its time limit.
var ErrTooBigToDraw = errors.New("too big to draw")

// tooBigError says that a tree could not be drawn within the time limit.
type tooBigError struct {
	nodes   int
	timeout time.Duration
}

func (e *tooBigError) Error() string { return e.in(explain.English) }

// in says what Error says, in language l.
func (e *tooBigError) in(l explain.Lang) string {
	return l.F("this tree of %s nodes is too big to lay out in %s (the server's drawing time limit)", explain.Thousands(e.nodes), e.timeout.String())
}

func (e *tooBigError) Is(target error) bool { return target == ErrTooBigToDraw }

// ErrNavigated refuses the whole drawing of a tree too big to draw whole:
// its pages draw display sets.
var ErrNavigated = errors.New("show: too big to draw whole")

// navigatedError says that a tree is drawn in part, not whole.
type navigatedError struct{ nodes int }

func (e *navigatedError) Error() string { return e.in(explain.English) }

// in says what Error says, in language l.
func (e *navigatedError) in(l explain.Lang) string {
	return l.F("this tree of %s nodes is more than the viewer draws whole (%s nodes): its page draws the part it shows", explain.Thousands(e.nodes), explain.Thousands(render.DefaultBudget))
}

func (e *navigatedError) Is(target error) bool { return target == ErrNavigated }

// ErrExportTooBig refuses an export of a tree over the export limit.
var ErrExportTooBig = errors.New("show: too big to export")

// exportTooBigError says that a tree has more nodes than an export draws.
type exportTooBigError struct{ nodes, max int }

func (e *exportTooBigError) Error() string { return e.in(explain.English) }

// in says what Error says, in language l.
func (e *exportTooBigError) in(l explain.Lang) string {
	return l.F("this tree of %s nodes is too big to export (the server exports trees of at most %s nodes); download its trace and draw it with viz render", explain.Thousands(e.nodes), explain.Thousands(e.max))
}

// ErrorIn says why a drawing failed with err in language l, for a
// reader: the show's own errors in l's words, any other as it says.
func ErrorIn(l explain.Lang, err error) string {
	var (
		big    *tooBigError
		whole  *navigatedError
		export *exportTooBigError
	)
	switch {
	case errors.As(err, &big):
		return big.in(l)
	case errors.As(err, &whole):
		return whole.in(l)
	case errors.As(err, &export):
		return export.in(l)
	}
	return err.Error()
}

func (e *exportTooBigError) Is(target error) bool { return target == ErrExportTooBig }

// WholeFits reports whether the viewer draws the whole tree, within the
// display budget, rather than a display set of it.
func (s *Show) WholeFits() bool { return s.tree.Size() <= render.DefaultBudget }

// LeastWholeWidth returns the least width, in the drawing's units, of a
// drawing of the whole final tree: render.MinLeafWidth for each of its
// leaves, the nodes no node is the parent of.
func (s *Show) LeastWholeWidth() float64 {
	n := s.tree.Size()
	parent := make([]bool, n)
	for id := range n {
		if p := s.tree.Node(trace.NodeID(id)).Parent; p != trace.NoNode {
			parent[p] = true
		}
	}
	leaves := 0
	for _, p := range parent {
		if !p {
			leaves++
		}
	}
	return float64(leaves * render.MinLeafWidth)
}

// Layout returns the drawing a page restyles step by step: the final tree
// in view v, Patchable, laid out once and kept, as `viz render --layout
// auto` lays it out (render.LayoutAuto). A layout that takes longer than
// timeout fails with ErrTooBigToDraw, and so does every call for
// redrawAfter; a tree bigger than the display budget fails with
// ErrNavigated.
//
// The drawing is in language lang, kept apart from the other language's:
// pages of one trace read in English and in Japanese each get their own.
// Only English drawings are shared with other replicas, whose store knows
// a trace's layouts by view alone.
func (s *Show) Layout(ctx context.Context, l render.Layouter, lang explain.Lang, v trace.View, timeout time.Duration) ([]byte, error) {
	if !s.WholeFits() {
		return nil, &navigatedError{nodes: s.tree.Size()}
	}
	i := drawingIndex(lang, v)
	shared := s.layouts != nil && langIndex(lang) == 0
	select {
	case s.drawing[i] <- struct{}{}:
		defer func() { <-s.drawing[i] }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if s.wholes[i] != nil {
		return s.wholes[i], nil
	}
	if s.layoutErr[i] != nil && time.Since(s.failedAt[i]) < redrawAfter {
		return nil, s.layoutErr[i]
	}
	if shared {
		if data, ok := s.layouts.SharedLayout(ctx, s.id, v); ok {
			s.wholes[i] = data
			s.drawn.Add(int64(len(data)))
			return data, nil
		}
	}
	var buf bytes.Buffer
	opts := render.Options{View: v, Legend: true, Patchable: true, Layout: render.LayoutAuto, Lang: lang}
	if s.tree.Size() <= maxBoardNodes {
		opts.Board = s.BoardReader()
	}
	err := DrawInTime(ctx, timeout, s.tree.Size(), func(ctx context.Context) error {
		return render.Render(ctx, &buf, s.tree, opts, l)
	})
	if errors.Is(err, ErrTooBigToDraw) {
		s.layoutErr[i], s.failedAt[i] = err, time.Now()
	}
	if err != nil {
		return nil, err
	}
	s.wholes[i] = buf.Bytes()
	s.drawn.Add(int64(buf.Len()))
	if shared {
		s.layouts.ShareLayout(s.id, v, s.wholes[i])
	}
	return s.wholes[i], nil
}

// DrawInTime runs draw under ctx and a time limit, and tells a drawing
// that ran out of time from one whose caller left.
func DrawInTime(ctx context.Context, timeout time.Duration, nodes int, draw func(context.Context) error) error {
	tctx, cancel := context.WithTimeoutCause(ctx, timeout, ErrTooBigToDraw)
	defer cancel()
	err := draw(tctx)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(tctx), ErrTooBigToDraw) {
		return &tooBigError{nodes: nodes, timeout: timeout}
	}
	return err
}

// Export draws step k as `viz render --step k --whole` does, as SVG
// or DOT, for a tree of at most maxNodes nodes; crop is its --crop. Its
// words are in language lang.
func (s *Show) Export(ctx context.Context, l render.Layouter, lang explain.Lang, k int, v trace.View, format string, timeout time.Duration, maxNodes int, crop bool) ([]byte, error) {
	if n := s.tree.Size(); n > maxNodes {
		return nil, &exportTooBigError{nodes: n, max: maxNodes}
	}
	t := s.tree.Clone()
	if err := t.Seek(k); err != nil {
		return nil, err
	}
	opts := render.Options{View: v, Board: s.BoardReader(), Legend: true, Title: render.TitleIn(lang, s.header, k, t.Len()-1), Layout: render.LayoutAuto, Crop: crop, Lang: lang}
	var out bytes.Buffer
	if format == "dot" {
		if err := render.WriteDOT(&out, t, opts); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	err := DrawInTime(ctx, timeout, t.Size(), func(ctx context.Context) error {
		return render.Render(ctx, &out, t, opts, l)
	})
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
