// Package mt19937 is the 32-bit Mersenne Twister that the primer's sample
// code draws its boards with (C++'s std::mt19937), with which
// games/internal/grid generates the boards of games/maze and
// games/twinmaze exactly as the primer does. It is internal to games,
// which import nothing else of searchviz.
package mt19937
