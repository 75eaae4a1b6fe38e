package grid

import (
	"fmt"

	"github.com/searchviz/searchviz/games/internal/mt19937"
)

// CheckGenerate returns an error, its message starting with the name of
// game, unless h and w are odd and in 3..MaxSize and turns in
// 1..MaxTurns, the sizes and turns Generate and GenerateMirrored take.
func CheckGenerate(game string, h, w, turns int) error {
	switch {
	case h < 3 || h > MaxSize || h%2 == 0:
		return fmt.Errorf("%s: height %d: the generator wants an odd height in 3..%d", game, h, MaxSize)
	case w < 3 || w > MaxSize || w%2 == 0:
		return fmt.Errorf("%s: width %d: the generator wants an odd width in 3..%d", game, w, MaxSize)
	case turns < 1 || turns > MaxTurns:
		return fmt.Errorf("%s: %d turns: a game has 1..%d", game, turns, MaxTurns)
	}
	return nil
}

// Generate builds on b, a zero Board, the board of h rows and w columns
// that the primer's sample code (the public repository thun-c/GameSearch)
// builds from seed for a game whose characters start on the cells starts,
// given as indices. Like C++'s std::mt19937(seed), it seeds MT19937 with
// the low 32 bits of seed; then it lays out the pillars (see below); then,
// row by row from the top-left, it gives every cell that is neither a wall
// nor a start cell a draw modulo 10 points.
//
// The pillars are the cells whose row and column are both odd. Walking
// them row by row, it makes each a wall unless it is a start cell, and
// draws one number for each, the start cells included, which the sample
// code's test for an extra wall consumes and never uses.
//
// h and w must be as CheckGenerate accepts; Generate panics if a start is
// not in 0..MaxCells-1.
func (b *Board) Generate(h, w int, seed int64, starts ...int) {
	rng := mt19937.New(uint32(seed))
	noPoints := b.pillars(h, w, rng, starts)
	for i := range h * w {
		if !noPoints.Has(i) {
			b.points[i] = uint8(rng.Uint32() % 10)
		}
	}
}

// GenerateMirrored is Generate for the two-player game of the sample code
// (SimultaneousGame.cpp), whose board is left-right symmetric: after the
// pillars, row by row from the top, for each column from 0 to w/2, it
// draws one number and gives its value modulo 10 as points to that cell
// and to its mirror image in column w-1-col, each unless it is a wall or a
// start cell. The middle column, its own mirror image, takes one draw per
// cell like the others.
func (b *Board) GenerateMirrored(h, w int, seed int64, starts ...int) {
	rng := mt19937.New(uint32(seed))
	noPoints := b.pillars(h, w, rng, starts)
	for row := range h {
		for col := 0; col <= w/2; col++ {
			points := uint8(rng.Uint32() % 10)
			for _, i := range [2]int{row*w + col, row*w + w - 1 - col} {
				if !noPoints.Has(i) {
					b.points[i] = points
				}
			}
		}
	}
}

// pillars sets b's size and lays out its pillars for Generate and
// GenerateMirrored, drawing from rng, and returns the cells that get no
// points: the walls and the start cells.
func (b *Board) pillars(h, w int, rng *mt19937.MT19937, starts []int) (noPoints Cells) {
	b.height, b.width = h, w
	for _, i := range starts {
		noPoints.Add(i)
	}
	for row := 1; row < h; row += 2 {
		for col := 1; col < w; col += 2 {
			if i := row*w + col; !noPoints.Has(i) {
				b.walls.Add(i)
			}
			rng.Uint32() // the sample code's "if (mt() % 10 > 50)", never true
		}
	}
	for k, walls := range b.walls {
		noPoints[k] |= walls
	}
	return noPoints
}
