package web

import (
	"time"

	"github.com/searchviz/searchviz/trace"
)

// HoldSearches makes s's searches create their first n nodes delay
// apart and then wait until release is closed, so that a test sees a
// search live for as long as it needs, however busy the machine.
func HoldSearches(s *Server, n int, delay time.Duration, release <-chan struct{}) {
	s.slowTracer = func(tr trace.Tracer) trace.Tracer {
		return &heldTracer{next: tr, left: n, delay: delay, release: release}
	}
}

// heldTracer is the tracer of HoldSearches: one search's.
type heldTracer struct {
	next    trace.Tracer
	left    int
	delay   time.Duration
	release <-chan struct{}
}

// Emit passes e on, after a delay for a node, or a wait for the release
// once the first nodes have been made.
func (h *heldTracer) Emit(e trace.Event) {
	if e.Kind == trace.KindNode {
		if h.left == 0 {
			<-h.release
		} else {
			h.left--
		}
		time.Sleep(h.delay)
	}
	h.next.Emit(e)
}

// HTTPGet, TestClient, NoRedirect, WriteTrace and SearchToFile are get,
// testClient, noRedirect, writeTrace and searchToFile for the tests outside
// the package.
var (
	HTTPGet      = get
	TestClient   = testClient
	NoRedirect   = noRedirect
	WriteTrace   = writeTrace
	SearchToFile = searchToFile
)

// SetRoomLink tells s's rooms that the link to the other replicas went
// down (up false) or came back, as the client of NATS does.
func SetRoomLink(s *Server, up bool) { s.rooms.SetLink(up) }

// SetHandoutBytes caps the bytes of s's handouts at n, so that tests
// outside the package can see one refused without drawing 256 MiB.
func SetHandoutBytes(s *Server, n int64) { s.handoutBytes = n }

// EnglishWords returns the English words of a Japanese page's text, as
// englishWords finds them, for the browser tests.
func EnglishWords(text string) []string { return englishWords(text, allowedWords()) }

// EndRooms ends every room of s with ending, as s's rooms end themselves.
func EndRooms(s *Server, ending string) { s.rooms.EndAll(ending) }
