// Package dice is the dice game of the research paper among searchviz's
// references, as a small value type for the engines of games with chance:
// two players, White and Black, each move one of their pieces in one of
// eight directions, and a die says how far it goes.
//
// # The board
//
// The board has 7x7 cells named like a chess board's: columns a..g from
// left to right and rows 1..7 from the bottom, so a1 is the bottom-left
// cell and d4 the centre. The paper's cross-shaped wall, whose exact cells
// it gives only in a figure, is here the plus of five blocked cells c4, d4,
// e4, d3 and d5: the centre and its four orthogonal neighbours. Nothing
// enters or crosses a wall cell.
//
// Each side has five pieces, a King and pieces 1 to 4, which are never
// removed. White starts along the bottom and Black, point-symmetric about
// d4, along the top:
//
//	7  . 3 . K . 2 .     Black: K d7, 1 g6, 2 f7, 3 b7, 4 a6
//	6  4 . . . . . 1
//	5  . . . # . . .
//	4  . . # # # . .
//	3  . . . # . . .
//	2  1 . . . . . 4     White: K d1, 1 a2, 2 b1, 3 f1, 4 g2
//	1  . 2 . K . 3 .
//	   a b c d e f g
//
// No side has a line at the start, and White cannot make one with its
// first move whatever the die shows: every White piece that could complete
// a line with the King is blocked from the cell that would complete it.
//
// # Moves
//
// White moves first. A move picks one of the mover's pieces and one of the
// eight directions N, NE, E, SE, S, SW, W, NW, where N is towards row 7
// (Black's side) for both players; then the die is rolled and the piece
// moves that many cells in that direction, stopping early in front of a
// piece of either side, a wall cell or the board's edge. A direction in
// which the piece cannot move even one cell is not a move. The die's faces
// that end on the same cell are one outcome, whose probability is the sum
// of theirs: a piece with three free cells ahead moves 1 (p = 1/6), 2
// (p = 1/6) or 3 cells (faces 3 to 6, p = 4/6).
//
// To reduce the first player's advantage, the first move of a game (at
// ply 0) may not be a diagonal King move.
//
// A side that has no move passes: the pass is its only action, labelled
// "pass", with one outcome, after which the other side moves. This happens
// only at ply 0 of a pasted position, where the first-move rule takes the
// King's diagonal moves away: any five cells of the board have at least
// six free neighbours, more than the opponent's five pieces can fill, so
// otherwise some piece can always move.
//
// # The end
//
// A side wins when it has a line of three or more of its own pieces,
// including its King, on adjacent cells of a row, a column or a diagonal;
// an empty cell, a wall or an opponent's piece breaks a line. Lines are
// looked for after each move, and only the mover's: a move changes only
// the mover's piece, so it cannot give the opponent a line, and the side to
// move never has one. The game is a draw after MaxPlies plies (passes
// count) without a line, so that searches and random playouts end.
//
// # Actions and outcomes
//
// An action is piece*8 + direction: pieces 0 (the King) to 4, directions 0
// to 7 in the order N, NE, E, SE, S, SW, W, NW; Pass (40) is the pass.
// Labels name the piece and the direction, e.g. "K NE" (action 1) or "2 S"
// (action 20), and "pass". Legal lists the actions in ascending order.
//
// Chances lists the probabilities of an action's distinct outcomes by the
// distance moved, shortest first: outcome i moves the piece i+1 cells.
// OutcomeLabel names the die faces of an outcome: "3" for one face, "3-6"
// for the faces merged at a stop; a pass's single outcome is "1-6", as
// every face gives the same position.
//
// # Position text
//
// A position's text form is the seven rows from row 7 down to row 1,
// separated by '/', then a space, the side to move ('w' or 'b'), a space,
// and the plies played so far (0..MaxPlies, decimal, no leading zeros).
// A cell is '.' (empty), '#' (a wall cell, exactly the five above), 'K' or
// 'A', 'B', 'C', 'D' for White's King and pieces 1 to 4, and the same
// letters in lower case for Black's: letters rather than digits, since
// digits have no case. The start is
//
//	.c.k.b./d.....a/...#.../..###../...#.../A.....D/.B.K.C. w 0
//
// The ply count says how close the draw is and whether the first-move rule
// applies (at ply 0, to whichever side is to move).
//
// States are comparable values of 24 bytes. Legal (given room in its
// buffer), Chances (likewise), Roll, Done, Winner and Score never
// allocate.
package dice
