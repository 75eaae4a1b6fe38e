package codec

import (
	"errors"
	"math"
	"slices"
	"strconv"

	"github.com/searchviz/searchviz/trace/internal/event"
)

// compactWriter encodes events as version 2 lines.
type compactWriter struct {
	st      *compactState
	scratch event.Event // the event being written, each field set to its default in turn
	given   []bool      // by field index in the kind's spec: the field differs from its default
	bumps   []int       // scratch: the candidates of a select with one visit more
	predW   []float64   // scratch: a select's statistics as predicted
	predN   []int
	stats   []int              // scratch: the candidates of a select whose statistics changed otherwise
	named   []*event.LineField // scratch: the fields given by name
}

// newCompactWriter returns a writer of version 2 lines, or of version 3's
// with predict.
func newCompactWriter(predict bool) *compactWriter {
	return &compactWriter{st: newCompactState(predict), given: make([]bool, MaxFields)}
}

// appendEvent appends e's version 2 line and updates the state with e.
func (w *compactWriter) appendEvent(b []byte, e *event.Event) ([]byte, error) {
	if !event.KindEnum.Valid(e.Kind) {
		return b, errors.New("invalid kind")
	}
	var err error
	if e.Kind == event.KindSelect {
		b, err = w.appendSelect(b, e)
	} else {
		b, err = w.appendFields(b, e)
	}
	if err != nil {
		return b, err
	}
	w.st.observe(e)
	return b, nil
}

// appendFields appends the line of an event of any kind but select: its
// code, the fields of the kind's pos that differ from their defaults (null
// for a default one before a given one), then the other given fields by
// name.
func (w *compactWriter) appendFields(b []byte, e *event.Event) ([]byte, error) {
	fields := event.Specs[e.Kind].Fields
	for i := range fields {
		f := &fields[i]
		w.given[i] = false
		if f.ID == event.FStep || f.ID == event.FKind {
			continue
		}
		w.scratch = *e
		w.given[i] = !w.st.setDefault(f, &w.scratch) || !sameMember(f.ID, &w.scratch, e)
	}
	ck := &compactKinds[e.Kind]
	last := -1
	for j, id := range ck.pos {
		if w.given[fieldIndex(fields, id)] {
			last = j
		}
	}
	w.named = w.named[:0]
	for i := range fields {
		if w.given[i] && !slices.Contains(ck.pos, fields[i].ID) {
			w.named = append(w.named, &fields[i])
		}
	}
	if last < 0 && len(w.named) == 0 {
		return append(b, '"', ck.code, '"', '\n'), nil
	}
	b = append(b, '[', '"', ck.code, '"')
	var err error
	for _, id := range ck.pos[:last+1] {
		b = append(b, ',')
		i := fieldIndex(fields, id)
		if !w.given[i] {
			b = append(b, "null"...)
			continue
		}
		if b, err = appendFieldValue(b, &fields[i], e); err != nil {
			return b, err
		}
	}
	if b, err = appendNamed(b, w.named, e); err != nil {
		return b, err
	}
	return append(b, ']', '\n'), nil
}

// appendNamed appends the fields fs of e as a JSON object, after a comma;
// it appends nothing when fs is empty.
func appendNamed(b []byte, fs []*event.LineField, e *event.Event) ([]byte, error) {
	var err error
	for i, f := range fs {
		if i == 0 {
			b = append(b, ",{"...)
		} else {
			b = append(b, ',')
		}
		b = appendString(b, f.Name)
		b = append(b, ':')
		if b, err = appendFieldValue(b, f, e); err != nil {
			return b, err
		}
	}
	if len(fs) > 0 {
		b = append(b, '}')
	}
	return b, nil
}

// fieldIndex returns the index of field id in fs, or -1.
func fieldIndex(fs []event.LineField, id event.FieldID) int {
	for i := range fs {
		if fs[i].ID == id {
			return i
		}
	}
	return -1
}

// appendSelect appends a select line. When every score is UCB1 of its w
// and n with the event's t and c, the line is
//
//	["s", bumps, pick, t, c, node, {"stats": ..., "candidates": ..., "child": ...}]
//
// against the last select of the same key: bumps lists, flat, [index, dw]
// for each candidate with one visit more and dw more value; stats lists
// [index, w, n] for the other candidates whose statistics changed (against
// zeros for a key not seen, or whose candidates changed, which are then
// named); the child is the one UCB1 picks (see defaultChild) unless pick
// gives its index among the node's children or child names it; t is the
// visits' sum plus the last offset, and c the last select's. Otherwise
// the line names every field, as version 1 does:
// ["s", {"node": ..., "child": ..., "scores": [...], "t": ..., "c": ...}].
func (w *compactWriter) appendSelect(b []byte, e *event.Event) ([]byte, error) {
	st := w.st
	if !reproducible(e) {
		return w.appendSelectNamed(b, e)
	}
	key := st.selectKeyOf(e.Node)
	prev := st.selects.get(key)
	sameCands := prev != nil && len(prev.children) == len(e.Scores)
	sum := 0
	for i, sc := range e.Scores {
		sum += sc.N
		if sameCands && (prev.children[i] != sc.Child || prev.actions[i] != sc.Action) {
			sameCands = false
		}
	}
	w.bumps, w.stats = w.bumps[:0], w.stats[:0]
	for i, sc := range e.Scores {
		var bw float64
		var bn int
		if sameCands {
			bw, bn = prev.w[i], prev.n[i]
		}
		switch {
		case sameBits(bw, sc.W) && bn == sc.N:
		case sc.N == bn+1 && sameBits(bw+(sc.W-bw), sc.W) && !math.IsInf(sc.W-bw, 0):
			w.bumps = append(w.bumps, i)
		default:
			w.stats = append(w.stats, i)
		}
	}
	offset := 0
	if prev != nil {
		offset = prev.offset
	}
	pick, named := -1, false
	if e.Child != defaultChild(key.second, st.selected[1], e.Scores) {
		if r, ok := st.kids[e.Node]; ok && e.Child >= r.first && e.Child < r.first+event.NodeID(r.count) {
			pick = int(e.Child - r.first)
		} else {
			named = true
		}
	}
	predicted := st.predict && sameCands && w.predicted(prev, e.Scores)
	if predicted {
		w.bumps, w.stats = w.bumps[:0], w.stats[:0]
	}
	given := [selFields]bool{
		selChanges: len(w.bumps) > 0 || st.predict && sameCands && !predicted,
		selPick:    pick >= 0,
		selVisits:  e.Visits != sum+offset,
		selExplore: !sameBits(e.Explore, st.explore),
		selNode:    e.Node != st.top(),
	}
	last := -1
	for i, g := range given {
		if g {
			last = i
		}
	}
	if last < 0 && len(w.stats) == 0 && sameCands && !named {
		return append(b, `"s"`+"\n"...), nil
	}
	b = append(b, `["s"`...)
	var err error
	for i := range last + 1 {
		b = append(b, ',')
		if !given[i] {
			b = append(b, "null"...)
			continue
		}
		switch i {
		case selChanges:
			b, err = w.appendBumps(b, e.Scores, prev, sameCands)
		case selPick:
			b = strconv.AppendInt(b, int64(pick), 10)
		case selVisits:
			b = strconv.AppendInt(b, int64(e.Visits), 10)
		case selExplore:
			b, err = appendNumber(b, "c", e.Explore)
		case selNode:
			b = strconv.AppendInt(b, int64(e.Node), 10)
		}
		if err != nil {
			return b, err
		}
	}
	if len(w.stats) > 0 || !sameCands || named {
		if b, err = w.appendSelectNames(b, e, sameCands, named); err != nil {
			return b, err
		}
	}
	return append(b, ']', '\n'), nil
}

// predicted reports whether applying the changes the backprops since the
// previous select predict (version 3's default) to its statistics gives
// scores' exactly.
func (w *compactWriter) predicted(prev *selectState, scores []event.Score) bool {
	w.predW, w.predN = append(w.predW[:0], prev.w...), append(w.predN[:0], prev.n...)
	for _, b := range prev.pending {
		w.predN[b.i]++
		w.predW[b.i] += b.dw
	}
	for i, sc := range scores {
		if !sameBits(w.predW[i], sc.W) || w.predN[i] != sc.N {
			return false
		}
	}
	return true
}

// appendBumps appends the flat list [index, dw, ...] of the candidates
// with one visit more.
func (w *compactWriter) appendBumps(b []byte, scores []event.Score, prev *selectState, sameCands bool) ([]byte, error) {
	var err error
	b = append(b, '[')
	for j, i := range w.bumps {
		if j > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ',')
		dw := scores[i].W
		if sameCands {
			dw -= prev.w[i]
		}
		if b, err = appendNumber(b, "w", dw); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// appendSelectNames appends the object of a select line's named fields:
// the statistics that changed otherwise than by a visit, the candidates
// when they are new, and the child when pick cannot give it.
func (w *compactWriter) appendSelectNames(b []byte, e *event.Event, sameCands, named bool) ([]byte, error) {
	var err error
	b = append(b, ",{"...)
	sep := ""
	if len(w.stats) > 0 {
		b = append(b, `"stats":[`...)
		for j, i := range w.stats {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(i), 10)
			b = append(b, ',')
			if b, err = appendNumber(b, "w", e.Scores[i].W); err != nil {
				return b, err
			}
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(e.Scores[i].N), 10)
			b = append(b, ']')
		}
		b = append(b, ']')
		sep = ","
	}
	if !sameCands {
		b = append(b, sep+`"candidates":[`...)
		for i, sc := range e.Scores {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(sc.Child), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(sc.Action), 10)
			b = append(b, ']')
		}
		b = append(b, ']')
		sep = ","
	}
	if named {
		b = append(b, sep+`"child":`...)
		b = strconv.AppendInt(b, int64(e.Child), 10)
	}
	return append(b, '}'), nil
}

// appendSelectNamed appends a select line that gives every field by name.
func (w *compactWriter) appendSelectNamed(b []byte, e *event.Event) ([]byte, error) {
	fields := event.Specs[event.KindSelect].Fields
	w.named = w.named[:0]
	for i := range fields {
		if f := &fields[i]; f.ID != event.FStep && f.ID != event.FKind && !(f.Optional && isZero(f.ID, e)) {
			w.named = append(w.named, f)
		}
	}
	b = append(b, `["s"`...)
	b, err := appendNamed(b, w.named, e)
	return append(b, ']', '\n'), err
}

// reproducible reports whether a reader can work out every score of
// select event e from the candidates' w and n and the event's t and c.
func reproducible(e *event.Event) bool {
	if math.IsNaN(e.Explore) || math.IsInf(e.Explore, 0) || e.Visits < 0 {
		return false
	}
	for _, sc := range e.Scores {
		if sc.N < 0 || math.IsNaN(sc.W) || math.IsInf(sc.W, 0) || !sameBits(UCB1(sc.W, sc.N, e.Visits, e.Explore), sc.UCB) {
			return false
		}
	}
	return true
}

// appendFieldValue appends the value of field f of e.
func appendFieldValue(b []byte, f *event.LineField, e *event.Event) ([]byte, error) {
	switch f.FieldType {
	case event.TInteger:
		return strconv.AppendInt(b, int64(*event.IntMember(f.ID, e)), 10), nil
	case event.TNode:
		return strconv.AppendInt(b, int64(*event.NodeMember(f.ID, e)), 10), nil
	case event.TNumber:
		return appendNumber(b, f.Name, *event.NumberMember(f.ID, e))
	case event.TString:
		return appendText(b, f.Name, *event.StringMember(f.ID, e))
	case event.TBoolean:
		return strconv.AppendBool(b, *event.BoolMember(f.ID, e)), nil
	}
	return appendValue(b, f, e)
}

// sameMember reports whether a and b hold the same value in the member
// field id carries.
func sameMember(id event.FieldID, a, b *event.Event) bool {
	switch event.FieldInfos[id].Type {
	case event.TInteger:
		return *event.IntMember(id, a) == *event.IntMember(id, b)
	case event.TNode:
		return *event.NodeMember(id, a) == *event.NodeMember(id, b)
	case event.TNumber:
		return sameBits(*event.NumberMember(id, a), *event.NumberMember(id, b))
	case event.TString:
		return *event.StringMember(id, a) == *event.StringMember(id, b)
	case event.TBoolean:
		return *event.BoolMember(id, a) == *event.BoolMember(id, b)
	case event.TNodes:
		return slices.Equal(*event.NodesMember(id, a), *event.NodesMember(id, b))
	case event.TNodeKind:
		return a.Type == b.Type
	case event.TCut:
		return a.Cut == b.Cut
	case event.TTruncation:
		return a.Truncated == b.Truncated
	case event.TIntegers:
		return slices.Equal(a.Pruned, b.Pruned)
	case event.TStrings:
		return slices.Equal(a.PrunedLabels, b.PrunedLabels)
	case event.TNumbers:
		return slices.EqualFunc(a.Values, b.Values, sameBits)
	case event.TJoint:
		return a.Joint == nil && b.Joint == nil || a.Joint != nil && b.Joint != nil && *a.Joint == *b.Joint
	case event.TCounters:
		return a.Counters == b.Counters
	}
	return false
}
