// Package explain holds every word a student reads about a search: each
// event as a sentence they can follow (Describe), and the vocabulary the
// drawings, the web viewer and the command line share — who moves at a
// node, whose view a value is in, what a node's status means, how a
// playout ended and why a cut pruned a branch. MAX is always the player
// who moves at the root and MIN its opponent; values are in "MAX's view"
// or the "side to move's view".
//
// Every word is made in a language, a Lang: English or Japanese, from the
// message catalogs of locales/, whose keys are the English texts. Each
// function that returns words is a method of Lang; the package function
// of the same name is its English form.
//
// It reads events and the static facts of nodes (labels, types, depths)
// from a trace.Tree, so every place says the same thing about the same
// step. It imports only trace and golang.org/x/text.
package explain
