package explain

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Every word searchviz shows is written in English in the code, as the
// key of its message, and translated in the catalogs of locales/: one
// JSON file per part of the app, each mapping an English text to its
// Japanese text ("ja") and, where English needs a plural, to its
// singular ("one"). A Lang turns a key into its reader's language.

// Lang is one language searchviz speaks, with the printer that formats
// its messages. The zero Lang is English.
type Lang struct {
	tag     language.Tag
	printer *message.Printer
	texts   map[string]string // the catalog's texts in this language, nil for English
}

// Entry is one message of a catalog file: the English key's Japanese
// text, and the English singular of a key that counts something.
type Entry struct {
	Ja  string `json:"ja"`            // the Japanese text
	One string `json:"one,omitempty"` // the English text when the first number is 1
}

//go:embed locales/*.json
var localeFiles embed.FS

// Catalog is every message of every catalog file, by English key.
var Catalog = mustReadCatalog(localeFiles)

// scriptCatalog is the catalog file of the pages' scripts' messages, which
// every page carries in its reader's language.
const scriptCatalog = "locales/script.json"

// scriptKeys are the keys of scriptCatalog.
var scriptKeys = mustReadKeys(localeFiles, scriptCatalog)

// English and Japanese are the languages searchviz speaks.
var (
	English  = newLang(language.English)
	Japanese = newLang(language.Japanese)
)

// languages are the Langs in the order the language switch lists them.
var languages = []Lang{English, Japanese}

// Languages returns the languages searchviz speaks, English first.
func Languages() []Lang { return slices.Clone(languages) }

var matcher = language.NewMatcher([]language.Tag{language.English, language.Japanese})

// Negotiate chooses the reader's language: the one named by choice (a
// language code the reader chose, "en" or "ja") if it is one searchviz
// speaks, otherwise the best match for an Accept-Language header, and
// English when nothing matches.
func Negotiate(choice, acceptLanguage string) Lang {
	if l, ok := ParseLang(choice); ok {
		return l
	}
	// The matcher's default, English, is its first language.
	_, i := language.MatchStrings(matcher, acceptLanguage)
	return languages[i]
}

// ParseLang returns the language whose code is code, "en" or "ja".
func ParseLang(code string) (Lang, bool) {
	for _, l := range languages {
		if code == l.Code() {
			return l, true
		}
	}
	return Lang{}, false
}

// Code is the language's code, "en" or "ja", as HTML's lang attribute
// and the language switch write it.
func (l Lang) Code() string {
	if l.printer == nil {
		return "en"
	}
	base, _ := l.tag.Base()
	return base.String()
}

// Name is the language's name in itself: "English", "日本語".
func (l Lang) Name() string {
	if l.Code() == "ja" {
		return "日本語"
	}
	return "English"
}

// T returns the text key in the language: the key itself in English,
// its catalog's translation in Japanese, and the key when the catalog
// has none, which the catalogs' tests forbid.
func (l Lang) T(key string) string {
	if t, ok := l.texts[key]; ok {
		return t
	}
	return key
}

// F formats the message key with args, as fmt.Sprintf formats a format,
// in the language: its words from the catalog, its plural chosen by the
// first number where English needs one.
func (l Lang) F(key string, args ...any) string {
	if l.printer == nil {
		return English.printer.Sprintf(key, args...)
	}
	return l.printer.Sprintf(key, args...)
}

// Script returns the texts of the pages' scripts in the language, by
// English key, for a page to carry; nil in English, where the keys are
// the texts.
func (l Lang) Script() map[string]string {
	if l.texts == nil {
		return nil
	}
	m := make(map[string]string, len(scriptKeys))
	for _, key := range scriptKeys {
		m[key] = l.texts[key]
	}
	return m
}

// newLang makes the Lang of tag with the catalog's messages.
func newLang(tag language.Tag) Lang {
	l := Lang{tag: tag, printer: message.NewPrinter(tag, message.Catalog(builtCatalog))}
	if tag != language.English {
		l.texts = make(map[string]string, len(Catalog))
		for key, e := range Catalog {
			l.texts[key] = e.Ja
		}
	}
	return l
}

// builtCatalog is Catalog as x/text's printers read it.
var builtCatalog = mustBuild(Catalog)

// mustBuild builds c's messages for x/text, panicking on a message it
// refuses: the catalogs are part of the program, checked by its tests.
func mustBuild(c map[string]Entry) catalog.Catalog {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for key, e := range c {
		if e.One != "" {
			if err := b.Set(language.English, key, plural.Selectf(1, "", plural.One, e.One, plural.Other, key)); err != nil {
				panic(fmt.Sprintf("explain: the English plural of %q: %v", key, err))
			}
		}
		if err := b.SetString(language.Japanese, key, e.Ja); err != nil {
			panic(fmt.Sprintf("explain: the Japanese of %q: %v", key, err))
		}
	}
	return b
}

// mustReadCatalog reads every catalog file of fsys, panicking on one
// that does not parse or a key two files translate apart.
func mustReadCatalog(fsys fs.FS) map[string]Entry {
	c, err := readCatalog(fsys)
	if err != nil {
		panic(err)
	}
	return c
}

// mustReadKeys returns the keys of the catalog file name of fsys.
func mustReadKeys(fsys fs.FS, name string) []string {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		panic(err)
	}
	var entries map[string]Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		panic(fmt.Sprintf("catalog %s: %v", name, err))
	}
	return slices.Sorted(maps.Keys(entries))
}

// readCatalog reads and merges the catalog files locales/*.json of fsys.
func readCatalog(fsys fs.FS) (map[string]Entry, error) {
	names, err := fs.Glob(fsys, "locales/*.json")
	if err != nil {
		return nil, fmt.Errorf("listing the catalogs: %w", err)
	}
	all := map[string]Entry{}
	from := map[string]string{}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("reading catalog %s: %w", name, err)
		}
		var entries map[string]Entry
		if err := json.Unmarshal(data, &entries); err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		for key, e := range entries {
			// Parts of the app may share a text, but not translate it apart.
			if other, dup := from[key]; dup && all[key] != e {
				return nil, fmt.Errorf("catalogs %s and %s translate %q apart: %q and %q", other, path.Base(name), key, all[key].Ja, e.Ja)
			}
			from[key] = path.Base(name)
			all[key] = e
		}
	}
	return all, nil
}
