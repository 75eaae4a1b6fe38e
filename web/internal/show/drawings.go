package show

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// recent keeps at most MaxShownDrawings values, the least recently used
// dropped first. It is safe for concurrent use.
type recent[T any] struct {
	mu   sync.Mutex
	list []T // least recently used first
}

// find returns the kept value that match accepts, made the most recently
// used.
func (r *recent[T]) find(match func(T) bool) (T, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, x := range r.list {
		if match(x) {
			r.list = append(slices.Delete(r.list, i, i+1), x)
			return x, true
		}
	}
	var zero T
	return zero, false
}

// add keeps x, dropping the least recently used past MaxShownDrawings,
// and returns the change in the bytes kept, each value weighing size.
func (r *recent[T]) add(x T, size func(T) int64) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	delta := size(x)
	r.list = append(r.list, x)
	for len(r.list) > MaxShownDrawings {
		delta -= size(r.list[0])
		r.list = slices.Delete(r.list, 0, 1)
	}
	return delta
}

// kept returns how many values are kept.
func (r *recent[T]) kept() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.list)
}

// shownDrawings are the drawings of display sets a show keeps, so that
// the pages of a class on one trace share them.
type shownDrawings = recent[shownDrawing]

// shownDrawing is one display set drawn in one view and language, with
// or without boards in its nodes.
type shownDrawing struct {
	view     trace.View
	lang     string // the language's code
	set      *render.Shown
	noBoards bool
	svg      []byte
}

func (sd shownDrawing) size() int64 { return int64(len(sd.svg)) }

// tallyIndexes are the tally indexes of display sets a show keeps, so
// that the pages of a class that show the same nodes share one, 4 bytes a
// node of the tree, rather than each holding its own.
type tallyIndexes = recent[*render.TallyIndex]

// DrawShown returns the drawing of display set set in view v: its nodes
// in the places the final tree's layout gives them, Patchable, laid out
// as `viz render --layout auto` lays out that many boxes (Graphviz up to
// render.MaxDotNodes, the tidy layout above), with boards in the nodes
// when there are few, unless noBoards: a panel too short for a rank of
// nodes with boards in them. A drawing that takes longer than timeout
// fails with ErrTooBigToDraw. Its words are in language lang, and pages
// in another language get drawings of their own.
func (s *Show) DrawShown(ctx context.Context, l render.Layouter, lang explain.Lang, set *render.Shown, v trace.View, noBoards bool, timeout time.Duration) ([]byte, error) {
	code := lang.Code()
	if sd, ok := s.shownDraws.find(func(sd shownDrawing) bool {
		return sd.view == v && sd.lang == code && sd.noBoards == noBoards && sd.set.Equal(set)
	}); ok {
		return sd.svg, nil
	}
	opts := render.Options{View: v, Legend: true, Patchable: true, Layout: render.LayoutAuto, Shown: set, Lang: lang}
	if set.Drawn() <= maxBoardNodes && !noBoards {
		opts.Board = s.BoardReader()
	}
	var buf bytes.Buffer
	err := DrawInTime(ctx, timeout, set.Drawn(), func(ctx context.Context) error {
		return render.Render(ctx, &buf, s.tree, opts, l)
	})
	if err != nil {
		return nil, err
	}
	s.drawn.Add(s.shownDraws.add(shownDrawing{view: v, lang: code, set: set, noBoards: noBoards, svg: buf.Bytes()}, shownDrawing.size))
	return buf.Bytes(), nil
}

// TallyIndex returns the index of a display set equal to set, kept or
// made and kept, whose Shown pages then use in set's place so that their
// display sets are shared too.
func (s *Show) TallyIndex(set *render.Shown, o *render.Outline) (*render.TallyIndex, error) {
	if x, ok := s.tallies.find(func(x *render.TallyIndex) bool { return x.Shown().Equal(set) }); ok {
		return x, nil
	}
	x, err := render.NewTallyIndex(set, o)
	if err != nil {
		return nil, err
	}
	s.drawn.Add(s.tallies.add(x, (*render.TallyIndex).MemSize))
	return x, nil
}

// KeptDrawings returns how many drawings of display sets the show keeps.
func (s *Show) KeptDrawings() int { return s.shownDraws.kept() }
