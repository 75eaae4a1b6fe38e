package viewer

import (
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

// TestCommandsCheckGrain checks the grain of step commands.
func TestCommandsCheckGrain(t *testing.T) {
	testenv.SkipUnderRace(t, "checks decoded commands")
	t.Parallel()
	for _, tt := range []struct {
		msg string
		ok  bool
	}{
		{`{"type":"step","by":1,"grain":"event"}`, true},
		{`{"type":"step","by":-1,"grain":"node"}`, true},
		{`{"type":"step","by":1,"grain":"iteration"}`, true},
		{`{"type":"step","by":1,"grain":"cut"}`, true},
		{`{"type":"step","by":1,"grain":"backup"}`, true},
		{`{"type":"step","by":1,"grain":"decision"}`, true},
		{`{"type":"step","by":1,"grain":"bad"}`, false},
		{`{"type":"step","by":1,"grain":"depth"}`, false},
		{`{"type":"step","by":1,"grain":3}`, false},
		{`{"type":"play","speed":2,"grain":"cut"}`, false},
	} {
		c, err := decodeCommand([]byte(tt.msg))
		if err == nil {
			err = c.check(50, 10)
		}
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want accepted %v", tt.msg, err, tt.ok)
		}
	}
}
