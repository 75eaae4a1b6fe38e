package wiretest

import (
	"encoding/json"
	"slices"
	"testing"
)

type own struct{ Hidden int }

func (own) MarshalJSON() ([]byte, error) { return json.Marshal(1) }

type inner struct {
	Deep string `json:"deep,omitempty"`
	Name string `json:"name"`
}

type msg struct {
	Type    string   `json:"type"`
	Name    string   `json:"name"`
	Items   []*inner `json:"items"`
	Skipped int      `json:"-"`
	Own     own      `json:"own"`
	private int
	Plain   int
}

func TestFields(t *testing.T) {
	t.Parallel()
	got := Fields(msg{}, &inner{})
	want := []string{"type", "name", "items", "deep", "own"}
	if !slices.Equal(got, want) {
		t.Errorf("Fields = %q, want %q", got, want)
	}
}

func TestMissing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		doc  string
		want []string
	}{
		{`{"type":"x","name":1}`, nil},
		{`the type and "name"`, []string{"type"}},
		{``, []string{"type", "name"}},
	}
	for _, tt := range tests {
		if got := Missing(tt.doc, []string{"type", "name"}); !slices.Equal(got, tt.want) {
			t.Errorf("Missing(%q) = %q, want %q", tt.doc, got, tt.want)
		}
	}
}
