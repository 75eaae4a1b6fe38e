package static

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/static/internal/digest"
)

// TestHandoutBundleFresh checks that handout.js was made from the
// modules as they are: its header names its inputs and their digest, and
// a module edited since, or an input gone, changes the digest. Run
// `go generate ./static` after editing a module the viewer loads.
func TestHandoutBundleFresh(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("handout.js")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	var sum string
	lines := bufio.NewScanner(bytes.NewReader(data))
	lines.Buffer(nil, len(data)+1)
	for range 3 {
		if !lines.Scan() {
			break
		}
		if rest, ok := strings.CutPrefix(lines.Text(), digest.InputsPrefix); ok {
			inputs = strings.Fields(rest)
		}
		if rest, ok := strings.CutPrefix(lines.Text(), digest.SumPrefix); ok {
			sum = rest
		}
	}
	if len(inputs) == 0 || sum == "" {
		t.Fatal("handout.js has no inputs and digest in its header: run go generate ./static")
	}
	got, err := digest.Of(os.DirFS("."), inputs)
	if err != nil {
		t.Fatalf("%v: run go generate ./static", err)
	}
	if got != sum {
		t.Errorf("handout.js was made from other versions of %d modules than these: run go generate ./static", len(inputs))
	}
}
