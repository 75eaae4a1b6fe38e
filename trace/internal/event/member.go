package event

import "math"

// The functions of this file map each field of the plain types to the
// member of an Event that it carries, one function per Go type, so that
// the encoder, the decoder and the codec's SizeBound share one mapping.
// Each returns nil for a field of another type. A field of any other type
// is the only one of its type, and the codec names its member directly.

// IntMember returns the member of e that the integer field id carries.
func IntMember(id FieldID, e *Event) *int {
	switch id {
	case FStep:
		return &e.Step
	case FAction:
		return &e.Action
	case FDepth:
		return &e.Depth
	case FLength:
		return &e.Length
	case FIteration:
		return &e.Iteration
	case FVisits:
		return &e.Visits
	}
	return nil
}

// NodeMember returns the member of e that the node field id carries.
func NodeMember(id FieldID, e *Event) *NodeID {
	switch id {
	case FNode:
		return &e.Node
	case FParent:
		return &e.Parent
	case FBest:
		return &e.Best
	case FChild:
		return &e.Child
	case FSame:
		return &e.Same
	}
	return nil
}

// NumberMember returns the member of e that the number field id carries.
func NumberMember(id FieldID, e *Event) *float64 {
	switch id {
	case FValue:
		return &e.Value
	case FAlpha:
		return &e.Alpha
	case FBeta:
		return &e.Beta
	case FResult:
		return &e.Result
	case FExplore:
		return &e.Explore
	case FProb:
		return &e.Prob
	}
	return nil
}

// StringMember returns the member of e that the string field id carries.
func StringMember(id FieldID, e *Event) *string {
	switch id {
	case FLabel:
		return &e.Label
	case FBoard:
		return &e.Board
	case FText:
		return &e.Text
	}
	return nil
}

// BoolMember returns the member of e that the boolean field id carries.
func BoolMember(id FieldID, e *Event) *bool {
	switch id {
	case FTerminal:
		return &e.Terminal
	case FDiscarded:
		return &e.Discarded
	}
	return nil
}

// NodesMember returns the member of e that the node[] field id carries.
func NodesMember(id FieldID, e *Event) *[]NodeID {
	switch id {
	case FChildren:
		return &e.Children
	case FPath:
		return &e.Path
	case FKept:
		return &e.Kept
	case FDropped:
		return &e.Dropped
	}
	return nil
}

// IntValue returns the member of e that the integer or node field id
// carries, widened, for a packing that stores both alike.
func IntValue(id FieldID, e *Event) int64 {
	if p := NodeMember(id, e); p != nil {
		return int64(*p)
	}
	return int64(*IntMember(id, e))
}

// SetIntValue sets the member of e that the integer or node field id
// carries to v.
func SetIntValue(id FieldID, e *Event, v int64) {
	if p := NodeMember(id, e); p != nil {
		*p = NodeID(v)
		return
	}
	*IntMember(id, e) = int(v)
}

// NonZero reports whether the member of e that field id carries differs
// from its Go zero value: 0, the empty string, false, a nil slice or
// pointer. A non-nil empty slice is not zero.
func NonZero(id FieldID, e *Event) bool {
	switch FieldInfos[id].Type {
	case TInteger, TNode:
		return IntValue(id, e) != 0
	case TNumber:
		return math.Float64bits(*NumberMember(id, e)) != 0
	case TString:
		return *StringMember(id, e) != ""
	case TBoolean:
		return *BoolMember(id, e)
	case TNodes:
		return *NodesMember(id, e) != nil
	case TNodeKind:
		return e.Type != 0
	case TCut:
		return e.Cut != 0
	case TTruncation:
		return e.Truncated != 0
	case TIntegers:
		return e.Pruned != nil
	case TStrings:
		return e.PrunedLabels != nil
	case TNumbers:
		return e.Values != nil
	case TScores:
		return e.Scores != nil
	case TCounters:
		return e.Counters != Counters{}
	case TJoint:
		return e.Joint != nil
	}
	return false
}

// SetZero sets the member of e that field id carries to its Go zero value.
func SetZero(id FieldID, e *Event) {
	switch FieldInfos[id].Type {
	case TInteger, TNode:
		SetIntValue(id, e, 0)
	case TNumber:
		*NumberMember(id, e) = 0
	case TString:
		*StringMember(id, e) = ""
	case TBoolean:
		*BoolMember(id, e) = false
	case TNodes:
		*NodesMember(id, e) = nil
	case TNodeKind:
		e.Type = 0
	case TCut:
		e.Cut = 0
	case TTruncation:
		e.Truncated = 0
	case TIntegers:
		e.Pruned = nil
	case TStrings:
		e.PrunedLabels = nil
	case TNumbers:
		e.Values = nil
	case TScores:
		e.Scores = nil
	case TCounters:
		e.Counters = Counters{}
	case TJoint:
		e.Joint = nil
	}
}
