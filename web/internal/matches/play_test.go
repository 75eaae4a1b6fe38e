package matches

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/searchviz/searchviz/play"
)

// idlePage starts a session whose page is closed after idle, and returns
// it with the reasons the page is closed with.
func idlePage(ctx context.Context, idle time.Duration) (*Session, chan string) {
	closed := make(chan string, 1)
	page := Page{
		Send:  func(Frame) bool { return true },
		Close: func(reason string) { closed <- reason },
		Idle:  idle,
		Log:   slog.New(slog.DiscardHandler),
	}
	return NewSession(ctx, page, NewPlayers(1)), closed
}

// TestSessionIdle checks the idle close of a play page: a page with no
// game in play is closed idle after its last message, saying why; one
// with a game in play is not, nor one whose context ended.
func TestSessionIdle(t *testing.T) {
	t.Parallel()
	const idle = 50 * time.Millisecond
	t.Run("no game", func(t *testing.T) {
		t.Parallel()
		p, closed := idlePage(t.Context(), idle)
		time.Sleep(idle / 2)
		start := time.Now()
		if !p.Handle([]byte(`{"type":"move","action":4}`)) {
			t.Fatal("the page is gone")
		}
		select {
		case reason := <-closed:
			if took := time.Since(start); took < idle {
				t.Errorf("closed %v after the page's last message, want %v or more", took, idle)
			}
			if want := "No game was played on this page for 50ms, so the server closed its connection."; reason != want {
				t.Errorf("closed with %q, want %q", reason, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the idle page was not closed")
		}
	})
	t.Run("a game in play", func(t *testing.T) {
		t.Parallel()
		p, closed := idlePage(t.Context(), idle)
		defer p.Leave()
		if !p.Handle([]byte(`{"type":"new","game":"tictactoe","engine":"alphabeta","side":0}`)) || !p.Playing() {
			t.Fatal("the game did not start")
		}
		select {
		case reason := <-closed:
			t.Errorf("a page with a game in play was closed: %q", reason)
		case <-time.After(4 * idle):
		}
	})
	t.Run("context ended", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(t.Context())
		_, closed := idlePage(ctx, idle)
		cancel()
		select {
		case reason := <-closed:
			t.Errorf("a page whose context ended was closed: %q", reason)
		case <-time.After(4 * idle):
		}
	})
}

// TestGameOverFreesItsPlaceFirst plays a game to its end on a server that
// plays one game at once: when the page is told the game is over, its
// place is free already, so that a game started at once, on this page or
// another, is not refused.
func TestGameOverFreesItsPlaceFirst(t *testing.T) {
	t.Parallel()
	players := NewPlayers(1)
	var last *play.State
	freeAtOver := false
	page := Page{
		Send: func(f Frame) bool {
			if f.Type == "state" {
				last = f.State
				if last.Turn == play.TurnOver {
					freeAtOver = len(players.slots) == 0
				}
			}
			return true
		},
		Close: func(string) {},
		Idle:  time.Minute,
		Log:   slog.New(slog.DiscardHandler),
	}
	p := NewSession(t.Context(), page, players)
	defer p.Leave()
	if !p.Handle([]byte(`{"type":"new","game":"tictactoe","engine":"alphabeta depth=1","side":0}`)) || last == nil {
		t.Fatal("the game did not start")
	}
	for moves := 0; last.Turn != play.TurnOver; moves++ {
		if moves > 9 || len(last.Moves) == 0 {
			t.Fatalf("the game is not over after %d moves, and offers %d", moves, len(last.Moves))
		}
		if !p.Handle(fmt.Appendf(nil, `{"type":"move","action":%d}`, last.Moves[0].Action)) {
			t.Fatal("the page is gone")
		}
	}
	if !freeAtOver {
		t.Error("the page was told the game is over while it still held its place")
	}
}
