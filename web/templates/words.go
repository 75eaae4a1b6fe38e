package templates

import (
	"context"
	"strings"
)

// sentenceStop returns a title followed by the full stop that ends it as a
// sentence in the reader's language, unless it ends in a mark of its own
// ("whose point of view is this number?").
func sentenceStop(ctx context.Context, title string) string {
	for _, mark := range []string{"?", "!", ".", "。", "？", "！"} {
		if strings.HasSuffix(title, mark) {
			return title
		}
	}
	if LangOf(ctx).Code() == "ja" {
		return title + "。"
	}
	return title + "."
}

// choiceLabel is what a choice parameter's option says of the choice c:
// c as a spec writes it, followed in the reader's language by what it
// means when that is other words.
func choiceLabel(ctx context.Context, c string) string {
	if t := T(ctx, c); t != c {
		return c + " — " + t
	}
	return c
}

// optionTitle is what a select's option says of a game or an algorithm
// whose help is "Title: what it does" (in Japanese "題：説明"): its title,
// short enough to be read whole in the select; the whole help is shown
// beside it.
func optionTitle(help string) string {
	for _, sep := range []string{": ", "："} {
		if title, _, found := strings.Cut(help, sep); found {
			return title
		}
	}
	return help
}
