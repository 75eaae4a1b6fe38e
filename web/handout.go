package web

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
)

// startHandout takes one of the places of the handouts made at once, or
// answers 429 and returns false when none is free. A caller that gets
// true gives its place back with endHandout.
func (s *Server) startHandout(w http.ResponseWriter, r *http.Request) bool {
	select {
	case s.handouts <- struct{}{}:
		return true
	default:
		w.Header().Set("Retry-After", "10")
		http.Error(w, readerLang(r).F("The server is making %s handouts already, the most it makes at once; try again in a moment.", strconv.Itoa(cap(s.handouts))), http.StatusTooManyRequests)
		return false
	}
}

// endHandout gives back the place startHandout took.
func (s *Server) endHandout() { <-s.handouts }

// beginHandout takes a place among the handouts made at once and loads
// the request's trace, in the view it asks for; or it answers why not
// and returns nil. A caller that gets a show calls endHandout when done.
func (s *Server) beginHandout(w http.ResponseWriter, r *http.Request) (*show.Show, trace.View) {
	if !s.startHandout(w, r) {
		return nil, trace.ViewRoot
	}
	sh, _, v := s.loadShowAt(w, r)
	if sh == nil {
		s.endHandout()
	}
	return sh, v
}

// handoutSize counts the bytes of a handout against its cap as the parts
// of its steps, a page or a frame each, are made.
type handoutSize struct {
	limit   int64 // the cap: MaxHandoutBytes, but in tests
	fixed   int64 // the bytes of what is no step's: the offline handout's drawing, styles and scripts
	steps   int   // the steps the handout holds
	made    int   // the steps counted so far
	bytes   int64 // and their bytes
	biggest int64 // the most bytes of a step so far, or foretold
}

// foretell takes n bytes as the size of the handout's biggest step (for
// slides, the last step's page: texts pile up as a search goes on) and
// checks the handout against its cap.
func (h *handoutSize) foretell(n int) error {
	h.biggest = max(h.biggest, int64(n))
	return h.check()
}

// add counts the part of one more step, n bytes, and checks the handout
// against its cap.
func (h *handoutSize) add(n int) error {
	h.made++
	h.bytes += int64(n)
	h.biggest = max(h.biggest, int64(n))
	return h.check()
}

// check returns a *handoutTooBig once the handout passes its cap, or as
// soon as its steps at the size of the biggest would pass twice the cap:
// steps draw the same tree on the same canvas and differ only in their
// texts, so such a handout is refused without making the cap's worth.
func (h *handoutSize) check() error {
	if h.fixed+h.bytes <= h.limit && h.fixed+h.biggest*int64(h.steps) <= 2*h.limit {
		return nil
	}
	return &handoutTooBig{limit: h.limit, fixed: h.fixed, biggest: h.biggest, steps: h.steps,
		about: h.fixed + h.bytes + h.biggest*int64(h.steps-h.made)}
}

// handoutTooBig is the error of a handout past MaxHandoutBytes.
type handoutTooBig struct {
	limit, fixed int64
	biggest      int64 // the most bytes of a step
	steps        int
	about        int64 // the handout's bytes, as its steps so far foretell them
}

func (e *handoutTooBig) Error() string {
	return fmt.Sprintf("web: a handout of %d steps, about %d bytes, is over its cap of %d bytes", e.steps, e.about, e.limit)
}

// slides says in language l why the slides of steps from..to are
// refused, and how many steps would fit.
func (e *handoutTooBig) slides(l explain.Lang, from, to int) string {
	head := l.F("A handout holds at most %s of drawings and words", sizeName(e.limit))
	most := (e.limit - e.fixed) / max(1, e.biggest)
	f, t := strconv.Itoa(from), strconv.Itoa(to)
	switch most {
	case 0:
		return l.F("%s, and one step of this tree comes to %s: draw it with viz render from its trace file.", head, explain.Bytes(e.biggest))
	case 1:
		return l.F("%s, and steps %s to %s of this tree come to about %s, up to %s a step: choose one step with from= and to=.",
			head, f, t, explain.Bytes(e.about), explain.Bytes(e.biggest))
	}
	return l.F("%s, and steps %s to %s of this tree come to about %s, up to %s a step: choose at most %s steps with from= and to=.",
		head, f, t, explain.Bytes(e.about), explain.Bytes(e.biggest), explain.Thousands(int(most)))
}

// offline says in language l why the offline handout is refused.
func (e *handoutTooBig) offline(l explain.Lang) string {
	return l.F("An offline handout holds at most %s, and the %s steps of this trace come to about %s, up to %s a step: use the slides with from= and to=.",
		sizeName(e.limit), explain.Thousands(e.steps), explain.Bytes(e.about), explain.Bytes(e.biggest))
}

// sizeName names a limit in bytes: "256 MiB" when it is whole MiB.
func sizeName(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return explain.Bytes(n)
}

// handleHandout sends a zip of one SVG per step, steps from..to (every
// step by default), each drawn whole on the final tree's canvas so that
// the slides do not jump, with steps.txt saying what each step does.
func (s *Server) handleHandout(w http.ResponseWriter, r *http.Request) {
	sh, v := s.beginHandout(w, r)
	if sh == nil {
		return
	}
	defer s.endHandout()
	from, to, err := stepRange(r, sh.Tree().Len())
	if err != nil {
		http.Error(w, readerLang(r).Error(err), http.StatusBadRequest)
		return
	}
	steps, nodes := to-from+1, sh.Tree().Size()
	l := readerLang(r)
	switch {
	case steps > MaxHandoutSteps:
		http.Error(w, l.F("A handout draws at most %s steps, and steps %s to %s are %s: choose fewer with from= and to=.", explain.Thousands(MaxHandoutSteps), strconv.Itoa(from), strconv.Itoa(to), explain.Thousands(steps)), http.StatusRequestEntityTooLarge)
		return
	case steps*nodes > MaxHandoutNodeDrawings:
		most := slidesMost(nodes)
		http.Error(w, l.F("A handout draws at most %s nodes in all, and %s steps of this tree of %s nodes are %s: choose at most %s steps with from= and to=.",
			explain.Thousands(MaxHandoutNodeDrawings), explain.Thousands(steps), explain.Thousands(nodes), explain.Thousands(steps*nodes), explain.Thousands(most)), http.StatusRequestEntityTooLarge)
		return
	}
	var zipped bytes.Buffer
	err = writeHandout(r.Context(), &zipped, l, sh, v, from, to, s.handoutBytes)
	s.sendHandout(w, r, sh, &zipped, err, func(big *handoutTooBig) string { return big.slides(l, from, to) },
		"application/zip", fmt.Sprintf("%s-steps-%d-%d.zip", sh.ID(), from, to))
}

// sendHandout answers a request for a handout with the handout made,
// doc, under the given type and file name; or, when err says it could not
// be made, with why: too big, in the words tooBig gives, or another error.
func (s *Server) sendHandout(w http.ResponseWriter, r *http.Request, sh *show.Show, doc *bytes.Buffer, err error, tooBig func(*handoutTooBig) string, ctype, filename string) {
	var big *handoutTooBig
	switch {
	case errors.As(err, &big):
		http.Error(w, tooBig(big), http.StatusRequestEntityTooLarge)
		return
	case err != nil && r.Context().Err() != nil:
		return // the client has gone
	case err != nil:
		s.log.Error("making a handout", "trace", sh.ID(), "err", err)
		http.Error(w, readerLang(r).F("The handout could not be made: %s", s.publicError(readerLang(r), err)), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, filename))
	w.Header().Set("Content-Length", strconv.Itoa(doc.Len()))
	w.Write(doc.Bytes())
}

// writeHandout writes the zip of steps from..to of sh, in view v and
// language l, unless its drawings and words come to more than limit bytes
// or ctx ends first.
func writeHandout(ctx context.Context, w io.Writer, l explain.Lang, sh *show.Show, v trace.View, from, to int, limit int64) error {
	t := sh.Tree().Clone()
	draw := func(k int, svg *bytes.Buffer) error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("web: writing a handout, at step %d: %w", k, err)
		}
		if err := t.Seek(k); err != nil {
			return err
		}
		svg.Reset()
		opts := render.Options{View: v, Board: sh.BoardReader(), Legend: true, Title: render.TitleIn(l, sh.Header(), k, t.Len()-1), Lang: l}
		if err := render.WriteTidySVG(svg, t, opts); err != nil {
			return fmt.Errorf("web: drawing step %d of a handout: %w", k, err)
		}
		return nil
	}
	size := handoutSize{limit: limit, steps: to - from + 1}
	var last, svg bytes.Buffer // the last step's page, drawn first to foretell the biggest
	if err := draw(to, &last); err != nil {
		return err
	}
	if err := size.foretell(last.Len()); err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	// An entry without a time reads as made in 1980, the zip format's
	// zero; the search's start says when its pictures are of, and a trace
	// that does not say so gets the time the handout is made.
	made := sh.Header().Time
	if made.IsZero() {
		made = time.Now()
	}
	create := func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: made})
	}
	var words strings.Builder
	width := len(strconv.Itoa(to))
	for k := from; k <= to; k++ {
		page := &last
		if k < to {
			if err := draw(k, &svg); err != nil {
				return err
			}
			page = &svg
		} else if err := t.Seek(k); err != nil {
			return err
		}
		line := l.F("step %s: %s", fmt.Sprintf("%*d", width, k), l.Describe(t, v)) + "\n"
		if err := size.add(page.Len() + len(line)); err != nil {
			return err
		}
		f, err := create(fmt.Sprintf("step-%0*d.svg", width, k))
		if err != nil {
			return fmt.Errorf("web: writing a handout: %w", err)
		}
		if _, err := f.Write(page.Bytes()); err != nil {
			return fmt.Errorf("web: writing a handout: %w", err)
		}
		words.WriteString(line)
	}
	f, err := create("steps.txt")
	if err != nil {
		return fmt.Errorf("web: writing a handout: %w", err)
	}
	if _, err := f.Write([]byte(words.String())); err != nil {
		return fmt.Errorf("web: writing a handout: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("web: writing a handout: %w", err)
	}
	return nil
}

// slidesMost is the most steps a set of slides of a tree of nodes nodes
// draws, by MaxHandoutSteps and MaxHandoutNodeDrawings, at least one: the
// viewer offers no more, so that its first choice is not refused. The
// bytes of the drawings are known only once they are drawn, so the cap on
// them can still refuse it, with the server's words on the page.
func slidesMost(nodes int) int {
	return max(1, min(MaxHandoutSteps, MaxHandoutNodeDrawings/max(1, nodes)))
}

// slidesAround returns the steps the slides' form offers at step of a
// trace of steps steps: every step when at most most, or else most steps
// around step, so that the slides show where the class is.
func slidesAround(step, steps, most int) (from, to int) {
	if steps <= most {
		return 0, max(0, steps-1)
	}
	from = min(max(0, step-(most-1)/2), steps-most)
	return from, from + most - 1
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
