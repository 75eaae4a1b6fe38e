// Package explain tells in words what a trace shows: each event as a
// sentence a student can follow, and the pseudocode of each algorithm as
// the lecture writes it, with the line each event executes.
//
// It reads events and the static facts of nodes (labels, types, depths)
// from a trace.Tree, so the web viewer and the command line say the same
// thing about the same step.
package explain
