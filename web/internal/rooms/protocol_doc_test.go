package rooms

import (
	"os"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/web/internal/wsconn/wiretest"
)

// TestProtocolDocNamesTheWire reads docs/protocol.md and checks that it
// names every message type a room's socket carries and every field of
// its messages.
func TestProtocolDocNamesTheWire(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, typ := range []string{"hello", "state", "page", "end", "room", "ticket", "link", "followers", "answers", "error", "ended"} {
		if !strings.Contains(doc, `{"type":"`+typ+`"`) {
			t.Errorf("docs/protocol.md has no message of type %q", typ)
		}
	}
	if missing := wiretest.Missing(doc, wiretest.Fields(Message{})); len(missing) > 0 {
		t.Errorf("docs/protocol.md does not name the fields %q of a room's messages", missing)
	}
}
