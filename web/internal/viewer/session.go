package viewer

import (
	"context"
	"log/slog"
	"time"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/live"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// ReadCommands reads the page's messages until the connection ends,
// checking each; a bad message is answered with an error, not a
// disconnection.
func ReadCommands(conn *wsconn.Conn, cmds chan<- Command, send *wsconn.Queue) {
	for {
		data, ok := conn.Read()
		if !ok {
			return
		}
		c, err := decodeCommand(data)
		if err != nil {
			if !send.Send(errorMsg{Type: "error", Message: err.Error()}) {
				conn.Stop()
				return
			}
			continue
		}
		select {
		case cmds <- c:
		case <-conn.Context().Done():
			return
		}
	}
}

// Session owns one page's viewer: it answers commands, steps forward on a
// timer while playing, and follows a running search's snapshots. It
// reaches the page only through send and cmds, and ends, calling cancel,
// when ctx ends or the page falls behind.
func Session(ctx context.Context, cancel context.CancelFunc, vw *Viewer, ls *live.Search, step int, cmds <-chan Command, send *wsconn.Queue, log *slog.Logger) {
	defer cancel()
	var (
		ticker  *time.Ticker
		tick    <-chan time.Time
		playing bool
		live    bool
		grown   <-chan struct{} // closed when the running search has a newer snapshot
	)
	if ls != nil {
		unwatch := ls.Watch()
		defer unwatch()
		var done bool
		_, done, grown = ls.Current()
		live = !done
		if done {
			grown = nil
		}
	}
	stop := func() {
		if ticker != nil {
			ticker.Stop()
		}
		ticker, tick, playing = nil, nil, false
	}
	defer stop()
	// A new big drawing is sent in two parts, the part around the node the
	// page centres on first (see splitLayout); did is the command the next
	// frame answers, which says that node.
	var did Command
	sendFrame := func() bool {
		if ctx.Err() != nil {
			return false // the page left: no more work for it
		}
		layout, f, err := vw.frame(step, playing)
		vw.account()
		if err != nil {
			log.Error("making a frame", "err", err, "step", step)
			return send.Send(errorMsg{Type: "error", Message: err.Error()})
		}
		rest := splitLayout(layout, vw.anchor(did))
		did = Command{}
		if layout != nil && !send.Send(layout) {
			return false
		}
		f.Live = live
		if !send.Send(f) {
			return false
		}
		return rest == nil || send.Send(rest)
	}
	if !sendFrame() {
		return
	}
	for {
		last := vw.tree.Len() - 1
		select {
		case <-ctx.Done():
			return
		case <-grown:
			sh, done, next := ls.Current()
			vw.rebase(sh)
			step = min(step, vw.tree.Len()-1)
			live, grown = !done, next
			if done {
				grown = nil
				if step == vw.tree.Len()-1 {
					stop()
				}
			}
			if !sendFrame() {
				return
			}
		case c := <-cmds:
			if err := c.check(vw.tree.Len(), vw.tree.Size()); err != nil {
				if !send.Send(errorMsg{Type: "error", Message: err.Error()}) {
					return
				}
				continue
			}
			did = c
			if msg := vw.apply(c, &step); msg != "" {
				if !send.Send(errorMsg{Type: "error", Message: msg}) {
					return
				}
				continue
			}
			switch c.Type {
			case cmdSeek, cmdStep, cmdSync:
				if step == last && !live {
					stop()
				}
			case cmdPlay:
				stop()
				if step == last && !live {
					step = 0
				}
				ticker = time.NewTicker(time.Duration(float64(time.Second) / c.Speed))
				tick, playing = ticker.C, true
			case cmdPause:
				stop()
			}
			if !sendFrame() {
				return
			}
		case <-tick:
			next, ok := vw.nextStep(step, 1)
			if !ok {
				if !live || vw.nav.filter != trace.NoNode {
					stop()
					if !sendFrame() {
						return
					}
				}
				// A running search has no more steps yet: wait for them.
				continue
			}
			step = next
			if _, more := vw.nextStep(step, 1); !more && !live {
				stop()
			}
			if !sendFrame() {
				return
			}
		}
	}
}

// apply carries out a checked command that changes the viewer or the
// step, and returns what to tell the page when it cannot.
func (vw *Viewer) apply(c Command, step *int) string {
	switch c.Type {
	case cmdSeek:
		*step = *c.Step
	case cmdStep:
		g, _ := parseGrain(c.Grain)
		next, ok := vw.grainStep(*step, *c.By, g)
		if !ok {
			return vw.noGrainStep(*c.By, g)
		}
		*step = next
	case cmdView:
		v, _ := trace.ParseView(c.View)
		vw.setView(v)
	case cmdSelect:
		vw.selected = trace.NodeID(*c.Node)
	case cmdSync:
		*step = *c.Step
		if v, _ := trace.ParseView(c.View); v != vw.view {
			vw.setView(v) // a full frame, as the view changes every value's text
		}
		vw.selected = trace.NodeID(*c.Node)
	case cmdExpand:
		vw.nav.expand(trace.NodeID(*c.Node))
	case cmdCollapse:
		vw.nav.collapse(trace.NodeID(*c.Node))
	case cmdRoot:
		vw.nav.reroot(trace.NodeID(*c.Node))
	case cmdUp:
		if p := vw.tree.Node(vw.nav.root).Parent; p != trace.NoNode {
			vw.nav.reroot(p)
		}
	case cmdReveal:
		id := trace.NodeID(*c.Node)
		top := id
		if p := vw.tree.Node(id).Parent; p != trace.NoNode {
			top = p
		}
		vw.nav.reroot(top)
		vw.selected = id
	case cmdFilter:
		vw.nav.filter = trace.NodeID(*c.Node)
	case cmdPanel:
		vw.setPanel(c.Width, c.Height)
	case cmdUnfold:
		vw.nav.unfold()
	}
	return ""
}

// noStep says that the filter lets no step through in direction dir.
func (vw *Viewer) noStep(dir int) string {
	l := vw.lang
	switch {
	case vw.nav.filter == trace.NoNode && dir > 0:
		return l.T("This is the last step.")
	case vw.nav.filter == trace.NoNode:
		return l.T("This is the first step.")
	case dir < 0:
		return l.F("No earlier step touches the subtree of %s.", vw.pathName(vw.nav.filter))
	}
	return l.F("No later step touches the subtree of %s.", vw.pathName(vw.nav.filter))
}
