package matches

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// open opens a hub on dir, failing t if it cannot.
func open(t *testing.T, dir string) *Hub {
	t.Helper()
	h, err := OpenHub(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// playMatch adds the match cfg of id to h and plays it to its end.
func playMatch(t *testing.T, h *Hub, id string, cfg arena.Config) (*Match, error) {
	t.Helper()
	var running sync.WaitGroup
	m, err := h.Add(context.Background(), &running, id, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer running.Done()
	return m, m.Run(context.Background())
}

// recordFiles lists the games' records in dir.
func recordFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "game-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestHubKeepsMatches plays matches on a hub that keeps them on disk, and
// opens a second hub on the same directory, as a server started again
// does: it lists the same matches with the same results, and gives the
// same records; a match's kept records are those its results count.
func TestHubKeepsMatches(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := open(t, dir)
	cfg := arena.Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "pmc playouts=10"}, Games: 4, Seed: 3, Parallel: 1}
	full, err := playMatch(t, h, "full", cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Perfect play never loses to PMC, which does not always draw: the
	// test of 0 against +50 Elo accepts H1, long before 200 games.
	cfg.Games, cfg.Parallel, cfg.SPRT = 200, 2, &arena.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	sprt, err := playMatch(t, h, "sprt", cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := sprt.Status(true)
	if st.SPRT == nil || st.SPRT.Decision != arena.AcceptedH1 || st.Done >= 200 || st.Stopped || st.SPRT.LLR < st.SPRT.Upper {
		t.Fatalf("the SPRT's match: %+v, want H1 accepted before game 200, not stopped", st.SPRT)
	}
	if files := recordFiles(t, filepath.Join(dir, "sprt")); len(files) != st.Done {
		t.Errorf("%d records kept of the SPRT's match, want the %d games it counted", len(files), st.Done)
	}

	again := open(t, dir)
	if ids := ids(again.Recent()); !slices.Equal(ids, []string{"sprt", "full"}) {
		t.Fatalf("the hub opened again lists %v, want the two matches, newest first", ids)
	}
	for _, m := range []*Match{full, sprt} {
		was, is := m.Status(true), again.Get(m.ID()).Status(true)
		is.Seconds, was.Seconds = 0, 0
		if !reflect.DeepEqual(was, is) {
			t.Errorf("match %s read again:\n%+v\nwant\n%+v", m.ID(), is, was)
		}
		for _, g := range was.List {
			a, okA := m.Record(g.Index)
			b, okB := again.Get(m.ID()).Record(g.Index)
			if !okA || !okB || !reflect.DeepEqual(a, b) {
				t.Errorf("match %s game %d: records differ, or are missing (%v, %v)", m.ID(), g.Index, okA, okB)
			}
		}
	}
	if _, ok := again.Get("full").Record(cfg.Games + 1); ok {
		t.Error("a game the match never played has a record")
	}
}

func ids(ms []*Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID())
	}
	return out
}

// TestStop stops matches: one before it begins plays no game, one while
// it plays keeps the games that ended; both are marked stopped, saying
// by whom, and stay so when read again.
func TestStop(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := open(t, dir)
	cfg := arena.Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "mcts playouts=1000"}, Games: 200, Parallel: 1}
	var running sync.WaitGroup
	before, err := h.Add(context.Background(), &running, "before", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !before.Stop() {
		t.Error("Stop reported a match not yet begun as ended")
	}
	err = before.Run(context.Background())
	running.Done()
	if !errors.Is(err, ErrStopped) || before.Status(false).Done != 0 {
		t.Errorf("a match stopped before it began: %v, %d games; want ErrStopped and none", err, before.Status(false).Done)
	}
	during, err := h.Add(context.Background(), &running, "during", cfg)
	if err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() {
		defer running.Done()
		ended <- during.Run(context.Background())
	}()
	for during.Status(false).Done == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	during.Stop()
	if err := <-ended; !errors.Is(err, ErrStopped) {
		t.Errorf("a match stopped while it played: %v, want ErrStopped", err)
	}
	if during.Stop() {
		t.Error("Stop reported an ended match as running")
	}
	again := open(t, dir)
	for _, m := range []*Match{before, during} {
		st := again.Get(m.ID()).Status(true)
		if !st.Finished || !st.Stopped || st.Error != "stopped: "+ErrStopped.Error() || st.Done == cfg.Games || len(st.List) != st.Done {
			t.Errorf("match %s read again: finished %v, stopped %v, %q, %d games listed of %d ended", m.ID(), st.Finished, st.Stopped, st.Error, len(st.List), st.Done)
		}
	}
}

// TestHubEndsMatchesCutShort opens a hub on a match whose server went
// away while it played, its description written at its start and one
// game's record since: it is listed, ended with that game, and says the
// server stopped it. A directory that is not a match's is left out.
func TestHubEndsMatchesCutShort(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := open(t, dir)
	cfg := arena.Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "pmc playouts=10"}, Games: 1}
	done, err := playMatch(t, h, "done", cfg)
	if err != nil {
		t.Fatal(err)
	}
	var running sync.WaitGroup
	cut, err := h.Add(context.Background(), &running, "cut", arena.Config{Game: "tictactoe", Engines: cfg.Engines, Games: 10})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "done", arena.RecordFile(0)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cut", arena.RecordFile(0)), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "junk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "junk", savedFile), []byte(`{"format":"other"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	again := open(t, dir)
	if got := ids(again.Recent()); !slices.Equal(got, []string{"cut", "done"}) {
		t.Fatalf("the hub opened again lists %v, want cut and done", got)
	}
	st := again.Get(cut.ID()).Status(true)
	want := done.Status(false)
	if !st.Finished || !st.Stopped || !strings.Contains(st.Error, "the server stopped before the match ended") || st.Done != 1 || st.Wins != want.Wins || st.Draws != want.Draws || len(st.List) != 1 {
		t.Errorf("the match cut short: %+v, want ended with its one game, %d wins and %d draws, stopped by the server", st, want.Wins, want.Draws)
	}
	if rec, ok := again.Get(cut.ID()).Record(0); !ok || rec.Index != 0 {
		t.Error("the match cut short has no record of its game")
	}
	running.Done()
}

// TestHubKeepsAtMostKept crosses Kept on disk: past it the oldest ended
// matches' directories are removed, and a hub opened again lists the
// newest Kept; a hub opened on more than Kept removes the oldest.
func TestHubKeepsAtMostKept(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := open(t, dir)
	var running sync.WaitGroup
	for i := range Kept + 3 {
		m, err := h.Add(context.Background(), &running, fmt.Sprintf("m%03d", i), arena.Config{Game: "tictactoe", Games: 1})
		if err != nil {
			t.Fatal(err)
		}
		m.Fail(errors.New("ended"))
		running.Done()
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != Kept || entries[0].Name() != "m003" {
		t.Errorf("%d matches kept on disk, the oldest %s; want %d, from m003", len(entries), entries[0].Name(), Kept)
	}
	again := open(t, dir)
	if got := ids(again.Recent()); len(got) != Kept || got[0] != fmt.Sprintf("m%03d", Kept+2) || got[Kept-1] != "m003" {
		t.Errorf("the hub opened again lists %d matches, %v, want m%03d to m003", len(got), got, Kept+2)
	}
	// Two more kept matches, as another server's version might have left
	// them, one older than all and one newer: a hub opened on them keeps
	// the newest Kept, removing m003 and the older one.
	s, err := readSaved(filepath.Join(dir, "m003"))
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range []struct {
		id  string
		age time.Duration
	}{{"old", time.Hour}, {"new", -time.Hour}} {
		e := s
		e.Status.ID, e.Status.Started = extra.id, s.Status.Started.Add(-extra.age)
		if err := os.Mkdir(filepath.Join(dir, extra.id), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := writeSaved(filepath.Join(dir, extra.id), e); err != nil {
			t.Fatal(err)
		}
	}
	got := ids(open(t, dir).Recent())
	if len(got) != Kept || got[0] != "new" || got[Kept-1] != "m004" {
		t.Errorf("the hub opened on %d matches lists %d: %v; want new, then m%03d to m004", Kept+2, len(got), got, Kept+2)
	}
	for _, gone := range []string{"old", "m003"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("match %s is still on disk: %v", gone, err)
		}
	}
}

// TestHubReadsDescriptionsUpToMaxSavedBytes crosses MaxSavedBytes: a
// kept match whose description, padded with spaces, is MaxSavedBytes long
// is listed; one byte more and it is left out.
func TestHubReadsDescriptionsUpToMaxSavedBytes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := playMatch(t, open(t, dir), "m", arena.Config{Game: "tictactoe", Engines: [2]string{"pmc playouts=1", "pmc playouts=1"}, Games: 1}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "m", savedFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		size   int
		listed bool
	}{{MaxSavedBytes, true}, {MaxSavedBytes + 1, false}} {
		padded := append(slices.Clone(data), []byte(strings.Repeat(" ", tt.size-len(data)))...)
		if err := os.WriteFile(path, padded, 0o644); err != nil {
			t.Fatal(err)
		}
		if listed := open(t, dir).Get("m") != nil; listed != tt.listed {
			t.Errorf("a description of %d bytes: listed %v, want %v", tt.size, listed, tt.listed)
		}
	}
}
