// Package mt19937 is the 32-bit Mersenne Twister that the primer's sample
// code draws its boards with (C++'s std::mt19937), shared by the games that
// generate boards exactly as the primer does: games/maze and
// games/twinmaze. It is internal to games, which import nothing else of
// searchviz.
package mt19937
