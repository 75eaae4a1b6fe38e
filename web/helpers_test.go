package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/trace"
)

// testTransport carries the tests' requests. It is not http.DefaultTransport
// because httptest.Server.Close closes that one's idle connections, which
// breaks a request another parallel test has just started on one of them.
var testTransport = http.DefaultTransport.(*http.Transport).Clone()

// testClient is the tests' client; it follows redirects.
var testClient = &http.Client{Transport: testTransport}

// noRedirect is a client that reports redirects instead of following them.
var noRedirect = &http.Client{Transport: testTransport, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// readBody returns the whole body of res, the answer to a request that
// failed with err if err is not nil, and closes it.
func readBody(t testing.TB, res *http.Response, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

// get fetches u and returns the response's status and body.
func get(t testing.TB, u string) (int, string) {
	t.Helper()
	res, err := testClient.Get(u)
	body := readBody(t, res, err)
	return res.StatusCode, body
}

// getJSON GETs u, which must answer 200, and decodes its JSON body.
func getJSON[T any](t testing.TB, u string) T {
	t.Helper()
	code, body := get(t, u)
	if code != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", u, code, body)
	}
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("GET %s: the answer is not JSON: %v\n%s", u, err, body)
	}
	return v
}

// postForm posts form to u without following a redirect, and returns the
// response, its body read and closed, and the body.
func postForm(t testing.TB, u string, form url.Values) (*http.Response, string) {
	t.Helper()
	res, err := noRedirect.PostForm(u, form)
	body := readBody(t, res, err)
	return res, body
}

// recordSearch runs the search req asks for and returns its trace.
func recordSearch(t testing.TB, req catalog.Request) (trace.Header, []trace.Event) {
	t.Helper()
	run, err := catalog.Prepare(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := trace.NewRecorder(0)
	if _, err := run.Search(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return run.Header(), rec.Events()
}

// writeTrace records the search req asks for in a trace file at path,
// compressed with gzip when path ends in ".gz".
func writeTrace(t testing.TB, path string, req catalog.Request) {
	t.Helper()
	if err := searchToFile(path, req); err != nil {
		t.Fatal(err)
	}
}

// searchToFile runs the search req asks for and writes its trace to path.
func searchToFile(path string, req catalog.Request) error {
	run, err := catalog.Prepare(req)
	if err != nil {
		return err
	}
	fw, err := trace.Create(path, run.Header())
	if err != nil {
		return err
	}
	defer fw.Abort()
	if _, err := run.Search(context.Background(), fw); err != nil {
		return err
	}
	return fw.Close()
}
