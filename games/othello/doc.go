// Package othello is the game of Othello as a small value type for the
// alternating-game engines. Two players, Black and White, take turns
// placing a disc of their colour on an 8x8 board, Black first, from the
// standard start: White on d4 and e5, Black on d5 and e4. A disc must
// flank a straight line (row, column or diagonal) of the opponent's discs
// between itself and another disc of the mover's; every flanked disc of
// every such line turns over. A player who has no such move passes; the
// game ends when neither player can move, and the player with more discs
// wins.
//
// Squares are named as Othello players write them: the column a..h from
// the left and the row 1..8 from the top, so a1 is the top-left corner
// and the start's Black discs stand on d5 and e4. Actions 0..63 are the
// squares row by row from a1 (a1 is 0, h1 is 7, a2 is 8, h8 is 63), and
// Pass, 64, labelled "pass", is the only action of a player who has no
// move while the opponent has one.
//
// A position's text lists the eight rows from the top, separated by '/',
// with 'x' (Black), 'o' (White) or '.' (empty) per square, then a space
// and the side to move, 'x' or 'o'; the start is
//
//	......../......../......../...ox.../...xo.../......../......../........ x
//
// Parse also reads the 64-square form of Edax and other engines: the
// squares row by row from a1 with 'X' or '*' for Black, 'O' for White and
// '-' or '.' for empty, then the side to move, as in
// "---------------------------OX------XO--------------------------- X".
// The empty text is the start.
//
// Score evaluates a position for the side to move as the package's
// Evaluate documents: a square-weight table, mobility and disc parity,
// weighted by the phase of the game. Noisy marks the moves a quiescence
// search extends: those that take a corner or change an edge.
//
// States are comparable values of two bitboards and the side to move.
// Legal, Play, Done and Score never allocate, so engines can search deep
// quickly. Engines play by value, a copy per move, as the search
// interface passes states; Perft plays on one board in place, make and
// unmake, which measures a few percent faster (see BenchmarkPerft).
package othello
