package rooms

import (
	"testing"

	"github.com/searchviz/searchviz/web/internal/wsconn/wiretest"
)

// TestProtocolDocNamesTheWire reads docs/protocol.md and checks that it
// names every message type a room's socket carries and every field of
// its messages.
func TestProtocolDocNamesTheWire(t *testing.T) {
	t.Parallel()
	doc := wiretest.ReadDoc(t)
	wiretest.Messages(t, doc, []string{"hello", "state", "page", "end", "room", "ticket", "link", "followers", "answers", "error", "ended"})
	if missing := wiretest.Missing(doc, wiretest.Fields(Message{})); len(missing) > 0 {
		t.Errorf("docs/protocol.md does not name the fields %q of a room's messages", missing)
	}
}
