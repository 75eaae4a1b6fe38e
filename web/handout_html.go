package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/static"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/viewer"
	"github.com/searchviz/searchviz/web/templates"
)

// handleHandoutHTML sends the viewer of a trace as one HTML file that
// steps through it offline: its drawing, every step's frame, the styles
// and the scripts inside, nothing fetched from a server. It holds one
// point of view, and the details of a node selected need the server.
func (s *Server) handleHandoutHTML(w http.ResponseWriter, r *http.Request) {
	sh, v := s.beginHandout(w, r)
	if sh == nil {
		return
	}
	defer s.endHandout()
	steps, nodes := sh.Tree().Len(), sh.Tree().Size()
	lang := readerLang(r)
	switch {
	case !sh.WholeFits():
		http.Error(w, lang.F("An offline handout draws the whole tree, and this tree of %s nodes is bigger than the %s nodes drawn at once: use the slides, or a smaller search.", explain.Thousands(nodes), explain.Thousands(render.DefaultBudget)), http.StatusRequestEntityTooLarge)
		return
	case steps > MaxHandoutHTMLSteps:
		http.Error(w, lang.F("An offline handout holds at most %s steps, and this trace has %s: use the slides with from= and to=.", explain.Thousands(MaxHandoutHTMLSteps), explain.Thousands(steps)), http.StatusRequestEntityTooLarge)
		return
	case steps*nodes > MaxHandoutNodeDrawings:
		http.Error(w, lang.F("An offline handout holds at most %s nodes drawn in all, and %s steps of %s nodes are %s: use the slides with from= and to=.", explain.Thousands(MaxHandoutNodeDrawings), explain.Thousands(steps), explain.Thousands(nodes), explain.Thousands(steps*nodes)), http.StatusRequestEntityTooLarge)
		return
	}
	css, err := assets("app.css")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	css += "\n" + render.StyleSheet()
	script, err := assets("handout.js") // the viewer's modules in one script: a file cannot load modules
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	layout, err := sh.Layout(r.Context(), s.cfg.Layouter, readerLang(r), v, s.cfg.LayoutTimeout)
	if err != nil {
		s.drawError(w, r, sh, err)
		return
	}
	size := handoutSize{limit: s.handoutBytes, fixed: int64(len(layout) + len(css) + len(script)), steps: steps}
	frames, err := offlineFrames(r.Context(), lang, sh, v, &size)
	var doc bytes.Buffer
	if err == nil {
		m := viewerModel(lang, sh, 0, v)
		m.Offline = true
		err = offlineDocument(r.Context(), &doc, lang, m, css, script, layout, frames)
	}
	if err == nil && int64(doc.Len()) > size.limit {
		// The viewer's HTML around the parts counted brings the file over.
		err = &handoutTooBig{limit: size.limit, fixed: size.fixed, biggest: size.biggest, steps: steps, about: int64(doc.Len())}
	}
	s.sendHandout(w, r, sh, &doc, err, func(big *handoutTooBig) string { return big.offline(lang) }, "text/html; charset=utf-8", sh.ID()+".html")
}

// offlineDocument writes a handout file: the viewer m with the styles,
// script, drawing and frames inside. Unlike the server's pages, which
// the Content-Security-Policy keeps to the server's own files, a handout
// is downloaded (an attachment) and opened from a disk, so its styles and
// scripts must be inline; the frames are JSON, which escapes '<', so
// nothing in them can end their script element. Its words are in
// language l, the scripts' too, which read them from its "words" element.
func offlineDocument(ctx context.Context, w io.Writer, l explain.Lang, m templates.Viewer, css, script string, layout, frames []byte) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">", l.Code())
	fmt.Fprintf(bw, "<title>%s</title><style>%s</style></head><body>", html.EscapeString(l.F("%s · searchviz handout", m.Title)), css)
	fmt.Fprintf(bw, `<header class="topbar"><span class="brand">search<span>viz</span></span> <span class="muted">%s</span></header>`, html.EscapeString(l.T("handout: steps through the search with no server")))
	if err := templates.ViewerMain(m).Render(ctx, bw); err != nil {
		return fmt.Errorf("web: writing a handout's viewer: %w", err)
	}
	fmt.Fprintf(bw, `<script type="image/svg+xml" id="offline-layout">%s</script>`, layout)
	fmt.Fprintf(bw, `<script type="application/json" id="offline-frames">%s</script>`, frames)
	if words := l.Script(); words != nil {
		data, err := json.Marshal(words)
		if err != nil {
			return fmt.Errorf("web: writing a handout's words: %w", err)
		}
		fmt.Fprintf(bw, `<script type="application/json" id="words">%s</script>`, data)
	}
	fmt.Fprintf(bw, "<script>%s</script>", script)
	bw.WriteString("</body></html>\n")
	return bw.Flush()
}

// offlineFrames returns every step's full frame in view v, as JSON: each
// restyles every node, so a page can show any step from it alone. Each
// frame is counted in size, and the frames stop when the handout passes
// its cap or ctx ends.
func offlineFrames(ctx context.Context, l explain.Lang, sh *show.Show, v trace.View, size *handoutSize) ([]byte, error) {
	vw := viewer.New(context.Background(), sh, v, viewer.Options{Timeout: DefaultLayoutTimeout, Lang: l})
	var b bytes.Buffer
	b.WriteByte('[')
	for k := range sh.Tree().Len() {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("web: making a handout's frames, at step %d: %w", k, err)
		}
		f, err := vw.FullFrame(k)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(f)
		if err != nil {
			return nil, fmt.Errorf("web: encoding a handout's frame %d: %w", k, err)
		}
		if err := size.add(len(data) + 1); err != nil {
			return nil, err
		}
		if k > 0 {
			b.WriteByte(',')
		}
		b.Write(data)
	}
	b.WriteByte(']')
	return b.Bytes(), nil
}

// assets returns the embedded static file name.
func assets(name string) (string, error) {
	data, err := static.FS.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("web: reading the embedded %s: %w", name, err)
	}
	return string(data), nil
}
