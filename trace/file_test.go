package trace_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace"
	"github.com/searchviz/searchviz/trace/tracetest"
)

// dirNames returns the names of the files in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestFileRoundTrip(t *testing.T) {
	testenv.SkipUnderRace(t, "writes and reads files in the test goroutine")
	t.Parallel()
	for _, name := range []string{"run.jsonl", "run.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			fw, err := trace.Create(path, testHeader())
			if err != nil {
				t.Fatal(err)
			}
			defer fw.Abort()
			for _, e := range tracetest.EveryKind() {
				fw.Emit(e)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s exists before Close (stat error %v)", name, err)
			}
			if err := fw.Close(); err != nil {
				t.Fatal(err)
			}
			if got := dirNames(t, dir); len(got) != 1 || got[0] != name {
				t.Errorf("directory holds %q after Close, want only %q", got, name)
			}

			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			gzipped := bytes.HasPrefix(raw, []byte{0x1f, 0x8b})
			if want := strings.HasSuffix(name, ".gz"); gzipped != want {
				t.Errorf("file starts with the gzip magic: %v, want %v", gzipped, want)
			}

			h, events, err := trace.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkReadBack(t, h, events, tracetest.EveryKind())
			if err := tracetest.ValidateFile(path); err != nil {
				t.Error(err)
			}

			fr, err := trace.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer fr.Close()
			n := 0
			for {
				_, err := fr.ReadEvent()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != len(tracetest.EveryKind()) {
				t.Errorf("FileReader read %d events, want %d", n, len(tracetest.EveryKind()))
			}
		})
	}
}

func TestFileAbort(t *testing.T) {
	testenv.SkipUnderRace(t, "writes and reads files in the test goroutine")
	t.Parallel()
	dir := t.TempDir()
	fw, err := trace.Create(filepath.Join(dir, "run.jsonl.gz"), testHeader())
	if err != nil {
		t.Fatal(err)
	}
	fw.Emit(tracetest.AlphaBeta()[0])
	fw.Abort()
	fw.Abort()
	checkDiscarded(t, fw, dir, "Abort")
}

func TestFileCloseAfterError(t *testing.T) {
	testenv.SkipUnderRace(t, "writes and reads files in the test goroutine")
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	fw, err := trace.Create(path, testHeader())
	if err != nil {
		t.Fatal(err)
	}
	fw.Emit(trace.Event{Kind: trace.KindEval, Value: math.NaN()})
	if fw.Err() == nil {
		t.Error("Err() = nil after a NaN value")
	}
	err = fw.Close()
	if err == nil || !strings.Contains(err.Error(), "trace: "+path+": step 0: ") {
		t.Errorf("Close() = %v, want the encoding error naming the file and the step", err)
	}
	checkDiscarded(t, fw, dir, "a failed Close")
}

// checkDiscarded checks that fw, after what, has left nothing in dir and
// refuses to be closed again.
func checkDiscarded(t *testing.T, fw *trace.FileWriter, dir, what string) {
	t.Helper()
	if got := dirNames(t, dir); len(got) != 0 {
		t.Errorf("directory holds %q after %s, want nothing", got, what)
	}
	if err := fw.Close(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Close after %s = %v, want an error wrapping os.ErrClosed", what, err)
	}
}

func TestFileErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "writes and reads files in the test goroutine")
	t.Parallel()
	dir := t.TempDir()
	if _, err := trace.Create(filepath.Join(dir, "no", "such", "dir.jsonl"), testHeader()); err == nil {
		t.Error("Create in a missing directory succeeded")
	}
	missing := filepath.Join(dir, "missing.jsonl")
	if _, err := trace.Open(missing); !errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), "trace: ") {
		t.Errorf("Open of a missing file = %v, want a trace: error wrapping os.ErrNotExist", err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"format":"searchviz-trace","version":1}`+"\n"+`{"step":0,"kind":"enter"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := trace.ReadFile(bad)
	var se *trace.SyntaxError
	want := "trace: " + bad + `: line 2: missing required field "node"`
	if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("ReadFile error = %v, want a *trace.SyntaxError reading %q", err, want)
	}
	if _, err := trace.Open(filepath.Join("testdata", "alphabeta-rn.jsonl.golden")); err != nil {
		t.Errorf("Open of the golden trace: %v", err)
	}
}
