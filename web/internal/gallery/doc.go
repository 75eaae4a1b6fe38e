// Package gallery holds the examples gallery: its classic setups and the
// comparisons of two of them, as data a teacher edits (gallery.json),
// loaded and checked once; the running of each example's search once;
// and how a comparison pairs the steps of its two searches and states
// their results in the same terms.
package gallery
