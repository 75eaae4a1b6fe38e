package matches

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/searchviz/searchviz/arena"
)

// TestHubLimits crosses the hub's limits: a match past MaxMatches running
// is refused with ErrBusy, none starts once the server stops, and past
// Kept the oldest ended matches are forgotten while running ones stay.
func TestHubLimits(t *testing.T) {
	t.Parallel()
	var (
		h       Hub
		running sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(context.Background())
	add := func(i int) (*Match, error) {
		return h.Add(ctx, &running, fmt.Sprintf("%012x", i), arena.Config{Game: "tictactoe", Games: 1})
	}
	var first []*Match
	for i := range MaxMatches {
		m, err := add(i)
		if err != nil {
			t.Fatalf("match %d of %d: %v", i+1, MaxMatches, err)
		}
		first = append(first, m)
	}
	if _, err := add(MaxMatches); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), fmt.Sprintf("%d arena matches are running", MaxMatches)) {
		t.Fatalf("match %d: %v, want ErrBusy saying %d run", MaxMatches+1, err, MaxMatches)
	}
	first[0].Fail(errors.New("ended"))
	for i := range Kept + 5 {
		m, err := add(100 + i)
		if err != nil {
			t.Fatalf("match %d after the first ended: %v", i, err)
		}
		m.Fail(errors.New("ended"))
		running.Done()
	}
	if n := len(h.Recent()); n != Kept {
		t.Errorf("the hub remembers %d matches, want %d", n, Kept)
	}
	if h.Get(first[0].ID()) != nil || h.Get(first[1].ID()) == nil {
		t.Error("the hub forgot a running match, or kept the oldest ended one past Kept")
	}
	if rec := h.Recent(); rec[0].ID() != fmt.Sprintf("%012x", 100+Kept+4) {
		t.Errorf("the newest match is %s, want first", rec[0].ID())
	}
	cancel()
	if _, err := add(999); err == nil || !strings.Contains(err.Error(), "stopping") {
		t.Errorf("a match once the server stops: %v, want it refused", err)
	}
	first[1].Fail(errors.New("ended"))
	running.Add(-MaxMatches)
}
