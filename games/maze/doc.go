// Package maze is the number-collecting maze of the game-search primer as a
// small value type for the single-player engines (Greedy, Beam search,
// Chokudai search): a character walks a grid of walls and floor cells that
// hold 0 to 9 points, one cell per turn, and collects the points of every
// cell it steps on, which empties the cell. The score is the points
// collected when no turns are left.
//
// Actions 0..3 move the character right (column+1), left (column-1), down
// (row+1) and up (row-1), in the order of the primer's sample code, whose
// engines break ties by taking the first; their labels are "right",
// "left", "down" and "up". A move may not enter a wall or leave the board,
// and there is no move to stay, but cells may be visited again (an emptied
// cell scores nothing). The game is over when no turns are left, or when
// the character is walled in on all four sides with turns left, which a
// pasted position can do and a generated board cannot.
//
// A position's text form is the number of turns left, a ':', and the rows
// from top to bottom separated by '/', with one character per cell: '#' a
// wall, '.' an empty floor cell, '1' to '9' a floor cell with that many
// points, and '@' the character, exactly once. For example,
// "3:#.5#/.@18/3#.." is a board of three rows and four columns with three
// turns left. The text is the position, not the path to it: the score
// collected so far is not part of it, so a state parsed from the text of a
// state deep in a game has the same board and moves but scores 0.
//
// Generate builds the boards of the primer's sample code (the public
// repository thun-c/GameSearch) so that a seed gives the primer's board:
// odd height and width, the character at the centre (h/2, w/2), a wall on
// every cell whose row and column are both odd except the start, and the
// points of the other cells drawn from a 32-bit Mersenne Twister (MT19937,
// as C++'s std::mt19937) seeded with the seed. The 5x5 board of seed 0 is
// "39737/3#1#6/69@86/6#8#4/36914".
//
// A board is immutable and shared by every state played from it; a state
// holds only the character's place, the turns left, the score and which
// cells it has emptied. States are comparable values of 144 bytes, safe to
// copy and to use from several goroutines. Legal (given room in its
// buffer), Play, Done and Score never allocate.
package maze
