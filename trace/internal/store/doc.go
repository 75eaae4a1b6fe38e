// Package store holds the append-only lists a folded trace keeps: Records,
// byte records in chunks that spill to a temporary file beyond a memory
// budget, and Chunked, values in fixed-size chunks that growing never
// copies. Neither is safe for concurrent writes; a Clip may be read while
// its source grows, and a Spill may be shared by readers at once.
package store
