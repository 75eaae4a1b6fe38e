package web

import (
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/internal/matches"
)

// errorElement matches the element of a page that shows an error: the
// forms', the exercise page's and the message page's.
var errorElement = regexp.MustCompile(`(?s)data-testid="(?:form-error|exercise-error|upload-error|arena-error|message)"[^>]*>(.*?)</p>`)

// quotedChars are the characters an error quotes as what to type, 'x'
// or '/', which are code in every language.
var quotedChars = regexp.MustCompile(`'[^' ]{1,3}'`)

// japaneseError checks that msg, an error a Japanese reader reads, holds
// want and no English words but those of input, the reader's own.
func japaneseError(t *testing.T, msg, want, input string) {
	t.Helper()
	if !strings.Contains(msg, want) {
		t.Errorf("the error %q lacks %q", msg, want)
	}
	allowed := allowedWords()
	for _, w := range asciiWords.FindAllString(input, -1) {
		allowed[w] = true
	}
	if words := englishWords(quotedChars.ReplaceAllString(msg, " "), allowed); len(words) > 0 {
		t.Errorf("English in the Japanese error %q: %q", msg, words)
	}
}

// postJapanese posts values to path as a Japanese reader and returns the
// answer's status and body.
func postJapanese(t *testing.T, base, path, contentType string, body io.Reader) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept-Language", "ja")
	res, err := noRedirect.Do(req)
	b := readBody(t, res, err)
	return res.StatusCode, b
}

// shownError returns the text of the page's error element, unescaped.
func shownError(t *testing.T, page string) string {
	t.Helper()
	m := errorElement.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page shows no error:\n%s", page)
	}
	return html.UnescapeString(m[1])
}

// TestSearchFormErrorsInJapanese posts the new-search form with what the
// lower packages refuse, as a Japanese reader: the page says why in
// Japanese, the reader's input and the names kept as written.
func TestSearchFormErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name   string
		values url.Values
		want   string
	}{
		{"out of range", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "alphabeta.depth": {"99"}},
			"alphabeta：depth=99 は範囲外です（許される値: 1.."},
		{"not a number", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "alphabeta.depth": {"deep"}},
			"alphabeta：depth=deep：1..64 の範囲の整数にしてください"},
		{"unknown algorithm", url.Values{"game": {"tictactoe"}, "algo": {"quantum"}},
			"アルゴリズム「quantum」はありません（あるのは minimax"},
		{"illegal position", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"xxx/ooo/xx."}},
			"局面：tictactoe：「xxx/ooo/xx.」はありえない局面です。"},
		{"bad position text", url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}, "position": {"xx/ooo/..."}},
			"局面：tictactoe：位置 2 にはマス 'x'、'o'、'.' のいずれかが必要ですが、'/' でした"},
		{"another family", url.Values{"game": {"maze"}, "algo": {"alphabeta"}},
			"alphabeta が探索するのは二人が交互に指すゲームで、maze はそうではありません（一人用のゲームです）"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			formRefusedInJapanese(t, ts.URL, "/run", tt.values, tt.want)
		})
	}
}

// TestExerciseErrorsInJapanese opens exercises a Japanese reader typed or
// answered wrongly: a tree that is not a tree, and an answer that cannot
// be read.
func TestExerciseErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name, path, input, want string
	}{
		{"a tree that is not one", typedExerciseURL("alphabeta", "[3, x]"), "[3, x]",
			"この木は演習にできません: alphabeta の演習の木：tree：位置 4：数か '[' が必要ですが、'x' でした。"},
		{"an answer that cannot be read", typedExerciseURL("minimax", "[[3,12],[2,4]]") + "&answer=" + url.QueryEscape("B=x"), "B=x",
			"解答を読み取れません: 解答の 1 番目の項目「B=x」：B：「x」は -2.5 のような数ではありません。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, page := getJapanese(t, ts.URL, tt.path)
			japaneseError(t, shownError(t, page), tt.want, tt.input)
		})
	}
}

// TestPlayErrorsInJapanese plays an illegal move on a Japanese reader's
// play page: the socket's error is in Japanese and names the legal moves.
func TestPlayErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	p := dialPlayIn(t, ts.URL, "ja")
	p.send(matches.Command{Type: "new", Game: "tictactoe", Engine: "alphabeta", Side: 0, Seed: 5})
	if _, errs := p.settle(); len(errs) > 0 {
		t.Fatalf("errors at the start: %v", errs)
	}
	p.send(matches.Command{Type: "move", Action: -1})
	_, errs := p.settle()
	if len(errs) != 1 {
		t.Fatalf("errors %q, want one", errs)
	}
	japaneseError(t, errs[0], "-1 はこの局面の合法手ではありません（合法手: 0 (a3), 1 (b3), ", "")
}

// dialPlayIn opens a play page's socket as a reader of language code.
func dialPlayIn(t *testing.T, base, code string) *playPage {
	t.Helper()
	h := http.Header{"Origin": {base}, "Accept-Language": {code}}
	conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/play/ws", h)
	if err != nil {
		t.Fatalf("dial: %v (response %v)", err, res)
	}
	t.Cleanup(func() { conn.Close() })
	return &playPage{t: t, conn: conn}
}

// TestArenaErrorsInJapanese posts the arena form with what arena and
// catalog refuse, as a Japanese reader.
func TestArenaErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name   string
		values url.Values
		want   string
	}{
		{"SPRT bounds in the wrong order", url.Values{"game": {"tictactoe"}, "a": {"alphabeta"}, "b": {"mcts"}, "games": {"10"}, "elo0": {"10"}, "elo1": {"0"}},
			"SPRT の elo0（10）は elo1（0）より小さくなければなりません。"},
		{"SPRT error rate", url.Values{"game": {"tictactoe"}, "a": {"alphabeta"}, "b": {"mcts"}, "games": {"10"}, "elo0": {"0"}, "elo1": {"10"}, "alpha": {"0.9"}},
			"SPRT の誤り率 α（0.9）と β（0.05）は 0 より大きく 0.5 以下（たとえば 0.05）でなければなりません。"},
		{"an engine out of range", url.Values{"game": {"tictactoe"}, "a": {"alphabeta depth=99"}, "b": {"mcts"}, "games": {"10"}},
			"depth=99 は範囲外です（許される値: 1.."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			formRefusedInJapanese(t, ts.URL, "/arena", tt.values, tt.want)
		})
	}
}

// TestRoomAnswerErrorsInJapanese sends an answer to no room, and to a
// code that is none, as a Japanese reader: the refusal is in Japanese,
// and in English as the rooms' errors read.
func TestRoomAnswerErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		code, want, english string
	}{
		{"ZZZ222", "このコードのルームはありません。終了したか、コードが間違っています。", "No room has this code: it has ended, or the code is mistyped."},
		{"!!", "ルームコードではありません。", "Not a room code."},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			t.Parallel()
			form := url.Values{"path": {"/exercise?kind=minimax&level=easy&seed=1"}, "answer": {"A=1"}}.Encode()
			_, ja := postJapanese(t, ts.URL, "/rooms/"+url.PathEscape(tt.code)+"/answers", "application/x-www-form-urlencoded", strings.NewReader(form))
			japaneseError(t, ja, tt.want, "")
			res, err := testClient.Post(ts.URL+"/rooms/"+url.PathEscape(tt.code)+"/answers", "application/x-www-form-urlencoded", strings.NewReader(form))
			if en := strings.TrimSpace(readBody(t, res, err)); en != tt.english {
				t.Errorf("in English %q, want %q", en, tt.english)
			}
		})
	}
}

// TestLinkErrorsInJapanese follows links the server cannot read as a
// Japanese reader: a viewer's step, the counts' traces, a comparison's
// step; each refusal is in Japanese, the link's own words kept.
func TestLinkErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	viewer := uploadEvents(t, ts.URL, chain(3))
	tests := []struct {
		name, path, want, input string
	}{
		{"a viewer's step", viewer + "?step=x", "ステップ「x」は使えません（このトレースのステップは 0..", "x last"},
		{"a viewer's view", viewer + "?view=top", "視点「top」は使えません（root か side にしてください）", "top root side"},
		{"no trace to count", "/counts", "数えるトレースを /counts?t=<id>&t=<id> の形で最大 ", ""},
		{"not a trace id", "/counts?t=zzz", "「zzz」はトレースを指すものではありません（トレースのアドレスは /t/ のあとに16進数12桁が続きます）", "zzz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			status, page := getJapanese(t, ts.URL, tt.path)
			if status != http.StatusBadRequest {
				t.Fatalf("status %d, want %d", status, http.StatusBadRequest)
			}
			japaneseError(t, shownError(t, page), tt.want, tt.input)
		})
	}
}

// TestStorageErrorInJapanese checks the data directory's failures as a
// page says them: the system's reason in the reader's language, and the
// directory's path never shown.
func TestStorageErrorInJapanese(t *testing.T) {
	t.Parallel()
	s, _ := newTestServer(t)
	denied := &fs.PathError{Op: "open", Path: filepath.Join(s.store.Dir(), "x.jsonl"), Err: syscall.EACCES}
	if got, want := s.storageError(explain.Japanese, denied), "権限がありません"; got != want {
		t.Errorf("in Japanese %q, want %q", got, want)
	}
	if got, want := s.storageError(explain.English, denied), "permission denied"; got != want {
		t.Errorf("in English %q, want %q", got, want)
	}
	saving := fmt.Errorf("web: saving trace: %w", errors.New("trace: writing "+filepath.Join(s.store.Dir(), "x.jsonl")+": no space left on device"))
	if got, want := s.publicError(explain.Japanese, saving), "トレースを保存できません：トレース：x.jsonl に書き込めません：デバイスに空き容量がありません"; got != want {
		t.Errorf("in Japanese %q, want %q", got, want)
	}
	if got, want := s.publicError(explain.English, saving), "web: saving trace: trace: writing x.jsonl: no space left on device"; got != want {
		t.Errorf("in English %q, want %q", got, want)
	}
}

// TestMatchErrorInJapanese reads why a match stopped early, as its status
// keeps it, in each language: the script's prefix "stopped: " stays.
func TestMatchErrorInJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct{ msg, ja string }{
		{"", ""},
		{"stopped: the match's Stop button was pressed", "stopped: 対戦の停止ボタンが押されました"},
		{"stopped: the server stopped before the match ended", "stopped: 対戦が終わる前にサーバーが停止しました"},
		{"game 3: no end after 500 moves, the most a game may take", "第 3 局：500 手を指しても終わりません。これが1局の最大の手数です"},
	}
	for _, tt := range tests {
		if got := matchError(explain.Japanese, tt.msg); got != tt.ja {
			t.Errorf("matchError(Japanese, %q) = %q, want %q", tt.msg, got, tt.ja)
		}
		if got := matchError(explain.English, tt.msg); got != tt.msg {
			t.Errorf("matchError(English, %q) = %q", tt.msg, got)
		}
	}
}

// formRefusedInJapanese posts values to the form at path as a Japanese
// reader: the page refuses them, saying want in Japanese, with no English
// but what the reader typed.
func formRefusedInJapanese(t *testing.T, base, path string, values url.Values, want string) {
	t.Helper()
	status, page := postJapanese(t, base, path, "application/x-www-form-urlencoded", strings.NewReader(values.Encode()))
	if status != http.StatusBadRequest {
		t.Fatalf("status %d, want %d", status, http.StatusBadRequest)
	}
	var input []string
	for _, v := range values {
		input = append(input, v...)
	}
	japaneseError(t, shownError(t, page), want, strings.Join(input, " "))
}

// TestPlainRefusalsInJapanese fetches, as a Japanese reader, what pages'
// scripts and images fetch, with what they refuse: each refusal, plain
// text, is in Japanese.
func TestPlainRefusalsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/compare/nothing/summary", http.StatusNotFound, `比較 "nothing" はありません。`},
		{"/compare/nothing/match", http.StatusNotFound, `比較 "nothing" はありません。`},
		{"/rooms/ab/qr.svg", http.StatusBadRequest, "ルームコードではありません。"},
		{"/rooms/ab/ws", http.StatusBadRequest, "ルームコードではありません。"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			status, body := getJapanese(t, ts.URL, tt.path)
			if status != tt.status || strings.TrimSpace(body) != tt.want {
				t.Errorf("%s: %d %q, want %d %q", tt.path, status, body, tt.status, tt.want)
			}
		})
	}
}
