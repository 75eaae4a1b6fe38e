package render

import (
	"testing"

	"github.com/searchviz/searchviz/trace"
)

// TestReasonWrittenOnce checks that a cut's reason is written under one
// edge only, the first the drawing draws of the moves the cut pruned:
// under c2 in the whole textbook tree, under c3 in a set that leaves c2
// out, and under neither where neither is drawn.
func TestReasonWrittenOnce(t *testing.T) {
	t.Parallel()
	final := mustTree(t, textbookEvents(), lastStep)
	o, err := NewOutline(final)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		set  []trace.NodeID // nil for the whole tree
		want trace.NodeID   // the pruned node whose edge carries the reason
	}{
		{"whole", nil, idC2},
		{"without c2", []trace.NodeID{idA, idC, idC3}, idC3},
		{"without both", []trace.NodeID{idA, idC}, trace.NoNode},
		{"not a pruned node", []trace.NodeID{idA, idB}, trace.NoNode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var s *Shown
			if tt.set != nil {
				set := map[trace.NodeID]bool{}
				for _, id := range tt.set {
					set[id] = true
				}
				s = newShown(final, o, set, nil)
			}
			d, err := newDrawn(final, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []trace.NodeID{idB, idC2, idC3} {
				if got := d.reasonOn(final, id); got != (id == tt.want) {
					t.Errorf("reasonOn(n%d) = %v, want it true only for n%d", id, got, tt.want)
				}
			}
		})
	}
}
