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
// removed. White starts on its two home rows, 1 and 2, and Black,
// point-symmetric about d4, on rows 7 and 6:
//
//	7  4 . . . . . K     Black: K g7, 1 g6, 2 b6, 3 a6, 4 a7
//	6  3 2 . . . . 1
//	5  . . . # . . .
//	4  . . # # # . .
//	3  . . . # . . .
//	2  1 . . . . 2 3     White: K a1, 1 a2, 2 f2, 3 g2, 4 g1
//	1  K . . . . . 4
//	   a b c d e f g
//
// No side has a line at the start, White cannot make one with its first
// move whatever the die shows, and after White's best first move Black
// cannot make one with its reply. Of the placements of this kind, the
// King and four pieces on the home rows and Black's mirrored, this one
// leaves White the least chance of a line by its second move against
// Black's best defence: 5/9, found by searching them all with
// expectiminimax to 3 plies. No placement does better: on a 7x7 board with
// the pieces on their home rows, every one gives White at least 5/9, a
// good chance of a quick line.
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
//	d.....k/cb....a/...#.../..###../...#.../A....BC/K.....D w 0
//
// The ply count says how close the draw is and whether the first-move rule
// applies (at ply 0, to whichever side is to move).
//
// # Evaluations
//
// Evaluate scores positions in play with the paper's evaluations, from
// the side to move's view; Win (1000) is a won game, so a position whose
// other side has a line is -Win and a draw at MaxPlies is 0. Two terms
// score a side X's own placement, counted as if X were to move in the
// position (the first-move rule applying at ply 0):
//
//   - threats(X) = min(50, 5*F), where F sums, over the cells on which a
//     move of X would give X a line, the most die faces with which one of
//     X's moves lands there and makes the line: 5 points per sixth of
//     chance, in 0..50. A piece two cells from such a cell at its stop
//     counts 5 faces (25 points); the cap is reached by ten faces, e.g.
//     two sure cells.
//   - closeness(X) = 12 - 11*(D-4)/20, where D is the sum of the Chebyshev
//     (King-move) distances from X's King to its four other pieces: 12
//     when all four are next to the King (D = 4), down to 1 when all are
//     six cells away (D = 24).
//
// partA(X) = threats(X) + closeness(X), in 1..62, is what the paper's
// typeA scores for the side that has just moved. With M the side to move
// and J the side that just moved, and exposed = 200 when M has a move
// with some die face that gives M a line (J's move left M a win at once)
// and 0 otherwise, the kinds are, from M's view:
//
//	typeA  = -partA(J) + exposed                in -62..199
//	typeB  = partA(M) - partA(J) + exposed      in -61..261
//	typeAB = typeB if partA(J) < partA(M), else typeA
//
// That is, typeA is minus J's own evaluation, J's placement less 200 for
// the exposure; typeB also counts the placement of J's opponent against
// J; and typeAB uses typeB when J, the side typeA evaluates for, is
// losing by typeA's measure: its placement scores below its opponent's.
// Apart from the exposure, typeB is antisymmetric: with the same board
// and the other side to move, typeB - exposed changes sign. All kinds are
// the same for a position and its colour-swapped mirror, the board turned
// half a turn about d4 with the sides' pieces exchanged.
//
// Obvious is the paper's rule for obvious moves: win at once if possible,
// otherwise block an immediate win of the other side.
//
// States are comparable values of 24 bytes. Legal (given room in its
// buffer), Chances (likewise), Roll, Done, Winner, Score and Evaluate
// never allocate.
package dice
