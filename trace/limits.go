package trace

import "github.com/searchviz/searchviz/trace/internal/codec"

// The format's fixed limits. Readers refuse a trace that crosses one, with
// an error that names the limit; Writer refuses to write one, so that it
// never writes a trace that Reader cannot read; NewTree refuses one too,
// whatever the events came from.
const (
	// MaxString caps every string of a trace, in bytes of its text (not of
	// its JSON escapes): labels, boards, note texts, the header's game,
	// position, algorithm and program, its parameters' names and values,
	// and pruned actions' labels.
	MaxString = codec.MaxString

	// MaxPrunedPerCut caps the actions one cut event prunes. Each becomes
	// a placeholder node when the trace is folded; 1024 is more than any
	// game's branching factor, Go's 361 included.
	MaxPrunedPerCut = codec.MaxPrunedPerCut

	// MaxPlaceholders caps the placeholder nodes a trace's cuts make in
	// all, which NewTree allocates up front.
	MaxPlaceholders = 1 << 18

	// MaxParams caps the parameters in a header.
	MaxParams = codec.MaxParams

	// MaxEventEntries caps the entries of one event's lists, together: a
	// select's candidates, an expansion's children, a cut's pruned
	// actions, a backprop's path and values, a beam's kept and dropped
	// states, whether written out or implied by a compact line's
	// defaults. A beam of the widest width, 10,000, on a maze drops
	// about 30,000 states at a depth.
	MaxEventEntries = codec.MaxEventEntries

	// MaxEntriesPerByte caps the list entries of a whole trace (as
	// MaxEventEntries counts them) per byte of its text, header included,
	// beyond one event's worth. A short compact line can imply a long
	// list (a bare select repeats the candidates of the last one, a
	// backprop without a path climbs the whole search path), so that
	// without it a file of a few kilobytes could ask for minutes of work
	// and gigabytes of memory. Every trace searchviz's engines write
	// holds under 0.4 a byte.
	MaxEntriesPerByte = codec.MaxEntriesPerByte
)

// ErrTooLarge is the error, wrapped, of a Reader whose trace crosses one of
// its Limits. Test for it with errors.Is.
var ErrTooLarge = codec.ErrTooLarge

// Limits caps what a Reader accepts of one trace, so that a program that
// reads traces from others (an upload, say) bounds the memory and time one
// trace can claim; a zero (or negative) field means no limit. Whatever the
// Limits, a Reader accepts no line longer than 16 MiB and no string longer
// than MaxString.
//
// Bytes caps the bytes of the trace as decoded text, after decompression,
// header included: a small gzip file that inflates past it is refused as
// soon as the limit is crossed, without inflating the rest. Events caps
// the events after the header. Entries caps the list entries of all the
// events together, as MaxEventEntries counts them: what the events hold
// beyond their fixed fields, written out or implied by a compact line's
// defaults.
type Limits = codec.Limits
