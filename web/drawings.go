package web

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// maxShownDrawings caps the drawings of display sets a show keeps, so that
// the pages of a class on one trace, which show the same nodes at the same
// steps, share them; the least recently used go first.
const maxShownDrawings = 8

// shownDrawings are the drawings of display sets a show keeps. It is safe
// for concurrent use.
type shownDrawings struct {
	mu   sync.Mutex
	list []shownDrawing // least recently used first
}

// shownDrawing is one display set drawn in one view.
type shownDrawing struct {
	view trace.View
	set  *render.Shown
	svg  []byte
}

// get returns the kept drawing of set in view v, or nil.
func (d *shownDrawings) get(set *render.Shown, v trace.View) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, sd := range d.list {
		if sd.view == v && sd.set.Equal(set) {
			d.list = append(slices.Delete(d.list, i, i+1), sd)
			return sd.svg
		}
	}
	return nil
}

// put keeps a drawing, dropping the least recently used past
// maxShownDrawings, and returns the change in the bytes kept.
func (d *shownDrawings) put(sd shownDrawing) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	delta := int64(len(sd.svg))
	d.list = append(d.list, sd)
	for len(d.list) > maxShownDrawings {
		delta -= int64(len(d.list[0].svg))
		d.list = slices.Delete(d.list, 0, 1)
	}
	return delta
}

// drawShown returns the drawing of display set set in view v: its nodes
// in the places the final tree's layout gives them, Patchable, laid out
// as `viz render --layout auto` lays out that many boxes (Graphviz up to
// render.MaxDotNodes, the tidy layout above), with boards in the nodes
// when there are few. A drawing that takes longer than timeout fails with
// errTooBigToDraw.
func (s *show) drawShown(ctx context.Context, l render.Layouter, set *render.Shown, v trace.View, timeout time.Duration) ([]byte, error) {
	if svg := s.shownDraws.get(set, v); svg != nil {
		return svg, nil
	}
	opts := render.Options{View: v, Legend: true, Patchable: true, Layout: render.LayoutAuto, Shown: set}
	if set.Drawn() <= maxBoardNodes {
		opts.Board = s.boardReader()
	}
	var buf bytes.Buffer
	err := drawInTime(ctx, timeout, set.Drawn(), func(ctx context.Context) error {
		return render.Render(ctx, &buf, s.tree, opts, l)
	})
	if err != nil {
		return nil, err
	}
	s.drawn.Add(s.shownDraws.put(shownDrawing{view: v, set: set, svg: buf.Bytes()}))
	return buf.Bytes(), nil
}

// tallyIndexes are the tally indexes of display sets a show keeps, so
// that the pages of a class that show the same nodes share one, 4 bytes a
// node of the tree, rather than each holding its own; at most
// maxShownDrawings, the least recently used dropped first. It is safe for
// concurrent use.
type tallyIndexes struct {
	mu   sync.Mutex
	list []*render.TallyIndex // least recently used first
}

// tallyIndex returns the index of a display set equal to set, kept or
// made and kept, whose Shown pages then use in set's place so that their
// display sets are shared too.
func (s *show) tallyIndex(set *render.Shown, o *render.Outline) (*render.TallyIndex, error) {
	t := &s.tallies
	t.mu.Lock()
	for i, x := range t.list {
		if x.Shown().Equal(set) {
			t.list = append(slices.Delete(t.list, i, i+1), x)
			t.mu.Unlock()
			return x, nil
		}
	}
	t.mu.Unlock()
	x, err := render.NewTallyIndex(set, o)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delta := x.MemSize()
	t.list = append(t.list, x)
	for len(t.list) > maxShownDrawings {
		delta -= t.list[0].MemSize()
		t.list = slices.Delete(t.list, 0, 1)
	}
	s.drawn.Add(delta)
	return x, nil
}
