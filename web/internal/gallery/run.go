package gallery

import (
	"sync"

	"github.com/searchviz/searchviz/catalog"
)

// Searches is what a Runner needs of the server: to start a search and
// to know whether a trace is still there.
type Searches interface {
	// Start starts the search req asks for and returns its trace's id.
	Start(req catalog.Request) (string, error)
	// Has reports whether the trace of id is being recorded or is saved.
	Has(id string) bool
}

// Runner runs each example's search once and remembers its trace, so
// that every link to an example opens the same trace. The zero Runner is
// ready; it is safe for concurrent use.
type Runner struct {
	mu  sync.Mutex
	ids map[string]string // example name -> trace id, once run
}

// Trace returns the id of example ex's trace, starting its search on s
// the first time and again if its trace has been deleted since.
func (r *Runner) Trace(ex *Example, s Searches) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id, ok := r.ids[ex.Name]; ok && s.Has(id) {
		return id, nil
	}
	id, err := s.Start(ex.Req)
	if err != nil {
		return "", err // Start's own words, which the page shows as they are
	}
	if r.ids == nil {
		r.ids = map[string]string{}
	}
	r.ids[ex.Name] = id
	return id, nil
}

// Is reports whether id is the trace of one of the examples run.
func (r *Runner) Is(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ex := range r.ids {
		if ex == id {
			return true
		}
	}
	return false
}
