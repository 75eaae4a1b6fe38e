package web

import (
	"net/http"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/internal/viewer"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// serveWS runs the websocket of one page viewing show s: a read pump turns
// messages into commands, one session goroutine owns the page's viewer and
// turns commands into frames, and the connection's writer sends them. A
// page that falls wsconn.SendQueue frames behind is dropped.
//
// For a running search ls, the session also follows its snapshots. A
// page that said its tree panel's size, panel, gets drawings fitted to it.
// The session speaks its reader's language, from the upgrade request's
// cookie or Accept-Language, so each page of a room reads its own.
func (srv *Server) serveWS(w http.ResponseWriter, r *http.Request, s *show.Show, ls *live.Search, v trace.View, step int, panel *[2]float64) {
	ws, err := wsconn.Upgrade(w, r)
	if err != nil {
		srv.log.Info("websocket refused", "err", err, "remote", r.RemoteAddr)
		return
	}
	lang := readerLang(r)
	if held := srv.pageBytes.Load(); held >= srv.cfg.PageBytes {
		wsconn.Refuse(ws, closeBusy, lang.T("The server is showing as many pages as its memory allows; this page tries again in 10 s."))
		srv.log.Warn("a page refused: the pages open hold their budget", "held", held, "budget", srv.cfg.PageBytes)
		return
	}
	log := srv.log.With("trace", s.ID(), "remote", r.RemoteAddr)
	conn := wsconn.New(srv.ctx, ws, wsconn.MaxMessage, log)
	send := wsconn.NewQueue(log)
	cmds := make(chan viewer.Command)
	conn.Write(send)
	conn.Go("a websocket session", func() {
		vw := viewer.New(conn.Context(), s, v, viewer.Options{Layouter: srv.cfg.Layouter, Timeout: srv.cfg.LayoutTimeout, Pages: &srv.pageBytes, Lang: lang})
		defer vw.Release()
		if panel != nil {
			if err := vw.SetPanel(panel[0], panel[1]); err != nil {
				log.Error("a checked panel refused", "err", err)
			}
		}
		viewer.Session(conn.Context(), conn.Stop, vw, ls, step, cmds, send, log)
	})
	conn.Safely("a websocket's reader", func() { viewer.ReadCommands(conn, cmds, send) })
}
