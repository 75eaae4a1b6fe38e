package dice

import (
	"fmt"
	"strconv"
)

// Obvious returns the paper's "obvious move" in s, to be played without
// searching, and says why; ok is false when there is none and the search
// must decide (action is then -1), and when the game is over. Only legal
// actions are returned, so the first-move rule holds at ply 0.
//
// The first rule is to win at once: if some action has an outcome that
// gives the side to move a line, Obvious returns the action with the most
// such die faces, the lowest action of those that tie, e.g. "2 S wins at
// once with p = 5/6".
//
// Otherwise it blocks: if the other side, were it to move now (as if the
// side to move passed), could win at once, Obvious returns the action
// after which the other side's best chance to win at once, averaged over
// the action's outcomes, is least (the lowest action of those that tie),
// provided it is below that chance now, e.g. "4 SW blocks White's 2 S
// (p = 5/6 → 15/36)". When no action lowers it, nothing is obvious.
//
// Probabilities are written as sixths, "p = 1" for certain and "0" for
// none, and a block's average, which is a number of 36ths, as sixths when
// it is a whole number of them and as 36ths otherwise.
func (s State) Obvious() (action int, why string, ok bool) {
	if s.Done() {
		return -1, "", false
	}
	var buf [Pass + 1]int
	legal := s.Legal(buf[:0])

	best, bestFaces := -1, 0
	for _, a := range legal {
		if f := s.winningFaces(a); f > bestFaces {
			best, bestFaces = a, f
		}
	}
	if best >= 0 {
		return best, s.Label(best) + " wins at once with p = " + chance(bestFaces, Faces), true
	}

	// The other side's move after a pass of the side to move: the next
	// ply, so the first-move rule is over and the draw may come first.
	other := s
	other.mover = 1 - s.mover
	other.ply++
	threat, threatFaces := other.bestWin()
	if threatFaces == 0 {
		return -1, "", false
	}
	best, least := -1, threatFaces*Faces // in 36ths
	for _, a := range legal {
		n := s.outcomes(a)
		sum := 0
		for o := range n {
			_, f := s.Roll(a, o).bestWin()
			sum += f * outcomeFaces(o, n)
		}
		if sum < least {
			best, least = a, sum
		}
	}
	if best < 0 {
		return -1, "", false
	}
	why = fmt.Sprintf("%s blocks %s's %s (p = %s → %s)", s.Label(best), sideNames[other.mover], other.Label(threat),
		chance(threatFaces, Faces), chance(least, Faces*Faces))
	return best, why, true
}

// bestWin returns the action of the side to move with the most die faces
// that give it a line at once, the lowest of those that tie, and their
// number; -1 and 0 when no action can win at once.
func (s State) bestWin() (action, faces int) {
	if s.Done() {
		return -1, 0
	}
	var buf [Pass + 1]int
	action = -1
	for _, a := range s.Legal(buf[:0]) {
		if f := s.winningFaces(a); f > faces {
			action, faces = a, f
		}
	}
	return action, faces
}

// winningFaces returns the number of die faces with which action gives
// the side to move a line.
func (s State) winningFaces(action int) int {
	n := s.outcomes(action)
	faces := 0
	for o := range n {
		if s.Roll(action, o).winner != 0 {
			faces += outcomeFaces(o, n)
		}
	}
	return faces
}

// outcomeFaces returns the number of die faces of outcome o of an action
// with n outcomes: one, or the rest for the stop.
func outcomeFaces(o, n int) int {
	if o == n-1 {
		return Faces + 1 - n
	}
	return 1
}

// chance writes the probability num/den for Obvious's reasons: "0", "1",
// or the fraction over six when it is a whole number of sixths and over
// den otherwise.
func chance(num, den int) string {
	switch {
	case num == 0:
		return "0"
	case num == den:
		return "1"
	case num*Faces%den == 0:
		return strconv.Itoa(num*Faces/den) + "/6"
	}
	return strconv.Itoa(num) + "/" + strconv.Itoa(den)
}
