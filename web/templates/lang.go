package templates

import (
	"context"

	"github.com/searchviz/searchviz/explain"
)

// langKey is the context key of the reader's language.
type langKey struct{}

// WithLang returns ctx carrying the reader's language, which every
// component rendered with it speaks.
func WithLang(ctx context.Context, l explain.Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangOf returns the reader's language that ctx carries, English when it
// carries none.
func LangOf(ctx context.Context) explain.Lang {
	l, _ := ctx.Value(langKey{}).(explain.Lang)
	return l
}

// T returns the text key in the reader's language.
func T(ctx context.Context, key string) string { return LangOf(ctx).T(key) }

// F formats the message key with args in the reader's language.
func F(ctx context.Context, key string, args ...any) string { return LangOf(ctx).F(key, args...) }

// pageURIKey is the context key of the page's own path and query.
type pageURIKey struct{}

// WithPageURI returns ctx carrying the path and query of the page being
// rendered, which the language switch links back to.
func WithPageURI(ctx context.Context, uri string) context.Context {
	return context.WithValue(ctx, pageURIKey{}, uri)
}

// pageURI returns the page's path and query that ctx carries, "/" when
// it carries none.
func pageURI(ctx context.Context) string {
	if uri, ok := ctx.Value(pageURIKey{}).(string); ok && uri != "" {
		return uri
	}
	return "/"
}
