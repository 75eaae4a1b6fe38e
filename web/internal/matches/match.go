package matches

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/searchviz/searchviz/arena"
)

// ErrStopped is the cause of a match stopped from its page.
var ErrStopped = errors.New("the match's Stop button was pressed")

// Match is one match from the page, running or ended. It is safe for
// concurrent use.
type Match struct {
	id    string
	cfg   arena.Config
	start time.Time
	dir   string // where the match is kept, "" in memory only
	log   *slog.Logger

	mu        sync.Mutex
	stats     arena.Stats
	verdict   *arena.Verdict       // the SPRT's state, nil without one
	points    []Point              // the running score after each game ended
	records   map[int]arena.Record // the games ended, by index, until the match is kept on disk
	list      []Listed             // the games ended, once the match's records are read from disk
	done      bool
	stopped   bool   // ended before its games were played and the SPRT decided
	errMsg    string // why the match stopped early, if it did
	elapsed   time.Duration
	cancel    context.CancelCauseFunc // stops Run, nil until it runs
	stopAsked bool                    // Stop was called before Run began
}

// Point is the score and its 95% interval after n games, and the SPRT's
// log-likelihood ratio if the match runs one.
type Point struct {
	N     int      `json:"n"`
	Score float64  `json:"score"`
	Low   float64  `json:"low"`
	High  float64  `json:"high"`
	LLR   *float64 `json:"llr,omitempty"`
}

// ID returns the match's id, the end of its page's address.
func (m *Match) ID() string { return m.id }

// Config returns what the match plays.
func (m *Match) Config() arena.Config { return m.cfg }

// Run plays the match under ctx, whose cause says why it stopped early,
// and notes its end, keeping it on disk if its hub keeps matches; it
// returns why the match stopped early, if it did.
func (m *Match) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	m.mu.Lock()
	m.cancel = cancel
	if m.stopAsked {
		cancel(ErrStopped)
	}
	m.mu.Unlock()
	rep, err := arena.Run(ctx, m.cfg)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("stopped: %w", context.Cause(ctx))
	}
	m.finish(rep, err)
	return err
}

// Stop stops the match if it has not ended: it ends with the games that
// ended, marked stopped. It reports whether the match was running.
func (m *Match) Stop() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return false
	}
	m.stopAsked = true
	if m.cancel != nil {
		m.cancel(ErrStopped)
	}
	return true
}

// Fail ends the match with err, if it has not ended.
func (m *Match) Fail(err error) { m.finish(nil, err) }

// progress notes a game ended: the statistics so far and, read from the
// record directory, the games that ended since the last call.
func (m *Match) progress(st arena.Stats, elapsed time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stats, m.elapsed = st, elapsed
	p := Point{N: st.Games, Score: st.Score, Low: st.Low, High: st.High}
	if m.cfg.SPRT != nil {
		v := m.cfg.SPRT.Test(st)
		m.verdict, p.LLR = &v, &v.LLR
	}
	m.points = append(m.points, p)
	for i, rec := range readRecords(m.cfg.RecordDir, m.records) {
		m.records[i] = rec
	}
}

// readRecords reads the records in dir that have not been read, those
// not in read; a record it cannot read yet is left for the next call.
func readRecords(dir string, read map[int]arena.Record) map[int]arena.Record {
	out := map[int]arena.Record{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, e := range entries {
		i, ok := recordIndex(e.Name())
		if !ok {
			continue
		}
		if _, ok := read[i]; ok {
			continue
		}
		if rec, err := arena.ReadRecord(filepath.Join(dir, e.Name())); err == nil {
			out[i] = rec
		}
	}
	return out
}

// recordIndex returns the index of the game whose record file is name.
func recordIndex(name string) (int, bool) {
	var i int
	if _, err := fmt.Sscanf(name, "game-%06d.json", &i); err != nil || arena.RecordFile(i) != name {
		return 0, false
	}
	return i, true
}

// finish notes the match ended, with its report (nil if it has none) and
// why it stopped early, and keeps it on disk.
func (m *Match) finish(rep *arena.Report, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return
	}
	m.done = true
	if err != nil {
		m.errMsg = strings.TrimPrefix(err.Error(), "arena: ")
		m.stopped = true
	}
	if rep != nil {
		m.stats, m.elapsed, m.verdict = rep.Stats, rep.Elapsed, rep.Verdict
		m.records = make(map[int]arena.Record, len(rep.Records))
		for _, r := range rep.Records {
			m.records[r.Index] = r
		}
	}
	if m.dir == "" {
		return
	}
	if err := m.keep(); err != nil {
		m.log.Warn("keeping an arena match on disk", "match", m.id, "err", err)
	}
}

// keep writes the ended match to its directory, removing the records of
// games its report left out (those past where the SPRT decided), and
// from then on reads its records from there; m.mu is held.
func (m *Match) keep() error {
	var errs []error
	entries, err := os.ReadDir(m.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if i, ok := recordIndex(e.Name()); ok {
			if _, counted := m.records[i]; !counted {
				errs = append(errs, os.Remove(filepath.Join(m.dir, e.Name())))
			}
		}
	}
	m.list = m.listed()
	m.records = nil
	errs = append(errs, writeSaved(m.dir, m.saved()))
	return errors.Join(errs...)
}

// Status is the match so far, as GET /arena/{id}/status sends it.
type Status struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	A        string      `json:"a"`
	B        string      `json:"b"`
	Seed     int64       `json:"seed"`
	Started  time.Time   `json:"started"`
	Games    int         `json:"games"` // asked for
	Done     int         `json:"done"`  // ended
	Finished bool        `json:"finished"`
	Stopped  bool        `json:"stopped"` // ended early: stopped, failed or cut by its time
	Error    string      `json:"error,omitempty"`
	Wins     int         `json:"wins"`
	Draws    int         `json:"draws"`
	Losses   int         `json:"losses"`
	Score    float64     `json:"score"`
	Low      float64     `json:"score_low"`
	High     float64     `json:"score_high"`
	Elo      string      `json:"elo"` // arena.FormatElo's, such as "+120" or "-Inf"
	EloLow   string      `json:"elo_low"`
	EloHigh  string      `json:"elo_high"`
	SPRT     *SPRTStatus `json:"sprt,omitempty"`
	// Pairs counts the pairs of games both ended, by A's points in the
	// two: 0, ½, 1, 1½, 2 (arena.Stats.Pairs).
	Pairs   [5]int   `json:"pairs"`
	Seconds float64  `json:"seconds"`
	Points  []Point  `json:"points"` // the running score after each game
	List    []Listed `json:"list"`   // the games ended, by index

	ScoreText string `json:"score_text"` // "0.625 [0.41, 0.84]"
	EloText   string `json:"elo_text"`   // "+89 [-63, +284]"
}

// SPRTStatus is the state of a match's sequential probability ratio test.
type SPRTStatus struct {
	Test     string         `json:"test"` // elo0,elo1,alpha,beta
	Elo0     float64        `json:"elo0"`
	Elo1     float64        `json:"elo1"`
	Alpha    float64        `json:"alpha"`
	Beta     float64        `json:"beta"`
	Pairs    bool           `json:"pairs"` // it weighs pairs of games (arena.SPRT.Pairs)
	LLR      float64        `json:"llr"`
	Lower    float64        `json:"llr_lower"`
	Upper    float64        `json:"llr_upper"`
	Decision arena.Decision `json:"decision"` // "H0", "H1" or "undecided"
	Words    string         `json:"words"`    // the decision in words
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
	return m.status(list)
}

// status is Status; m.mu is held.
func (m *Match) status(list bool) Status {
	st := m.stats
	out := Status{
		ID: m.id, Game: m.cfg.Game, A: m.cfg.Engines[0], B: m.cfg.Engines[1], Seed: m.cfg.Seed, Started: m.start,
		Games: m.cfg.Games, Done: st.Games, Finished: m.done, Stopped: m.stopped, Error: m.errMsg,
		Wins: st.Wins, Draws: st.Draws, Losses: st.Losses, Pairs: st.Pairs, Score: st.Score, Low: st.Low, High: st.High,
		Elo: arena.FormatElo(st.Elo), EloLow: arena.FormatElo(st.EloLow), EloHigh: arena.FormatElo(st.EloHigh),
		Seconds: m.elapsed.Seconds(), Points: slices.Clone(m.points),
	}
	if !m.done && m.elapsed == 0 {
		out.Seconds = time.Since(m.start).Seconds()
	}
	if t := m.cfg.SPRT; t != nil {
		v := m.verdict
		if v == nil {
			w := t.Test(st)
			v = &w
		}
		out.SPRT = &SPRTStatus{Test: t.String(), Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta, Pairs: t.Pairs,
			LLR: v.LLR, Lower: v.Lower, Upper: v.Upper, Decision: v.Decision, Words: v.Words()}
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
		out.List = m.listed()
	}
	return out
}

// listed lists the games ended; m.mu is held.
func (m *Match) listed() []Listed {
	if m.list != nil {
		return slices.Clone(m.list)
	}
	out := []Listed{}
	for _, i := range slices.Sorted(maps.Keys(m.records)) {
		r := m.records[i]
		out = append(out, Listed{Index: i, First: r.First, Outcome: r.Outcome, Moves: len(r.Moves)})
	}
	return out
}

// Record returns game i's record, if it ended and can be read.
func (m *Match) Record(i int) (arena.Record, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.list == nil {
		r, ok := m.records[i]
		return r, ok
	}
	if _, found := slices.BinarySearchFunc(m.list, i, func(l Listed, i int) int { return l.Index - i }); !found {
		return arena.Record{}, false
	}
	r, err := arena.ReadRecord(filepath.Join(m.dir, arena.RecordFile(i)))
	if err != nil {
		m.log.Warn("reading a kept game of an arena match", "match", m.id, "game", i, "err", err)
		return arena.Record{}, false
	}
	return r, true
}
