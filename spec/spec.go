package spec

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// MaxLen is the longest spec Parse accepts, in bytes.
const MaxLen = 1024

// Spec is a parsed spec: a name and its parameters in the order given.
type Spec struct {
	Name string
	Args []Arg
}

// Arg is one key=value parameter of a spec.
type Arg struct {
	Key, Value string
}

// Parse parses a spec such as "alphabeta depth=4". Names and keys are
// lower-case letters, digits, '-' and '_', starting with a letter; values
// are any non-empty run of non-space characters. A key may appear once.
func Parse(s string) (Spec, error) {
	if len(s) > MaxLen {
		return Spec{}, fmt.Errorf("spec: %d bytes is too long (at most %d)", len(s), MaxLen)
	}
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Spec{}, fmt.Errorf("spec: empty (want a name, then optional key=value parameters)")
	}
	sp := Spec{Name: fields[0]}
	if !isName(sp.Name) {
		return Spec{}, fmt.Errorf("spec: bad name %q (want a lower-case word such as alphabeta)", sp.Name)
	}
	seen := make(map[string]bool)
	for _, f := range fields[1:] {
		key, value, ok := strings.Cut(f, "=")
		if !ok || value == "" {
			return Spec{}, fmt.Errorf("spec %q: parameter %q is not key=value", sp.Name, f)
		}
		if !isName(key) {
			return Spec{}, fmt.Errorf("spec %q: bad parameter name %q", sp.Name, key)
		}
		if seen[key] {
			return Spec{}, fmt.Errorf("spec %q: parameter %q given twice", sp.Name, key)
		}
		seen[key] = true
		sp.Args = append(sp.Args, Arg{Key: key, Value: value})
	}
	return sp, nil
}

func isName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// String returns the spec in its canonical text form.
func (s Spec) String() string {
	var b strings.Builder
	b.WriteString(s.Name)
	for _, a := range s.Args {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteByte('=')
		b.WriteString(a.Value)
	}
	return b.String()
}

// Type is the type of a parameter's value.
type Type uint8

// Parameter types.
const (
	Int    Type = iota + 1
	Float       // a number
	Choice      // one of the parameter's Choices, by name; its value is the choice's index
)

// String returns "int", "float" or "choice".
func (t Type) String() string {
	switch t {
	case Int:
		return "int"
	case Float:
		return "float"
	case Choice:
		return "choice"
	}
	return "type?"
}

// Param declares one parameter: its name, type, default, inclusive range
// and a one-line help text.
type Param struct {
	Name     string
	Type     Type
	Default  float64
	Min, Max float64
	Help     string

	// Choices are the names a Choice parameter takes, in the order of
	// their values 0, 1, ...; its Min is 0 and its Max len(Choices)-1.
	Choices []string
}

// Range returns the parameter's range as text, e.g. "1..64", its bounds
// formatted as Format does, or for a Choice its names, e.g.
// "typeA|typeB|typeAB".
func (p Param) Range() string {
	if p.Type == Choice {
		return strings.Join(p.Choices, "|")
	}
	return format(p.Type, p.Min) + ".." + format(p.Type, p.Max)
}

// Format returns x as a value of the parameter, in the form Resolve
// parses back to x: an Int as a plain decimal integer ("5000000", never
// "5e+06"), a Float as the shortest text that parses back exactly. Use it
// for anything a user may copy into a spec, such as a default.
func (p Param) Format(x float64) string {
	if p.Type == Choice {
		if i := int(x); float64(i) == x && i >= 0 && i < len(p.Choices) {
			return p.Choices[i]
		}
		return "choice?"
	}
	return format(p.Type, x)
}

// Values holds a spec's resolved parameters: every declared parameter, given
// or defaulted.
type Values map[string]float64

// Int returns parameter p's value as an int. It panics if p was not among
// the parameters the values were resolved against, which is a programming
// error.
func (v Values) Int(p Param) int {
	return int(v.get(p))
}

// Float returns parameter p's value. It panics if p was not among the
// parameters the values were resolved against, which is a programming
// error.
func (v Values) Float(p Param) float64 {
	return v.get(p)
}

func (v Values) get(p Param) float64 {
	x, ok := v[p.Name]
	if !ok {
		panic("spec: parameter " + p.Name + " was not declared")
	}
	return x
}

// Strings returns every value formatted by its declared type, for trace
// headers and display.
func (v Values) Strings(params []Param) map[string]string {
	m := make(map[string]string, len(params))
	for _, p := range params {
		m[p.Name] = p.Format(v[p.Name])
	}
	return m
}

// Resolve checks the spec's parameters against params and returns every
// declared parameter's value, defaults filled in. Errors name the bad
// parameter and what is allowed.
func Resolve(s Spec, params []Param) (Values, error) {
	v := make(Values, len(params))
	for _, p := range params {
		v[p.Name] = p.Default
	}
	for _, a := range s.Args {
		p, ok := find(params, a.Key)
		if !ok {
			return nil, fmt.Errorf("%s: unknown parameter %q (allowed: %s)", s.Name, a.Key, names(params))
		}
		x, err := parseValue(p, a.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		v[p.Name] = x
	}
	return v, nil
}

func parseValue(p Param, text string) (float64, error) {
	var x float64
	switch p.Type {
	case Choice:
		i := slices.Index(p.Choices, text)
		if i < 0 {
			return 0, fmt.Errorf("%s=%s: want one of %s", p.Name, text, strings.Join(p.Choices, ", "))
		}
		return float64(i), nil
	case Int:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s=%s: want an integer in %s", p.Name, text, p.Range())
		}
		x = float64(n)
	default:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, fmt.Errorf("%s=%s: want a number in %s", p.Name, text, p.Range())
		}
		x = f
	}
	if x < p.Min || x > p.Max {
		return 0, fmt.Errorf("%s=%s is out of range (allowed %s)", p.Name, text, p.Range())
	}
	return x, nil
}

func find(params []Param, name string) (Param, bool) {
	for _, p := range params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func names(params []Param) string {
	if len(params) == 0 {
		return "none"
	}
	ns := make([]string, len(params))
	for i, p := range params {
		ns[i] = p.Name
	}
	return strings.Join(ns, ", ")
}

func format(t Type, x float64) string {
	if t == Int {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
