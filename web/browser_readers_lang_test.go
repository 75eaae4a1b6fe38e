package web_test

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/web"
	"github.com/searchviz/searchviz/web/internal/rooms"
)

// readerTexts is what a viewer page shows in its reader's words: the
// step in words, the selected node's facts and why it was pruned, the
// drawing's caption and legend, and the pseudocode.
type readerTexts struct {
	Log     string `json:"log"`
	Facts   string `json:"facts"`
	Reason  string `json:"reason"`
	Caption string `json:"caption"`
	Legend  string `json:"legend"`
	Code    string `json:"code"`
}

const readerTextsJS = `(() => {
	const text = (sel) => { const e = document.querySelector(sel); return e ? e.textContent : ""; };
	const now = document.querySelector("#log li.now");
	return {
		log: now ? now.lastChild.textContent : "",
		facts: text("#node-facts"),
		reason: text("#node-reason"),
		caption: text("#a_caption"),
		legend: text("#legend-box"),
		code: text("#code"),
	};
})()`

// englishWords finds the words of Latin letters in a text, to which a
// Japanese page keeps move labels, MAX and MIN.
var englishWords = regexp.MustCompile(`[A-Za-z]{2,}`)

// japaneseText finds a kana or kanji.
var japaneseText = regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`)

// TestBrowserViewerInEachReadersLanguage opens one trace, the textbook's
// alpha-beta tree, in two browsers of one class: a Japanese reader, who
// chose Japanese with the language switch, and an English one. Both go to
// the last step and select a pruned leaf: each page's step in words, node
// details, pruning reason and drawing are in its own reader's language,
// though both pages' sessions share one show and its drawings.
func TestBrowserViewerInEachReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newApp(t)
	en := newBrowser(t, app)
	en.open("/example/rn-alphabeta")
	en.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	en.waitStep(0)
	id := en.traceID()

	ja := newBrowser(t, app)
	ja.keepTabOut() // the language's cookie stays with the tab
	ja.open("/lang/ja?back=/t/" + id)
	ja.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	ja.waitStep(0)

	read := map[string]readerTexts{}
	for code, b := range map[string]*browser{"en": en, "ja": ja} {
		b.toLastStep()
		b.settleDrawings()
		pruned := get(b, "finding the pruned nodes", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tree g.node.st_pruned")].map((g) => g.id)`))
		if len(pruned) == 0 {
			t.Fatalf("%s: no pruned node at the last step", code)
		}
		b.click("#" + pruned[0])
		b.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
		b.waitJS("the pruning reason", `document.getElementById("node-reason").textContent !== ""`)
		read[code] = get(b, "reading the page's words", chromedp.Evaluate[readerTexts](readerTextsJS))
		t.Logf("%s: %+v", code, read[code])
	}

	labels := regexp.MustCompile(`\b[a-d][1-3]\b`)
	j := read["ja"]
	for name, text := range map[string]string{"step in words": j.Log, "node details": j.Facts, "pruning reason": j.Reason, "caption": j.Caption, "legend": j.Legend} {
		if !japaneseText.MatchString(text) {
			t.Errorf("Japanese page: the %s %q is not Japanese", name, text)
		}
		if name == "legend" {
			continue // it names its layout, Graphviz dot
		}
		for _, w := range englishWords.FindAllString(labels.ReplaceAllString(text, " "), -1) {
			if w != "MAX" && w != "MIN" {
				t.Errorf("Japanese page: the %s %q has the English word %q", name, text, w)
			}
		}
	}
	if !strings.Contains(j.Reason, "αカット") {
		t.Errorf("Japanese page: the pruning reason %q names no αカット", j.Reason)
	}
	// The pseudocode keeps its keywords, its comments translated.
	if !strings.Contains(j.Code, "function ALPHA-BETA-SEARCH(state)") || !strings.Contains(j.Code, "▷ αカット：残りを枝刈り") {
		t.Errorf("Japanese page: the pseudocode is %q", j.Code)
	}

	e := read["en"]
	if !strings.Contains(e.Code, "▷ α cut: prune the rest") {
		t.Errorf("English page: the pseudocode is %q", e.Code)
	}
	if !strings.HasPrefix(e.Log, "Decision: play a1") || !strings.Contains(e.Reason, "α-cut: 2 ≤ α=3") || !strings.Contains(e.Legend, "Legend") {
		t.Errorf("English page: %+v", e)
	}
	for name, text := range map[string]string{"step in words": e.Log, "node details": e.Facts, "pruning reason": e.Reason, "caption": e.Caption, "legend": e.Legend, "pseudocode": e.Code} {
		if japaneseText.MatchString(text) {
			t.Errorf("English page: the %s %q has Japanese", name, text)
		}
	}
}

// TestBrowserRoomInEachReadersLanguage opens a room from an English
// presenter's viewer, which a Japanese student follows from a browser of
// their own: as the presenter steps to a cut and selects the node it
// pruned, the follower reads the step, the node's details and the
// pruning reason in Japanese, and the presenter in English; and as the
// presenter ends the room, each reads why in their own language.
func TestBrowserRoomInEachReadersLanguage(t *testing.T) {
	t.Parallel()
	p, f := presentToJapanese(t, newApp(t))

	last := p.toLastStep()
	f.waitStep(last)
	pruned := get(p, "finding the pruned nodes", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#tree g.node.st_pruned")].map((g) => g.id)`))
	if len(pruned) == 0 {
		t.Fatal("no pruned node at the last step")
	}
	p.click("#" + pruned[0])
	p.do("waiting for the node panel", chromedp.WaitVisible(chromedp.ID("node-panel")))
	f.waitJS("the presenter's selection", `!document.getElementById("node-panel").hidden && document.getElementById("node-reason").textContent !== ""`)

	en := get(p, "reading the presenter's words", chromedp.Evaluate[readerTexts](readerTextsJS))
	ja := get(f, "reading the follower's words", chromedp.Evaluate[readerTexts](readerTextsJS))
	if !strings.HasPrefix(en.Log, "Decision: ") || !strings.HasPrefix(en.Reason, "α-cut") || !strings.Contains(en.Facts, "pruned, never searched") {
		t.Errorf("the English presenter reads %+v", en)
	}
	if !strings.HasPrefix(ja.Log, "決定：") || !strings.Contains(ja.Reason, "αカット") || !strings.Contains(ja.Facts, "枝刈りされ、探索されない") {
		t.Errorf("the Japanese follower reads %+v", ja)
	}

	// The server tells every member the same reason as the room ends;
	// each page says it in its reader's language.
	p.do("ending the room", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	p.click("#room-end")
	f.waitJS("the room's end in Japanese", `!document.getElementById("room-ended").hidden && document.getElementById("room-ended").textContent.startsWith("発表者がルームを終了しました。")`)
	p.waitJS("the room's end in English", `!document.getElementById("room-ended").hidden && document.getElementById("room-ended").textContent.startsWith("You ended the room.")`)
}

// TestBrowserRoomEndingsInJapanese ends a room the way the server ends
// one by itself, its presenter away, with a Japanese follower: the
// follower reads why, and for how long, in Japanese, and the English
// presenter as the server wrote it. The other endings' forms are read by
// static/js/lib/endings.js, whose unit tests TestBrowserModules runs.
func TestBrowserRoomEndingsInJapanese(t *testing.T) {
	t.Parallel()
	var srv *web.Server
	p, f := presentToJapanese(t, newApp(t, func(s *web.Server) { srv = s }))

	ending := rooms.AwayEnding(rooms.RoomIdle)
	web.EndRooms(srv, ending)
	f.waitJS("the room's end", `!document.getElementById("room-ended").hidden`)
	const want = "ルームは終了しました：発表者が 10 分不在だったためです。"
	if got := f.text("#room-ended"); !strings.HasPrefix(got, want) {
		t.Errorf("the Japanese follower reads %q, want it to begin %q", got, want)
	} else if words := web.EnglishWords(got); len(words) > 0 {
		t.Errorf("the Japanese follower reads the English words %q in %q", words, got)
	}
	p.waitJS("the presenter's end", `!document.getElementById("room-ended").hidden`)
	if got := p.text("#room-ended"); !strings.HasPrefix(got, ending) {
		t.Errorf("the English presenter reads %q, want it to begin %q", got, ending)
	}
}

// presentToJapanese opens a room of the textbook tree's example on app,
// presented by an English page, p, and followed by a page whose reader
// chose Japanese, f.
func presentToJapanese(t *testing.T, app *httptest.Server) (p, f *browser) {
	t.Helper()
	p = newBrowser(t, app)
	p.open("/example/rn-alphabeta")
	p.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	p.waitStep(0)
	p.click("#room-open")
	p.waitJS("the room's code", `document.getElementById("room-code").textContent.length === 6`)
	code := p.text("#room-code")

	f = newBrowser(t, app)
	f.keepTabOut() // the language's cookie stays with the tab
	f.open("/lang/ja?back=/r/" + code)
	f.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
	f.waitJS("following", `document.getElementById("viewer").dataset.room === "attached"`)
	return p, f
}
