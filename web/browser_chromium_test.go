package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/web"
)

// chromium returns the path of a Chromium or Chrome, or skips t.
func chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped in -short mode")
	}
	if test, _, _ := strings.Cut(t.Name(), "/"); testenv.Race && !raceBrowserTests[test] {
		t.Skip("under the race detector only the browser tests in raceBrowserTests run")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv(requireBrowserEnv) == "1" {
		t.Fatalf("browser tests need Chromium and %s=1 requires them: install it (apt-get install chromium)", requireBrowserEnv)
	}
	t.Skip("browser tests need Chromium: install it (apt-get install chromium)")
	return ""
}

// browser is one headless Chromium tab on an app.
type browser struct {
	t    testing.TB
	ctx  context.Context // the test's hold on the tab; each action runs under a timeout derived from it
	base string          // the app's URL
	pool *pooledTab      // the tab, which the test gives back when it ends

	mu         sync.Mutex
	exceptions []string // uncaught exceptions in the page
}

// windowWidth and windowHeight are the size of every tab's window, a
// laptop's screen, until a test emulates another.
const (
	windowWidth  = 1400
	windowHeight = 900
)

// newBrowser gives t a tab on app until t ends, in a browser context of
// its own (cookies, storage and cache apart from every other tab's) of the
// binary's one Chromium; it fails t if a page throws an exception nothing
// catches. The tab is one an ended test left, if there is one: opening a
// tab costs over a CPU-second (a renderer process, the protocol's domains)
// where a navigation to the app's origin, new to the tab, costs a fraction.
func newBrowser(t testing.TB, app *httptest.Server) *browser {
	t.Helper()
	tab := takeTab(t)
	ctx, cancel := context.WithCancel(tab.ctx)
	b := &browser{t: t, ctx: ctx, base: app.URL, pool: tab}
	t.Cleanup(func() {
		cancel()
		tab.release(t)
	})
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() {
				b.mu.Lock()
				b.exceptions = append(b.exceptions, m.String())
				b.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.exceptions {
			t.Errorf("the page threw: %s", e)
		}
	})
	b.do("setting the window to a laptop's", chromedp.EmulateViewport(windowWidth, windowHeight))
	return b
}

// keepTabOut has b's tab closed when the test ends, not left for another:
// for a test that changes the tab beyond what a navigation resets.
func (b *browser) keepTabOut() {
	b.pool.mu.Lock()
	defer b.pool.mu.Unlock()
	b.pool.spent = true
}

// pooledTab is a tab of the binary's Chromium, in a browser context of its
// own, that one test at a time uses.
type pooledTab struct {
	ctx   context.Context // the tab's, from chromedp.NewContext
	close context.CancelFunc

	mu    sync.Mutex
	spent bool // the tab is closed when its test ends
}

// idleTabs holds the tabs of ended tests, each on about:blank.
var idleTabs struct {
	sync.Mutex
	tabs []*pooledTab
}

// takeTab returns an idle tab, or opens one.
func takeTab(t testing.TB) *pooledTab {
	t.Helper()
	parent := sharedChromium(t)
	idleTabs.Lock()
	if n := len(idleTabs.tabs); n > 0 {
		tab := idleTabs.tabs[n-1]
		idleTabs.tabs = idleTabs.tabs[:n-1]
		idleTabs.Unlock()
		return tab
	}
	idleTabs.Unlock()
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	// The first action opens the tab; it must not run under a timeout,
	// which would close the tab with it.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		t.Fatalf("opening a tab in Chromium: %v", err)
	}
	return &pooledTab{ctx: ctx, close: cancel}
}

// release leaves the tab on about:blank, which ends its page's sockets and
// timers, for the next test; or closes it, if it is spent or will not go.
func (tab *pooledTab) release(t testing.TB) {
	tab.mu.Lock()
	spent := tab.spent
	tab.mu.Unlock()
	if !spent {
		ctx, cancel := context.WithTimeout(tab.ctx, waitFor)
		err := chromedp.Do(ctx, chromedp.Navigate("about:blank"))
		cancel()
		if err == nil {
			idleTabs.Lock()
			idleTabs.tabs = append(idleTabs.tabs, tab)
			idleTabs.Unlock()
			return
		}
		t.Logf("closing a tab that would not leave its page: %v", err)
	}
	tab.close()
}

// chromiumOnce starts the one Chromium the binary's browser tests open
// their tabs in: a start costs a second or more of both cores, and now and
// then fails right after another browser closed.
var chromiumOnce struct {
	sync.Once
	ctx context.Context // the browser's first tab, the parent of every other
	err error
}

// sharedChromium returns the context of the binary's Chromium, starting it
// if no test has yet; it skips t as chromium does, and fails it if the
// browser did not start.
func sharedChromium(t testing.TB) context.Context {
	t.Helper()
	path := chromium(t)
	chromiumOnce.Do(func() {
		chromiumOnce.ctx, chromiumOnce.err = startChromium(t, path)
	})
	if chromiumOnce.err != nil {
		t.Fatalf("starting %s: %v", path, chromiumOnce.err)
	}
	return chromiumOnce.ctx
}

// chromiumStarts is how many times startChromium tries to start the
// browser: on a loaded machine Chromium now and then fails to fork its
// helper processes as it starts.
const chromiumStarts = 3

// startChromium starts the browser at path, trying up to chromiumStarts
// times, each in a new user data directory, and has it stopped once every
// test has ended; it returns its first tab's context.
func startChromium(t testing.TB, path string) (context.Context, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Tabs of parallel tests are all in the background but one: they
		// must keep their timers and drawing at full speed.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		// A tab goes from one test's app to the next one's: with the
		// back-forward cache, each such navigation swaps in a new renderer
		// process, which costs about a CPU-second; without it, a fraction.
		chromedp.Flag("disable-features", "BackForwardCache,ProactivelySwapBrowsingInstance,RenderDocument"),
		chromedp.WindowSize(windowWidth, windowHeight),
	}
	var err error
	for try := range chromiumStarts {
		if try > 0 {
			t.Logf("Chromium failed to start (%v); trying again", err)
			time.Sleep(time.Duration(try) * 500 * time.Millisecond)
		}
		var dir string
		if dir, err = os.MkdirTemp("", "searchviz-chromium-"); err != nil {
			return nil, fmt.Errorf("making Chromium's user data directory: %w", err)
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(slices.Clip(opts), chromedp.UserDataDir(dir))...)
		ctx, cancelTab := chromedp.NewContext(actx)
		stop := func() {
			cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			chromedp.Cancel(cctx)
			cancelTab()
			cancelAlloc()
			os.RemoveAll(dir)
		}
		// The first action starts the browser; it must not run under a
		// timeout, which would end the browser with it.
		if err = chromedp.Do(ctx); err != nil {
			stop()
			continue
		}
		web.AfterTests(stop)
		return ctx, nil
	}
	return nil, err
}
