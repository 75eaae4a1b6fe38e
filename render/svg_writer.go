package render

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// svgWriter writes SVG: numbers rounded to hundredths of a point, and text
// escaped for XML. Like bufio.Writer it keeps the first error, which Flush
// returns, so callers do not check each write.
type svgWriter struct {
	*bufio.Writer
	scratch []byte
}

func newSVGWriter(w io.Writer) *svgWriter {
	return &svgWriter{Writer: bufio.NewWriterSize(w, 64<<10)}
}

// num writes v rounded to 0.01, without trailing zeros.
func (w *svgWriter) num(v float64) {
	w.scratch = appendNum(w.scratch[:0], v)
	w.Write(w.scratch)
}

// appendNum appends v rounded to 0.01, without trailing zeros and never
// as "-0".
func appendNum(b []byte, v float64) []byte {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}

// numAttr writes ` name="v"`.
func (w *svgWriter) numAttr(name string, v float64) {
	w.WriteByte(' ')
	w.WriteString(name)
	w.WriteString(`="`)
	w.num(v)
	w.WriteByte('"')
}

// point writes "x,y".
func (w *svgWriter) point(x, y float64) {
	w.num(x)
	w.WriteByte(',')
	w.num(y)
}

// escaped writes s as XML text or attribute value: the characters & < >
// and " become entities, and what XML cannot hold, control characters,
// invalid UTF-8 and the noncharacters U+FFFE and U+FFFF, becomes U+FFFD.
func (w *svgWriter) escaped(s string) {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < utf8.RuneSelf && c != '&' && c != '<' && c != '>' && c != '"' && c != 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var repl string
		switch {
		case r == '&':
			repl = "&amp;"
		case r == '<':
			repl = "&lt;"
		case r == '>':
			repl = "&gt;"
		case r == '"':
			repl = "&quot;"
		case r == utf8.RuneError && size <= 1, unicode.IsControl(r), r == 0xFFFE, r == 0xFFFF:
			repl = "\uFFFD"
		default:
			i += size
			continue
		}
		w.WriteString(s[start:i])
		w.WriteString(repl)
		i += size
		start = i
	}
	w.WriteString(s[start:])
}
