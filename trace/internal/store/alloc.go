package store

// AllocSize rounds an allocation of n bytes up roughly as Go's allocator
// does: to a size class for small objects, to whole 8 KiB pages for large
// ones.
func AllocSize(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n <= 16:
		return (n + 7) &^ 7
	case n <= 1024:
		return (n + 15) &^ 15
	case n <= 32<<10:
		return n + n/8
	}
	return (n + 8191) &^ 8191
}
