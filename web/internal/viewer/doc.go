// Package viewer is a viewer page's state and protocol: what one page
// shows of a loaded trace (Viewer), the commands it sends and the frames,
// drawings and panels it is answered with, how it navigates a tree too
// big to draw whole and steps by grain, and the session that turns its
// commands into frames. It knows the page's socket only as a queue of
// messages and a channel of commands; the HTTP handler is the server's.
// The messages, one by one, are in docs/protocol.md.
package viewer
