package web_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// readerTexts is what a viewer page shows in its reader's words: the
// step in words, the selected node's facts and why it was pruned, the
// drawing's caption and legend.
type readerTexts struct {
	Log     string `json:"log"`
	Facts   string `json:"facts"`
	Reason  string `json:"reason"`
	Caption string `json:"caption"`
	Legend  string `json:"legend"`
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

	e := read["en"]
	if !strings.HasPrefix(e.Log, "Decision: play a1") || !strings.Contains(e.Reason, "α-cut: 2 ≤ α=3") || !strings.Contains(e.Legend, "Legend") {
		t.Errorf("English page: %+v", e)
	}
	for name, text := range map[string]string{"step in words": e.Log, "node details": e.Facts, "pruning reason": e.Reason, "caption": e.Caption, "legend": e.Legend} {
		if japaneseText.MatchString(text) {
			t.Errorf("English page: the %s %q has Japanese", name, text)
		}
	}
}
