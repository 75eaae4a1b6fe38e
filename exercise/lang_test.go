package exercise

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/explain"
)

// TestRuntimeKeysTranslated checks that every text the package gives
// the catalogs at run time, which the catalogs' scan of literal keys
// cannot see, has a catalog entry: the levels' labels, the classic UCB1
// mistakes' hints and the feedback of a right answer.
func TestRuntimeKeysTranslated(t *testing.T) {
	t.Parallel()
	keys := []string{correctFeedback}
	for _, k := range kinds {
		for _, lv := range LevelsOf(k) {
			keys = append(keys, lv.Label)
		}
	}
	for _, m := range ucbMistakes {
		keys = append(keys, m.hint)
	}
	for _, key := range keys {
		if _, ok := explain.Catalog[key]; !ok {
			t.Errorf("no catalog entry for %q", key)
		}
	}
}

// quotedJa is a text a Japanese sentence quotes: answers' syntax and
// states' moves, which stay as a student types them.
var quotedJa = regexp.MustCompile(`「[^」]*」`)

// latinWord is a run of Latin letters, and the digits after them.
var latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*`)

// allowedLatin are the Latin words a Japanese text may hold: players,
// the formula's symbols and UCB1.
var allowedLatin = map[string]bool{
	"MAX": true, "MIN": true, "UCB1": true, "w": true, "n": true, "C": true,
	"t": true, "ln": true, "max": true, "min": true,
}

// nodeName and edgeLabel are the names of a tree's nodes (B, AA) and
// the labels of its edges (c2), which stay as the tree names them.
var (
	nodeName  = regexp.MustCompile(`^[A-Z]{1,2}$`)
	edgeLabel = regexp.MustCompile(`^[a-z]{1,2}[0-9]+$`)
)

// englishIn returns the Latin words of a Japanese text that are no
// names, labels, quoted answers or symbols: English left untranslated.
func englishIn(s string) []string {
	var out []string
	for _, w := range latinWord.FindAllString(quotedJa.ReplaceAllString(s, ""), -1) {
		if !allowedLatin[w] && !nodeName.MatchString(w) && !edgeLabel.MatchString(w) {
			out = append(out, w)
		}
	}
	return out
}

// hasJapanese reports whether s has a kana or kanji.
func hasJapanese(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return r >= 0x3040 && r <= 0x30ff || r >= 0x4e00 && r <= 0x9fff
	}) >= 0
}

// number is a number in a sentence.
var number = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)

// wrongAnswers are answers to ex that break its rules in different
// ways, so that the grader says each kind of mistake.
func wrongAnswers(t *testing.T, ex Exercise) []string {
	t.Helper()
	want, err := Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"", want.String()}
	switch ex.Kind {
	case UCB1:
		for _, a := range ex.Arms {
			out = append(out, a.Label)
		}
		return append(out, "z9")
	case MCTS:
		bad := want
		bad.Selected, bad.Expanded = "A", "A"
		bad.Stats = map[string]Stat{"A": {N: 999}, "ZZ": {N: 1, W: 1, HasW: true}}
		return append(out, bad.String(), "selected: ZZ; expanded: none")
	case Ordering:
		var b strings.Builder
		for name, kids := range want.Order {
			fmt.Fprintf(&b, "%s: %s; ", name, kids[0])
		}
		return append(out, b.String(), "ZZ: a1")
	case Beam:
		bad := slices.Clone(want.Beams)
		for i := range bad {
			bad[i] = append(slices.Clone(bad[i][1:]), strings.TrimSpace(strings.Repeat("up ", i+1)), strings.TrimSpace(strings.Repeat("left ", i+1)))
		}
		return append(out, Answer{Beams: bad}.String(), Answer{Beams: append(bad, []string{strings.TrimSpace(strings.Repeat("up ", len(bad)+1))})}.String())
	}
	var values []string
	for name, v := range want.Values {
		values = append(values, name+"="+strconv.FormatFloat(v+1, 'g', -1, 64))
	}
	out = append(out, strings.Join(values, " ")+"; ZZ=1")
	if ex.Kind == AlphaBeta {
		right := Answer{Values: want.Values}.String()
		out = append(out, "pruned: none; "+right, "pruned: a1 a2 a3 b1 b2 b3 c1 c2 c3 d1 d2 d3 z9; "+right)
	}
	return out
}

// TestFeedbackInJapanese grades right and wrong answers to every kind
// and level of exercise in Japanese and in English: the grades and
// mistakes are the same, the Japanese feedback is Japanese with no
// English word but names, labels, symbols and quoted answers, and it
// holds every number the English feedback does.
func TestFeedbackInJapanese(t *testing.T) {
	t.Parallel()
	for _, kind := range kinds {
		for _, lv := range LevelsOf(kind) {
			t.Run(string(kind)+"/"+lv.Name, func(t *testing.T) {
				t.Parallel()
				if ja := explain.Japanese.T(lv.Label); !hasJapanese(ja) || len(englishIn(ja)) > 0 {
					t.Errorf("the level %q reads %q in Japanese", lv.Label, ja)
				}
				for seed := range int64(3) {
					ex, err := Generate(kind, lv.Difficulty, seed)
					if err != nil {
						t.Fatal(err)
					}
					for _, text := range wrongAnswers(t, ex) {
						checkJapaneseGrade(t, ex, text)
					}
				}
			})
		}
	}
}

// checkJapaneseGrade grades the answer text to ex in both languages and
// compares the grades.
func checkJapaneseGrade(t *testing.T, ex Exercise, text string) {
	t.Helper()
	ans, err := ParseAnswer(ex.Kind, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	en, err := Grade(ex, ans)
	if err != nil {
		t.Fatal(err)
	}
	ja, err := GradeIn(explain.Japanese, ex, ans)
	if err != nil {
		t.Fatal(err)
	}
	if en.Correct != ja.Correct || len(en.Mistakes) != len(ja.Mistakes) {
		t.Fatalf("%q: graded %v with %d mistakes in English, %v with %d in Japanese", text, en.Correct, len(en.Mistakes), ja.Correct, len(ja.Mistakes))
	}
	for i, m := range ja.Mistakes {
		e := en.Mistakes[i]
		if m.Key() != e.Key() {
			t.Errorf("%q: mistake %d is %s in English, %s in Japanese", text, i, e.Key(), m.Key())
		}
		if !hasJapanese(m.Feedback) || len(englishIn(m.Feedback)) > 0 {
			t.Errorf("%q: the Japanese feedback %q has the English %q", text, m.Feedback, englishIn(m.Feedback))
		}
		jaNumbers := number.FindAllString(m.Feedback, -1)
		for _, n := range number.FindAllString(e.Feedback, -1) {
			k := slices.Index(jaNumbers, n)
			if k < 0 {
				t.Errorf("%q: the Japanese feedback %q lacks the English feedback's %s: %q", text, m.Feedback, n, e.Feedback)
				break
			}
			jaNumbers = slices.Delete(jaNumbers, k, k+1)
		}
	}
	if en.Correct && (ja.Feedback != "正解です。" || en.Feedback != "Correct.") {
		t.Errorf("a right answer's feedback is %q and %q", en.Feedback, ja.Feedback)
	}
}

// TestParseErrorsInJapanese reads answers that break the answers' form
// in both languages: each is refused in both, the English as ParseAnswer
// says it, the Japanese in Japanese with no English outside the quoted
// answer.
func TestParseErrorsInJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind Kind
		text string
	}{
		{MiniMax, "pruned: c2"}, {MiniMax, "child: a1"}, {MiniMax, "selected: B"}, {AlphaBeta, "oops: 3"},
		{Ordering, "B b1"}, {Beam, "up"}, {Beam, "9: up"}, {Beam, "1: up; 1: left"}, {Beam, "1: jump"},
		{Beam, "2: up"}, {Ordering, "b1: b2"}, {Ordering, "B: b1; B: b2"}, {Ordering, "B: 2b"},
		{MCTS, "B"}, {MCTS, "B=x/7"}, {MCTS, "B=1/2/3"}, {MCTS, "B=1/2 B=1/3"}, {AlphaBeta, "pruned: 3c"},
		{UCB1, "9a"}, {UCB1, "a1; a2"}, {MiniMax, "B"}, {MiniMax, "1=3"}, {MiniMax, "B=1 B=2"},
		{MiniMax, "B="}, {MiniMax, "B=" + strings.Repeat("1", MaxNumberLen+1)}, {MiniMax, "B=1.5/2"},
		{MiniMax, "B=1/0"}, {MiniMax, "B=x"}, {MiniMax, "B=1e999"}, {MCTS, "expanded: 3"},
		{MiniMax, strings.Repeat("B=1 ", MaxAnswerLen)},
	}
	for _, tt := range tests {
		_, en := ParseAnswer(tt.kind, tt.text)
		_, ja := ParseAnswerIn(explain.Japanese, tt.kind, tt.text)
		if en == nil || ja == nil {
			t.Errorf("%s %q: refused %v in English, %v in Japanese", tt.kind, tt.text, en, ja)
			continue
		}
		msg := strings.TrimPrefix(ja.Error(), "exercise: ")
		if !hasJapanese(msg) || len(englishIn(msg)) > 0 {
			t.Errorf("%s %q: the Japanese error %q has the English %q", tt.kind, tt.text, msg, englishIn(msg))
		}
	}
}
