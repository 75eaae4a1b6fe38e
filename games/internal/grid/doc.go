// Package grid is the board shared by games/maze and games/twinmaze, the
// one-player and two-player number-collecting mazes of the game-search
// primer: a grid of walls and floor cells holding 0 to 9 points, the four
// moves between cells, the bitset of cells, the text form of a board and
// its parser, and the primer's board generator. What is a game's own (its
// characters, scores and turn rules) stays in the game's package. It is
// internal to games, which import nothing else of searchviz.
//
// A board has 1..MaxSize rows and 1..MaxSize columns; cell row*width+col
// is the cell at row, col, counting rows from the top and columns from the
// left, both from 0. Actions 0..3 (Right, Left, Down, Up) move one cell in
// the order of the primer's sample code.
//
// A position's text form is the turns left, a ':', and the rows from top
// to bottom separated by '/', one character per cell: '#' a wall, '.' an
// empty floor cell, '1' to '9' a floor cell with that many points, and the
// letters a game gives its characters. Parse reads it, telling the game of
// each character letter; AppendText writes it.
//
// Draw maps the same characters to the cells of a board.Board for display
// (a Piece names a game's letter and its cell), and AppendBoard writes an
// edited board back as text, so both mazes draw and edit alike.
//
// A Board is immutable once built and safe to share between goroutines;
// its methods do not allocate.
package grid
