package live

import (
	"errors"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
)

// TestNotesReadInJapanese checks that the notes a live search leaves in
// its trace have forms the catalogs translate, their causes too: an
// edited note must keep its translation.
func TestNotesReadInJapanese(t *testing.T) {
	t.Parallel()
	for _, note := range []string{
		cutShortNote(errUnwatched, 12345),
		cutShortNote(errTimeLimit, 1),
		cutShortNote(ErrShutdown, 7),
		failedNote(errors.New("the search failed: boom")),
	} {
		ja := explain.Japanese.Note(note)
		if ja == note || !strings.Contains(ja, "探索") {
			t.Errorf("the note %q reads %q in Japanese", note, ja)
		}
		if strings.Contains(note, "nodes;") && strings.ContainsAny(strings.ReplaceAll(ja, "ノード", ""), "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("the note %q reads %q in Japanese, with English words", note, ja)
		}
	}
}
