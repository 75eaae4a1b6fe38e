package web

import (
	"time"

	"github.com/searchviz/searchviz/trace"
)

// SlowSearches makes every search s starts from the page emit its nodes at
// most one per delay, so that tests outside the package can watch one grow.
func SlowSearches(s *Server, delay time.Duration) {
	s.slowTracer = func(tr trace.Tracer) trace.Tracer { return slowTracer{tr, delay} }
}

// HTTPGet, WriteTrace and SearchToFile are get, writeTrace and
// searchToFile for the tests outside the package.
var (
	HTTPGet      = get
	WriteTrace   = writeTrace
	SearchToFile = searchToFile
)

// SetRoomLink tells s's rooms that the link to the other replicas went
// down (up false) or came back, as the client of NATS does.
func SetRoomLink(s *Server, up bool) { s.rooms.SetLink(up) }

// SetHandoutBytes caps the bytes of s's handouts at n, so that tests
// outside the package can see one refused without drawing 256 MiB.
func SetHandoutBytes(s *Server, n int64) { s.handoutBytes = n }
