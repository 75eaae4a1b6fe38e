package web_test

import (
	"flag"
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// docsUpdate makes TestDocScreenshots take the documentation's pictures
// again from the running app.
var docsUpdate = flag.Bool("docs.update", false, "take the screenshots in docs/images again from the app in Chromium")

// docShots are the documentation's screenshots: the file under
// docs/images, the page it shows and the window it is taken in, of which
// it shows the first screen.
var docShots = []struct {
	file, path string
	w, h       int
}{
	{"viewer.png", "/example/rn-alphabeta?step=last", 1440, 900},
	{"start.png", "/", 1280, 720},
}

// TestDocScreenshots keeps the documentation's pictures true to the app. With
// -docs.update it takes them from the real app in Chromium; without, it
// checks that each is a PNG the size of the window it is taken in, so that
// a picture removed, or a window changed here without taking it again,
// fails.
func TestDocScreenshots(t *testing.T) {
	t.Parallel()
	for _, shot := range docShots {
		path := filepath.Join("..", "docs", "images", shot.file)
		if *docsUpdate {
			b := newBrowser(t, newApp(t))
			b.do("sizing the window", chromedp.EmulateViewport(int64(shot.w), int64(shot.h)))
			b.open(shot.path)
			if strings.Contains(shot.path, "/example/") {
				b.do("waiting for the tree", chromedp.WaitVisible(chromedp.CSS("#tree svg")))
				b.settleDrawings()
			}
			png := get(b, "taking the screenshot", chromedp.CaptureScreenshot())
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("%v: take the documentation's screenshots with go test ./web -run TestDocScreenshots -docs.update", err)
		}
		cfg, format, err := image.DecodeConfig(f)
		f.Close()
		if err != nil || format != "png" || cfg.Width != shot.w || cfg.Height != shot.h {
			t.Errorf("%s: a %s image of %dx%d (%v), want a PNG of %s taken at %dx%d", path, format, cfg.Width, cfg.Height, err, shot.path, shot.w, shot.h)
		}
	}
}
