package web

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// fetchIn fetches u as a reader of language code (Accept-Language) would.
func fetchIn(t *testing.T, u, code string) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Language", code)
	res, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s: %s", u, res.Status, data)
	}
	return data
}

// TestHandoutsInJapanese asks for the slides and the offline handout of
// the textbook's alpha-beta tree as a Japanese reader: the steps in words,
// the drawings' legends and titles, and the offline viewer's frames and
// scripts' words are Japanese.
func TestHandoutsInJapanese(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	res, err := testClient.Get(ts.URL + "/example/rn-alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	base := ts.URL + res.Request.URL.Path

	data := fetchIn(t, base+"/handout.zip?from=0&to=3", "ja")
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = string(b)
	}
	if steps := files["steps.txt"]; !strings.HasPrefix(steps, "ステップ 0：ルートから始めます（手番はMAX）。\n") {
		t.Errorf("steps.txt begins %.80q", steps)
	}
	if svg := files["step-3.svg"]; !strings.Contains(svg, "凡例") || !strings.Contains(svg, "ステップ 3 / ") || strings.Contains(svg, "Legend") {
		t.Errorf("step-3.svg is not in Japanese: %.300s", svg)
	}

	page := string(fetchIn(t, base+"/handout.html", "ja"))
	for _, want := range []string{`<html lang="ja">`, `id="words"`, "配布資料", "決定：a1 を指します"} {
		if !strings.Contains(page, want) {
			t.Errorf("the offline handout has no %q", want)
		}
	}
}
