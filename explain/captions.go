package explain

import "sync"

// A game writes its board's caption, what the grid does not show, in
// English ("White to move, ply 3 of 200"), and a trace keeps boards as
// they were drawn. BoardCaption reads the captions of the games' forms in
// the reader's language; a hole is itself a caption (the twin maze's
// "3 turns left, A 2 – B 1") or a side's name.

// captionFormats are the forms of the games' board captions, most
// specific first; each is a key of explain/locales/boards.json.
var captionFormats = []string{
	// The dice game.
	"%s has a line and wins",
	"draw: %s plies played",
	"%s to move, ply %s of %s, must pass",
	"%s to move, ply %s of %s, no diagonal King move",
	"%s to move, ply %s of %s",
	// Othello.
	"%s must pass · %s–%s",
	"%s to move · %s–%s",
	"%s wins %s–%s",
	"draw %s–%s",
	// The twin maze.
	"%s, %s to move, A %s – B %s",
	"%s, %s to move",
	"%s, A %s – B %s",
	"%s wins %s – %s",
	"Draw %s – %s",
	// The mazes.
	"%s turns left",
	// Tic-tac-toe and Connect Four.
	"%s to move",
	"%s wins",
}

// captionPatterns are captionFormats as patterns, made on first use.
var captionPatterns = sync.OnceValue(func() []notePattern { return patternsOf(captionFormats) })

// maxCaptionDepth bounds how deep a caption's holes are read as captions.
const maxCaptionDepth = 2

// BoardCaption returns a board's caption in language l: in English as the
// game wrote it; in another language translated when the catalogs know
// it or its form, and as it was written otherwise.
func (l Lang) BoardCaption(text string) string {
	if !l.isJapanese() || text == "" {
		return text
	}
	return l.caption(text, maxCaptionDepth)
}

// caption reads text as a caption, its holes as captions down to depth
// more levels.
func (l Lang) caption(text string, depth int) string {
	if _, ok := Catalog[text]; ok {
		return l.T(text)
	}
	if depth == 0 {
		return text
	}
	if out, ok := l.fitForm(text, captionPatterns(), func(hole string) string { return l.caption(hole, depth-1) }); ok {
		return out
	}
	return text
}
