package web

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
)

// The limits of a handout, a zip of one drawing per step for slides.
const (
	// MaxHandoutSteps caps the drawings of one handout: a lecture's
	// worth of slides.
	MaxHandoutSteps = 1_000
	// MaxHandoutNodeDrawings caps the steps of a handout times the nodes
	// of its tree, which bounds its size, about 300 bytes a node drawn
	// before compression.
	MaxHandoutNodeDrawings = 500_000
)

// handleHandout sends a zip of one SVG per step, steps from..to (every
// step by default), each drawn whole on the final tree's canvas so that
// the slides do not jump, with steps.txt saying what each step does.
func (s *Server) handleHandout(w http.ResponseWriter, r *http.Request) {
	sh, _ := s.loadShow(w, r)
	if sh == nil {
		return
	}
	_, v, err := stepAndView(r, sh.tree.Len())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	from, to, err := stepRange(r, sh.tree.Len())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	steps, nodes := to-from+1, sh.tree.Size()
	switch {
	case steps > MaxHandoutSteps:
		http.Error(w, fmt.Sprintf("A handout draws at most %s steps, and steps %d to %d are %s: choose fewer with from= and to=.", thousands(MaxHandoutSteps), from, to, thousands(steps)), http.StatusRequestEntityTooLarge)
		return
	case steps*nodes > MaxHandoutNodeDrawings:
		most := max(1, MaxHandoutNodeDrawings/nodes)
		http.Error(w, fmt.Sprintf("A handout draws at most %s nodes in all, and %s steps of this tree of %s nodes are %s: choose at most %s steps with from= and to=.",
			thousands(MaxHandoutNodeDrawings), thousands(steps), thousands(nodes), thousands(steps*nodes), thousands(most)), http.StatusRequestEntityTooLarge)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-steps-%d-%d.zip"`, sh.id, from, to))
	if err := writeHandout(w, sh, v, from, to); err != nil && r.Context().Err() == nil {
		s.log.Error("writing a handout", "trace", sh.id, "err", err)
	}
}

// writeHandout writes the zip of steps from..to of sh, in view v.
func writeHandout(w http.ResponseWriter, sh *show, v trace.View, from, to int) error {
	t := sh.tree.Clone()
	zw := zip.NewWriter(w)
	var words strings.Builder
	width := len(strconv.Itoa(to))
	var svg bytes.Buffer
	for k := from; k <= to; k++ {
		if err := t.Seek(k); err != nil {
			return err
		}
		svg.Reset()
		opts := render.Options{View: v, Board: sh.boardReader(), Legend: true, Title: render.Title(sh.header, k, t.Len()-1)}
		if err := render.WriteTidySVG(&svg, t, opts); err != nil {
			return fmt.Errorf("web: drawing step %d of a handout: %w", k, err)
		}
		f, err := zw.Create(fmt.Sprintf("step-%0*d.svg", width, k))
		if err != nil {
			return fmt.Errorf("web: writing a handout: %w", err)
		}
		if _, err := f.Write(svg.Bytes()); err != nil {
			return fmt.Errorf("web: writing a handout: %w", err)
		}
		fmt.Fprintf(&words, "step %*d: %s\n", width, k, explain.Describe(t, v))
	}
	f, err := zw.Create("steps.txt")
	if err != nil {
		return fmt.Errorf("web: writing a handout: %w", err)
	}
	if _, err := f.Write([]byte(words.String())); err != nil {
		return fmt.Errorf("web: writing a handout: %w", err)
	}
	return zw.Close()
}

// stepRange reads the request's from= and to= steps, by default the
// trace's first and last.
func stepRange(r *http.Request, steps int) (from, to int, err error) {
	q := r.URL.Query()
	from, to = 0, steps-1
	for _, p := range []struct {
		name string
		at   *int
	}{{"from", &from}, {"to", &to}} {
		raw := q.Get(p.name)
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n >= steps {
			return 0, 0, fmt.Errorf("%s=%q is not allowed (this trace has steps 0..%d)", p.name, raw, steps-1)
		}
		*p.at = n
	}
	if from > to {
		return 0, 0, fmt.Errorf("from=%d comes after to=%d", from, to)
	}
	return from, to, nil
}
