// Package wsconn is the one websocket connection every socket of the
// server uses: the upgrade, the read limit, pings, pongs and deadlines,
// one writer goroutine sending a bounded queue (Queue) or the latest
// message of each slot (Slots), one strict decoding of what pages send
// (Decode), and a rate limit on it (Rate). A page that cannot keep up is
// dropped, never waited on, so that one slow page holds up no other.
package wsconn
