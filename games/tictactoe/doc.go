// Package tictactoe is the game of tic-tac-toe as a small value type for the
// alternating-game engines: two players, x and o, take turns marking the
// cells of a 3x3 board, x first; three marks in a row, column or diagonal
// win, and a full board without a line is a draw.
//
// A position's text form lists the three rows from top to bottom, separated
// by '/', with 'x', 'o' or '.' (empty) per cell, e.g. "x.o/.x./..o". The side
// to move follows from the counts: x when both have as many marks, o when x
// has one more.
//
// Actions 0..8 are the cells in the order of the text form, row by row from
// the top-left. Their labels name the column a..c and the row 1..3 counted
// from the bottom, as on a chess board: cell 0 is "a3", cell 8 is "c1".
//
// States are comparable values of a few bytes. Legal, Play, Done and Score
// never allocate, so engines can search the whole game quickly.
package tictactoe
