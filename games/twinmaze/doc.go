// Package twinmaze is the two-player number-collecting maze of the
// game-search primer as a small value type for the simultaneous-move
// engines (DUCT): two characters, A (player 0) and B (player 1), walk a
// grid of walls and floor cells that hold 0 to 9 points. Each turn both
// move one cell at the same time, and each collects the points of the cell
// it lands on; when both land on the same cell in the same turn, both
// collect its points. Then the cell is empty. When no turns are left, the
// higher score wins and equal scores draw. Score is A's score minus B's.
//
// Actions 0..3 move a character right (column+1), left (column-1), down
// (row+1) and up (row-1), in the order of the primer's sample code; their
// labels are "right", "left", "down" and "up", the same for both players.
// A move may not enter a wall or leave the board, and there is no move to
// stay. Cells may be visited again (an emptied cell scores nothing), and a
// character may step onto the other's cell or swap cells with it. The game
// is over when no turns are left, or when a character is walled in on all
// four sides with turns left, which a pasted position can do and a
// generated board cannot; then neither player has a legal move.
//
// A position's text form is the number of turns left, a ':', and the rows
// from top to bottom separated by '/', with one character per cell: '#' a
// wall, '.' an empty floor cell, '1' to '9' a floor cell with that many
// points, 'A' and 'B' the characters, and 'X' both characters on one cell.
// For example, "20:39793/3#3#3/1A6B1/9#6#9/68486" is the sample code's
// board of seed 0 with 20 turns left. The text is the position, not the
// path to it: the scores collected so far are not part of it, so a state
// parsed from the text of a state deep in a game has the same board and
// moves but scores 0 to 0.
//
// Generate builds the boards of the primer's sample code (the public
// repository thun-c/GameSearch, SimultaneousGame.cpp) so that a seed gives
// the primer's board: odd height and width, A starting at (h/2, w/2-1) and
// B at (h/2, w/2+1), a wall on every cell whose row and column are both odd
// except a start cell, and the points of the left half and the middle
// column drawn from a 32-bit Mersenne Twister (MT19937, as C++'s
// std::mt19937) seeded with the seed and copied to the right half, so the
// board is left-right symmetric. The sample code plays 20 turns on 5x5
// (SampleHeight, SampleWidth, SampleTurns).
//
// Sequential is the same game played as if the players moved in turn, A
// first, each collecting at once: the model the primer warns against,
// since the second mover loses to the first the points of a cell both
// reach in the same turn. It lets the alternating-game engines (AlphaBeta,
// MCTS) search this game, so that their wrong answers can be shown beside
// DUCT's. Its text form adds the side to move:
// "20:39793/3#3#3/1A6B1/9#6#9/68486;A".
//
// A board is immutable and shared by every state played from it; a state
// holds only the characters' places, the turns left, the scores and which
// cells were emptied. States are comparable values of 152 bytes (160 for a
// Sequential), safe to copy and to use from several goroutines. Legal
// (given room in its buffer), Play, Done and Score never allocate.
package twinmaze
