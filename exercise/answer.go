package exercise

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/explain"
)

// Limits on the answers ParseAnswer reads.
const (
	MaxAnswerLen = 4096 // bytes of one answer
	MaxNameLen   = 8    // bytes of a node's name or an edge's label
	MaxNumberLen = 32   // bytes of one value
)

// ValueTolerance is how far a value may be from the right one and still
// count as right: two decimals are enough.
const ValueTolerance = 0.005

// Answer is an answer to an exercise, the correct one Solve computes or
// one a person typed. Which fields count depends on the exercise's Kind.
type Answer struct {
	// Pruned are the labels of the pruned edges, such as "c2", in the
	// order typed, or searched for Solve's; AlphaBeta only.
	Pruned []string
	// Values maps node names, such as "B", to values: in MAX's view, or
	// in the side to move's view for NegaMax. Every kind but UCB1.
	Values map[string]float64
	// Child is the label of the child UCB1 picks; UCB1 only.
	Child string
	// Selected is the name of the leaf an MCTS iteration's selection
	// reaches; Expanded the name of the node it expands, "" for none,
	// and ExpandedSaid whether the answer said (none included); Stats
	// each node's visits and total after the backup, by name. MCTS only.
	Selected, Expanded string
	ExpandedSaid       bool
	Stats              map[string]Stat
	// Order maps interior nodes' names to their children's labels, in
	// the order to search them; a node not named keeps the order given.
	// Ordering only.
	Order map[string][]string
	// Beams lists, by depth from 1, the states beam search keeps, each
	// the moves to it from the start, such as "up right". Beam only.
	Beams [][]string
}

// Stat is a node's visits and total in an answer to an MCTS exercise:
// "B=4/7" is a total of 4 over 7 visits; the root's is its visits alone,
// "A=12".
type Stat struct {
	W    float64
	N    int
	HasW bool
}

// text returns s as an answer writes it.
func (s Stat) text() string {
	if !s.HasW {
		return strconv.Itoa(s.N)
	}
	return strconv.FormatFloat(s.W, 'g', -1, 64) + "/" + strconv.Itoa(s.N)
}

// String returns the answer in the form ParseAnswer reads: the pruned
// edges, the values by name (A, B, ..., Z, AA, ...) and the child, each
// in a clause of its own when it has any.
func (a Answer) String() string {
	var clauses []string
	if len(a.Pruned) > 0 {
		clauses = append(clauses, "pruned: "+strings.Join(a.Pruned, " "))
	}
	if len(a.Values) > 0 {
		names := make([]string, 0, len(a.Values))
		for name := range a.Values {
			names = append(names, name)
		}
		slices.SortFunc(names, byName)
		for i, name := range names {
			names[i] = name + "=" + strconv.FormatFloat(a.Values[name], 'g', -1, 64)
		}
		clauses = append(clauses, strings.Join(names, " "))
	}
	if a.Child != "" {
		clauses = append(clauses, "child: "+a.Child)
	}
	if a.Selected != "" {
		clauses = append(clauses, "selected: "+a.Selected, "expanded: "+orNone(a.Expanded))
	}
	for i, kept := range a.Beams {
		clauses = append(clauses, strconv.Itoa(i+1)+": "+strings.Join(kept, ", "))
	}
	if len(a.Order) > 0 {
		for _, name := range slices.SortedFunc(maps.Keys(a.Order), byName) {
			clauses = append(clauses, name+": "+strings.Join(a.Order[name], " "))
		}
	}
	if len(a.Stats) > 0 {
		names := make([]string, 0, len(a.Stats))
		for name := range a.Stats {
			names = append(names, name)
		}
		slices.SortFunc(names, byName)
		for i, name := range names {
			names[i] = name + "=" + a.Stats[name].text()
		}
		clauses = append(clauses, strings.Join(names, " "))
	}
	return strings.Join(clauses, "; ")
}

// byName orders node names as the tree names them: A, ..., Z, AA, ...
func byName(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), cmp.Compare(a, b))
}

// ParseAnswer reads an answer to an exercise of the given kind, typed in
// the form the package documentation describes, such as
// "pruned: c2 c3; B=3 C=2 D=2; A=3". It refuses clauses the kind has no
// use for, a node given two different values, and text longer than
// MaxAnswerLen.
func ParseAnswer(kind Kind, text string) (Answer, error) {
	return ParseAnswerIn(explain.English, kind, text)
}

// ParseAnswerIn is ParseAnswer with its errors in the language lang.
func ParseAnswerIn(lang explain.Lang, kind Kind, text string) (Answer, error) {
	if err := kind.check(); err != nil {
		return Answer{}, err
	}
	if len(text) > MaxAnswerLen {
		return Answer{}, fmt.Errorf("exercise: %s", lang.F("the answer has %s bytes, more than %s", strconv.Itoa(len(text)), strconv.Itoa(MaxAnswerLen)))
	}
	text = strings.ReplaceAll(text, "−", "-")
	var a Answer
	for i, clause := range strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '\n' }) {
		clause = strings.TrimSpace(clause)
		if clause == "" {
			continue
		}
		if err := a.clause(lang, kind, clause); err != nil {
			return Answer{}, fmt.Errorf("exercise: %s%w", lang.F("answer clause %d, %s: ", i+1, quote(lang, clause)), err)
		}
	}
	return a, nil
}

// clause reads one clause of an answer into a.
func (a *Answer) clause(lang explain.Lang, kind Kind, clause string) error {
	if key, rest, ok := strings.Cut(clause, ":"); ok {
		if kind == Ordering {
			return a.order(lang, strings.ToUpper(strings.TrimSpace(key)), rest)
		}
		if kind == Beam {
			return a.beam(lang, strings.TrimSpace(key), rest)
		}
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "pruned", "prune":
			if kind != AlphaBeta {
				return errors.New(lang.F("a %s answer has no pruned edges", kind))
			}
			return a.pruned(lang, rest)
		case "child":
			if kind != UCB1 {
				return errors.New(lang.F("a %s answer has no child to pick", kind))
			}
			return a.child(lang, strings.TrimSpace(rest))
		case "selected", "expanded":
			if kind != MCTS {
				return errors.New(lang.F("a %s answer has no %s node", kind, strings.ToLower(strings.TrimSpace(key))))
			}
			return a.mctsNode(lang, strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(rest))
		}
		return errors.New(lang.F("unknown keyword %s: want pruned, child, selected or expanded", quote(lang, strings.TrimSpace(key))))
	}
	switch kind {
	case UCB1:
		return a.child(lang, clause)
	case MCTS:
		return a.stats(lang, clause)
	case Ordering:
		return errors.New(lang.F("expected a node's order such as B: b3 b1 b2, found %s", quote(lang, clause)))
	case Beam:
		return errors.New(lang.F("expected a depth's states such as 2: up right, left up, found %s", quote(lang, clause)))
	}
	return a.values(lang, clause)
}

// beam reads a clause of a Beam answer: the states kept at a depth, each
// its moves, such as "2: up right, left up".
func (a *Answer) beam(lang explain.Lang, depth, rest string) error {
	d, err := strconv.Atoi(depth)
	if err != nil || d < 1 || d > MaxBeamDepth {
		return errors.New(lang.F("%s is not a depth from 1 to %d", quote(lang, depth), MaxBeamDepth))
	}
	for len(a.Beams) < d {
		a.Beams = append(a.Beams, nil)
	}
	if a.Beams[d-1] != nil {
		return errors.New(lang.F("depth %d is given twice", d))
	}
	a.Beams[d-1] = []string{}
	for _, state := range strings.Split(rest, ",") {
		moves := strings.Fields(strings.ToLower(state))
		if len(moves) == 0 {
			continue
		}
		for _, m := range moves {
			if !slices.Contains([]string{"right", "left", "down", "up"}, m) {
				return errors.New(lang.F("%s is not a move: right, left, down or up", quote(lang, m)))
			}
		}
		if len(moves) != d {
			return errors.New(lang.F("%s has %d moves: a state at depth %d has %d", quote(lang, strings.Join(moves, " ")), len(moves), d, d))
		}
		a.Beams[d-1] = append(a.Beams[d-1], strings.Join(moves, " "))
	}
	return nil
}

// order reads a clause of an Ordering answer: node name's children, such
// as "B: b3 b1 b2".
func (a *Answer) order(lang explain.Lang, name, rest string) error {
	if !isName(name) {
		return errors.New(lang.F("%s is not a node name such as B", quote(lang, name)))
	}
	if _, ok := a.Order[name]; ok {
		return errors.New(lang.F("%s's order is given twice", name))
	}
	var labels []string
	for _, l := range fields(rest) {
		l = strings.ToLower(l)
		if !isLabel(l) {
			return errors.New(lang.F("%s is not an edge label such as b2", quote(lang, l)))
		}
		labels = append(labels, l)
	}
	if a.Order == nil {
		a.Order = map[string][]string{}
	}
	a.Order[name] = labels
	return nil
}

// mctsNode reads the node of a "selected:" or "expanded:" clause.
func (a *Answer) mctsNode(lang explain.Lang, key, name string) error {
	name = strings.ToUpper(name)
	if key == "expanded" && name == "NONE" {
		a.Expanded, a.ExpandedSaid = "", true
		return nil
	}
	if !isName(name) {
		return errors.New(lang.F("%s is not a node name such as B", quote(lang, name)))
	}
	if key == "selected" {
		a.Selected = name
	} else {
		a.Expanded, a.ExpandedSaid = name, true
	}
	return nil
}

// stats reads the visits and totals of a clause of an MCTS answer, such
// as "A=12 B=4/7, E=1.5/3".
func (a *Answer) stats(lang explain.Lang, clause string) error {
	tight := clause
	for _, gap := range []string{" =", "= ", "\t=", "=\t"} {
		for strings.Contains(tight, gap) {
			tight = strings.ReplaceAll(tight, gap, "=")
		}
	}
	for _, f := range fields(tight) {
		name, v, ok := strings.Cut(f, "=")
		name = strings.ToUpper(strings.TrimSpace(name))
		if !ok || !isName(name) {
			return errors.New(lang.F("expected a node's total over its visits such as B=4/7, found %s", quote(lang, f)))
		}
		var st Stat
		w, n, hasW := strings.Cut(v, "/")
		if !hasW {
			n = w
		}
		visits, err := strconv.Atoi(n)
		if err != nil || visits < 0 || len(n) > MaxNumberLen {
			return errors.New(lang.F("%s: %s is not a number of visits such as 7", name, quote(lang, n)))
		}
		st.N = visits
		if hasW {
			if st.W, err = parseValue(lang, w); err != nil {
				return fmt.Errorf("%s%w", lang.F("%s's total: ", name), err)
			}
			st.HasW = true
		}
		if old, ok := a.Stats[name]; ok && old != st {
			return errors.New(lang.F("%s is given twice, %s and %s", name, old.text(), st.text()))
		}
		if a.Stats == nil {
			a.Stats = map[string]Stat{}
		}
		a.Stats[name] = st
	}
	return nil
}

// fields splits s at spaces and commas.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })
}

// pruned reads the edges of a "pruned:" clause.
func (a *Answer) pruned(lang explain.Lang, rest string) error {
	labels := fields(rest)
	if len(labels) == 1 && strings.EqualFold(labels[0], "none") {
		return nil
	}
	for _, l := range labels {
		l = strings.ToLower(l)
		if !isLabel(l) {
			return errors.New(lang.F("%s is not an edge label such as c2", quote(lang, l)))
		}
		if !slices.Contains(a.Pruned, l) {
			a.Pruned = append(a.Pruned, l)
		}
	}
	return nil
}

// child reads the edge of a "child:" clause.
func (a *Answer) child(lang explain.Lang, label string) error {
	label = strings.ToLower(label)
	switch {
	case !isLabel(label):
		return errors.New(lang.F("%s is not an edge label such as a2", quote(lang, label)))
	case a.Child != "" && a.Child != label:
		return errors.New(lang.F("two children, %s and %s: UCB1 picks one", a.Child, label))
	}
	a.Child = label
	return nil
}

// values reads the assignments of a clause of values, such as
// "B=3 C = -2, D=7/3".
func (a *Answer) values(lang explain.Lang, clause string) error {
	rest := clause
	for rest = strings.TrimLeft(rest, " \t\r,"); rest != ""; rest = strings.TrimLeft(rest, " \t\r,") {
		name, after, ok := strings.Cut(rest, "=")
		if !ok {
			return errors.New(lang.F("expected a value such as B=3, found %s", quote(lang, rest)))
		}
		name = strings.ToUpper(strings.TrimSpace(name))
		if !isName(name) {
			return errors.New(lang.F("%s is not a node name such as B", quote(lang, name)))
		}
		after = strings.TrimLeft(after, " \t\r")
		end := strings.IndexAny(after, " \t\r,")
		if end < 0 {
			end = len(after)
		}
		v, err := parseValue(lang, after[:end])
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if old, ok := a.Values[name]; ok && old != v {
			return errors.New(lang.F("%s has two values, %s and %s", name, formatValue(old), formatValue(v)))
		}
		if a.Values == nil {
			a.Values = map[string]float64{}
		}
		a.Values[name] = v
		rest = after[end:]
	}
	return nil
}

// parseValue reads a value: a decimal with an optional sign and exponent,
// or a fraction of two whole numbers.
func parseValue(lang explain.Lang, s string) (float64, error) {
	switch {
	case s == "":
		return 0, errors.New(lang.T("expected a number after '='"))
	case len(s) > MaxNumberLen:
		return 0, errors.New(lang.F("a number of %d bytes: a number has at most %d", len(s), MaxNumberLen))
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		if !isWhole(num) || !isWhole(den) {
			return 0, errors.New(lang.F("%s is not a fraction of two whole numbers such as 7/3", quote(lang, s)))
		}
		n, _ := strconv.ParseFloat(num, 64) // isWhole checked the syntax
		d, _ := strconv.ParseFloat(den, 64)
		if d == 0 {
			return 0, errors.New(lang.F("%s divides by zero", quote(lang, s)))
		}
		return n / d, nil
	}
	if !isDecimal(s) {
		return 0, errors.New(lang.F("%s is not a number such as -2.5", quote(lang, s)))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, errors.New(lang.F("%s is out of range", quote(lang, s)))
	}
	return v, nil
}

// isWhole reports whether s is a whole number with an optional sign.
func isWhole(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return s != "" && isDigits(s)
}

// isDigits reports whether s has only decimal digits.
func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// isDecimal reports whether s is a decimal with an optional sign,
// fraction and exponent, such as "-2.5" or "1e3", without the words
// strconv.ParseFloat also reads ("inf", "0x1p3", "1_000").
func isDecimal(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	switch {
	case whole == "" && frac == "", !isDigits(whole), !isDigits(frac):
		return false
	case hasExp:
		return isWhole(exp)
	}
	return true
}

// isName reports whether s is a node's name: upper-case letters.
func isName(s string) bool {
	if s == "" || len(s) > MaxNameLen {
		return false
	}
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// isLabel reports whether s is an edge's label: lower-case letters and a
// number from 1, such as "c2".
func isLabel(s string) bool {
	if len(s) > MaxNameLen {
		return false
	}
	i := 0
	for i < len(s) && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	digits := s[i:]
	return i > 0 && digits != "" && digits[0] != '0' && isDigits(digits)
}

// formatValue formats a value for feedback.
func formatValue(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}
