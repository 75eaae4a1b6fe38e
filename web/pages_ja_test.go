package web

import (
	"bytes"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/gallery"
	"github.com/searchviz/searchviz/web/internal/rooms"
)

// hiddenParts are the parts of a page whose text a reader does not read
// as the page's words: scripts, styles and drawings, and code, keys and
// sample output, which stay as they are in every language.
var hiddenParts = regexp.MustCompile(`(?s)<(script|style|svg|code|kbd|samp|textarea)\b.*?</(script|style|svg|code|kbd|samp|textarea)>`)

// othersWords are the parts of a page that are not its words to
// translate: the brand, a name, and on the viewer page the words the
// viewer's session makes, the decision and the step counter, which that
// session's own tests check in each language.
var othersWords = regexp.MustCompile(`(?s)<a class="brand"[^>]*>.*?</a>|<p [^>]*data-testid="decision"[^>]*>.*?</p>|<span [^>]*data-testid="counter-text"[^>]*>.*?</span>`)

// readAttrs are the attributes whose text a reader reads or hears: a
// tooltip, a screen reader's label, an image's text, a field's example.
var readAttrs = regexp.MustCompile(`\b(title|aria-label|alt|placeholder)="([^"]*)"`)

// tags are the HTML tags between a page's texts.
var tags = regexp.MustCompile(`(?s)<[^>]*>`)

// asciiWords are the words of a text in Latin letters and digits; a
// path, from a slash on, is one word.
var asciiWords = regexp.MustCompile(`/[!-~]*|[A-Za-z0-9'’]*[A-Za-z][A-Za-z0-9'’]*`)

// isEnglish reports whether w, a match of asciiWords, may be an English
// word: two letters or more, and no digit or slash, which move labels,
// codes and paths hold.
func isEnglish(w string) bool {
	return len(w) > 1 && !strings.ContainsAny(w, "0123456789/")
}

// namesAllowed are the words a Japanese page may hold in Latin letters:
// the program's and the algorithms' proper names and abbreviations, key
// names, file formats, and the units and marks the glossary keeps.
var namesAllowed = []string{
	"searchviz", "English", "MAX", "MIN", "UCB", "UCT", "DUCT", "MCTS", "Chokudai", "AIMA",
	"SVG", "DOT", "HTML", "QR", "zip", "Home", "End", "Space", "Esc", "Enter", "Tab", "MiB", "KiB", "GiB", "jsonl", "gz",
	"expectiminimax", "expectimax", "Edax", "eval", "fail", "low", "depth", "margin", "time", "width",
	"Russell", "Norvig", "Fig", "decoupled", "VALUE", "max",
	// The maze's moves, as its move labels write them.
	"up", "down", "left", "right",
	// The dice paper's evaluations, type A, B and AB.
	"AB",
	// The dice game's moves: a piece and a compass direction.
	"NE", "SE", "SW", "NW",
	// A term the Japanese glosses with its English, as the references do.
	"horizon",
	// Programs, tests and ratings the pages name.
	"Graphviz", "dot", "viz", "arena", "fishtest", "cutechess", "cli", "SPRT", "Elo",
}

// allowedWords returns the words a Japanese page may hold: namesAllowed,
// and the names of the registries' games, algorithms, parameters and
// choices, which the pages show as written in specs.
func allowedWords() map[string]bool {
	ok := map[string]bool{}
	add := func(s string) {
		for _, w := range asciiWords.FindAllString(s, -1) {
			ok[w] = true
		}
	}
	for _, w := range namesAllowed {
		add(w)
	}
	for _, g := range catalog.Games() {
		add(g.Name)
		for _, p := range g.Params {
			add(p.Name)
		}
	}
	for _, a := range catalog.Algorithms() {
		add(a.Name)
		for _, p := range a.Params {
			add(p.Name)
			for _, c := range p.Choices {
				add(c)
			}
		}
	}
	return ok
}

// englishWords returns the words of page's text, and of the attributes a
// reader reads, that are in Latin letters and not allowed: on a Japanese
// page, the English left untranslated.
func englishWords(page string, allowed map[string]bool) []string {
	page = othersWords.ReplaceAllString(hiddenParts.ReplaceAllString(page, " "), " ")
	var texts []string
	for _, m := range readAttrs.FindAllStringSubmatch(page, -1) {
		texts = append(texts, m[2])
	}
	texts = append(texts, tags.ReplaceAllString(page, " "))
	var out []string
	for _, text := range texts {
		for _, w := range asciiWords.FindAllString(html.UnescapeString(text), -1) {
			if isEnglish(w) && !allowed[w] && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// getJapanese fetches path from the server at base as a reader whose
// browser asks for Japanese, following redirects, and returns the page.
func getJapanese(t *testing.T, base, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Language", "ja-JP,ja;q=0.9,en;q=0.5")
	res, err := testClient.Do(req)
	body := readBody(t, res, err)
	return res.StatusCode, body
}

// TestEnglishWords checks the helper that finds English on a Japanese
// page: it reads text and tooltips, and skips code, keys and names.
func TestEnglishWords(t *testing.T) {
	t.Parallel()
	allowed := allowedWords()
	tests := []struct {
		page string
		want []string
	}{
		{`<p>探索木</p>`, nil},
		{`<p>Step <b>back</b></p>`, []string{"Step", "back"}},
		{`<button title="Zoom in">+</button>`, []string{"Zoom", "in"}},
		{`<p><code>depth=4 nodes=9</code> alphabeta の <kbd>Home</kbd></p>`, nil},
		{`<script>const x = "hello";</script><p>MAX の値</p>`, nil},
		{`<p>It&#39;s here</p>`, []string{"It's", "here"}},
	}
	for _, tt := range tests {
		if got := englishWords(tt.page, allowed); !slices.Equal(got, tt.want) {
			t.Errorf("englishWords(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

// TestPagesInJapanese fetches each page as a Japanese reader and checks
// that it is in Japanese, with no English words outside code, keys and
// names.
func TestPagesInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	// The gallery's searches run once before the pages that show them.
	for _, p := range []string{"/example/ttt-alphabeta", "/compare/" + firstComparison()} {
		if code, body := getJapanese(t, ts.URL, p); code != http.StatusOK {
			t.Fatalf("GET %s: status %d: %s", p, code, body)
		}
	}
	tests := []struct {
		path       string
		wantStatus int
		want       string // a Japanese text the page must hold
	}{
		{"/", http.StatusOK, "ゲーム木探索を1ステップずつ"},
		{"/new", http.StatusOK, "探索を実行"},
		{"/traces", http.StatusOK, "保存したトレース"},
		{"/example/rn-alphabeta", http.StatusOK, "擬似コード"},
		{"/example/ttt-alphabeta", http.StatusOK, "盤面"},
		{"/compare/" + firstComparison(), http.StatusOK, "両方をステップ"},
		{"/compare/x1", http.StatusNotFound, "その比較はありません"},
		{"/lang/de", http.StatusNotFound, "その言語はありません"},
		{"/example/x2", http.StatusNotFound, "その例はありません"},
		{"/r/!!", http.StatusBadRequest, "ルームコードではありません"},
		{"/r/ZZZ222", http.StatusNotFound, "このコードのルームはありません"},
	}
	allowed := allowedWords()
	for _, tt := range tests {
		t.Run(strings.Trim(tt.path, "/"), func(t *testing.T) {
			t.Parallel()
			code, body := getJapanese(t, ts.URL, tt.path)
			if code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", code, tt.wantStatus, body)
			}
			if !strings.Contains(body, tt.want) {
				t.Errorf("the page lacks %q", tt.want)
			}
			if words := englishWords(body, allowed); len(words) > 0 {
				t.Errorf("English on the Japanese page: %q", words)
			}
		})
	}
}

// firstComparison names the gallery's first comparison.
func firstComparison() string { return gallery.Comparisons()[0].Name }

// TestErrorsInJapanese checks that the errors the server answers a
// Japanese reader's form, upload and deletion with are in Japanese, the
// values the reader typed kept as they are.
func TestErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	upload := func(name, content string) (*http.Request, error) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		if name != "" {
			fw, err := mw.CreateFormFile("trace", name)
			if err != nil {
				return nil, err
			}
			io.WriteString(fw, content)
		}
		mw.Close()
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/upload", &body)
		if err == nil {
			req.Header.Set("Content-Type", mw.FormDataContentType())
		}
		return req, err
	}
	form := func(values url.Values) (*http.Request, error) {
		req, err := http.NewRequest(http.MethodPost, ts.URL+"/run", strings.NewReader(values.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		return req, err
	}
	tests := []struct {
		name       string
		req        func() (*http.Request, error)
		wantStatus int
		want       string
	}{
		{"a seed that is no number", func() (*http.Request, error) {
			return form(url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "seed": {"x1"}})
		}, http.StatusBadRequest, `シードは 0 以上の整数にしてください。&#34;x1&#34; は整数ではありません。`},
		{"a negative seed", func() (*http.Request, error) {
			return form(url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "seed": {"-12345"}})
		}, http.StatusBadRequest, "シードは 0 以上にしてください。-12345 は負の数です。"},
		{"no file", func() (*http.Request, error) { return upload("", "") }, http.StatusBadRequest, "開くトレースファイルを選んでください。"},
		{"not a trace", func() (*http.Request, error) { return upload("notes.jsonl", "hello\n") }, http.StatusBadRequest, "notes.jsonl は searchviz で表示できるトレースではありません："},
		{"deleting no trace", func() (*http.Request, error) {
			return http.NewRequest(http.MethodDelete, ts.URL+"/t/000000000000", nil)
		}, http.StatusNotFound, `保存したトレース "000000000000" はありません。`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := tt.req()
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Accept-Language", "ja")
			res, err := noRedirect.Do(req)
			body := readBody(t, res, err)
			if res.StatusCode != tt.wantStatus {
				t.Errorf("status %d, want %d", res.StatusCode, tt.wantStatus)
			}
			if !strings.Contains(body, tt.want) {
				t.Errorf("the answer lacks %q:\n%s", tt.want, body)
			}
		})
	}
}

// TestRoomSentence checks that the rooms' errors a page shows read in
// English exactly as the errors themselves do, and in Japanese.
func TestRoomSentence(t *testing.T) {
	t.Parallel()
	for _, err := range []error{rooms.ErrRoomsFull, rooms.ErrYourRooms, rooms.ErrRoomPath, rooms.ErrNoRoom, rooms.ErrLinkDown} {
		if got, want := roomSentence(explain.English, err), sentence(err); got != want {
			t.Errorf("in English %q, want %q", got, want)
		}
		if ja := roomSentence(explain.Japanese, err); ja == sentence(err) {
			t.Errorf("%q has no Japanese", ja)
		}
	}
}
