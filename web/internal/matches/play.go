package matches

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/play"
	"github.com/searchviz/searchviz/web/internal/safely"
	"github.com/searchviz/searchviz/web/internal/wsconn"
)

// Command is a message from a play page.
type Command struct {
	Type   string          `json:"type"`   // "new", "move", "undo" or "open"
	Game   string          `json:"game"`   // new: the game's spec
	Engine string          `json:"engine"` // new: the engine's spec
	Side   int             `json:"side"`   // new: the person's side
	Seed   int64           `json:"seed"`   // new: the game's seed
	Action int             `json:"action"` // move: the person's move
	Record json.RawMessage `json:"record"` // open: a game record
}

// Frame is a message to a play page: the game after a change, or the
// engine starting to think, or an error.
type Frame struct {
	Type     string       `json:"type"` // "state", "thinking" or "error"
	State    *play.State  `json:"state,omitempty"`
	Record   *play.Record `json:"record,omitempty"`
	Message  string       `json:"message,omitempty"`
	Thinking string       `json:"thinking,omitempty"` // the engine's spec, while it thinks
}

// Page is a play page's connection, as its Session uses it.
type Page struct {
	// Send queues a frame for the page; it returns false when the page
	// is gone.
	Send func(Frame) bool
	// Close ends the page's connection, telling the page why.
	Close func(reason string)
	// Idle is how long a page with no game in play may say nothing
	// before it is closed, so that idle sockets do not pile up.
	Idle time.Duration
	// Log is told of a panic as the idle page is closed.
	Log *slog.Logger
	// Lang is the language of the page's reader, which the game's
	// state speaks.
	Lang explain.Lang
}

// Session is one play page's game. Its methods are called from one
// goroutine, the page's reader.
type Session struct {
	ctx     context.Context
	page    Page
	idle    *time.Timer // closes the page, armed while no game is in play
	game    *play.Game
	players *Players
	place   bool // the game holds one of the players' places
}

// NewSession returns the session of a page whose games run under ctx,
// which ends the session's idle timer too.
func NewSession(ctx context.Context, page Page, players *Players) *Session {
	p := &Session{ctx: ctx, page: page, players: players}
	p.idle = time.AfterFunc(page.Idle, p.closeIdle)
	context.AfterFunc(ctx, func() { p.idle.Stop() })
	return p
}

// closeIdle closes the page, which has said nothing for page.Idle with no
// game in play.
func (p *Session) closeIdle() {
	defer func() { safely.Recovered(p.page.Log, recover(), "a play page's idle timer") }()
	p.page.Close(fmt.Sprintf("No game was played on this page for %v, so the server closed its connection.", p.page.Idle))
}

// Playing reports whether the page has a game that is not over.
func (p *Session) Playing() bool { return p.game != nil && p.game.Turn() != play.TurnOver }

// hold takes a place among the games played for the page's game, if it
// holds none, and reports whether it holds one.
func (p *Session) hold() bool {
	if !p.place {
		p.place = p.players.take()
	}
	return p.place
}

// Leave gives back the page's place, if it holds one.
func (p *Session) Leave() {
	if p.place {
		p.place = false
		p.players.give()
	}
}

// Handle answers one message; it reports false when the page is gone.
// The page's idle time starts again once it is answered with no game in
// play.
func (p *Session) Handle(data []byte) bool {
	p.idle.Stop()
	if !p.handle(data) {
		return false
	}
	if !p.Playing() {
		p.idle.Reset(p.page.Idle)
		if p.ctx.Err() != nil {
			p.idle.Stop() // ctx may have ended, and its AfterFunc run, before the Reset
		}
	}
	return true
}

// handle answers one message, as Handle does.
func (p *Session) handle(data []byte) bool {
	var c Command
	if err := wsconn.Decode(data, &c); err != nil {
		return p.fail(fmt.Errorf("the message is not a play command: %w (want JSON such as {\"type\":\"move\",\"action\":19})", err))
	}
	if p.game == nil && c.Type != "new" && c.Type != "open" {
		return p.fail(errors.New("no game has started: send new or open first"))
	}
	if (c.Type == "new" || c.Type == "open" || c.Type == "undo") && !p.hold() {
		return p.fail(p.players.full())
	}
	var err error
	switch c.Type {
	case "new":
		var g *play.Game
		if g, err = play.New(play.Config{Game: strings.TrimSpace(c.Game), Engine: strings.TrimSpace(c.Engine), Person: c.Side, Seed: c.Seed}); err == nil {
			p.game = g
		}
	case "open":
		var rec play.Record
		if rec, err = play.ReadRecord(c.Record); err == nil {
			var g *play.Game
			if g, err = play.Open(p.ctx, rec); err == nil {
				p.game = g
			}
		}
	case "move":
		err = p.game.Move(p.ctx, c.Action)
	case "undo":
		_, err = p.game.Undo()
	default:
		err = fmt.Errorf("%q is not a play command (want new, move, undo or open)", c.Type)
	}
	if err != nil {
		if !p.fail(err) {
			return false
		}
	}
	ok := p.answer()
	if !p.Playing() {
		p.Leave() // a game over, or none, is not being played
	}
	return ok
}

// answer sends the game, then lets the engine move while it is its turn,
// sending the game after each move.
func (p *Session) answer() bool {
	if p.game == nil {
		return true
	}
	for {
		if !p.state() {
			return false
		}
		if p.game.Turn() != play.TurnEngine {
			return true
		}
		if !p.frame(Frame{Type: "thinking", Thinking: p.game.Config().Engine}) {
			return false
		}
		if err := p.game.Answer(p.ctx); err != nil {
			if p.ctx.Err() != nil {
				return false
			}
			return p.fail(err) && p.state()
		}
	}
}

// state sends the game. A game over gives its place back first: the page
// told it is over may start another game at once, here or on another page.
func (p *Session) state() bool {
	if !p.Playing() {
		p.Leave()
	}
	st, rec := p.game.StateIn(p.page.Lang), p.game.Record()
	return p.frame(Frame{Type: "state", State: &st, Record: &rec})
}

// fail sends err to the page.
func (p *Session) fail(err error) bool {
	return p.frame(Frame{Type: "error", Message: p.page.Lang.Error(err)})
}

// frame sends f to the page, reporting false when the page is gone.
func (p *Session) frame(f Frame) bool { return p.page.Send(f) }

// Players counts the games played against an engine at once, up to a
// cap; it is safe for concurrent use.
type Players struct{ slots chan struct{} }

// NewPlayers returns Players for at most n games at once.
func NewPlayers(n int) *Players { return &Players{slots: make(chan struct{}, n)} }

// take takes a place for a game, and reports whether there was one.
func (p *Players) take() bool {
	select {
	case p.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// give gives back a place take took.
func (p *Players) give() { <-p.slots }

// full tells a page that its game cannot start yet.
func (p *Players) full() error {
	return fmt.Errorf("%d games are being played, the most this server plays at once; try again when one ends.", cap(p.slots))
}
