package arena

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Stats summarises a match's results from engine A's point of view.
//
// A game scores 1 for a win, 0.5 for a draw and 0 for a loss. Score is
// the mean of the N games' scores, (W + D/2)/N. Its 95% confidence
// interval [Low, High] is the normal approximation on the scores' sample
// variance (a trinomial, not a binomial: draws count half):
//
//	s² = (W(1-Score)² + D(0.5-Score)² + L·Score²) / (N-1)
//	Low, High = Score ∓ 1.96·s/√N, clipped to [0, 1]
//
// With one game the variance is unknown and the interval is [0, 1]; with
// no variance (every game the same result) it is the score itself, the
// approximation saying nothing more. Elo is the rating difference that
// predicts Score, 400·log10(Score/(1-Score)), and EloLow and EloHigh the
// same of Low and High: -Inf at a score of 0, +Inf at 1. With no games
// every field is 0 but the interval, [0, 1], and its Elo, ±Inf.
type Stats struct {
	Games  int // N, the games counted
	Wins   int // W, A's wins
	Draws  int // D
	Losses int // L, A's losses
	// Pairs counts the pairs of games 2k and 2k+1 both counted, by the
	// points A took in the two: 0, ½, 1, 1½ or 2. Run counts them; Tally
	// and Count, which know no pairs, leave them 0 (see CountPairs).
	Pairs [5]int

	Score, Low, High     float64
	Elo, EloLow, EloHigh float64
}

// Tally returns the statistics of W wins, D draws and L losses.
func Tally(wins, draws, losses int) Stats {
	st := Stats{Games: wins + draws + losses, Wins: wins, Draws: draws, Losses: losses, Low: 0, High: 1}
	if st.Games > 0 {
		n := float64(st.Games)
		st.Score = (float64(wins) + float64(draws)/2) / n
		if st.Games > 1 {
			p := st.Score
			v := (float64(wins)*(1-p)*(1-p) + float64(draws)*(0.5-p)*(0.5-p) + float64(losses)*p*p) / (n - 1)
			margin := z95 * math.Sqrt(v/n)
			st.Low, st.High = max(0, p-margin), min(1, p+margin)
		}
		st.Elo = Elo(st.Score)
	}
	st.EloLow, st.EloHigh = Elo(st.Low), Elo(st.High)
	return st
}

// Count returns the statistics of games scored 1 (a win), 0.5 (a draw)
// or 0 (a loss); other values count as the nearest of those.
func Count(scores []float64) Stats {
	var n [3]int
	for _, s := range scores {
		n[outcome(s)]++
	}
	return Tally(n[0], n[1], n[2])
}

// CountPairs returns the statistics of games by their indices, as
// Count's, with the pairs of games 2k and 2k+1 that are both there
// counted in Pairs.
func CountPairs(scores map[int]float64) Stats {
	var all []float64
	var pairs [5]int
	for i, s := range scores {
		all = append(all, s)
		if partner, ok := scores[i+1]; ok && i%2 == 0 {
			pairs[points(s)+points(partner)]++
		}
	}
	st := Count(all)
	st.Pairs = pairs
	return st
}

// points returns twice A's points of a game's score: 2 for a win, 1 for
// a draw, 0 for a loss.
func points(score float64) int { return 2 - outcome(score) }

// outcome is the index of a game's score among a win (0), a draw (1) and
// a loss (2): the nearest.
func outcome(score float64) int {
	switch {
	case score > 0.75:
		return 0
	case score < 0.25:
		return 2
	}
	return 1
}

// Margin returns the half width of the score's interval, (High-Low)/2.
func (s Stats) Margin() float64 { return (s.High - s.Low) / 2 }

// Elo returns the Elo rating difference whose expected score is score:
// 400·log10(score/(1-score)), -Inf at 0 and +Inf at 1.
func Elo(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(score/(1-score))
}
