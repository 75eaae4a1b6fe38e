package viewer

import (
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
)

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"seek","step":3}`, `{"type":"play","speed":4}`, `{"type":"pause"}`,
		`{"type":"view","view":"side"}`, `{"type":"select","node":-1}`, `{"type":"select","node":2}`,
		`{"type":"step","by":1}`, `{"type":"step","by":-1}`, `{"type":"expand","node":3}`,
		`{"type":"collapse","node":0}`, `{"type":"root","node":9}`, `{"type":"up"}`,
		`{"type":"reveal","node":4}`, `{"type":"filter","node":-1}`, `{"type":"filter","node":7}`,
		`{}`, `[]`, `null`, `{"type":"seek","step":1e400}`, `{"type":"step","by":0}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const steps, nodes = 50, 10
		c, err := decodeCommand(data)
		if err != nil {
			return
		}
		if err := c.check(steps, nodes); err != nil {
			return
		}
		switch c.Type {
		case cmdSeek:
			if *c.Step < 0 || *c.Step >= steps {
				t.Errorf("accepted seek to %d", *c.Step)
			}
		case cmdStep:
			if *c.By != 1 && *c.By != -1 {
				t.Errorf("accepted a step by %d", *c.By)
			}
		case cmdSelect, cmdFilter:
			if *c.Node < -1 || *c.Node >= nodes {
				t.Errorf("accepted %s of %d", c.Type, *c.Node)
			}
		case cmdExpand, cmdCollapse, cmdRoot, cmdReveal:
			if *c.Node < 0 || *c.Node >= nodes {
				t.Errorf("accepted %s of %d", c.Type, *c.Node)
			}
		case cmdPlay:
			if !(c.Speed > 0 && c.Speed <= maxSpeed) {
				t.Errorf("accepted speed %v", c.Speed)
			}
		case cmdView, cmdPause, cmdUp:
		default:
			t.Errorf("accepted type %q", c.Type)
		}
	})
}

// TestCommandsChecked checks each command's arguments against a trace of
// 50 steps and 10 nodes: what a page may ask, and what it may not.
func TestCommandsChecked(t *testing.T) {
	testenv.SkipUnderRace(t, "checks decoded commands")
	t.Parallel()
	tests := []struct {
		msg string
		ok  bool
	}{
		{`{"type":"step","by":1}`, true},
		{`{"type":"step","by":-1}`, true},
		{`{"type":"step","by":0}`, false},
		{`{"type":"step"}`, false},
		{`{"type":"expand","node":9}`, true},
		{`{"type":"expand","node":10}`, false},
		{`{"type":"expand","node":-1}`, false},
		{`{"type":"collapse","node":0}`, true},
		{`{"type":"collapse"}`, false},
		{`{"type":"root","node":3}`, true},
		{`{"type":"root","node":-1}`, false},
		{`{"type":"up"}`, true},
		{`{"type":"reveal","node":4}`, true},
		{`{"type":"reveal","node":11}`, false},
		{`{"type":"filter","node":-1}`, true},
		{`{"type":"filter","node":9}`, true},
		{`{"type":"filter","node":-2}`, false},
		{`{"type":"filter","node":10}`, false},
		{`{"type":"up","by":"x"}`, false},
		{`{"type":"collapse","node":1,"depth":2}`, false},
	}
	for _, tt := range tests {
		c, err := decodeCommand([]byte(tt.msg))
		if err == nil {
			err = c.check(50, 10)
		}
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want accepted %v", tt.msg, err, tt.ok)
		}
	}
}
