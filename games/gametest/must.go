package gametest

import (
	"fmt"
	"strings"
	"testing"
)

// MustParse returns the position parse reads from text, and stops the test
// through t.Fatalf when parse fails.
func MustParse[S any](t testing.TB, parse func(string) (S, error), text string) S {
	t.Helper()
	s, err := parse(text)
	if err != nil {
		t.Fatalf("parsing %.60q: %v", text, err)
	}
	return s
}

// ParseError reports through t unless parse fails on text with an error
// whose message contains want. It returns the error, nil when parse did not
// fail.
func ParseError[S fmt.Stringer](t testing.TB, parse func(string) (S, error), text, want string) error {
	t.Helper()
	s, err := parse(text)
	if err == nil {
		t.Errorf("parsing %.60q gives %.60s, want an error", text, s)
		return nil
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("parsing %.60q: %v\nwant an error containing: %s", text, err, want)
	}
	return err
}

// Panics reports through t, naming the call by name, unless f panics with
// the message want, as the games' Play does with an action it refuses.
func Panics(t testing.TB, name, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if got := recover(); got != want {
			t.Errorf("%s panics with %v, want %q", name, got, want)
		}
	}()
	f()
}
