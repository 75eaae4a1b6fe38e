package web

import (
	"bufio"
	"net"
	"net/http"
)

// statusRecorder remembers a response's status for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool // the header is sent
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status, r.wrote = code, true
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Hijack hands the connection to the websocket upgrade, which asks for an
// http.Hijacker.
func (r *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	r.wrote = true
	return http.NewResponseController(r.ResponseWriter).Hijack()
}
