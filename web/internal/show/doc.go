// Package show holds the traces the server shows: a stored trace loaded
// for viewing (Show), folded once, with its layouts and the drawings and
// tally indexes of display sets its pages share, and the byte-weighted
// cache of them (Cache), which loads a trace once however many pages ask.
package show
