package arena

import (
	"encoding/json"
	"fmt"
	"os"
)

// The record format's name and version, written in every record.
const (
	RecordFormat  = "searchviz-arena-game"
	RecordVersion = 1
)

// Record is one game of a match as viz arena --record writes it, one JSON
// file per game (see RecordFile), so that any move's search can be run
// again exactly: move k's turn t is the search
//
//	viz run --game GAME --position MOVES[k].POSITION --algo TURNS[t].ALGO --seed TURNS[t].SEED
//
// with GAME the record's game, which chooses the action TURNS[t].ACTION
// (labelled TURNS[t].LABEL), and with --out FILE records its trace. In a
// game where both players move at once, the search of side 1's turn
// chooses side 1's action as its player 1's most visited action, which
// the trace's last note names; the move viz run prints is side 0's.
type Record struct {
	Format  string `json:"format"`  // RecordFormat
	Version int    `json:"version"` // RecordVersion
	Game    string `json:"game"`    // the game's spec
	Index   int    `json:"index"`   // the game's index in the match, from 0
	Start   string `json:"start"`   // the start position's text
	// Seed is the game's seed, which made a generated board and draws
	// chance's outcomes; games 2k and 2k+1 share it (see Seed).
	Seed    int64   `json:"seed"`
	A       string  `json:"a"`     // engine A's algorithm spec
	B       string  `json:"b"`     // engine B's
	First   string  `json:"first"` // "A" or "B": the engine playing side 0, which moves first
	Moves   []Move  `json:"moves"`
	End     string  `json:"end"`     // the final position's text
	Result  float64 `json:"result"`  // A's score: 1 win, 0.5 draw, 0 loss
	Outcome string  `json:"outcome"` // A's result in words: "win", "draw" or "loss"
}

// Move is one move of a game: one turn for a game whose players take
// turns, two (side 0's then side 1's) where they move at once, and in a
// game with chance, the outcome that followed.
type Move struct {
	Ply      int    `json:"ply"`      // the move's index in the game, from 0
	Position string `json:"position"` // the position's text before the move, which the engines saw
	Turns    []Turn `json:"turns"`
	// Chance is the index of the chance outcome drawn after the move,
	// -1 in a game without chance; ChanceLabel names it.
	Chance      int    `json:"chance"`
	ChanceLabel string `json:"chance_label,omitempty"`
}

// Turn is one engine's choice in a move.
type Turn struct {
	Engine string `json:"engine"` // "A" or "B"
	Side   int    `json:"side"`   // the side it moved for, 0 or 1
	Algo   string `json:"algo"`   // its algorithm's spec
	Seed   int64  `json:"seed"`   // the search's seed (see Seed)
	Action int    `json:"action"` // the action chosen
	Label  string `json:"label"`  // its label
	Nanos  int64  `json:"ns"`     // the time the engine took, in nanoseconds
	// Fallback says the engine's search stopped at its node budget before
	// it searched any move to the end, and it played its first legal move.
	Fallback bool `json:"fallback,omitempty"`
}

// RecordFile is the name of game i's record in a record directory, e.g.
// game-000042.json.
func RecordFile(i int) string { return fmt.Sprintf("game-%06d.json", i) }

// ReadRecord reads a record file, refusing other formats and versions.
func ReadRecord(path string) (Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Record{}, err
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("arena: %s: %w", path, err)
	}
	if r.Format != RecordFormat || r.Version != RecordVersion {
		return Record{}, fmt.Errorf("arena: %s is not a game record of version %d (format %q, version %d)", path, RecordVersion, r.Format, r.Version)
	}
	return r, nil
}

// MaxSeed is the largest seed Seed derives: the algorithms' seed=
// parameter takes 0..2³¹-1.
const MaxSeed = 1<<31 - 1

// Seed derives a seed from the match's seed, a game (or, for a game's
// own seed, a pair of games) and a stream within it:
//
//	Seed = splitmix64(splitmix64(splitmix64(seed) + game) + stream) mod 2³¹
//
// with splitmix64(x) the finaliser of SplitMix64 applied to
// x + 0x9e3779b97f4a7c15 (arithmetic mod 2⁶⁴). Game i's own seed is
// Seed(seed, i/2, 0), so games 2k and 2k+1 play the same generated board
// and chance's same draws with the engines' sides swapped; the search of
// the engine moving side s at move k of game i has seed
// Seed(seed, i, 1+2k+s).
func Seed(seed int64, game, stream int) int64 {
	return int64(splitmix64(splitmix64(splitmix64(uint64(seed))+uint64(game))+uint64(stream)) & MaxSeed)
}

// splitmix64 is the output function of SplitMix64 of state x.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
