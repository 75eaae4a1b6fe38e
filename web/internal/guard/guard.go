// Package guard keeps other sites from driving a searchviz server: it
// refuses requests addressed to hosts the server does not answer to (DNS
// rebinding) and state-changing requests, websocket handshakes included,
// from pages of other origins, and sets the security headers of every
// response.
package guard

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/searchviz/searchviz/explain"
)

// contentSecurityPolicy is sent with every response. The pages load only
// their own scripts, stylesheets, layouts and websocket, so everything
// else is refused:
//   - default-src 'self': scripts, styles (no inline ones: the templates
//     have none, the scripts set styles through the CSSOM only, and the
//     Graphviz SVG uses presentation attributes), images, fetches, frames;
//     in CSP 3 'self' also matches ws: and wss: to the page's own host;
//   - object-src 'none': no plugins;
//   - base-uri 'none': an injected <base> cannot move relative links;
//   - form-action 'self': forms post only here;
//   - frame-ancestors 'self': only the compare page, of this origin, may
//     frame the viewer.
const contentSecurityPolicy = "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"

// securityHeaders are set on every response New's handler lets through
// or refuses.
var securityHeaders = [...][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"}, // a trace or DOT file is never run as a script
	{"Referrer-Policy", "same-origin"},    // trace ids stay out of other sites' logs
	{"X-Frame-Options", "SAMEORIGIN"},     // frame-ancestors for browsers without CSP 2
}

// New wraps next so that other sites cannot drive the server:
//
//   - A request addressed to a host that hosts does not allow is refused
//     with 421 Misdirected Request. This is what stops DNS rebinding: a
//     rebinding page is of the origin http://evil.example:8080 and its
//     requests carry Host evil.example:8080, so every same-origin check
//     passes, and only the Host tells them apart.
//   - A state-changing request (any method but GET, HEAD and OPTIONS) from
//     a page of another origin is refused with 403 Forbidden, by
//     http.CrossOriginProtection: by Sec-Fetch-Site, or by Origin where
//     the browser sends no Sec-Fetch-Site. Requests with neither header,
//     from curl or tests, pass.
//   - A websocket handshake, a GET, is checked as if it were a POST, since
//     the socket it opens drives the server.
//
// Every response, refusals included, carries Headers. Refusals
// are logged at Info. The returned handler is safe for concurrent use if
// next is.
func New(next http.Handler, hosts Hosts, log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// The zero configuration trusts no other origin and bypasses no path.
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaders {
			h.Set(kv[0], kv[1])
		}
		refuse := func(status int, reason, text string) {
			log.Info("request refused", "reason", reason, "method", r.Method, "path", r.URL.Path,
				"host", r.Host, "origin", r.Header.Get("Origin"), "sec_fetch_site", r.Header.Get("Sec-Fetch-Site"), "remote", r.RemoteAddr)
			http.Error(w, text, status)
		}
		l := readerLang(r)
		if host := hostOf(r.Host); !hosts.allows(host) {
			refuse(http.StatusMisdirectedRequest, "host not allowed", hostRefusal(l, host))
			return
		}
		checked := r
		if isWebsocket(r) {
			post := *r // a shallow copy, only for Check to read
			post.Method = http.MethodPost
			checked = &post
		}
		if err := cop.Check(checked); err != nil {
			refuse(http.StatusForbidden, err.Error(),
				l.T("searchviz refused this request: it was sent by a page of another origin (another site, or another port), which may not act on this server.")+"\n")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// langCookie names the cookie in which web's language switch keeps the
// language a reader chose.
const langCookie = "lang"

// readerLang returns the language to refuse r in: the one its reader
// chose with the switch, else the best for their browser, as web's pages
// choose it.
func readerLang(r *http.Request) explain.Lang {
	choice := ""
	if c, err := r.Cookie(langCookie); err == nil {
		choice = c.Value
	}
	return explain.Negotiate(choice, r.Header.Get("Accept-Language"))
}

// hostRefusal is the text of a 421 answer to a request addressed to host,
// in the reader's language l.
func hostRefusal(l explain.Lang, host string) string {
	if host == "" {
		return l.T("searchviz answers only requests that name its host in a Host header.") + "\n"
	}
	if r := []rune(host); len(r) > 100 {
		host = string(r[:100]) // as %.100q would cut it
	}
	return l.F("searchviz does not answer to the host %q, so that other sites cannot reach it through DNS rebinding.", host) + "\n" +
		l.F("If you reach this server by that name, start it with --allow-host %s", host) + "\n"
}

// Headers returns the security headers every response carries, each a
// name and its value: a websocket's 101 answer too, which its upgrader
// must be given.
func Headers() [][2]string { return slices.Clone(securityHeaders[:]) }

// isWebsocket reports whether r asks to upgrade to a websocket.
func isWebsocket(r *http.Request) bool {
	for _, v := range r.Header.Values("Upgrade") {
		for tok := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(tok), "websocket") {
				return true
			}
		}
	}
	return false
}

// Hosts names the hosts requests may be addressed to: loopback always,
// and the names and addresses the server was told about. Build one with
// NewHosts; it is read-only after, so safe for concurrent use.
type Hosts struct {
	names map[string]bool     // lower case, with no trailing dot
	addrs map[netip.Addr]bool // unmapped, with no zone
}

// NewHosts returns the hosts of a server listening on listenAddr
// (host:port, as for net.Listen; empty for loopback only) that also
// answers to the host names or IP addresses in extra. It allows:
//   - localhost and every loopback address (127.0.0.0/8, ::1);
//   - the host of listenAddr, so that a server listening on
//     192.168.1.5:8080 can be reached from the LAN at that address;
//   - every address of the machine when listenAddr has no host or an
//     unspecified one (":8080", "0.0.0.0:8080", "[::]:8080"), as
//     net.InterfaceAddrs lists them now: addresses the machine gets later
//     need extra;
//   - each of extra, compared case-insensitively.
//
// It returns an error naming the bad input if listenAddr is not host:port
// or an entry of extra is not a bare host name or IP address.
func NewHosts(listenAddr string, extra []string) (Hosts, error) {
	p := Hosts{names: map[string]bool{"localhost": true}, addrs: map[netip.Addr]bool{}}
	if listenAddr != "" {
		host, _, err := net.SplitHostPort(listenAddr)
		if err != nil {
			return Hosts{}, fmt.Errorf("web: listen address %q: want host:port, such as 127.0.0.1:8080 or :8080: %w", listenAddr, err)
		}
		addr, isIP := parseAddr(host)
		switch {
		case host == "" || isIP && addr.IsUnspecified():
			if err := p.addInterfaces(); err != nil {
				return Hosts{}, fmt.Errorf("web: listen address %q is every address of the machine, but they cannot be listed: %w", listenAddr, err)
			}
		default:
			if err := p.add(host); err != nil {
				return Hosts{}, fmt.Errorf("web: listen address %q: host %q: %w", listenAddr, host, err)
			}
		}
	}
	for _, name := range extra {
		if err := p.add(name); err != nil {
			return Hosts{}, fmt.Errorf("web: allowed host %q: %w", name, err)
		}
	}
	return p, nil
}

// errNotHost is the cause of every error for an allowed host that is not
// a bare host name or IP address.
var errNotHost = errors.New("want a host name or IP address with no scheme, port or path, such as myhost.local or 192.168.1.5")

// add allows name, a host name or an IP address, possibly in brackets.
func (p Hosts) add(name string) error {
	if addr, ok := parseAddr(name); ok {
		if addr.IsUnspecified() {
			return fmt.Errorf("an unspecified address names no host: %w", errNotHost)
		}
		p.addrs[addr] = true
		return nil
	}
	n := normalName(name)
	if !isHostName(n) {
		return errNotHost
	}
	p.names[n] = true
	return nil
}

// addInterfaces allows every address of the machine's network interfaces.
func (p Hosts) addInterfaces() error {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return err
	}
	for _, a := range addrs {
		var ip net.IP
		switch a := a.(type) {
		case *net.IPNet:
			ip = a.IP
		case *net.IPAddr:
			ip = a.IP
		}
		if addr, ok := netip.AddrFromSlice(ip); ok {
			p.addrs[addr.Unmap().WithZone("")] = true
		}
	}
	return nil
}

// allows reports whether host, as hostOf returns it, may be addressed.
func (p Hosts) allows(host string) bool {
	if addr, ok := parseAddr(host); ok {
		return addr.IsLoopback() || p.addrs[addr]
	}
	return host != "" && p.names[normalName(host)]
}

// hostOf returns the host of a Host header, without its port or the
// brackets of an IPv6 address.
func hostOf(hostport string) string {
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		return host
	}
	// No port: "localhost", "[::1]", or a bare "::1" from a lax client.
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// parseAddr parses an IP address, possibly in brackets, unmapping an
// IPv4 address in IPv6 form and dropping its zone so that it compares
// equal however it is written.
func parseAddr(s string) (netip.Addr, bool) {
	addr, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return addr.Unmap().WithZone(""), true
}

// normalName is the form names are compared in: DNS names are
// case-insensitive, and "localhost." is the same name as "localhost".
func normalName(name string) string {
	return strings.TrimSuffix(strings.ToLower(name), ".")
}

// isHostName reports whether name, as normalName returns it, is a DNS
// name: dot-separated labels of letters, digits, '-' and '_' (which some
// LAN names use), none empty nor over 63 bytes.
func isHostName(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range []byte(label) {
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return false
			}
		}
	}
	return true
}
