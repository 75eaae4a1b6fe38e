package matches

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// Match is one match from the page, running or ended. It is safe for
// concurrent use.
type Match struct {
	id    string
	cfg   arena.Config
	start time.Time

	mu      sync.Mutex
	stats   arena.Stats
	points  []Point              // the running score after each game ended
	records map[int]arena.Record // the games ended, by index
	done    bool
	errMsg  string // why the match stopped early, if it did
	elapsed time.Duration
}

// Point is the score and its 95% interval after n games.
type Point struct {
	N     int     `json:"n"`
	Score float64 `json:"score"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// ID returns the match's id, the end of its page's address.
func (m *Match) ID() string { return m.id }

// Config returns what the match plays.
func (m *Match) Config() arena.Config { return m.cfg }

// Run plays the match under ctx, whose cause says why it stopped early,
// and notes its end; it returns why the match stopped early, if it did.
func (m *Match) Run(ctx context.Context) error {
	rep, err := arena.Run(ctx, m.cfg)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("stopped: %w", context.Cause(ctx))
	}
	m.finish(rep, err)
	return err
}

// Fail ends the match with err, if it has not ended.
func (m *Match) Fail(err error) { m.finish(nil, err) }

// progress notes a game ended: the statistics so far and, read from the
// record directory, the games that ended since the last call.
func (m *Match) progress(st arena.Stats, elapsed time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stats, m.elapsed = st, elapsed
	m.points = append(m.points, Point{N: st.Games, Score: st.Score, Low: st.Low, High: st.High})
	entries, err := os.ReadDir(m.cfg.RecordDir)
	if err != nil {
		return
	}
	for _, e := range entries {
		var i int
		if _, err := fmt.Sscanf(e.Name(), "game-%06d.json", &i); err != nil {
			continue
		}
		if _, ok := m.records[i]; ok {
			continue
		}
		if rec, err := arena.ReadRecord(filepath.Join(m.cfg.RecordDir, e.Name())); err == nil {
			m.records[i] = rec
		}
	}
}

// finish notes the match ended, with its report (nil if it has none) and
// why it stopped early.
func (m *Match) finish(rep *arena.Report, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return
	}
	m.done = true
	if err != nil {
		m.errMsg = strings.TrimPrefix(err.Error(), "arena: ")
	}
	if rep == nil {
		return
	}
	m.stats, m.elapsed = rep.Stats, rep.Elapsed
	m.records = make(map[int]arena.Record, len(rep.Records))
	for _, r := range rep.Records {
		m.records[r.Index] = r
	}
}

// Status is the match so far, as GET /arena/{id}/status sends it.
type Status struct {
	ID       string   `json:"id"`
	Game     string   `json:"game"`
	A        string   `json:"a"`
	B        string   `json:"b"`
	Seed     int64    `json:"seed"`
	Games    int      `json:"games"` // asked for
	Done     int      `json:"done"`  // ended
	Finished bool     `json:"finished"`
	Error    string   `json:"error,omitempty"`
	Wins     int      `json:"wins"`
	Draws    int      `json:"draws"`
	Losses   int      `json:"losses"`
	Score    float64  `json:"score"`
	Low      float64  `json:"score_low"`
	High     float64  `json:"score_high"`
	Elo      string   `json:"elo"` // arena.FormatElo's, such as "+120" or "-Inf"
	EloLow   string   `json:"elo_low"`
	EloHigh  string   `json:"elo_high"`
	Seconds  float64  `json:"seconds"`
	Points   []Point  `json:"points"` // the running score after each game
	List     []Listed `json:"list"`   // the games ended, by index

	ScoreText string `json:"score_text"` // "0.625 [0.41, 0.84]"
	EloText   string `json:"elo_text"`   // "+89 [-63, +284]"
}

// Listed is one ended game in a Status's list.
type Listed struct {
	Index   int    `json:"index"`
	First   string `json:"first"`   // "A" or "B"
	Outcome string `json:"outcome"` // A's: win, draw or loss
	Moves   int    `json:"moves"`
}

// Status returns the match so far, with its games' list if list.
func (m *Match) Status(list bool) Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	st := m.stats
	out := Status{
		ID: m.id, Game: m.cfg.Game, A: m.cfg.Engines[0], B: m.cfg.Engines[1], Seed: m.cfg.Seed,
		Games: m.cfg.Games, Done: st.Games, Finished: m.done, Error: m.errMsg,
		Wins: st.Wins, Draws: st.Draws, Losses: st.Losses, Score: st.Score, Low: st.Low, High: st.High,
		Elo: arena.FormatElo(st.Elo), EloLow: arena.FormatElo(st.EloLow), EloHigh: arena.FormatElo(st.EloHigh),
		Seconds: m.elapsed.Seconds(), Points: slices.Clone(m.points),
	}
	if !m.done && m.elapsed == 0 {
		out.Seconds = time.Since(m.start).Seconds()
	}
	out.ScoreText = fmt.Sprintf("%.3f [%.3f, %.3f]", st.Score, st.Low, st.High)
	out.EloText = fmt.Sprintf("%s [%s, %s]", out.Elo, out.EloLow, out.EloHigh)
	if st.Games == 0 {
		out.ScoreText, out.EloText = "—", "—"
	}
	if out.Points == nil {
		out.Points = []Point{}
	}
	out.List = []Listed{}
	if list {
		for _, i := range slices.Sorted(maps.Keys(m.records)) {
			r := m.records[i]
			out.List = append(out.List, Listed{Index: i, First: r.First, Outcome: r.Outcome, Moves: len(r.Moves)})
		}
	}
	return out
}

// Record returns game i's record, if it ended.
func (m *Match) Record(i int) (arena.Record, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.records[i]
	return r, ok
}
