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
// removed. Black's stand point-symmetric about d4 to White's, piece for
// piece. Drawn with the letters of the text form (upper case White's, K
// the King and A to D pieces 1 to 4; lower case Black's), the start is
//
//	7  . . C . . . .     White: K c5, 1 a2, 2 f3, 3 c7, 4 a5
//	6  . . . . . . a
//	5  D b K # . . .
//	4  . . # # # . .
//	3  . . . # k B d
//	2  A . . . . . .
//	1  . . . . c . .     Black: K e3, 1 g6, 2 b5, 3 e1, 4 g3
//	   a b c d e f g
//
// # The start
//
// The paper gives its start only in a figure our references lack. Its
// text says the start is point-symmetric; that from White's view White's
// pieces 3 and 4 have a "weak reach" in the upper left worth about 5 in
// typeA; and that Black's piece 4, moved up-left, is stopped after three
// cells by White's piece 3, so faces 3 to 6 give the same move.
// PaperClues checks a position against these clues. This start fits
// them: Black's 4 moving NW from g3 passes f4, e5 and d6 and stops in
// front of White's 3 on c7; White's King on c5 reaches b6 diagonally with
// one face (a7 is free, so b6 is no stop), making a5-b6-c7, worth 5 in
// typeA's threat term; and since that is a diagonal King move, the
// first-move rule keeps White from it at its first move, so White cannot
// make a line at its first move. Black's King has the mirrored reach to
// f2, which White's first move can only make less likely: from 1/6 to
// 5/36.
//
// Among the 466 placements that fit the clues, this one was chosen by
// docs/dicestart (its report, docs/dicestart.md, gives every candidate):
// in self-play with typeA the first mover scores 0.502 [0.480, 0.524]
// over 2,000 games at depth 1 and 0.520 [0.471, 0.569] over 400 at
// depth 3, games last about 8 plies, and depth 3 beats depth 1, scoring
// 0.518 [0.503, 0.534] over 4,000 games. The start used before, with
// each side on its two home rows, is HomeRows.
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
//	..C..../......a/DbK#.../..###../...#kBd/A....../....c.. w 0
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
// # Rule choices
//
// The paper states its rules in prose and draws its board only in a
// figure our references lack. Each rule above is the paper's, our reading
// of it, or our choice where it is silent; docs/dice.md gives the paper's
// words for each. In short:
//
//   - the paper's: the 7x7 board, the cross-shaped wall, a King and pieces
//     1 to 4 a side, a point-symmetric start, a piece and one of eight
//     directions a move, the die's count of cells, the stop in front of a
//     piece, wall or edge, faces that stop alike giving one move, a line
//     of three or more through the King winning, and no diagonal King
//     move at the first move;
//   - our reading: the wall as the five-cell plus (the paper's count of
//     positions, 44!/(34!·4!·4!), leaves 44 free cells), the start's
//     cells (docs/dicestart.md chose them among those that fit the
//     paper's clues, PaperClues), the evaluations' terms and the obvious
//     moves' tie-breaks, chance nodes as expectations rather than the
//     paper's face counts, and the forward cut's threshold as the best
//     value less a margin;
//   - our choice where the paper is silent: White moves first, directions
//     named from the board rather than from each player, a direction with
//     no free cell is not a move, a side with no move passes, and the
//     draw after MaxPlies plies.
//
// States are comparable values of 24 bytes. Legal (given room in its
// buffer), Chances (likewise), Roll, Done, Winner, Score and Evaluate
// never allocate.
package dice
