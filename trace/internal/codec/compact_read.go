package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// maxElements is the most elements a version 2 line has: the code, the
// positional fields of a cut, and the object of named fields.
const maxElements = 9

// compactReader decodes version 2 lines.
type compactReader struct {
	st    *compactState
	elems [][]byte          // the elements of the line being decoded
	strs  map[string]string // the short strings decoded so far
}

// newCompactReader returns a reader of version 2 lines, or of version 3's
// with predict.
func newCompactReader(predict bool) *compactReader {
	return &compactReader{st: newCompactState(predict), elems: make([][]byte, 0, maxElements+1), strs: map[string]string{}}
}

// decodeEvent decodes the version 2 line of the event with index step into
// e and updates the state with it.
func (r *compactReader) decodeEvent(line []byte, step int, e *event.Event) error {
	elems, named, err := splitLineInto(r.elems[:0], line)
	if err != nil {
		return err
	}
	c, err := kindCode(elems[0])
	if err != nil {
		return err
	}
	e.Kind, e.Step = codeKinds[c], step
	pos := elems[1:]
	if e.Kind == event.KindSelect {
		err = r.decodeSelect(pos, named, e)
	} else {
		err = r.decodeFields(pos, named, e)
	}
	if err != nil {
		return err
	}
	r.st.observe(e)
	return nil
}

// kindCode returns the code of a line's first element, checked to be a
// kind's.
func kindCode(raw []byte) (byte, error) {
	// The code as writers write it, without decoding a string.
	if len(raw) == 3 && raw[0] == '"' && raw[2] == '"' && raw[1] < 128 && codeKinds[raw[1]] != event.KindBad {
		return raw[1], nil
	}
	code, err := decodeString(raw)
	if err != nil {
		return 0, fmt.Errorf("the kind's code: %w", err)
	}
	if len(code) != 1 || code[0] >= 128 || codeKinds[code[0]] == event.KindBad {
		return 0, fmt.Errorf("unknown kind code %q (known codes: %s)", code, knownCodes())
	}
	return code[0], nil
}

// splitLine checks that line is one valid JSON list of at most
// maxElements elements, the first a string, and returns its elements, but
// for a last one that is an object, which it returns as named.
func splitLine(line []byte) (elems [][]byte, named []byte, err error) {
	return splitLineInto(nil, line)
}

// splitLineInto is splitLine appending the elements to buf.
func splitLineInto(buf [][]byte, line []byte) (elems [][]byte, named []byte, err error) {
	if elems, ok := splitPlain(buf, line); ok {
		return elems, nil, nil
	}
	elems = buf
	t := bytes.TrimSpace(line)
	if len(t) > 0 && t[0] == '"' && json.Valid(t) {
		return append(elems, t), nil, nil
	}
	if len(t) == 0 || t[0] != '[' {
		return nil, nil, fmt.Errorf("want a JSON list or a kind's code, as versions 2 and 3 write every event, got %s", describe(t))
	}
	if !json.Valid(t) {
		var discard []any
		err := json.Unmarshal(t, &discard)
		if err == nil {
			err = errors.New("not valid JSON")
		}
		return nil, nil, fmt.Errorf("invalid JSON: %w", err)
	}
	for raw := range elements(t) {
		if len(elems)-len(buf) == maxElements {
			return nil, nil, fmt.Errorf("more than %d elements", maxElements)
		}
		elems = append(elems, raw)
	}
	if len(elems) == len(buf) {
		return nil, nil, errors.New("an empty list, want the kind's code first")
	}
	if last := elems[len(elems)-1]; len(elems) > len(buf)+1 && last[0] == '{' {
		return elems[:len(elems)-1], last, nil
	}
	return elems, nil, nil
}

// splitPlain splits, the way splitLine does, the lines a Writer makes of
// most events: a bare code, or a list of at most maxElements elements that
// are numbers, literals or strings of printable ASCII without escapes, with
// no space anywhere. It reports false for anything else, which splitLine
// then reads in full.
func splitPlain(buf [][]byte, line []byte) ([][]byte, bool) {
	if n := len(line); n >= 2 && line[0] == '"' {
		end := plainString(line, 0)
		return append(buf, line), end == n
	}
	if len(line) < 3 || line[0] != '[' || line[len(line)-1] != ']' {
		return nil, false
	}
	elems := buf
	for i := 1; ; {
		var end int
		switch c := line[i]; {
		case c == '"':
			end = plainString(line, i)
		case c == '-' || c >= '0' && c <= '9':
			end = plainNumber(line, i)
		case c == 't':
			end = plainLiteral(line, i, "true")
		case c == 'f':
			end = plainLiteral(line, i, "false")
		case c == 'n':
			end = plainLiteral(line, i, "null")
		default:
			return nil, false
		}
		if end < 0 || len(elems)-len(buf) == maxElements {
			return nil, false
		}
		elems = append(elems, line[i:end])
		switch {
		case end == len(line)-1:
			return elems, line[0] == '[' && line[1] != ']' && isCode(elems[len(buf)])
		case line[end] != ',':
			return nil, false
		}
		i = end + 1
	}
}

// isCode reports whether a list's first element is a string, as a kind's
// code is.
func isCode(first []byte) bool { return first[0] == '"' }

// plainString returns the end of the string of printable ASCII without
// escapes at b[i], or -1.
func plainString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1
		case c == '\\' || c < 0x20 || c > 0x7e:
			return -1
		}
	}
	return -1
}

// plainNumber returns the end of the JSON number at b[i], or -1.
func plainNumber(b []byte, i int) int {
	digits := func(j int) int {
		k := j
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		if k == j {
			return -1
		}
		return k
	}
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if i = digits(i); i < 0 {
		return -1
	}
	if i < len(b) && b[i] == '.' {
		if i = digits(i + 1); i < 0 {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i = digits(i); i < 0 {
			return -1
		}
	}
	return i
}

// plainLiteral returns the end of lit at b[i], or -1.
func plainLiteral(b []byte, i int, lit string) int {
	if !bytes.HasPrefix(b[i:], []byte(lit)) {
		return -1
	}
	return i + len(lit)
}

// knownCodes lists the kinds' codes, for error messages.
func knownCodes() string {
	var b strings.Builder
	for k := event.KindBad + 1; k < event.NumKinds; k++ {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%c %s", compactKinds[k].code, k)
	}
	return b.String()
}

// decodeFields decodes the fields of an event of any kind but select:
// those given by position (pos) or by name (named), and the defaults of
// the rest, in the order of the kind's spec.
func (r *compactReader) decodeFields(pos [][]byte, named []byte, e *event.Event) error {
	ck := &compactKinds[e.Kind]
	if len(pos) > len(ck.pos) {
		return fmt.Errorf("%d fields by position; a %s line has at most %d (%s)", len(pos), e.Kind, len(ck.pos), posNames(ck.pos))
	}
	fields := event.Specs[e.Kind].Fields
	var raws [MaxFields][]byte
	if named != nil {
		raws = collect(named, fields)
	}
	for j, raw := range pos {
		if string(raw) != "null" {
			raws[fieldIndex(fields, ck.pos[j])] = raw
		}
	}
	for i := range fields {
		f := &fields[i]
		if f.ID == event.FStep || f.ID == event.FKind {
			continue
		}
		if raws[i] == nil {
			if !r.st.setDefault(f, e) {
				return fmt.Errorf("missing field %q: no default follows from the events before", f.Name)
			}
			ownDefault(f.ID, e)
			continue
		}
		if f.FieldType == event.TString && r.interned(raws[i], event.StringMember(f.ID, e)) {
			continue
		}
		if err := decodeField(f, raws[i], e); err != nil {
			return fmt.Errorf("field %q: %w", f.Name, err)
		}
	}
	return nil
}

// The strings a compactReader interns: short ones, as labels are, up to a
// number that bounds the table's memory.
const (
	maxReadInternedLen = 16
	maxReadInterned    = 1 << 12
)

// interned sets *dst to the string raw holds and reports true, if raw is a
// short string without escapes, which it then decodes once for the whole
// trace: labels repeat on most node lines.
func (r *compactReader) interned(raw []byte, dst *string) bool {
	n := len(raw)
	if n < 2 || n-2 > maxReadInternedLen || plainString(raw, 0) != n {
		return false
	}
	if s, ok := r.strs[string(raw[1:n-1])]; ok {
		*dst = s
		return true
	}
	if len(r.strs) >= maxReadInterned {
		return false
	}
	s := string(raw[1 : n-1])
	r.strs[s] = s
	*dst = s
	return true
}

// posNames names the positional fields ids, for error messages.
func posNames(ids []event.FieldID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = event.FieldInfos[id].Name
	}
	return strings.Join(names, ", ")
}

// ownDefault gives e its own copy of a default that shares the state's
// scratch memory.
func ownDefault(id event.FieldID, e *event.Event) {
	switch id {
	case event.FPrunedLabels:
		e.PrunedLabels = slices.Clone(e.PrunedLabels)
	case event.FChildren:
		e.Children = slices.Clone(e.Children)
	case event.FPath:
		e.Path = slices.Clone(e.Path)
	case event.FValues:
		e.Values = slices.Clone(e.Values)
	case event.FJoint:
		if e.Joint != nil {
			j := *e.Joint
			e.Joint = &j
		}
	}
}

// The positions of a select line's fields; see appendSelect.
const (
	selChanges = iota
	selPick
	selVisits
	selExplore
	selNode
	selFields
)

// selectFieldIndex returns the position of a select line's field that
// may also be named, or -1.
func selectFieldIndex(name string) int {
	switch name {
	case "t":
		return selVisits
	case "c":
		return selExplore
	case "node":
		return selNode
	}
	return -1
}

// decodeSelect decodes a select line, working out each score from its
// candidate's statistics unless the line names "scores".
func (r *compactReader) decodeSelect(pos [][]byte, named []byte, e *event.Event) error {
	if len(pos) > selFields {
		return fmt.Errorf("%d fields by position; a select line has at most %d (changes, pick, t, c, node)", len(pos), selFields)
	}
	var raw [selFields][]byte
	for i, p := range pos {
		if string(p) != "null" {
			raw[i] = p
		}
	}
	var candidates, scores, stats, child []byte
	if named != nil {
		for name, v := range members(named) {
			switch string(name) {
			case "candidates":
				candidates = v
			case "scores":
				scores = v
			case "stats":
				stats = v
			case "child":
				child = v
			default:
				if i := selectFieldIndex(string(name)); i >= 0 && raw[i] == nil {
					raw[i] = v
				}
			}
		}
	}
	st := r.st
	e.Node = st.top()
	if raw[selNode] != nil {
		var err error
		if e.Node, err = decodeNode(raw[selNode]); err != nil {
			return fmt.Errorf("field \"node\": %w", err)
		}
	}
	if scores != nil {
		return decodeNamedSelect(raw, child, scores, e)
	}
	key := st.selectKeyOf(e.Node)
	prev := st.selects.get(key)
	if err := r.candidates(candidates, prev, e); err != nil {
		return err
	}
	switch {
	case raw[selChanges] != nil:
		if err := applyBumps(raw[selChanges], e.Scores); err != nil {
			return fmt.Errorf("field \"changes\": %w", err)
		}
	case st.predict && candidates == nil:
		for _, b := range prev.pending {
			e.Scores[b.i].N++
			e.Scores[b.i].W += b.dw
		}
	}
	if stats != nil {
		if err := applyStats(stats, e.Scores); err != nil {
			return fmt.Errorf("field \"stats\": %w", err)
		}
	}
	if err := r.window(raw, prev, e); err != nil {
		return err
	}
	for i := range e.Scores {
		sc := &e.Scores[i]
		sc.UCB = UCB1(sc.W, sc.N, e.Visits, e.Explore)
	}
	return r.child(raw[selPick], child, key.second, e)
}

// window sets a select's t and c, given or by default.
func (r *compactReader) window(raw [selFields][]byte, prev *selectState, e *event.Event) error {
	sum := 0
	for _, sc := range e.Scores {
		sum += sc.N
	}
	e.Visits = sum
	if prev != nil {
		e.Visits += prev.offset
	}
	if raw[selVisits] != nil {
		v, err := decodeInt(raw[selVisits], strconv.IntSize)
		if err != nil {
			return fmt.Errorf("field \"t\": %w", err)
		}
		e.Visits = int(v)
	}
	e.Explore = r.st.explore
	if raw[selExplore] != nil {
		var err error
		if e.Explore, err = decodeNumber(raw[selExplore]); err != nil {
			return fmt.Errorf("field \"c\": %w", err)
		}
	}
	if math.IsNaN(e.Explore) {
		return errors.New("missing field \"c\": no select before gave one")
	}
	return nil
}

// child sets a select's chosen child: the one child names, or the pick-th
// child of the node, or by default the one UCB1 picks.
func (r *compactReader) child(pick, child []byte, second bool, e *event.Event) error {
	var err error
	switch {
	case child != nil:
		if e.Child, err = decodeNode(child); err != nil {
			return fmt.Errorf("field \"child\": %w", err)
		}
	case pick != nil:
		kids, ok := r.st.kids[e.Node]
		i, err := decodeInt(pick, 32)
		if err != nil || !ok || i < 0 || int(i) >= kids.count {
			return fmt.Errorf("field \"pick\": %s is not the index of one of node %d's %d children", abbrev(pick), e.Node, kids.count)
		}
		e.Child = kids.first + event.NodeID(i)
	default:
		e.Child = defaultChild(second, r.st.selected[1], e.Scores)
	}
	return nil
}

// candidates sets e's scores to the candidates listed in raw, with no
// statistics, or, when raw is nil, to those of prev, the last select of
// the same key, with its statistics.
func (r *compactReader) candidates(raw []byte, prev *selectState, e *event.Event) error {
	if raw == nil {
		if prev == nil {
			return fmt.Errorf("missing field \"candidates\": the first select at node %d must name them", e.Node)
		}
		e.Scores = make([]event.Score, len(prev.children))
		for i := range e.Scores {
			e.Scores[i] = event.Score{Child: prev.children[i], Action: prev.actions[i], W: prev.w[i], N: prev.n[i]}
		}
		return nil
	}
	var err error
	e.Scores, err = decodeList(raw, func(raw json.RawMessage) (event.Score, error) {
		var sc event.Score
		xs, err := decodeList(raw, func(raw json.RawMessage) (int64, error) { return decodeInt(raw, 32) }, pairOnly)
		if err != nil {
			return sc, err
		}
		sc.Child, sc.Action = event.NodeID(xs[0]), int(xs[1])
		return sc, nil
	}, nil)
	if err != nil {
		return fmt.Errorf("field \"candidates\": %w", err)
	}
	return nil
}

// pairOnly checks that a list is a pair.
func pairOnly(n int) error {
	if n != 2 {
		return fmt.Errorf("%d elements, want 2", n)
	}
	return nil
}

// applyBumps gives each candidate raw names, a flat list [index, dw, ...],
// one visit more and dw more value.
func applyBumps(raw []byte, scores []event.Score) error {
	xs, err := decodeList(raw, decodeNumber, nil)
	if err != nil {
		return err
	}
	if len(xs)%2 != 0 {
		return fmt.Errorf("%d numbers, want pairs of an index and a value", len(xs))
	}
	for j := 0; j < len(xs); j += 2 {
		i := xs[j]
		if i != math.Trunc(i) || i < 0 || int(i) >= len(scores) {
			return fmt.Errorf("index %v: want a candidate's index, 0 to %d", i, len(scores)-1)
		}
		sc := &scores[int(i)]
		sc.W += xs[j+1]
		sc.N++
	}
	return nil
}

// applyStats sets the statistics that raw, a list of [index, w, n], gives
// the scores.
func applyStats(raw []byte, scores []event.Score) error {
	_, err := decodeList(raw, func(raw json.RawMessage) (struct{}, error) {
		xs, err := decodeList(raw, decodeNumber, func(n int) error {
			if n != 3 {
				return fmt.Errorf("%d elements, want [index, w, n]", n)
			}
			return nil
		})
		if err != nil {
			return struct{}{}, err
		}
		i, w, n := xs[0], xs[1], xs[2]
		if i != math.Trunc(i) || i < 0 || int(i) >= len(scores) {
			return struct{}{}, fmt.Errorf("index %v: want a candidate's index, 0 to %d", i, len(scores)-1)
		}
		if n != math.Trunc(n) || n < 0 || n > math.MaxInt32 {
			return struct{}{}, fmt.Errorf("n %v: want a count of visits", n)
		}
		scores[int(i)].W, scores[int(i)].N = w, int(n)
		return struct{}{}, nil
	}, nil)
	return err
}

// decodeNamedSelect decodes a select line that names its scores, as
// version 1 does; raw holds its other fields and child the chosen child.
func decodeNamedSelect(raw [selFields][]byte, child, scores []byte, e *event.Event) error {
	var err error
	if e.Scores, err = decodeList(scores, decodeScore, nil); err != nil {
		return fmt.Errorf("field \"scores\": %w", err)
	}
	if child == nil {
		return errors.New("missing field \"child\"")
	}
	if e.Child, err = decodeNode(child); err != nil {
		return fmt.Errorf("field \"child\": %w", err)
	}
	if raw[selVisits] != nil {
		v, err := decodeInt(raw[selVisits], strconv.IntSize)
		if err != nil {
			return fmt.Errorf("field \"t\": %w", err)
		}
		e.Visits = int(v)
	}
	if raw[selExplore] != nil {
		if e.Explore, err = decodeNumber(raw[selExplore]); err != nil {
			return fmt.Errorf("field \"c\": %w", err)
		}
	}
	return nil
}
