package store

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestRecordsAcrossChunks adds records of every size, some bigger than a
// chunk, and reads each back by index and in order, from every start.
func TestRecordsAcrossChunks(t *testing.T) {
	testenv.SkipUnderRace(t, "stores records in the test goroutine")
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 2))
	var r Records
	var want [][]byte
	for i := range 3000 {
		n := rng.IntN(2000)
		if i%500 == 7 {
			n = recordChunk + 10
		}
		rec := make([]byte, n)
		for j := range rec {
			rec[j] = byte(i + j)
		}
		r.Add(rec)
		want = append(want, rec)
	}
	if r.Len() != len(want) {
		t.Fatalf("len() = %d, want %d", r.Len(), len(want))
	}
	for k := range want {
		if got := r.At(k); !bytes.Equal(got, want[k]) {
			t.Fatalf("at(%d): %d bytes, want %d", k, len(got), len(want[k]))
		}
	}
	for _, start := range []int{0, 1, RecordBlock - 1, RecordBlock, 1234} {
		t.Run(fmt.Sprint("from ", start), func(t *testing.T) {
			c := r.Cursor(start)
			for k := start; k < len(want); k++ {
				if got := c.Next(); !bytes.Equal(got, want[k]) {
					t.Fatalf("record %d: %d bytes, want %d", k, len(got), len(want[k]))
				}
			}
		})
	}
}
