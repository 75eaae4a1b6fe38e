package gallery

// The limits of the gallery.
const (
	// maxNameLen caps the name of an example or a comparison, the end of
	// its address: short enough to read out to a class.
	maxNameLen = 60
	// maxNodeSteps caps the traces whose node steps a Matcher keeps for
	// "step both": those of the comparisons being stepped.
	maxNodeSteps = 8
)
