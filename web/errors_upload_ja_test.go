package web

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"testing"
)

// traceFormatNames are the names of the formats an upload's error names,
// which stay as written in every language.
const traceFormatNames = "searchviz-trace JSON gzip"

// TestUploadErrorsInJapanese uploads files that are not traces as a
// Japanese reader: the page says why in Japanese.
func TestUploadErrorsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	tests := []struct {
		name, content, want string
	}{
		{"not JSON", "hello\n", "トレースの 1 行目：searchviz-trace のヘッダではありません：JSON のオブジェクトが必要ですが、正しくない JSON でした"},
		{"another format", `{"format":"notes","version":1}` + "\n", "トレースの 1 行目：形式が「notes」ですが、「searchviz-trace」でなければなりません"},
		{"a later version", `{"format":"searchviz-trace","version":99}` + "\n", "トレースの 1 行目：形式のバージョン 99 には対応していません（このプログラムが読めるのはバージョン 1〜"},
		{"empty", "", "トレースの 1 行目：入力が空です。ヘッダの行が必要です"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			fw, err := mw.CreateFormFile("trace", "notes.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(fw, tt.content)
			mw.Close()
			status, page := postJapanese(t, ts.URL, "/upload", mw.FormDataContentType(), &body)
			if status != http.StatusBadRequest {
				t.Fatalf("status %d, want %d", status, http.StatusBadRequest)
			}
			japaneseError(t, shownError(t, page), "notes.jsonl は searchviz で表示できるトレースではありません："+tt.want, "notes.jsonl "+traceFormatNames)
		})
	}
}
