package tracestore

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/trace"
)

// ReadUpload reads an uploaded trace, plain or gzip-compressed, within
// the store's limits, and folds it as it reads, within its fold budget,
// with its boards. A file cut short, as a copy or download stopped early
// leaves it, is read up to its last whole line, and a note at its end
// says so; so is a file whose events stop before the search's decision.
func (s *Store) ReadUpload(in io.Reader) (trace.Header, *trace.Tree, error) {
	r, err := trace.NewLimitedReader(in, s.limits)
	if err != nil {
		return trace.Header{}, nil, err
	}
	b := trace.NewBuilder()
	b.LimitMemory(s.foldBytes, "")
	err = b.ReadFrom(r, catalog.BoardFiller(r.Header()))
	var cut *trace.TruncatedError
	if errors.As(err, &cut) && b.Len() > 0 {
		err = nil
	}
	if err != nil {
		return r.Header(), nil, err
	}
	if b.Len() == 0 {
		return r.Header(), nil, errors.New("trace: the file has a header but no events")
	}
	if text := endNote(b, cut); text != "" {
		note := trace.Event{Kind: trace.KindNote, Step: b.Len(), Node: trace.NoNode, Text: text}
		if err := b.Add(&note); err != nil {
			return r.Header(), nil, err
		}
	}
	t, err := b.Tree()
	return r.Header(), t, err
}

// endNote says, for the viewer, how an uploaded trace of b's events ends
// early: cut in a line (cut is not nil), or whole lines that stop before
// the search's decision with no note saying why. It returns "" for a
// trace that ends as a search's does.
func endNote(b *trace.Builder, cut *trace.TruncatedError) string {
	last := b.Len() - 1
	if cut != nil {
		why := strings.TrimPrefix(cut.Err.Error(), "trace: ")
		return fmt.Sprintf("The file ends after step %s: line %s is cut short (%s), so this trace is shown up to its last whole line. The rest of the search is not in the file.",
			explain.Thousands(last), explain.Thousands(cut.Line), why)
	}
	switch b.Event(last).Kind {
	case trace.KindDecision, trace.KindNote:
		return ""
	}
	return fmt.Sprintf("The file ends after step %s, before the search's decision: its last lines may be missing, so this trace is shown up to there.", explain.Thousands(last))
}
