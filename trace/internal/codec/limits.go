package codec

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// The format's fixed limits, which package trace's limits table documents
// and Reader and Writer enforce.
const (
	MaxString         = 64 << 10 // bytes of any one string's text
	MaxPrunedPerCut   = 1024     // actions one cut event prunes
	MaxParams         = 1024     // parameters in a header
	MaxEventEntries   = 1 << 16  // list entries of one event
	MaxEntriesPerByte = 2        // list entries of a trace per byte of its text, beyond one event's
)

// ErrTooLarge is the error, wrapped, of a Reader whose trace crosses one of
// its Limits. Test for it with errors.Is.
var ErrTooLarge = errors.New("trace: the trace is larger than the reader's limits allow")

// Limits caps what a Reader accepts of one trace, so that a program that
// reads traces from others (an upload, say) bounds the memory and time one
// trace can claim; a zero (or negative) field means no limit. Whatever the
// Limits, a Reader accepts no line longer than 16 MiB and no string longer
// than MaxString.
type Limits struct {
	// Bytes caps the bytes of the trace as decoded text, after
	// decompression, header included. A small gzip file that inflates past
	// it is refused as soon as the limit is crossed, without inflating the
	// rest.
	Bytes int64
	// Events caps the events after the header.
	Events int
	// Entries caps the list entries of all the events together, as
	// MaxEventEntries counts them: what the events hold beyond their
	// fixed fields, written out or implied by a compact line's defaults.
	Entries int64
}

// limitError is an error of crossing one of a Reader's Limits.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

// Is makes every limitError match ErrTooLarge.
func (e *limitError) Is(target error) bool { return target == ErrTooLarge }

// byteLimiter passes on the bytes of r up to a limit, and then fails with
// err if r has any more. Once it has failed it always fails.
type byteLimiter struct {
	r    io.Reader
	left int64 // bytes still allowed
	err  error // the error to return when r has more bytes than allowed
	done error // sticky: err once returned
}

func (l *byteLimiter) Read(p []byte) (int, error) {
	if l.done != nil {
		return 0, l.done
	}
	if len(p) == 0 {
		return 0, nil
	}
	if l.left <= 0 {
		// Every allowed byte is read: one more means the trace is too
		// large, none that it ends exactly at the limit.
		var probe [1]byte
		for {
			n, err := l.r.Read(probe[:])
			if n > 0 {
				l.done = l.err
				return 0, l.done
			}
			if err != nil {
				return 0, err
			}
		}
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// checkString checks that a string whose text is n bytes long is within
// MaxString.
func checkString(n int) error {
	if n > MaxString {
		return fmt.Errorf("a string of %d bytes, over the limit of %d bytes", n, MaxString)
	}
	return nil
}

// CheckPruned checks that a cut prunes at most MaxPrunedPerCut actions.
func CheckPruned(n int) error {
	if n > MaxPrunedPerCut {
		return fmt.Errorf("%d pruned actions, over the limit of %d per cut", n, MaxPrunedPerCut)
	}
	return nil
}

// QuotedLen returns the length of the JSON string that appendString writes
// for s, quotes included, without writing it: the exact size, so that a
// Limiter can keep a byte budget as Writer will count it. It must follow
// appendString case for case; FuzzCodecAppendString checks that it does.
func QuotedLen(s string) int {
	n := len(s) + 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' {
				switch c {
				case '"', '\\', '\n', '\r', '\t':
					n++ // \" \\ \n \r \t
				default:
					n += 5 // \u00XX
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			n += 5 // one byte becomes \ufffd
		case r == '\u2028' || r == '\u2029':
			n += 3 // three bytes become \u2028
		}
		i += size
	}
	return n
}

// unquotedLen returns the length in bytes of the text of the valid JSON
// string s, quotes included, as unquote decodes it, without decoding it:
// escapes shrink, and each byte of invalid UTF-8 becomes U+FFFD, three
// bytes. FuzzUnquotedLen checks it against unquote.
func unquotedLen(s []byte) int {
	body := s[1 : len(s)-1]
	n := 0
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\' && body[i+1] == 'u':
			r := hex4(body[i+2 : i+6])
			i += 6
			if r >= 0xd800 && r < 0xe000 {
				// A surrogate: a pair makes one rune of four bytes; any
				// other surrogate becomes U+FFFD.
				if r < 0xdc00 && i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' {
					if r2 := hex4(body[i+2 : i+6]); r2 >= 0xdc00 && r2 < 0xe000 {
						n += 4
						i += 6
						continue
					}
				}
				n += 3
				continue
			}
			n += utf8.RuneLen(r)
		case c == '\\':
			n++
			i += 2
		case c < utf8.RuneSelf:
			n++
			i++
		default:
			r, size := utf8.DecodeRune(body[i:])
			n += runeTextLen(r, size)
			i += size
		}
	}
	return n
}

// hex4 decodes four hexadecimal digits, which valid JSON guarantees.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
