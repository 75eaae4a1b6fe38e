package guard

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestGuardRefusesInReaderLanguage checks that a refusal is in the
// reader's language: the one their browser asks for, or the one they chose
// with the switch.
func TestGuardRefusesInReaderLanguage(t *testing.T) {
	t.Parallel()
	h, _ := guardedOK(t, "127.0.0.1:8080")
	tests := []struct {
		name           string
		accept, cookie string
		host, origin   string
		want           string
	}{
		{"a host in English", "", "", "evil.example:8080", "", "searchviz does not answer to the host \"evil.example\""},
		{"a host in Japanese", "ja-JP,ja", "", "evil.example:8080", "", "ホスト \"evil.example\" 宛ての要求には答えません"},
		{"a host, Japanese chosen", "en-US", "ja", "evil.example:8080", "", "ホスト \"evil.example\" 宛ての要求には答えません"},
		{"another origin in Japanese", "ja", "", "127.0.0.1:8080", "http://evil.example", "別のオリジン"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(http.MethodPost, "/run", strings.NewReader("game=tictactoe"))
			req.Host = tt.host
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
				req.Header.Set("Sec-Fetch-Site", "cross-site")
			}
			req.Header.Set("Accept-Language", tt.accept)
			if tt.cookie != "" {
				req.AddCookie(&http.Cookie{Name: langCookie, Value: tt.cookie})
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if body := rec.Body.String(); !strings.Contains(body, tt.want) {
				t.Errorf("status %d, refusal %q, want it to hold %q", rec.Code, body, tt.want)
			}
		})
	}
}
