package web

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/web/templates"
)

// langCookie names the cookie that keeps the language a reader chose
// with the switch, over the one their browser asks for.
const langCookie = "lang"

// langCookieAge is how long a reader's choice of language is kept.
const langCookieAge = 365 * 24 * time.Hour

// readerLang returns the language of r's reader: the one they chose with
// the switch, else the best for their browser's Accept-Language.
func readerLang(r *http.Request) explain.Lang {
	choice := ""
	if c, err := r.Cookie(langCookie); err == nil {
		choice = c.Value
	}
	return explain.Negotiate(choice, r.Header.Get("Accept-Language"))
}

// withLang gives every request's context its reader's language and the
// page's own address, and says in the response which language it is in.
func withLang(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := readerLang(r)
		h := w.Header()
		h.Set("Content-Language", l.Code())
		h.Add("Vary", "Accept-Language, Cookie")
		ctx := templates.WithPageURI(templates.WithLang(r.Context(), l), r.URL.RequestURI())
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// handleLang is the language switch: it keeps the language chosen in a
// cookie and goes back to the page it was chosen on.
func (s *Server) handleLang(w http.ResponseWriter, r *http.Request) {
	l, ok := explain.ParseLang(r.PathValue("code"))
	if !ok {
		ctx := r.Context()
		s.message(w, r, http.StatusNotFound, templates.T(ctx, "No such language"), templates.T(ctx, "searchviz speaks English (/lang/en) and Japanese (/lang/ja)."))
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: langCookie, Value: l.Code(), Path: "/",
		MaxAge: int(langCookieAge / time.Second), HttpOnly: true, SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, localBack(r.URL.Query().Get("back")), http.StatusSeeOther)
}

// localBack returns back if it is a path on this server, and "/"
// otherwise, so that the switch never leads a reader to another site.
func localBack(back string) string {
	u, err := url.Parse(back)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.Contains(back, `\`) {
		return "/"
	}
	return back
}
