package web_test

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// japanese opens path in Japanese, by the language switch, on a fresh
// app. The switch's cookie would make the pages of the next test to take
// the tab Japanese, so the tab is closed when the test ends.
func japanese(t *testing.T, path string) *browser {
	t.Helper()
	b := newBrowser(t, newApp(t))
	b.keepTabOut()
	b.open("/lang/ja?back=" + path)
	return b
}

// scriptText is a text a page's script writes, read by JavaScript, and
// the Japanese it must be.
type scriptText struct {
	what, js, want string
}

// checkTexts fails for each text that is not the Japanese wanted, or
// holds a Latin letter the wanted text does not: an English word left
// over.
func checkTexts(t *testing.T, b *browser, texts []scriptText) {
	t.Helper()
	for _, tt := range texts {
		got := get(b, "reading "+tt.what, chromedp.Evaluate[string](tt.js))
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.what, got, tt.want)
		}
		if !strings.ContainsFunc(got, func(r rune) bool { return r > unicode.MaxASCII }) {
			t.Errorf("%s: %q has no Japanese", tt.what, got)
		}
	}
}

// TestBrowserScriptsJapanese steps a viewer in Japanese, selects a node
// and opens the keys' help, and checks that what the viewer's scripts
// write (the play button's label, the node panel's buttons) is Japanese.
func TestBrowserScriptsJapanese(t *testing.T) {
	t.Parallel()
	b := japanese(t, "/example/rn-minimax")
	b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	b.waitStep(0)
	if lang := get(b, "reading the page's language", chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "ja" {
		t.Fatalf("the switch made a page in %q, not ja", lang)
	}
	b.click("#forward")
	b.waitStep(1)
	b.do("pressing →", chromedp.KeyEvent(kb.ArrowRight))
	b.waitStep(2)
	b.do("selecting node 1", chromedp.Evaluate[chromedp.Void](`document.getElementById("n1").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
	b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	checkTexts(t, b, []scriptText{
		{"the play button's label", `document.getElementById("play").getAttribute("aria-label")`, "再生"},
		{"the fold button", `document.getElementById("node-collapse").textContent`, "折りたたむ"},
		{"the filter button", `document.getElementById("node-filter").textContent`, "この部分木のステップ"},
	})
	b.do("pressing ?", chromedp.KeyEvent("?"))
	b.waitJS("the keys' help open", `document.getElementById("keys").open`)
	b.screenshot("scripts-ja-viewer.png")
}

// TestBrowserStartScriptsJapanese edits a typed tree and a board, asks
// for a search with a negative seed and opens no trace file, on the
// Japanese new-search form and start page, and checks that what their
// scripts write is Japanese.
func TestBrowserStartScriptsJapanese(t *testing.T) {
	t.Parallel()
	b := japanese(t, "/new")
	b.choose("game", "tree")
	b.typeInto("position", "[[1,2],[3,4]]")
	b.waitJS("the tree's names", `(document.querySelector("#tree-editor .tree-node") || {}).textContent === "A (MAX、ルート)"`)
	checkTexts(t, b, []scriptText{
		{"a leaf's label", `document.querySelector("#tree-editor input[type=number]").getAttribute("aria-label")`, "葉の値"},
		{"the remove button's label", `document.querySelector("#tree-editor button").getAttribute("aria-label")`, "この子を削除"},
		{"the tree's link", `document.querySelector("[data-testid=tree-exercise]").textContent`, "演習にする"},
	})

	b.choose("game", "tictactoe")
	b.typeInto("position", ".../.../x..")
	b.waitJS("the board editor", `!!document.querySelector("#board-editor button[aria-label^='マス a1']")`)
	checkTexts(t, b, []scriptText{
		{"a cell's label", `document.querySelector("#board-editor button[aria-label^='マス a1']").getAttribute("aria-label")`, "マス a1: 先手の x"},
		{"the cycling tool", `document.querySelector("#board-editor .palette button").getAttribute("aria-label")`, "クリックでマスを順に切り替え"},
	})

	b.typeInto("seed", "-3")
	b.click(`[data-testid=run]`)
	b.do("waiting for the seed's error", chromedp.WaitVisible(chromedp.ID("seed-error")))
	checkTexts(t, b, []scriptText{
		{"the seed's error", `document.getElementById("seed-error").textContent`, "シードは 0 以上にしてください: -3 は負の数です。"},
	})

	b.open("/")
	b.do("sending the upload form with no file", chromedp.Evaluate[chromedp.Void](`document.getElementById("upload-form").dispatchEvent(new Event("submit", {cancelable: true}))`))
	b.do("waiting for the upload error", chromedp.WaitVisible(chromedp.CSS(`[data-testid=upload-error]`)))
	checkTexts(t, b, []scriptText{
		{"the upload's error", `document.querySelector("[data-testid=upload-error]").textContent`, "開くトレースファイルを選んでください。"},
	})
	b.screenshot("scripts-ja-start.png")
}

// TestBrowserPlayScriptsJapanese plays a move of tic-tac-toe in Japanese
// and checks that what the play page's script writes (the side's
// option, whose move it is, a square's label, the moves' record) is
// Japanese.
func TestBrowserPlayScriptsJapanese(t *testing.T) {
	t.Parallel()
	b := japanese(t, "/play")
	b.do("waiting for the form", chromedp.WaitVisible(chromedp.CSS(`[data-testid=play-form]`)))
	b.choose("play-game", "tictactoe")
	b.choose("play-side", "0")
	b.click(`[data-testid=play-start]`)
	b.waitFor("the empty board", yourMove+` && document.querySelectorAll("#play-board button.legal").length === 9`, 10*time.Second)
	b.click(`#play-board button[aria-label="b2 を選ぶ"]`)
	b.waitFor("the engine's answer", yourMove+` && document.querySelectorAll("[data-testid=play-ply]").length === 2`, 20*time.Second)
	checkTexts(t, b, []scriptText{
		{"the first side's option", `document.querySelector("#play-side option[value='0']").textContent`, "x (先手)"},
		{"whose move it is", `document.getElementById("play-status").textContent`, "あなたの手番です。あなたは x です。"},
		{"the engine's side", `document.querySelector("[data-testid=play-ply]:nth-child(2) td:nth-child(2)").textContent`, "o (エンジン)"},
		{"the tree button", `document.querySelector("[data-testid=play-tree]").textContent`, "木"},
	})
	row := b.text(`[data-testid=play-ply]:nth-child(2)`)
	if !strings.Contains(row, "ノード") || strings.Contains(row, "nodes") {
		t.Errorf("the engine's move reads %q, want its nodes in Japanese", row)
	}
	b.screenshot("scripts-ja-play.png")
}

// TestBrowserRoomScriptsJapanese opens a room from a Japanese viewer;
// a follower, in Japanese too, joins, then detaches, and the room's bar
// says so in Japanese on both pages.
func TestBrowserRoomScriptsJapanese(t *testing.T) {
	t.Parallel()
	p := japanese(t, "/example/rn-minimax")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.waitStep(0)
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	code := p.text("#room-code")
	f := p.tab() // the same browser context: the follower reads Japanese too
	f.open("/r/" + code)
	f.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	f.waitJS("following", `document.getElementById("viewer").dataset.room === "attached"`)
	p.waitJS("1 follower", `document.getElementById("room-count").textContent === "参加者 1 人"`)
	checkTexts(t, f, []scriptText{
		{"the follower's status", `document.getElementById("room-status").textContent`, "ルーム " + code + " で発表者に追従しています。"},
		{"the detach button", `document.getElementById("room-attach").textContent`, "追従をやめる"},
	})
	f.click("#room-attach")
	f.waitJS("detached", `document.getElementById("viewer").dataset.room === "detached"`)
	checkTexts(t, f, []scriptText{
		{"the detached follower's status", `document.getElementById("room-status").textContent`, "自分で探索しています。ルーム " + code + " は続いています。"},
		{"the attach button", `document.getElementById("room-attach").textContent`, "発表者にもう一度追従する"},
	})
}
