package arena

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"
)

// Summary is a match's report as viz arena --json prints it: one JSON
// object with these fields.
type Summary struct {
	Game     string `json:"game"`               // the game's spec
	Position string `json:"position,omitempty"` // the start position given, if any
	A        string `json:"a"`                  // engine A's algorithm spec
	B        string `json:"b"`                  // engine B's
	Seed     int64  `json:"seed"`               // the match's seed
	Games    int    `json:"games"`              // the games asked for
	Played   int    `json:"played"`             // the games that ended: fewer when the match was stopped
	Wins     int    `json:"wins"`               // A's wins
	Draws    int    `json:"draws"`
	Losses   int    `json:"losses"` // A's losses
	// Score is A's mean score and ScoreLow, ScoreHigh its 95% interval;
	// Elo, EloLow and EloHigh the same as Elo differences, a number or,
	// at a score of 0 or 1, the string "-Inf" or "+Inf" (see Stats).
	Score     float64  `json:"score"`
	ScoreLow  float64  `json:"score_low"`
	ScoreHigh float64  `json:"score_high"`
	Elo       JSONElo  `json:"elo"`
	EloLow    JSONElo  `json:"elo_low"`
	EloHigh   JSONElo  `json:"elo_high"`
	TimeA     JSONTime `json:"time_a"` // A's time per move
	TimeB     JSONTime `json:"time_b"` // B's
	// Seconds is the match's wall-clock time and GamesPerSecond the
	// games played per second of it.
	Seconds        float64 `json:"seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
	// SPRT is the sequential probability ratio test's state, when the
	// match ran one.
	SPRT *SPRTSummary `json:"sprt,omitempty"`
	// Pairs counts the pairs of games both played, 2k and 2k+1, by A's
	// points in the two: 0, ½, 1, 1½ and 2 (Stats.Pairs).
	Pairs [5]int `json:"pairs"`
}

// SPRTSummary is a test's state in a Summary: the test, the
// log-likelihood ratio with its bounds, and the decision, "H0", "H1" or
// "undecided".
type SPRTSummary struct {
	Elo0     float64  `json:"elo0"`
	Elo1     float64  `json:"elo1"`
	Alpha    float64  `json:"alpha"`
	Beta     float64  `json:"beta"`
	Pairs    bool     `json:"pairs"` // the test weighs pairs of games (SPRT.Pairs)
	LLR      float64  `json:"llr"`
	Lower    float64  `json:"llr_lower"`
	Upper    float64  `json:"llr_upper"`
	Decision Decision `json:"decision"`
}

// JSONElo is an Elo difference in JSON: a number, or the string "+Inf" or
// "-Inf", which JSON numbers cannot say.
type JSONElo float64

// MarshalJSON writes e as a number or as "+Inf" or "-Inf".
func (e JSONElo) MarshalJSON() ([]byte, error) {
	switch {
	case math.IsInf(float64(e), 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(float64(e), -1):
		return []byte(`"-Inf"`), nil
	}
	return strconv.AppendFloat(nil, float64(e), 'f', 1, 64), nil
}

// UnmarshalJSON reads a number, "+Inf" or "-Inf".
func (e *JSONElo) UnmarshalJSON(data []byte) error {
	switch string(data) {
	case `"+Inf"`:
		*e = JSONElo(math.Inf(1))
		return nil
	case `"-Inf"`:
		*e = JSONElo(math.Inf(-1))
		return nil
	}
	f, err := strconv.ParseFloat(string(data), 64)
	if err != nil {
		return fmt.Errorf("arena: an Elo difference of %s, want a number, \"+Inf\" or \"-Inf\"", data)
	}
	*e = JSONElo(f)
	return nil
}

// JSONTime is one engine's time per move in JSON, in milliseconds.
type JSONTime struct {
	Moves  int     `json:"moves"`   // the moves it chose
	MeanMS float64 `json:"mean_ms"` // their mean time
	MaxMS  float64 `json:"max_ms"`  // the longest
	// Fallbacks are the moves its search finished no move for, so that it
	// played its first legal move (see Turn.Fallback).
	Fallbacks int `json:"fallbacks,omitempty"`
}

// Summary returns the report's summary.
func (r *Report) Summary() Summary {
	st := r.Stats
	ms := func(t Times) JSONTime {
		return JSONTime{Moves: t.Moves, MeanMS: millis(t.Mean), MaxMS: millis(t.Max), Fallbacks: t.Fallbacks}
	}
	s := Summary{
		Game: r.Config.Game, Position: r.Config.Position, A: r.Config.Engines[A], B: r.Config.Engines[B],
		Seed: r.Config.Seed, Games: r.Config.Games, Played: len(r.Records),
		Wins: st.Wins, Draws: st.Draws, Losses: st.Losses,
		Score: st.Score, ScoreLow: st.Low, ScoreHigh: st.High,
		Elo: JSONElo(st.Elo), EloLow: JSONElo(st.EloLow), EloHigh: JSONElo(st.EloHigh),
		TimeA: ms(r.Times[A]), TimeB: ms(r.Times[B]), Pairs: st.Pairs,
		Seconds: r.Elapsed.Seconds(), GamesPerSecond: r.GamesPerSecond(),
	}
	if v := r.Verdict; v != nil {
		s.SPRT = &SPRTSummary{Elo0: v.SPRT.Elo0, Elo1: v.SPRT.Elo1, Alpha: v.SPRT.Alpha, Beta: v.SPRT.Beta, Pairs: v.SPRT.Pairs, LLR: v.LLR, Lower: v.Lower, Upper: v.Upper, Decision: v.Decision}
	}
	return s
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// WriteTable writes the report as a table for people: the engines, A's
// wins, draws and losses, score and Elo with their 95% intervals, the
// SPRT's log-likelihood ratio, bounds and decision if it ran one, each
// engine's time per move, and the games per second.
func (r *Report) WriteTable(w io.Writer) error {
	bw := bufio.NewWriter(w)
	s := r.Summary()
	fmt.Fprintf(bw, "%s: %d of %d games, seed %d\n", s.Game, s.Played, s.Games, s.Seed)
	fmt.Fprintf(bw, "  A  %s\n  B  %s\n\n", s.A, s.B)
	fmt.Fprintf(bw, "  %-8s %6s %6s %6s   %-24s %s\n", "", "wins", "draws", "losses", "score (95%)", "Elo (95%)")
	fmt.Fprintf(bw, "  %-8s %6d %6d %6d   %.3f [%.3f, %.3f]    %s [%s, %s]\n\n", "A vs B", s.Wins, s.Draws, s.Losses,
		s.Score, s.ScoreLow, s.ScoreHigh, FormatElo(r.Stats.Elo), FormatElo(r.Stats.EloLow), FormatElo(r.Stats.EloHigh))
	if v := r.Verdict; v != nil {
		of := "games"
		if v.SPRT.Pairs {
			p := r.Stats.Pairs
			of = "pairs of games"
			fmt.Fprintf(bw, "  %-8s A's points in a pair  0: %d  ½: %d  1: %d  1½: %d  2: %d\n", "pairs", p[0], p[1], p[2], p[3], p[4])
		}
		fmt.Fprintf(bw, "  %-8s H0 Elo %s, H1 Elo %s, alpha %g, beta %g, of %s\n", "SPRT", FormatElo(v.SPRT.Elo0), FormatElo(v.SPRT.Elo1), v.SPRT.Alpha, v.SPRT.Beta, of)
		fmt.Fprintf(bw, "  %-8s LLR %.2f [%.2f, %.2f]: %s\n\n", "", v.LLR, v.Lower, v.Upper, v.Words())
	}
	fmt.Fprintf(bw, "  %-8s %6s %12s %12s\n", "time", "moves", "mean/move", "max/move")
	for e, t := range r.Times {
		fmt.Fprintf(bw, "  %-8s %6d %12v %12v\n", engineNames[e], t.Moves, t.Mean.Round(time.Microsecond), t.Max.Round(time.Microsecond))
	}
	for e, t := range r.Times {
		if t.Fallbacks > 0 {
			fmt.Fprintf(bw, "\n  %s's node budget ran out before it searched any move to the end in %d of its %d moves, where it played its first legal move: lower its depth= or raise its nodes=\n", engineNames[e], t.Fallbacks, t.Moves)
		}
	}
	fmt.Fprintf(bw, "\n  %.1f games/s in %v\n", s.GamesPerSecond, r.Elapsed.Round(time.Millisecond))
	return bw.Flush()
}

// FormatElo writes an Elo difference with a sign and no decimals, or as
// +Inf or -Inf.
func FormatElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+Inf"
	case math.IsInf(e, -1):
		return "-Inf"
	}
	return fmt.Sprintf("%+.0f", e)
}
