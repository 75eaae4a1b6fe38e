package trace

import (
	"slices"
	"unsafe"

	"github.com/searchviz/searchviz/trace/internal/store"
)

// statePage is the number of node states in a page of a Tree's states:
// 30 KB, small enough that a step's changes copy little.
const statePage = 256

// initialPage is a page of nodes in their initial state, shared by every
// page that no event has changed yet. It is never written.
var initialPage = func() []dynState {
	p := make([]dynState, statePage)
	for i := range p {
		p[i] = initialState()
	}
	return p
}()

// pagedStates is one list of node states, by index, in pages that a Tree
// shares with its fold's checkpoints and its clones, copying a page only
// when it first writes to it: a Tree at any step holds only the pages its
// steps since its last checkpoint changed, so that many viewers of one
// big trace share its states rather than each holding them all.
type pagedStates struct {
	pages [][]dynState // each of statePage states; shared unless owned
	owned []bool       // by page, whether this list may write it in place
	own   int          // the pages owned
	n     int          // the states
}

// newPagedStates returns a list of n states, all initial, sharing
// initialPage.
func newPagedStates(n int) pagedStates {
	p := pagedStates{pages: make([][]dynState, (n+statePage-1)/statePage), owned: make([]bool, (n+statePage-1)/statePage), n: n}
	for i := range p.pages {
		p.pages[i] = initialPage
	}
	return p
}

// at returns state i, to read only.
func (p *pagedStates) at(i int) *dynState { return &p.pages[i/statePage][i%statePage] }

// set sets slot s of state i to v, copying its page first if it is shared.
func (p *pagedStates) set(i int, s dynSlot, v uint64) {
	k := i / statePage
	if !p.owned[k] {
		p.pages[k] = append([]dynState(nil), p.pages[k]...)
		p.owned[k] = true
		p.own++
	}
	p.pages[k][i%statePage][s] = v
}

// restore makes the list share the pages of a snapshot, and initialPage
// past them; a short last page that ends before the list does is copied
// and padded.
func (p *pagedStates) restore(snap [][]dynState) {
	clear(p.owned)
	p.own = 0
	n := copy(p.pages, snap)
	for i := n; i < len(p.pages); i++ {
		p.pages[i] = initialPage
	}
	if n > 0 && (n-1)*statePage+len(snap[n-1]) < p.n {
		page := make([]dynState, statePage)
		copy(page[copy(page, snap[n-1]):], initialPage)
		p.pages[n-1], p.owned[n-1] = page, true
		p.own++
	}
}

// share returns a list that shares p's shared pages and holds copies of
// the pages p wrote, leaving p as it is, so that p may be shared by
// goroutines that each take a copy.
func (p *pagedStates) share() pagedStates {
	q := pagedStates{pages: make([][]dynState, len(p.pages)), owned: make([]bool, len(p.owned)), own: p.own, n: p.n}
	copy(q.pages, p.pages)
	for k, own := range p.owned {
		if own {
			q.pages[k], q.owned[k] = append([]dynState(nil), p.pages[k]...), true
		}
	}
	return q
}

// mem returns the bytes p holds on its own: its page table and the pages
// it wrote.
func (p *pagedStates) mem() int64 {
	n := store.AllocSize(int64(cap(p.pages))*int64(unsafe.Sizeof([]dynState(nil)))) + store.AllocSize(int64(cap(p.owned)))
	for k, own := range p.owned {
		if own {
			n += store.AllocSize(int64(cap(p.pages[k])) * int64(unsafe.Sizeof(dynState{})))
		}
	}
	return n
}

// snapshotPages returns the pages of the first n states of c, for a
// checkpoint, statePage states each but the last, which holds the rest,
// and the bytes of the pages it copied. A page that prev, the last
// checkpoint's, holds whole and that changed is false for (or, with
// recheck, that holds the same states) is prev's page, shared; a new page
// of initial states only is initialPage.
func snapshotPages(c *store.Chunked[dynState], n int, prev [][]dynState, changed []bool, recheck bool) ([][]dynState, int64) {
	out := make([][]dynState, 0, (n+statePage-1)/statePage)
	bytes := store.AllocSize(int64(cap(out)) * int64(unsafe.Sizeof([]dynState(nil))))
	for start := 0; start < n; start += statePage {
		k := start / statePage
		end := min(start+statePage, n)
		// Pages never straddle chunks: store.ChunkLen is a multiple of statePage.
		src := c.Run(start, end)
		same := k < len(prev) && len(prev[k]) == len(src)
		if recheck {
			same = same && slices.Equal(prev[k], src)
		} else {
			same = same && (k >= len(changed) || !changed[k])
		}
		switch {
		case same:
			out = append(out, prev[k])
		case k >= len(prev) && slices.Equal(initialPage[:len(src)], src):
			out = append(out, initialPage)
		default:
			page := slices.Clone(src)
			bytes += store.AllocSize(int64(cap(page)) * int64(unsafe.Sizeof(dynState{})))
			out = append(out, page)
		}
	}
	return out, bytes
}

// pagesBytes returns the bytes of the distinct pages of the snapshots
// snaps, initialPage aside: what checkpoints that share pages hold.
func pagesBytes(snaps ...[][]dynState) int64 {
	seen := map[*dynState]bool{&initialPage[0]: true}
	var n int64
	for _, snap := range snaps {
		n += store.AllocSize(int64(cap(snap)) * int64(unsafe.Sizeof([]dynState(nil))))
		for _, p := range snap {
			if !seen[&p[0]] {
				seen[&p[0]] = true
				n += store.AllocSize(int64(cap(p)) * int64(unsafe.Sizeof(dynState{})))
			}
		}
	}
	return n
}
