package trace

import "math"

// The functions of this file map each field of the plain types to the
// member of an Event that it carries, one function per Go type, so that
// the encoder, the decoder and sizeBound share one mapping. Each returns
// nil for a field of another type. A field of any other type is the only
// one of its type, and the codec names its member directly.

// intMember returns the member of e that the integer field id carries.
func intMember(id fieldID, e *Event) *int {
	switch id {
	case fStep:
		return &e.Step
	case fAction:
		return &e.Action
	case fDepth:
		return &e.Depth
	case fLength:
		return &e.Length
	case fIteration:
		return &e.Iteration
	case fVisits:
		return &e.Visits
	}
	return nil
}

// nodeMember returns the member of e that the node field id carries.
func nodeMember(id fieldID, e *Event) *NodeID {
	switch id {
	case fNode:
		return &e.Node
	case fParent:
		return &e.Parent
	case fBest:
		return &e.Best
	case fChild:
		return &e.Child
	case fSame:
		return &e.Same
	}
	return nil
}

// numberMember returns the member of e that the number field id carries.
func numberMember(id fieldID, e *Event) *float64 {
	switch id {
	case fValue:
		return &e.Value
	case fAlpha:
		return &e.Alpha
	case fBeta:
		return &e.Beta
	case fResult:
		return &e.Result
	case fExplore:
		return &e.Explore
	case fProb:
		return &e.Prob
	}
	return nil
}

// stringMember returns the member of e that the string field id carries.
func stringMember(id fieldID, e *Event) *string {
	switch id {
	case fLabel:
		return &e.Label
	case fBoard:
		return &e.Board
	case fText:
		return &e.Text
	}
	return nil
}

// boolMember returns the member of e that the boolean field id carries.
func boolMember(id fieldID, e *Event) *bool {
	switch id {
	case fTerminal:
		return &e.Terminal
	case fDiscarded:
		return &e.Discarded
	}
	return nil
}

// nodesMember returns the member of e that the node[] field id carries.
func nodesMember(id fieldID, e *Event) *[]NodeID {
	switch id {
	case fChildren:
		return &e.Children
	case fPath:
		return &e.Path
	case fKept:
		return &e.Kept
	case fDropped:
		return &e.Dropped
	}
	return nil
}

// intValue returns the member of e that the integer or node field id
// carries, widened, for a packing that stores both alike.
func intValue(id fieldID, e *Event) int64 {
	if p := nodeMember(id, e); p != nil {
		return int64(*p)
	}
	return int64(*intMember(id, e))
}

// setIntValue sets the member of e that the integer or node field id
// carries to v.
func setIntValue(id fieldID, e *Event, v int64) {
	if p := nodeMember(id, e); p != nil {
		*p = NodeID(v)
		return
	}
	*intMember(id, e) = int(v)
}

// nonZero reports whether the member of e that field id carries differs
// from its Go zero value: 0, the empty string, false, a nil slice or
// pointer. A non-nil empty slice is not zero.
func nonZero(id fieldID, e *Event) bool {
	switch fieldInfos[id].typ {
	case tInteger, tNode:
		return intValue(id, e) != 0
	case tNumber:
		return math.Float64bits(*numberMember(id, e)) != 0
	case tString:
		return *stringMember(id, e) != ""
	case tBoolean:
		return *boolMember(id, e)
	case tNodes:
		return *nodesMember(id, e) != nil
	case tNodeKind:
		return e.Type != 0
	case tCut:
		return e.Cut != 0
	case tTruncation:
		return e.Truncated != 0
	case tIntegers:
		return e.Pruned != nil
	case tStrings:
		return e.PrunedLabels != nil
	case tNumbers:
		return e.Values != nil
	case tScores:
		return e.Scores != nil
	case tCounters:
		return e.Counters != Counters{}
	case tJoint:
		return e.Joint != nil
	}
	return false
}

// setZero sets the member of e that field id carries to its Go zero value.
func setZero(id fieldID, e *Event) {
	switch fieldInfos[id].typ {
	case tInteger, tNode:
		setIntValue(id, e, 0)
	case tNumber:
		*numberMember(id, e) = 0
	case tString:
		*stringMember(id, e) = ""
	case tBoolean:
		*boolMember(id, e) = false
	case tNodes:
		*nodesMember(id, e) = nil
	case tNodeKind:
		e.Type = 0
	case tCut:
		e.Cut = 0
	case tTruncation:
		e.Truncated = 0
	case tIntegers:
		e.Pruned = nil
	case tStrings:
		e.PrunedLabels = nil
	case tNumbers:
		e.Values = nil
	case tScores:
		e.Scores = nil
	case tCounters:
		e.Counters = Counters{}
	case tJoint:
		e.Joint = nil
	}
}
