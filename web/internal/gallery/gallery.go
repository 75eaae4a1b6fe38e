package gallery

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/web/internal/counts"
)

// galleryJSON is the gallery: its examples and the comparisons of two of
// them, as data, so that a teacher adds an example without writing Go.
//
//go:embed gallery.json
var galleryJSON []byte

// The gallery, read from galleryJSON once and never changed; a test
// checks every entry.
var (
	loaded      = mustLoad(galleryJSON)
	lessons     = loaded.Lessons
	examples    = loaded.Examples
	comparisons = loaded.Comparisons
)

// galleryName matches the name of an example or a comparison: the end of
// its address.
var galleryName = regexp.MustCompile(`^[a-z0-9-]{1,` + strconv.Itoa(maxNameLen) + `}$`)

// Example is one classic setup of the gallery.
type Example struct {
	Name, Title, Watch string
	Lesson             string // the name of the lesson the start page shows it in
	About              string // a paragraph the viewer shows, when a sentence is not enough
	Req                catalog.Request
	Step               string // the step the page opens at
}

// Comparison shows two examples side by side: one sentence that makes
// its point and a table of both searches' results in the same terms, the
// two viewers, and a paragraph on what tells them apart.
type Comparison struct {
	Name, Title string
	Lesson      string // the name of the lesson the start page shows it in
	Watch       string // one sentence for the gallery
	Point       string // the sentence the page opens with, above its table
	About       string
	Left, Right string // the examples' names
	// Extra names examples whose counts join the panel's, after Left's
	// and Right's, without a viewer: at most counts.MaxTraces-2 of them.
	// The table has a row for each, after Left's and Right's.
	Extra []string

	ValueHead string // the heading of the table's column of values
	Terms     Terms  // how that column states them
	Player    string // the root player, as the values name them: "x", "A"
	Match     Rule   // how "step both" pairs the viewers' steps
}

// Other returns the name of the other of c's two examples than example.
func (c *Comparison) Other(example string) string {
	if c.Left == example {
		return c.Right
	}
	return c.Left
}

// Examples returns the gallery's examples, in its order; callers do not
// change them.
func Examples() []Example { return examples }

// Comparisons returns the gallery's comparisons, in its order; callers do
// not change them.
func Comparisons() []Comparison { return comparisons }

// ExampleNamed returns the example of that name, or nil.
func ExampleNamed(name string) *Example {
	for i := range examples {
		if examples[i].Name == name {
			return &examples[i]
		}
	}
	return nil
}

// ComparisonNamed returns the comparison of that name, or nil.
func ComparisonNamed(name string) *Comparison {
	for i := range comparisons {
		if comparisons[i].Name == name {
			return &comparisons[i]
		}
	}
	return nil
}

// ComparisonOf returns the comparison an example is one of the two
// viewers of, or nil.
func ComparisonOf(example string) *Comparison {
	for i, c := range comparisons {
		if c.Left == example || c.Right == example {
			return &comparisons[i]
		}
	}
	return nil
}

// file is galleryJSON's form.
type file struct {
	Lessons     []fileLesson     `json:"lessons"`
	Examples    []fileExample    `json:"examples"`
	Comparisons []fileComparison `json:"comparisons"`
}

// fileExample is one example as the gallery's file states it.
type fileExample struct {
	Name     string `json:"name"`               // its address, /example/NAME: lower case, digits and dashes
	Title    string `json:"title"`              // the gallery's heading
	Lesson   string `json:"lesson"`             // the name of its lesson
	Watch    string `json:"watch"`              // one sentence: what to watch
	About    string `json:"about,omitempty"`    // a paragraph the viewer shows, when a sentence is not enough
	Game     string `json:"game"`               // the game's spec, as viz run's --game
	Algo     string `json:"algo"`               // the algorithm's spec, as viz run's --algo
	Position string `json:"position,omitempty"` // the root position; the game's start if empty
	Seed     int64  `json:"seed,omitempty"`     // the random seed
	Step     string `json:"step,omitempty"`     // the step the page opens at, "last" or a number
}

// fileComparison is one comparison as the gallery's file states it.
type fileComparison struct {
	Name      string   `json:"name"`
	Title     string   `json:"title"`
	Lesson    string   `json:"lesson"` // the name of its lesson
	Watch     string   `json:"watch"`
	Point     string   `json:"point"`           // the sentence the page opens with, above its table
	About     string   `json:"about,omitempty"` // what tells the two apart
	Left      string   `json:"left"`            // the examples' names
	Right     string   `json:"right"`
	Extra     []string `json:"extra,omitempty"` // examples whose counts join the panel's
	ValueHead string   `json:"value_head"`      // the heading of the table's column of values
	Terms     Terms    `json:"terms"`           // "game", "rate" or "expect"
	Player    string   `json:"player"`          // the root player, as the values name them
	Match     Rule     `json:"match"`           // "share", "node" or "playout"
}

// Gallery is the whole of a gallery's file, read and checked.
type Gallery struct {
	Lessons     []Lesson
	Examples    []Example
	Comparisons []Comparison
}

// mustLoad is Load of the embedded file, which a test keeps
// valid: a build whose gallery does not load is a programming error.
func mustLoad(data []byte) Gallery {
	g, err := Load(data)
	if err != nil {
		panic(err)
	}
	return g
}

// Load reads the gallery's file: every lesson, example and comparison
// named once, every example and comparison in a lesson that exists and
// every lesson holding one, and every comparison naming examples that
// exist, with at most counts.MaxTraces examples in its counts.
func Load(data []byte) (Gallery, error) {
	exs, cmps, lessons, err := load(data)
	if err != nil {
		return Gallery{}, err
	}
	return Gallery{Lessons: lessons, Examples: exs, Comparisons: cmps}, nil
}

// load is Load, its results apart.
func load(data []byte) ([]Example, []Comparison, []Lesson, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var g file
	if err := dec.Decode(&g); err != nil {
		return nil, nil, nil, fmt.Errorf("gallery: the gallery: %w", err)
	}
	lessons, err := readLessons(g.Lessons)
	if err != nil {
		return nil, nil, nil, err
	}
	used := map[string]bool{}
	names := map[string]bool{}
	var exs []Example
	for i, e := range g.Examples {
		switch {
		case !galleryName.MatchString(e.Name):
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's example %d: name %q is not 1 to %d lower-case letters, digits and dashes", i+1, e.Name, maxNameLen)
		case names[e.Name]:
			return nil, nil, nil, fmt.Errorf("gallery: the gallery names two examples %q", e.Name)
		case e.Title == "" || e.Watch == "" || e.Game == "" || e.Algo == "":
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's example %q needs a title, a watch sentence, a game and an algorithm", e.Name)
		}
		if err := inLesson(lessons, "example", e.Name, e.Lesson); err != nil {
			return nil, nil, nil, err
		}
		used[e.Lesson] = true
		names[e.Name] = true
		exs = append(exs, Example{
			Name: e.Name, Title: e.Title, Watch: e.Watch, Lesson: e.Lesson, About: e.About, Step: e.Step,
			Req: catalog.Request{Game: e.Game, Algo: e.Algo, Position: e.Position, Seed: e.Seed},
		})
	}
	seen := map[string]bool{}
	var cmps []Comparison
	for _, c := range g.Comparisons {
		switch {
		case !galleryName.MatchString(c.Name) || seen[c.Name]:
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's comparison %q: a name of 1 to %d lower-case letters, digits and dashes, used once", c.Name, maxNameLen)
		case c.Title == "" || c.Watch == "" || c.Point == "" || c.ValueHead == "" || c.Player == "":
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's comparison %q needs a title, a watch sentence, a point, a value heading and a player", c.Name)
		case 2+len(c.Extra) > counts.MaxTraces:
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's comparison %q counts %d examples, at most %d", c.Name, 2+len(c.Extra), counts.MaxTraces)
		}
		if err := inLesson(lessons, "comparison", c.Name, c.Lesson); err != nil {
			return nil, nil, nil, err
		}
		used[c.Lesson] = true
		seen[c.Name] = true
		for _, n := range append([]string{c.Left, c.Right}, c.Extra...) {
			if !names[n] {
				return nil, nil, nil, fmt.Errorf("gallery: the gallery's comparison %q names example %q, which the gallery does not have", c.Name, n)
			}
		}
		cmps = append(cmps, Comparison{
			Name: c.Name, Title: c.Title, Lesson: c.Lesson, Watch: c.Watch, Point: c.Point, About: c.About,
			Left: c.Left, Right: c.Right, Extra: c.Extra,
			ValueHead: c.ValueHead, Terms: c.Terms, Player: c.Player, Match: c.Match,
		})
	}
	for _, l := range lessons {
		if !used[l.Name] {
			return nil, nil, nil, fmt.Errorf("gallery: the gallery's lesson %q holds no example or comparison", l.Name)
		}
	}
	return exs, cmps, lessons, nil
}
