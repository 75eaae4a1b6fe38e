// Package gametest checks that a game keeps the contract the search engines
// rely on, in the spirit of testing/slogtest: a game's own tests call the
// suite with a few starting positions and the game's parser, and every
// broken rule is reported as a test failure naming the position's text.
//
// The package imports nothing of searchviz, like the games themselves; its
// constraints repeat the methods of the search package's interfaces.
package gametest
