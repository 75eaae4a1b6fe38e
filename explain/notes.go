package explain

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// A search writes notes into its trace in English, in its own words
// ("depth 3: 120 nodes"), which a trace keeps as it was recorded. Those
// the catalogs know are read in the reader's language: a note that is a
// catalog's key, or one that fits the form of one of noteFormats, whose
// holes, each a %s, are filled with the note's words there, themselves
// translated where a catalog has them ("nobody was watching").

// noteFormats are the forms of the notes searches write, most specific
// first; each is a key of explain/locales/explain.json.
var noteFormats = []string{
	"search cut short: %s after %s nodes; this trace holds what it recorded until then.",
	"search cut short: %s; this trace holds what it recorded until then.",
	"depth %s: %s nodes with move ordering from depth %s",
	"depth %s: %s nodes",
	"depth %s reached the end of the game on every line it searched: deeper iterations would find the same value",
	"depth %s cut short by %s after %s nodes: discarded",
	"depth %s not started: stopped by %s",
	"search stopped before depth %s: %s",
	"time limit of %s reached before depth %s",
	"Transposition table: %s hits, %s positions stored; it filled at %s positions and refused %s more.",
	"Transposition table: %s hits, %s positions stored.",
	"Quiescence %s: this game marks no move as noisy, so positions at the depth limit are evaluated as without it.",
	"Quiescence %s: a position at the depth limit whose side to move has noisy moves (in Othello, a disc on a corner or an edge) is not trusted to its evaluation: its noisy moves are searched on, up to %s more plies, the evaluation standing as a floor.",
	"Quiescence: at the depth limit, but move is noisy (%s): searched on, up to %s more ply, with %s as the floor the side to move can stand on.",
	"Quiescence: at the depth limit, but move is noisy (%s): searched on, up to %s more plies, with %s as the floor the side to move can stand on.",
	"Quiescence: at the depth limit, but moves are noisy (%s): searched on, up to %s more ply, with %s as the floor the side to move can stand on.",
	"Quiescence: at the depth limit, but moves are noisy (%s): searched on, up to %s more plies, with %s as the floor the side to move can stand on.",
	"search stopped early: %s inside the subtree of the first move, %s, so no move of the root was searched to the end and there is no decision. To get one, %s.",
	"search stopped early: %s. The decision is the best of the root's moves searched to the end; %s not. To search them all, %s.",
	"search stopped early: %s; the decision is the best move found so far",
	"budget B = %s: %s have passed, at least B/2, so depth %s is not started: it would likely take longer than all before it",
	"%s, the previous depth's best move, fails low: %s, below the previous depth's %s: the budget grows to %s = %s",
	"%s beats %s, the previous depth's best move: the budget grows to %s = %s",
	"forward cut after %s: threshold %s (the best, %s, minus the margin %s); kept %s; none dropped",
	"forward cut after %s: threshold %s (the best, %s, minus the margin %s); kept %s; dropped %s",
	"obvious move, played without searching: %s",
	"trace truncated: %s of %s nodes reached; later nodes are not recorded",
	"trace truncated: %s of %s events reached; later events are not recorded",
	"trace truncated: %s of %s bytes reached; later events are not recorded",
	"trace truncated: the cap of %s placeholders of pruned moves in a trace reached; later nodes are not recorded",
	"The file ends after step %s: line %s is cut short (%s), so this trace is shown up to its last whole line. The rest of the search is not in the file.",
	"The file ends after step %s, before the search's decision: its last lines may be missing, so this trace is shown up to there.",
}

// holeFormats are the forms of the words a search puts in a note's holes
// ("node budget reached (500 nodes)"), most specific first; each is a key
// of explain/locales/notes.json. They are read only inside a hole, where
// forms this general cannot swallow a whole note.
var holeFormats = []string{
	"node budget reached (%s nodes: expanding node %s would add %s to %s)",
	"node budget reached (%s nodes)",
	"stopped after %s nodes: %s",
	"stopped after %s playouts: %s",
	"stopped after %s iterations: %s",
	"time limit of %s reached",
	"the search's context (%s)",
	"%s wins at once with p = %s",
	"%s blocks %s's %s (p = %s → %s)",
	"%s plies",
	"%s and %s more were",
	"%s and %s were",
	"%s was",
}

// notePhrases are words a search puts inside a list in a note's hole
// ("3 SW -140.75 (can win at once), 4 NE -160.75"), each a catalog key,
// read wherever they stand in it.
var notePhrases = []string{" (can win at once)"}

// notePattern matches the texts of one form.
type notePattern struct {
	format string
	re     *regexp.Regexp
}

// patternsOf returns formats as patterns, each %s a hole of one or more
// characters.
func patternsOf(formats []string) []notePattern {
	out := make([]notePattern, len(formats))
	for i, f := range formats {
		parts := strings.Split(f, "%s")
		for j, p := range parts {
			parts[j] = regexp.QuoteMeta(p)
		}
		out[i] = notePattern{format: f, re: regexp.MustCompile("^" + strings.Join(parts, "(.+?)") + "$")}
	}
	return out
}

// notePatterns are noteFormats as patterns, made on first use.
var notePatterns = sync.OnceValue(func() []notePattern { return patternsOf(noteFormats) })

// holePatterns are holeFormats as patterns, made on first use.
var holePatterns = sync.OnceValue(func() []notePattern { return patternsOf(holeFormats) })

// fitForm returns text in language l as the first of patterns it fits,
// each hole's words given by fill, and false when it fits none.
func (l Lang) fitForm(text string, patterns []notePattern, fill func(string) string) (string, bool) {
	for _, p := range patterns {
		m := p.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		args := make([]any, len(m)-1)
		for i, s := range m[1:] {
			args[i] = fill(s)
		}
		return fmt.Sprintf(l.T(p.format), args...), true
	}
	return "", false
}

// Note returns a search's note in language l: in English as the search
// wrote it; in another language translated when the catalogs know the
// note or its form, and as it was written otherwise.
func (l Lang) Note(text string) string {
	if !l.isJapanese() {
		return text
	}
	if _, ok := Catalog[text]; ok {
		return l.T(text)
	}
	if out, ok := l.fitForm(text, notePatterns(), l.holeWords); ok {
		return out
	}
	return text
}

// holeWords returns the words in one hole of a note in language l: a
// catalog's key, a form of holeFormats with its own holes read the same
// way, or the words as written with notePhrases among them translated.
func (l Lang) holeWords(text string) string {
	if _, ok := Catalog[text]; ok {
		return l.T(text)
	}
	if out, ok := l.fitForm(text, holePatterns(), l.holeWords); ok {
		return out
	}
	for _, p := range notePhrases {
		text = strings.ReplaceAll(text, p, l.T(p))
	}
	return text
}
