package othello

import "math/bits"

// Bitboards: square a1 is bit 0, h1 bit 7, a2 bit 8, h8 bit 63.
const (
	notA = 0xfefefefefefefefe // every square but column a
	notH = 0x7f7f7f7f7f7f7f7f // every square but column h
)

// moves returns the squares where the player with discs p may place a
// disc against the opponent's discs o.
func moves(p, o uint64) uint64 {
	empty := ^(p | o)
	return movesDir(p, o, empty, 1, notA&notH) |
		movesDir(p, o, empty, 8, ^uint64(0)) |
		movesDir(p, o, empty, 9, notA&notH) |
		movesDir(p, o, empty, 7, notA&notH)
}

// movesDir returns the moves along the lines whose neighbouring squares are
// d bits apart, in both directions. Along a row or a diagonal the
// opponent's discs that can be flanked are never in column a or h (mask),
// which keeps lines from wrapping around the board's edge.
func movesDir(p, o, empty uint64, d uint, mask uint64) uint64 {
	m := o & mask
	// Runs of up to six of the opponent's discs next to p, each way.
	l := m & (p << d)
	r := m & (p >> d)
	for range 5 {
		l |= m & (l << d)
		r |= m & (r >> d)
	}
	return (l<<d | r>>d) & empty
}

// flips returns the opponent's discs o that turn over when the player with
// discs p places a disc on sq.
func flips(p, o uint64, sq int) uint64 {
	disc := uint64(1) << sq
	const inner = notA & notH
	return flipsUp(p, o, disc, 1, inner) | flipsDown(p, o, disc, 1, inner) |
		flipsUp(p, o, disc, 8, ^uint64(0)) | flipsDown(p, o, disc, 8, ^uint64(0)) |
		flipsUp(p, o, disc, 9, inner) | flipsDown(p, o, disc, 9, inner) |
		flipsUp(p, o, disc, 7, inner) | flipsDown(p, o, disc, 7, inner)
}

// flipsUp returns the run of the opponent's discs from disc towards higher
// bits, d apart, when one of p's discs closes it; mask keeps rows and
// diagonals from wrapping, as in movesDir.
func flipsUp(p, o, disc uint64, d uint, mask uint64) uint64 {
	m := o & mask
	run := disc << d & m
	for range 5 {
		run |= run << d & m
	}
	// The square past the run's end is p's: the rest of run<<d is run.
	if run<<d&p == 0 {
		return 0
	}
	return run
}

// flipsDown is flipsUp towards lower bits.
func flipsDown(p, o, disc uint64, d uint, mask uint64) uint64 {
	m := o & mask
	run := disc >> d & m
	for range 5 {
		run |= run >> d & m
	}
	if run>>d&p == 0 {
		return 0
	}
	return run
}

// count returns the number of discs of b.
func count(b uint64) int { return bits.OnesCount64(b) }
