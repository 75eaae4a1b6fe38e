package guard

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/internal/testenv"
)

// The tests of this file send what other sites could make a browser send,
// requests that the server without guard would have served.

// guardedOK returns New around a handler that answers 200 "ok" at / and
// /run and 404 elsewhere, for a server listening on listen that also
// answers to extra, and the buffer guard logs to.
func guardedOK(t *testing.T, listen string, extra ...string) (http.Handler, *bytes.Buffer) {
	t.Helper()
	hosts, err := NewHosts(listen, extra)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	ok := func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }
	mux.HandleFunc("/{$}", ok)
	mux.HandleFunc("/run", ok)
	var log bytes.Buffer
	return New(mux, hosts, slog.New(slog.NewTextHandler(&log, nil))), &log
}

// guardServe serves one request to h, addressed to host, with header.
func guardServe(h http.Handler, method, path, host string, header http.Header) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader("game=tictactoe"))
	req.Host = host
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestGuardHost(t *testing.T) {
	testenv.SkipUnderRace(t, "serves requests in the test's goroutine")
	t.Parallel()
	tests := []struct {
		name   string
		listen string
		extra  []string
		host   string
		want   int
	}{
		// DNS rebinding: a page of evil.example whose name now resolves
		// to this machine.
		{"foreign name", "127.0.0.1:8080", nil, "evil.example", http.StatusMisdirectedRequest},
		{"foreign name and port", "127.0.0.1:8080", nil, "evil.example:8080", http.StatusMisdirectedRequest},
		{"loopback address as a subdomain", "127.0.0.1:8080", nil, "127.0.0.1.evil.example", http.StatusMisdirectedRequest},
		{"localhost as a subdomain", "127.0.0.1:8080", nil, "localhost.evil.example:8080", http.StatusMisdirectedRequest},
		{"no host", "127.0.0.1:8080", nil, "", http.StatusMisdirectedRequest},
		{"another LAN address", "192.168.1.5:8080", nil, "192.168.1.6:8080", http.StatusMisdirectedRequest},
		{"LAN address when on loopback", "127.0.0.1:8080", nil, "192.168.1.5:8080", http.StatusMisdirectedRequest},
		{"subdomain of an allowed name", "127.0.0.1:8080", []string{"class.example"}, "www.class.example", http.StatusMisdirectedRequest},

		{"localhost", "127.0.0.1:8080", nil, "localhost", http.StatusOK},
		{"localhost in capitals with port", "127.0.0.1:8080", nil, "LOCALHOST:8080", http.StatusOK},
		{"localhost with trailing dot", "127.0.0.1:8080", nil, "localhost.:8080", http.StatusOK},
		{"loopback", "127.0.0.1:8080", nil, "127.0.0.1:8080", http.StatusOK},
		{"other loopback", "", nil, "127.1.2.3:8080", http.StatusOK},
		{"IPv6 loopback with port", "127.0.0.1:8080", nil, "[::1]:8080", http.StatusOK},
		{"IPv6 loopback", "", nil, "[::1]", http.StatusOK},
		{"IPv4-mapped loopback", "", nil, "[::ffff:127.0.0.1]:8080", http.StatusOK},
		{"listen address", "192.168.1.5:8080", nil, "192.168.1.5:8080", http.StatusOK},
		{"IPv6 listen address", "[2001:db8::5]:8080", nil, "[2001:db8::5]:8080", http.StatusOK},
		{"listen name", "mybox.lan:8080", nil, "MyBox.lan:8080", http.StatusOK},
		{"allowed name", "127.0.0.1:8080", []string{"Class.Example"}, "class.example:8080", http.StatusOK},
		{"allowed name in capitals", "127.0.0.1:8080", []string{"class.example"}, "CLASS.EXAMPLE", http.StatusOK},
		{"allowed address", "127.0.0.1:8080", []string{"10.0.0.7"}, "10.0.0.7:8080", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, log := guardedOK(t, tt.listen, tt.extra...)
			rec := guardServe(h, http.MethodGet, "/", tt.host, nil)
			if rec.Code != tt.want {
				t.Fatalf("Host %q: status %d, want %d; body %q", tt.host, rec.Code, tt.want, rec.Body)
			}
			if tt.want == http.StatusOK {
				return
			}
			body := rec.Body.String()
			if host := hostOf(tt.host); host != "" && (!strings.Contains(body, host) || !strings.Contains(body, "--allow-host "+host)) {
				t.Errorf("body %q names neither the host %q nor --allow-host", body, host)
			}
			if !strings.Contains(log.String(), "request refused") || !strings.Contains(log.String(), "host="+tt.host) {
				t.Errorf("log %q does not report the refusal of host %q", log, tt.host)
			}
		})
	}
}

// TestGuardAllInterfaces checks that a server listening on every address
// answers to each of them, and a server listening on loopback to none.
func TestGuardAllInterfaces(t *testing.T) {
	testenv.SkipUnderRace(t, "serves requests in the test's goroutine")
	t.Parallel()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("cannot list the machine's addresses: %v", err)
	}
	var hosts []string
	for _, a := range addrs {
		if p, err := netip.ParsePrefix(a.String()); err == nil && !p.Addr().IsLoopback() {
			hosts = append(hosts, net.JoinHostPort(p.Addr().WithZone("").String(), "8080"))
		}
	}
	if len(hosts) == 0 {
		t.Skip("the machine has no address but loopback")
	}
	for _, listen := range []string{":8080", "0.0.0.0:8080", "[::]:8080"} {
		h, _ := guardedOK(t, listen)
		for _, host := range append(hosts, "localhost:8080") {
			if rec := guardServe(h, http.MethodGet, "/", host, nil); rec.Code != http.StatusOK {
				t.Errorf("listening on %s, Host %q: status %d, want 200", listen, host, rec.Code)
			}
		}
		if rec := guardServe(h, http.MethodGet, "/", "evil.example:8080", nil); rec.Code != http.StatusMisdirectedRequest {
			t.Errorf("listening on %s, Host evil.example: status %d, want 421", listen, rec.Code)
		}
	}
	h, _ := guardedOK(t, "127.0.0.1:8080")
	for _, host := range hosts {
		if rec := guardServe(h, http.MethodGet, "/", host, nil); rec.Code != http.StatusMisdirectedRequest {
			t.Errorf("listening on loopback, Host %q: status %d, want 421", host, rec.Code)
		}
	}
}

func TestGuardCrossOrigin(t *testing.T) {
	testenv.SkipUnderRace(t, "serves requests in the test's goroutine")
	t.Parallel()
	const host = "127.0.0.1:8080"
	tests := []struct {
		name   string
		method string
		header http.Header
		want   int
	}{
		{"cross-site POST", http.MethodPost, http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
		{"same-site POST from another port", http.MethodPost, http.Header{"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://127.0.0.1:3000"}}, http.StatusForbidden},
		{"POST from another origin", http.MethodPost, http.Header{"Origin": {"http://evil.example"}}, http.StatusForbidden},
		{"POST from another port", http.MethodPost, http.Header{"Origin": {"http://127.0.0.1:3000"}}, http.StatusForbidden},
		{"POST from an opaque origin", http.MethodPost, http.Header{"Origin": {"null"}}, http.StatusForbidden},
		{"cross-site PUT", http.MethodPut, http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
		{"cross-site DELETE", http.MethodDelete, http.Header{"Origin": {"http://evil.example"}}, http.StatusForbidden},

		{"same-origin POST", http.MethodPost, http.Header{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"http://" + host}}, http.StatusOK},
		{"same-origin POST from an old browser", http.MethodPost, http.Header{"Origin": {"http://" + host}}, http.StatusOK},
		{"POST the user started", http.MethodPost, http.Header{"Sec-Fetch-Site": {"none"}}, http.StatusOK},
		{"POST with no Origin", http.MethodPost, nil, http.StatusOK},
		{"cross-site GET", http.MethodGet, http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"http://evil.example"}}, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, log := guardedOK(t, "")
			rec := guardServe(h, tt.method, "/run", host, tt.header)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d; body %q", rec.Code, tt.want, rec.Body)
			}
			if tt.want == http.StatusOK {
				return
			}
			for _, want := range []string{"request refused", "method=" + tt.method, "path=/run", "host=" + host, "origin=" + tt.header.Get("Origin")} {
				if !strings.Contains(log.String(), want) {
					t.Errorf("log %q lacks %q", log, want)
				}
			}
		})
	}
}

// TestGuardWebsocket dials a websocket through gorilla's upgrader alone
// and behind New: gorilla refuses a page of another origin, but a DNS
// rebinding page is of the origin it addresses, so only the guard stops
// it.
func TestGuardWebsocket(t *testing.T) {
	t.Parallel()
	var upgrader websocket.Upgrader // the server's defaults: the same origin only
	upgrade := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if conn, err := upgrader.Upgrade(w, r, nil); err == nil {
			conn.Close()
		}
	})
	hosts, err := NewHosts("", nil)
	if err != nil {
		t.Fatal(err)
	}
	bare := httptest.NewServer(upgrade)
	defer bare.Close()
	guarded := httptest.NewServer(New(upgrade, hosts, nil))
	defer guarded.Close()

	tests := []struct {
		name    string
		header  func(u string) http.Header // u is the server's host:port
		bare    int
		guarded int
	}{
		{"same origin", func(u string) http.Header { return http.Header{"Origin": {"http://" + u}} }, http.StatusSwitchingProtocols, http.StatusSwitchingProtocols},
		{"no Origin", func(string) http.Header { return nil }, http.StatusSwitchingProtocols, http.StatusSwitchingProtocols},
		{"another origin", func(string) http.Header { return http.Header{"Origin": {"http://evil.example"}} }, http.StatusForbidden, http.StatusForbidden},
		{"cross-site fetch metadata", func(u string) http.Header {
			return http.Header{"Origin": {"http://" + u}, "Sec-Fetch-Site": {"cross-site"}}
		}, http.StatusSwitchingProtocols, http.StatusForbidden},
		{"DNS rebinding", func(u string) http.Header {
			_, port, _ := net.SplitHostPort(u)
			return http.Header{"Host": {"evil.example:" + port}, "Origin": {"http://evil.example:" + port}}
		}, http.StatusSwitchingProtocols, http.StatusMisdirectedRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []struct {
				what string
				ts   *httptest.Server
				want int
			}{{"gorilla alone", bare, tt.bare}, {"guarded", guarded, tt.guarded}} {
				u := strings.TrimPrefix(c.ts.URL, "http://")
				conn, res, err := websocket.DefaultDialer.Dial("ws://"+u+"/ws", tt.header(u))
				if conn != nil {
					conn.Close()
				}
				if res == nil {
					t.Fatalf("%s: no response: %v", c.what, err)
				}
				if res.StatusCode != c.want {
					t.Errorf("%s: status %d, want %d", c.what, res.StatusCode, c.want)
				}
			}
		})
	}
}

func TestGuardHeaders(t *testing.T) {
	testenv.SkipUnderRace(t, "serves requests in the test's goroutine")
	t.Parallel()
	h, _ := guardedOK(t, "")
	for _, tt := range []struct {
		name   string
		method string
		path   string
		host   string
		header http.Header
		want   int
	}{
		{"page", http.MethodGet, "/", "localhost:8080", nil, http.StatusOK},
		{"not found", http.MethodGet, "/nope", "localhost:8080", nil, http.StatusNotFound},
		{"foreign host", http.MethodGet, "/", "evil.example", nil, http.StatusMisdirectedRequest},
		{"cross-site post", http.MethodPost, "/run", "localhost:8080", http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := guardServe(h, tt.method, tt.path, tt.host, tt.header)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d", rec.Code, tt.want)
			}
			for name, want := range map[string]string{
				"X-Content-Type-Options": "nosniff",
				"Referrer-Policy":        "same-origin",
				"X-Frame-Options":        "SAMEORIGIN",
			} {
				if got := rec.Header().Get(name); got != want {
					t.Errorf("%s: %q, want %q", name, got, want)
				}
			}
			csp := rec.Header().Get("Content-Security-Policy")
			directives := map[string]bool{}
			for d := range strings.SplitSeq(csp, ";") {
				directives[strings.TrimSpace(d)] = true
			}
			for _, want := range []string{"default-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'"} {
				if !directives[want] {
					t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "unsafe") || strings.Contains(csp, "*") {
				t.Errorf("Content-Security-Policy %q lets in more than the server's own files", csp)
			}
		})
	}
}

func TestGuardHostPolicyErrors(t *testing.T) {
	testenv.SkipUnderRace(t, "parses host policies")
	t.Parallel()
	for _, tt := range []struct {
		listen string
		extra  []string
		bad    string // the input the error must name
	}{
		{"8080", nil, "8080"},
		{"localhost", nil, "localhost"},
		{"http://localhost:8080", nil, "http://localhost:8080"},
		{"[::1:8080", nil, "[::1:8080"},
		{"1.2.3.4:80:90", nil, "1.2.3.4:80:90"},
		{"my host:8080", nil, "my host"},
		{"", []string{""}, `""`},
		{"", []string{"http://class.example"}, "http://class.example"},
		{"", []string{"class.example:8080"}, "class.example:8080"},
		{"", []string{"class.example/path"}, "class.example/path"},
		{"", []string{"*"}, "*"},
		{"", []string{"*.example"}, "*.example"},
		{"", []string{"-class.example"}, "-class.example"},
		{"", []string{"class..example"}, "class..example"},
		{"", []string{"0.0.0.0"}, "0.0.0.0"},
		{"", []string{"ok.example", "not ok"}, "not ok"},
	} {
		_, err := NewHosts(tt.listen, tt.extra)
		if err == nil {
			t.Errorf("NewHosts(%q, %q): no error", tt.listen, tt.extra)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "web: ") || !strings.Contains(msg, tt.bad) {
			t.Errorf("NewHosts(%q, %q): error %q does not name %q", tt.listen, tt.extra, msg, tt.bad)
		}
	}
	for _, tt := range []struct {
		listen string
		extra  []string
	}{
		{"", nil},
		{"127.0.0.1:0", nil},
		{"localhost:8080", nil},
		{"[::1]:8080", nil},
		{"192.168.1.5:", nil},
		{"", []string{"[::1]", "fe80::1", "my_host.lan", "Class.Example.", "10.0.0.7"}},
	} {
		if _, err := NewHosts(tt.listen, tt.extra); err != nil {
			t.Errorf("NewHosts(%q, %q): %v", tt.listen, tt.extra, err)
		}
	}
}

// FuzzGuardHost sends any Host header: guard never panics, and lets a
// request through only for a loopback address, localhost or a name it
// was given.
func FuzzGuardHost(f *testing.F) {
	for _, h := range []string{"localhost:8080", "127.0.0.1", "[::1]:80", "evil.example", "myhost.local.", "MyHost.Local:1", "[", "]:", "::ffff:127.0.0.1", "[fe80::1%eth0]:8080", ""} {
		f.Add(h)
	}
	hosts, err := NewHosts("127.0.0.1:8080", []string{"myhost.local"})
	if err != nil {
		f.Fatal(err)
	}
	h := New(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}), hosts, nil)
	f.Fuzz(func(t *testing.T, host string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code == http.StatusMisdirectedRequest {
			return
		}
		name := hostOf(host)
		addr, isIP := parseAddr(name)
		switch n := normalName(name); {
		case isIP && addr.IsLoopback(), !isIP && (n == "localhost" || n == "myhost.local"):
		default:
			t.Errorf("Host %q (host %q) was let through", host, name)
		}
	})
}
