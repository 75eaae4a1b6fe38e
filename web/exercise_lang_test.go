package web

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/matches"
)

// getIn GETs u as a reader whose browser asks for the language lang.
func getIn(t *testing.T, lang, u string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Language", lang)
	res, err := testClient.Do(req)
	body := readBody(t, res, err)
	return res.StatusCode, body
}

var (
	// mainElement is a page's own part, inside the layout every page shares.
	mainElement = regexp.MustCompile(`(?s)<main[^>]*>.*</main>`)
	// roomBar is the bar of a classroom room, which the viewer's page
	// shares with the exercise's and which speaks for itself.
	roomBar = regexp.MustCompile(`(?s)<section class="room-bar".*?</section>`)
	// quotedJa is a text a Japanese sentence quotes: answers' syntax
	// and states' moves, which stay as a student types them.
	quotedJa = regexp.MustCompile(`「[^」]*」`)
	// latinWord is a run of Latin letters, and the digits after them.
	latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*`)
	// nodeOrLabel is a tree's node name (B, AA) or edge label (c2).
	nodeOrLabel = regexp.MustCompile(`^([A-Z]{1,2}|[a-z]{1,2}[0-9]+)$`)
)

// exerciseWords are the Latin words an exercise, play or arena page may
// show beyond allowedWords: symbols of the formulas and the SPRT, and
// the names of the tools the arena is compared with.
var exerciseWords = []string{"ln", "min", "LLR", "cli", "cutechess"}

// englishOnPage returns the English words of a Japanese page's main
// part, as englishWords finds them, outside quoted answers and node
// names; extra are more words the page may show, such as its engines'
// names.
func englishOnPage(page string, extra ...string) []string {
	allowed := allowedWords()
	for _, w := range append(exerciseWords, extra...) {
		allowed[w] = true
	}
	main := quotedJa.ReplaceAllString(roomBar.ReplaceAllString(mainElement.FindString(page), ""), "")
	var out []string
	for _, w := range englishWords(main, allowed) {
		if !nodeOrLabel.MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// TestExercisePageInJapanese fetches every kind and level of exercise in
// Japanese, with no answer, a wrong one, the right one and one that
// cannot be read, and finds no English in what the page shows; the same
// seed makes the same exercise in both languages, graded alike.
func TestExercisePageInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	for _, k := range exerciseKinds {
		for _, lv := range exercise.LevelsOf(k.kind) {
			ex, err := exercise.Generate(k.kind, lv.Difficulty, 5)
			if err != nil {
				t.Fatal(err)
			}
			want, err := exercise.Solve(ex)
			if err != nil {
				t.Fatal(err)
			}
			base := ts.URL + exerciseURL(string(k.kind), lv.Name, 5)
			for _, answer := range []string{"", "&answer=" + url.QueryEscape(want.String()), "&answer=" + url.QueryEscape(wrongAnswer(ex.Kind)), "&answer=" + url.QueryEscape("B==")} {
				_, en := getIn(t, "en", base+answer)
				status, ja := getIn(t, "ja", base+answer)
				if status != http.StatusOK {
					t.Fatalf("%s %s: status %d", k.kind, lv.Name, status)
				}
				if english := englishOnPage(ja); len(english) > 0 {
					t.Errorf("%s %s%s: English on the Japanese page: %q", k.kind, lv.Name, answer, english)
				}
				if !strings.Contains(ja, html.EscapeString(explain.Japanese.T(k.question))) {
					t.Errorf("%s %s: the Japanese page lacks the question", k.kind, lv.Name)
				}
				for _, part := range []string{`data-testid="exercise-maze"`, `data-testid="exercise-arms"`, `class="grade correct"`, `class="grade wrong"`} {
					if strings.Contains(en, part) != strings.Contains(ja, part) {
						t.Errorf("%s %s%s: %s on one page only", k.kind, lv.Name, answer, part)
					}
				}
				if a, b := treeLeaves(en), treeLeaves(ja); !slices.Equal(a, b) {
					t.Errorf("%s %s: the trees differ: %q in English, %q in Japanese", k.kind, lv.Name, a, b)
				}
			}
		}
	}
}

// wrongAnswer is an answer to an exercise of kind that is wrong for
// every exercise the tests make.
func wrongAnswer(kind exercise.Kind) string {
	switch kind {
	case exercise.UCB1:
		return "a9"
	case exercise.MCTS:
		return "selected: A; expanded: none; A=1"
	case exercise.Ordering:
		return "ZZ: a1"
	case exercise.Beam:
		return "1: up"
	case exercise.AlphaBeta:
		return "pruned: none; A=99"
	}
	return "A=99"
}

// svgText is a text of a drawing.
var svgText = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// treeLeaves returns the texts of an exercise page's tree without its
// captions, which say whose view the values are in ("MAX") or what w/n
// is, in the reader's language: its nodes' names and values.
func treeLeaves(page string) []string {
	var out []string
	for _, m := range svgText.FindAllStringSubmatch(page, -1) {
		if !strings.Contains(m[1], "w/n") && !strings.Contains(m[1], "MAX") {
			out = append(out, m[1])
		}
	}
	return out
}

// TestExerciseKindsTranslated checks that every text of the exercise
// page's kinds, given to the catalogs at run time, has a catalog entry.
func TestExerciseKindsTranslated(t *testing.T) {
	t.Parallel()
	for _, k := range exerciseKinds {
		for _, key := range []string{k.label, k.question, k.format, mctsCaption} {
			if _, ok := explain.Catalog[key]; !ok {
				t.Errorf("no catalog entry for %q", key)
			}
		}
	}
}

// TestPagesInJapanese fetches the exercise, play and arena pages as a
// Japanese reader and finds no English in what they show, but code,
// names and symbols.
func TestGamePagesInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	// The games' and engines' names stay as the catalog spells them; the
	// games' help, which the catalog's own words give, is not this test's.
	var names []string
	for _, g := range arenaGames() {
		names = append(names, latinWord.FindAllString(g.Name, -1)...)
		for _, e := range g.ArenaEngines {
			names = append(names, latinWord.FindAllString(e, -1)...)
		}
	}
	for _, path := range []string{"/exercise?kind=alphabeta&level=easy&seed=1", "/play", "/arena", arenaMatchIn(t, ts.URL, "ja")} {
		status, page := getIn(t, "ja", ts.URL+path)
		if status != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, status)
		}
		for _, g := range arenaGames() {
			page = strings.ReplaceAll(page, `title="`+html.EscapeString(g.Help)+`"`, "")
		}
		if english := englishOnPage(page, names...); len(english) > 0 {
			t.Errorf("GET %s: English on the Japanese page: %q", path, english)
		}
	}
}

// arenaMatchIn starts a short match with an SPRT as a reader of the
// language lang, waits for it to end and returns its page's path; the
// SPRT's words in its status are in lang.
func arenaMatchIn(t *testing.T, base, lang string) string {
	t.Helper()
	form := url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=2"}, "b": {"mcts playouts=20"}, "games": {"4"}, "seed": {"1"}, "elo0": {"0"}, "elo1": {"50"}}
	req, err := http.NewRequest(http.MethodPost, base+"/arena", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	req.Header.Set("Accept-Language", lang)
	res, err := testClient.Do(req)
	body := readBody(t, res, err)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("starting a match: status %d: %s", res.StatusCode, body)
	}
	path := res.Request.URL.Path
	st := arenaStatus(t, base, path)
	for deadline := time.Now().Add(time.Minute); !st.Finished && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		st = arenaStatus(t, base, path)
	}
	_, data := getIn(t, lang, base+path+"/status")
	var inLang matches.Status
	if err := json.Unmarshal([]byte(data), &inLang); err != nil {
		t.Fatal(err)
	}
	if inLang.SPRT == nil || lang == "ja" && latinWord.MatchString(strings.NewReplacer("H0", "", "H1", "", "Elo", "").Replace(inLang.SPRT.Words)) {
		t.Errorf("the SPRT's decision reads %+v in %s", inLang.SPRT, lang)
	}
	return path
}
