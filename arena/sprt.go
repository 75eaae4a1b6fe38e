package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
)

// Limits of a sequential probability ratio test.
const (
	// MaxSPRTElo bounds the Elo differences a test compares, ±1000: a
	// score of 0.997, past which a match has nothing left to measure.
	MaxSPRTElo = 1000
	// MaxSPRTError bounds the error rates alpha and beta: a test wrong
	// more often than not decides nothing.
	MaxSPRTError = 0.5
)

// regularise is the count a result never seen is given when the test
// weighs a match, so that a match of wins alone still has a likelihood
// under every hypothesis: a thousandth of a game, as fishtest does.
const regularise = 1e-3

// SPRT is a sequential probability ratio test of a match, the way
// engine testers (fishtest, cutechess-cli) decide whether a change made
// an engine stronger: H0 says engine A is Elo0 stronger than B, H1 that
// it is Elo1 stronger (Elo0 < Elo1), and the match stops as soon as the
// games played favour one so strongly that deciding for it is wrong with
// probability at most Alpha (deciding H1 when H0 holds) or Beta
// (deciding H0 when H1 holds).
//
// It is the generalised SPRT on the trinomial of A's wins, draws and
// losses, or with Pairs on the pentanomial of A's points in pairs of
// games, with Elo differences in the logistic model, the one Stats uses: an Elo difference e stands for the expected score
// s(e) = 1/(1 + 10^(-e/400)). Its log-likelihood ratio (see LLR) is
// compared with Wald's bounds: at or below log(Beta/(1-Alpha)) H0 is
// accepted, at or above log((1-Beta)/Alpha) H1 is.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// Pairs weighs the pairs of games (2k, 2k+1), which play the same
	// board and chance with the sides swapped, as fishtest weighs its
	// openings' pairs: the pentanomial of the points A took in a pair
	// (see LLRPairs), not the trinomial of single games. A pair's games
	// are not independent (a side's advantage shows in both), and the
	// pentanomial sees their variance as it is.
	Pairs bool `json:"pairs,omitempty"`
}

// SPRTUsage says what a test's text holds, for messages.
const SPRTUsage = "elo0,elo1,alpha,beta, such as 0,10,0.05,0.05: Elo differences elo0 < elo1 within ±1000, and error rates alpha and beta above 0 and at most 0.5"

// ParseSPRT reads a test written elo0,elo1,alpha,beta, as viz arena's
// --sprt takes it, and checks it.
func ParseSPRT(text string) (SPRT, error) {
	fields := strings.Split(text, ",")
	if len(fields) != 4 {
		return SPRT{}, fmt.Errorf("arena: the SPRT %q has %d values, want 4: %s", text, len(fields), SPRTUsage)
	}
	var v [4]float64
	for i, f := range fields {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return SPRT{}, fmt.Errorf("arena: the SPRT %q: %q is not a number; want %s", text, strings.TrimSpace(f), SPRTUsage)
		}
		v[i] = x
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	if err := t.Check(); err != nil {
		return SPRT{}, err
	}
	return t, nil
}

// String writes t as ParseSPRT reads it.
func (t SPRT) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return f(t.Elo0) + "," + f(t.Elo1) + "," + f(t.Alpha) + "," + f(t.Beta)
}

// Check says what is wrong with t, if anything.
func (t SPRT) Check() error {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case !finite(t.Elo0) || !finite(t.Elo1) || math.Abs(t.Elo0) > MaxSPRTElo || math.Abs(t.Elo1) > MaxSPRTElo:
		return fmt.Errorf("arena: the SPRT's Elo differences %v and %v must be within ±%d", t.Elo0, t.Elo1, MaxSPRTElo)
	case t.Elo0 >= t.Elo1:
		return fmt.Errorf("arena: the SPRT's elo0 (%v) must be below its elo1 (%v): H0 says A is elo0 stronger, H1 elo1", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha <= MaxSPRTError) || !(t.Beta > 0 && t.Beta <= MaxSPRTError):
		return fmt.Errorf("arena: the SPRT's error rates alpha (%v) and beta (%v) must be above 0 and at most %v, such as 0.05", t.Alpha, t.Beta, MaxSPRTError)
	}
	return nil
}

// Bounds returns Wald's bounds of the log-likelihood ratio: at or below
// lower the test accepts H0, at or above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decision is what a test decided.
type Decision string

// The decisions of a test.
const (
	Undecided  Decision = "undecided" // the LLR is between the bounds
	AcceptedH0 Decision = "H0"        // A is not elo1 stronger, at the test's error rates
	AcceptedH1 Decision = "H1"        // A is not only elo0 stronger
)

// Accepted says the decision in two words: "H0 accepted", "H1
// accepted" or "undecided".
func (d Decision) Accepted() string {
	if d == AcceptedH0 || d == AcceptedH1 {
		return string(d) + " accepted"
	}
	return string(Undecided)
}

// Verdict is a test's state after some games.
type Verdict struct {
	SPRT         SPRT     // the test
	LLR          float64  // the log-likelihood ratio of H1 against H0
	Lower, Upper float64  // the bounds (see SPRT.Bounds)
	Decision     Decision // where LLR stands against them
}

// AcceptedIn is Accepted in the language l, for a page.
func (d Decision) AcceptedIn(l explain.Lang) string {
	switch d {
	case AcceptedH0:
		return l.T("H0 accepted")
	case AcceptedH1:
		return l.T("H1 accepted")
	}
	return l.T("undecided")
}

// WordsIn says the decision in words in the language l, for a page.
func (v Verdict) WordsIn(l explain.Lang) string {
	switch v.Decision {
	case AcceptedH0:
		return l.F("H0 accepted: the games favour Elo %s over %s", FormatElo(v.SPRT.Elo0), FormatElo(v.SPRT.Elo1))
	case AcceptedH1:
		return l.F("H1 accepted: the games favour Elo %s over %s", FormatElo(v.SPRT.Elo1), FormatElo(v.SPRT.Elo0))
	}
	return l.T("undecided")
}

// Words says the decision in words.
func (v Verdict) Words() string {
	switch v.Decision {
	case AcceptedH0:
		return fmt.Sprintf("H0 accepted: the games favour Elo %s over %s", FormatElo(v.SPRT.Elo0), FormatElo(v.SPRT.Elo1))
	case AcceptedH1:
		return fmt.Sprintf("H1 accepted: the games favour Elo %s over %s", FormatElo(v.SPRT.Elo1), FormatElo(v.SPRT.Elo0))
	}
	return "undecided"
}

// Test weighs the games st counts, or with Pairs its pairs; with none it
// is undecided.
func (t SPRT) Test(st Stats) Verdict {
	v := Verdict{SPRT: t}
	counted := st.Games
	if t.Pairs {
		v.LLR, counted = t.LLRPairs(st.Pairs), st.Pairs[0]+st.Pairs[1]+st.Pairs[2]+st.Pairs[3]+st.Pairs[4]
	} else {
		v.LLR = t.LLR(st.Wins, st.Draws, st.Losses)
	}
	v.Lower, v.Upper = t.Bounds()
	switch {
	case counted == 0:
		v.Decision = Undecided // bounds of 0, at alpha = beta = 0.5, decide nothing before a game
	case v.LLR >= v.Upper:
		v.Decision = AcceptedH1
	case v.LLR <= v.Lower:
		v.Decision = AcceptedH0
	default:
		v.Decision = Undecided
	}
	return v
}

// EloScore returns the expected score of an Elo difference e in the
// logistic model, 1/(1 + 10^(-e/400)): the inverse of Elo.
func EloScore(e float64) float64 { return 1 / (1 + math.Pow(10, -e/400)) }

// LLR returns the log-likelihood ratio of H1 against H0 after W wins, D
// draws and L losses, the generalised SPRT's: each hypothesis, that A's
// expected score is s0 = EloScore(Elo0) or s1 = EloScore(Elo1), is
// given the trinomial that is likeliest to have played the games among
// those of its expected score, and the ratio is of their likelihoods:
//
//	LLR = N·(KL(p̂‖q0) − KL(p̂‖q1))
//
// with p̂ the games' frequencies of a win, a draw and a loss (a result
// never seen counted as a thousandth of a game), N the games so
// counted, and qk the trinomial of expected score sk nearest p̂ in
// Kullback–Leibler divergence (see nearest). With no games it is 0.
func (t SPRT) LLR(wins, draws, losses int) float64 {
	return t.llr([]int{wins, draws, losses}, trinomialScores)
}

// LLRPairs returns the log-likelihood ratio of H1 against H0 after the
// pairs of games of a Stats.Pairs, as LLR does for games: the pentanomial
// of a pair's mean score, 0, ¼, ½, ¾ or 1, stands for the trinomial, each
// pair being one draw from it, and s0 and s1 are the expected means.
func (t SPRT) LLRPairs(pairs [5]int) float64 {
	return t.llr(pairs[:], pentanomialScores)
}

// The scores of the outcomes LLR and LLRPairs count: a win, a draw and a
// loss; a pair's mean score, by the points A took in it.
var (
	trinomialScores   = []float64{1, 0.5, 0}
	pentanomialScores = []float64{0, 0.25, 0.5, 0.75, 1}
)

// llr returns N·(KL(p̂‖q0) − KL(p̂‖q1)) for counts of outcomes scored
// scores, which run from 0 to 1.
func (t SPRT) llr(counts []int, scores []float64) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return 0
	}
	p := make([]float64, len(counts))
	n := 0.0
	for i, c := range counts {
		p[i] = max(float64(c), regularise)
		n += p[i]
	}
	for i := range p {
		p[i] /= n
	}
	return n * (divergence(p, scores, EloScore(t.Elo0)) - divergence(p, scores, EloScore(t.Elo1)))
}

// divergence returns KL(p‖q), q the distribution on scores of expected
// score s nearest p (see nearest): Σ p_i·log(1 + λ·(a_i − s)).
func divergence(p, scores []float64, s float64) float64 {
	lambda := nearest(p, scores, s)
	kl := 0.0
	for i, a := range scores {
		kl += p[i] * math.Log1p(lambda*(a-s))
	}
	return kl
}

// nearest returns the λ of the distribution q on scores (from 0 to 1) of
// expected score s, 0 < s < 1, nearest p in Kullback–Leibler divergence,
// p's scores on both sides of s: minimising KL(p‖q) under Σq_i = 1 and
// Σq_i·a_i = s with Lagrange multipliers gives q_i = p_i/(1 + λ·(a_i − s)),
// with λ the root of
//
//	f(λ) = Σ p_i·(a_i − s)/(1 + λ·(a_i − s))
//
// in (−1/(1−s), 1/s), where every q_i is positive; f falls from +∞ to
// −∞ there, so Newton's steps kept inside a shrinking bracket find it.
func nearest(p, scores []float64, s float64) float64 {
	lo, hi := -1/(1-s), 1/s
	lambda := 0.0
	for range 200 {
		f, df := 0.0, 0.0
		for i, a := range scores {
			d := a - s
			den := 1 + lambda*d
			f += p[i] * d / den
			df -= p[i] * d * d / (den * den)
		}
		if f > 0 {
			lo = lambda
		} else {
			hi = lambda
		}
		next := lambda - f/df
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if math.Abs(next-lambda) <= 1e-15*max(1, math.Abs(lambda)) {
			return next
		}
		lambda = next
	}
	return lambda
}
