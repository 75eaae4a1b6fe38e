// Package gametest checks that a game keeps the contract the search engines
// rely on, in the spirit of testing/slogtest: a game's own tests call the
// suite with a few starting positions and the game's parser, and every
// broken rule is reported as a test failure naming the position's text.
//
// It also holds the checks the games' own tests share: reading a position
// or stopping the test (MustParse), text a parser refuses (ParseError), an
// action Play refuses (Panics), and a position's board as drawn and edited
// (CheckBoard, CheckChanged, CheckEdit, CheckEditError). A Recorder stands
// in for a test to test checks like these.
//
// Its constraints are the search package's interfaces; of the rest of
// searchviz it imports only games/board.
package gametest
