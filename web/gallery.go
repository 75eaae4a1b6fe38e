package web

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/internal/counts"
)

// galleryJSON is the gallery: its examples and the comparisons of two of
// them, as data, so that a teacher adds an example without writing Go.
//
//go:embed gallery.json
var galleryJSON []byte

// The gallery, read from galleryJSON once; TestGallery checks every entry.
var examples, comparisons = mustLoadGallery(galleryJSON)

// galleryName matches the name of an example or a comparison: the end of
// its address.
var galleryName = regexp.MustCompile(`^[a-z0-9-]{1,60}$`)

// gallery is galleryJSON's form.
type gallery struct {
	Examples    []galleryExample    `json:"examples"`
	Comparisons []galleryComparison `json:"comparisons"`
}

// galleryExample is one example as the gallery's file states it.
type galleryExample struct {
	Name     string `json:"name"`               // its address, /example/NAME: lower case, digits and dashes
	Title    string `json:"title"`              // the gallery's heading
	Watch    string `json:"watch"`              // one sentence: what to watch
	About    string `json:"about,omitempty"`    // a paragraph the viewer shows, when a sentence is not enough
	Game     string `json:"game"`               // the game's spec, as viz run's --game
	Algo     string `json:"algo"`               // the algorithm's spec, as viz run's --algo
	Position string `json:"position,omitempty"` // the root position; the game's start if empty
	Seed     int64  `json:"seed,omitempty"`     // the random seed
	Step     string `json:"step,omitempty"`     // the step the page opens at, "last" or a number
}

// galleryComparison is one comparison as the gallery's file states it.
type galleryComparison struct {
	Name      string     `json:"name"`
	Title     string     `json:"title"`
	Watch     string     `json:"watch"`
	Point     string     `json:"point"`           // the sentence the page opens with, above its table
	About     string     `json:"about,omitempty"` // what tells the two apart
	Left      string     `json:"left"`            // the examples' names
	Right     string     `json:"right"`
	Extra     []string   `json:"extra,omitempty"` // examples whose counts join the panel's
	ValueHead string     `json:"value_head"`      // the heading of the table's column of values
	Terms     valueTerms `json:"terms"`           // "game", "rate" or "expect"
	Player    string     `json:"player"`          // the root player, as the values name them
	Match     matchRule  `json:"match"`           // "share", "node" or "playout"
}

// mustLoadGallery is loadGallery of the embedded file, which a test keeps
// valid: a build whose gallery does not load is a programming error.
func mustLoadGallery(data []byte) ([]example, []comparison) {
	ex, cmp, err := loadGallery(data)
	if err != nil {
		panic(err)
	}
	return ex, cmp
}

// loadGallery reads the gallery's file: every example named once, and
// every comparison naming examples that exist, with at most
// counts.MaxTraces examples in its counts.
func loadGallery(data []byte) ([]example, []comparison, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var g gallery
	if err := dec.Decode(&g); err != nil {
		return nil, nil, fmt.Errorf("web: the gallery: %w", err)
	}
	names := map[string]bool{}
	var exs []example
	for i, e := range g.Examples {
		switch {
		case !galleryName.MatchString(e.Name):
			return nil, nil, fmt.Errorf("web: the gallery's example %d: name %q is not 1 to 60 lower-case letters, digits and dashes", i+1, e.Name)
		case names[e.Name]:
			return nil, nil, fmt.Errorf("web: the gallery names two examples %q", e.Name)
		case e.Title == "" || e.Watch == "" || e.Game == "" || e.Algo == "":
			return nil, nil, fmt.Errorf("web: the gallery's example %q needs a title, a watch sentence, a game and an algorithm", e.Name)
		}
		names[e.Name] = true
		exs = append(exs, example{
			name: e.Name, title: e.Title, watch: e.Watch, about: e.About, step: e.Step,
			req: catalog.Request{Game: e.Game, Algo: e.Algo, Position: e.Position, Seed: e.Seed},
		})
	}
	seen := map[string]bool{}
	var cmps []comparison
	for _, c := range g.Comparisons {
		switch {
		case !galleryName.MatchString(c.Name) || seen[c.Name]:
			return nil, nil, fmt.Errorf("web: the gallery's comparison %q: a name of 1 to 60 lower-case letters, digits and dashes, used once", c.Name)
		case c.Title == "" || c.Watch == "" || c.Point == "" || c.ValueHead == "" || c.Player == "":
			return nil, nil, fmt.Errorf("web: the gallery's comparison %q needs a title, a watch sentence, a point, a value heading and a player", c.Name)
		case 2+len(c.Extra) > counts.MaxTraces:
			return nil, nil, fmt.Errorf("web: the gallery's comparison %q counts %d examples, at most %d", c.Name, 2+len(c.Extra), counts.MaxTraces)
		}
		seen[c.Name] = true
		for _, n := range append([]string{c.Left, c.Right}, c.Extra...) {
			if !names[n] {
				return nil, nil, fmt.Errorf("web: the gallery's comparison %q names example %q, which the gallery does not have", c.Name, n)
			}
		}
		cmps = append(cmps, comparison{
			name: c.Name, title: c.Title, watch: c.Watch, point: c.Point, about: c.About,
			left: c.Left, right: c.Right, extra: c.Extra,
			valueHead: c.ValueHead, terms: c.Terms, player: c.Player, match: c.Match,
		})
	}
	return exs, cmps, nil
}

// errUnknownName refuses a name a closed set of names does not hold.
var errUnknownName = errors.New("not one of the names allowed")

// termsNames and matchNames are the gallery file's names of valueTerms
// and matchRule, by value.
var (
	termsNames = [...]string{termsGame: "game", termsRate: "rate", termsExpect: "expect"}
	matchNames = [...]string{matchShare: "share", matchNode: "node", matchPlayout: "playout"}
)

// MarshalText names t as the gallery's file does.
func (t valueTerms) MarshalText() ([]byte, error) {
	if int(t) >= len(termsNames) {
		return nil, fmt.Errorf("web: value terms %d: %w", t, errUnknownName)
	}
	return []byte(termsNames[t]), nil
}

// UnmarshalText reads t from its name in the gallery's file.
func (t *valueTerms) UnmarshalText(b []byte) error {
	for v, name := range termsNames {
		if string(b) == name {
			*t = valueTerms(v)
			return nil
		}
	}
	return fmt.Errorf("terms %q: %w: %q, %q or %q", b, errUnknownName, termsNames[0], termsNames[1], termsNames[2])
}

// MarshalText names m as the gallery's file does.
func (m matchRule) MarshalText() ([]byte, error) {
	if int(m) >= len(matchNames) {
		return nil, fmt.Errorf("web: match rule %d: %w", m, errUnknownName)
	}
	return []byte(matchNames[m]), nil
}

// UnmarshalText reads m from its name in the gallery's file.
func (m *matchRule) UnmarshalText(b []byte) error {
	for v, name := range matchNames {
		if string(b) == name {
			*m = matchRule(v)
			return nil
		}
	}
	return fmt.Errorf("match %q: %w: %q, %q or %q", b, errUnknownName, matchNames[0], matchNames[1], matchNames[2])
}
