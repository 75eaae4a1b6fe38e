package play

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/searchviz/searchviz/catalog"
)

// The record format's name and version, written in every record.
const (
	RecordFormat  = "searchviz-play-game"
	RecordVersion = 1
)

// Record is a game written down: what it was played with and its moves
// by their labels, so that Open plays it again to the same position.
type Record struct {
	Format  string `json:"format"`  // RecordFormat
	Version int    `json:"version"` // RecordVersion
	Game    string `json:"game"`
	Engine  string `json:"engine"`
	Person  int    `json:"person"`
	Seed    int64  `json:"seed"`
	Plies   []Ply  `json:"plies"`
}

// Record returns the game written down.
func (g *Game) Record() Record {
	return Record{
		Format: RecordFormat, Version: RecordVersion,
		Game: g.cfg.Game, Engine: g.cfg.Engine, Person: g.cfg.Person, Seed: g.cfg.Seed,
		Plies: slices.Clone(g.plies),
	}
}

// ReadRecord reads a record from its JSON, checking its format and
// version; Open checks its moves.
func ReadRecord(data []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("reading a game record: %w", err)
	}
	if r.Format != RecordFormat || r.Version != RecordVersion {
		return Record{}, fmt.Errorf("reading a game record: format %q version %d is not a game record (want %q version %d)", r.Format, r.Version, RecordFormat, RecordVersion)
	}
	return r, nil
}

// Open plays a record's moves again from the start and returns the game
// at its last position, to go on with. Each move must be legal where it is
// played and, in a game with chance, the outcome the seed draws must be
// the one recorded; the engine's moves are played as recorded, not
// searched again.
func Open(ctx context.Context, r Record) (*Game, error) {
	if len(r.Plies) > MaxPlies {
		return nil, fmt.Errorf("play: the record has %d moves, more than the %d a game may have", len(r.Plies), MaxPlies)
	}
	g, err := New(Config{Game: r.Game, Engine: r.Engine, Person: r.Person, Seed: r.Seed})
	if err != nil {
		return nil, err
	}
	for k, p := range r.Plies {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		movers := g.match.Movers()
		if !slices.Equal(movers, p.Sides) || len(p.Labels) != len(movers) {
			return nil, fmt.Errorf("play: move %d of the record is by sides %v with %d labels, but sides %v are to move", k+1, p.Sides, len(p.Labels), movers)
		}
		actions := make([]int, len(movers))
		for i, side := range movers {
			moves := g.match.Moves(side)
			j := slices.IndexFunc(moves, func(m catalog.Move) bool { return m.Label == p.Labels[i] })
			if j < 0 {
				return nil, fmt.Errorf("play: move %d of the record, %q, is not legal in %s (legal: %s)", k+1, p.Labels[i], g.match.Position(), labels(moves))
			}
			actions[i] = moves[j].Action
		}
		if err := g.play(movers, actions, p.Engine); err != nil {
			return nil, fmt.Errorf("play: move %d of the record: %w", k+1, err)
		}
		if got := g.plies[k].Chance; got != p.Chance {
			return nil, fmt.Errorf("play: after move %d of the record chance gave %q, but seed %d gives %q there", k+1, p.Chance, r.Seed, got)
		}
	}
	return g, nil
}
