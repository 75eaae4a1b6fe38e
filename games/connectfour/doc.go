// Package connectfour is the game of Connect Four as a small value type for
// the alternating-game engines: two players, x and o, take turns dropping a
// disc into one of the seven columns of an upright board six rows high, x
// first; the disc falls to the lowest empty cell of its column. Four of a
// player's discs in a row, column or diagonal win, and a full board without
// four is a draw.
//
// A position's text form lists the six rows from top to bottom, separated
// by '/', with 'x', 'o' or '.' (empty) per cell, e.g.
// "......./......./......./......./...o.../..xx..." after x played c and d
// and o played d. The side to move follows from the counts: x when both
// have as many discs, o when x has one more. The empty text is the empty
// board.
//
// Actions 0..6 are the columns from left to right. Their labels are the
// column letters "a" to "g", as in Connect Four notation, where a cell is
// named by its column and its row 1..6 counted from the bottom, e.g. "d1".
//
// States are comparable values of two bitboards. Legal, Play, Done and Score
// never allocate, so engines can search deep quickly.
package connectfour
