package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestPageLanguage checks that a page speaks its reader's language: the
// one their browser asks for, or the one they chose with the switch.
func TestPageLanguage(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name, accept, cookie string
		wantLang, wantWord   string
	}{
		{"no preference", "", "", "en", ">New search<"},
		{"a Japanese browser", "ja-JP,ja;q=0.9,en;q=0.8", "", "ja", ">新しい探索<"},
		{"an English browser", "en-US,en;q=0.9", "", "en", ">New search<"},
		{"chose English on a Japanese browser", "ja-JP", "en", "en", ">New search<"},
		{"chose Japanese on an English browser", "en-US", "ja", "ja", ">新しい探索<"},
		{"a cookie naming no language", "ja", "klingon", "ja", ">新しい探索<"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequest(http.MethodGet, ts.URL+"/traces", nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.accept != "" {
				req.Header.Set("Accept-Language", tt.accept)
			}
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: langCookie, Value: tt.cookie})
			}
			res, err := testClient.Do(req)
			body := readBody(t, res, err)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", res.StatusCode, body)
			}
			if !strings.Contains(body, `<html lang="`+tt.wantLang+`">`) {
				t.Errorf("the page does not say it is in %s", tt.wantLang)
			}
			if got := res.Header.Get("Content-Language"); got != tt.wantLang {
				t.Errorf("Content-Language %q, want %q", got, tt.wantLang)
			}
			if !strings.Contains(body, tt.wantWord) {
				t.Errorf("the page lacks %q", tt.wantWord)
			}
			if hasWords := strings.Contains(body, `id="words"`); hasWords != (tt.wantLang == "ja") {
				t.Errorf("the page carries the scripts' words: %v, want %v", hasWords, tt.wantLang == "ja")
			}
		})
	}
}

// TestLanguageSwitch checks that the switch keeps the choice and goes
// back to the page it was chosen on, and never to another site.
func TestLanguageSwitch(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name, path   string
		wantStatus   int
		wantLocation string
		wantCookie   string
	}{
		{"to Japanese", "/lang/ja?back=" + url.QueryEscape("/example/rn-minimax?step=3"), http.StatusSeeOther, "/example/rn-minimax?step=3", "ja"},
		{"to English", "/lang/en?back=/exercise", http.StatusSeeOther, "/exercise", "en"},
		{"no page to go back to", "/lang/ja", http.StatusSeeOther, "/", "ja"},
		{"another site", "/lang/ja?back=" + url.QueryEscape("https://evil.example/"), http.StatusSeeOther, "/", "ja"},
		{"another site without a scheme", "/lang/ja?back=" + url.QueryEscape("//evil.example/"), http.StatusSeeOther, "/", "ja"},
		{"a backslash", "/lang/ja?back=" + url.QueryEscape(`/\evil.example`), http.StatusSeeOther, "/", "ja"},
		{"a language not spoken", "/lang/de?back=/", http.StatusNotFound, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := noRedirect.Get(ts.URL + tt.path)
			body := readBody(t, res, err)
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.wantStatus, body)
			}
			if got := res.Header.Get("Location"); got != tt.wantLocation {
				t.Errorf("Location %q, want %q", got, tt.wantLocation)
			}
			var cookie string
			for _, c := range res.Cookies() {
				if c.Name == langCookie {
					cookie = c.Value
				}
			}
			if cookie != tt.wantCookie {
				t.Errorf("cookie %q, want %q", cookie, tt.wantCookie)
			}
			if tt.wantStatus == http.StatusNotFound && !strings.Contains(body, "/lang/ja") {
				t.Errorf("the refusal does not say which languages there are: %s", body)
			}
		})
	}
}
