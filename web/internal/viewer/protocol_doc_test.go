package viewer

import (
	"strings"
	"testing"

	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/web/internal/wsconn/wiretest"
)

// TestProtocolDocNamesTheWire reads docs/protocol.md, the viewer's
// protocol for client writers, and checks that it names every command a
// page may send and every field of every message the server sends.
func TestProtocolDocNamesTheWire(t *testing.T) {
	t.Parallel()
	doc := wiretest.ReadDoc(t)
	wiretest.Messages(t, doc, commandTypes)
	for _, g := range trace.Grains() {
		if !strings.Contains(doc, "`"+g.String()+"`") {
			t.Errorf("docs/protocol.md does not name the grain %q a step may take", g)
		}
	}
	fields := wiretest.Fields(Command{}, Layout{}, Rest{}, Frame{}, errorMsg{})
	if missing := wiretest.Missing(doc, fields); len(missing) > 0 {
		t.Errorf("docs/protocol.md does not name the fields %q of the viewer's messages", missing)
	}
}
