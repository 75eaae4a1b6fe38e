package web

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/web/internal/rooms"
)

// roomMessage and roomState are the rooms' messages and states, as the
// tests of web's sockets write them.
type (
	roomMessage = rooms.Message
	roomState   = rooms.State
)

// TestRoomStatesNameTheTracesSteps checks that a room's states name the
// steps of the traces this server opens.
func TestRoomStatesNameTheTracesSteps(t *testing.T) {
	t.Parallel()
	if rooms.MaxStateSteps != MaxTraceEvents {
		t.Errorf("a room's state names steps below %d, the server's traces have %d", rooms.MaxStateSteps, MaxTraceEvents)
	}
}

// encode is a message as JSON.
func encode(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestQRSVG(t *testing.T) {
	testenv.SkipUnderRace(t, "draws a QR code")
	t.Parallel()
	svg, err := qrSVG("http://127.0.0.1:8080/r/K7QX2M")
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	paths := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if e, ok := tok.(xml.StartElement); ok && e.Name.Local == "path" {
			paths++
		}
	}
	if paths != 1 || !bytes.Contains(svg, []byte(`aria-label="QR code of http://127.0.0.1:8080/r/K7QX2M"`)) {
		t.Errorf("%d paths, SVG %.200s", paths, svg)
	}
}

// roomPage is a room's socket as a test drives it, recording every
// message it is sent.
type roomPage struct {
	t    testing.TB
	conn *websocket.Conn

	mu   sync.Mutex
	msgs []roomMessage
	raw  [][]byte
	at   []time.Time   // when each message arrived
	got  chan struct{} // a value after each message
	done chan struct{} // closed when the socket ends
}

func dialRoom(t testing.TB, base, code string, hello roomMessage) *roomPage {
	t.Helper()
	conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/rooms/"+code+"/ws", http.Header{"Origin": {base}})
	if err != nil {
		t.Fatalf("dial: %v (response %v)", err, res)
	}
	p := &roomPage{t: t, conn: conn, got: make(chan struct{}, 1), done: make(chan struct{})}
	t.Cleanup(func() { conn.Close(); <-p.done })
	go func() {
		defer close(p.done)
		for {
			_, data, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var m roomMessage
			if err := json.Unmarshal(data, &m); err != nil {
				t.Errorf("a room sent %q: %v", data, err)
				return
			}
			p.mu.Lock()
			p.msgs, p.raw, p.at = append(p.msgs, m), append(p.raw, data), append(p.at, time.Now())
			p.mu.Unlock()
			select {
			case p.got <- struct{}{}:
			default:
			}
		}
	}()
	p.send(hello)
	return p
}

func (p *roomPage) send(m any) {
	p.t.Helper()
	if err := p.conn.WriteJSON(m); err != nil {
		p.t.Fatal(err)
	}
}

// wait waits until some message the page was sent satisfies ok, and
// returns it.
func (p *roomPage) wait(what string, ok func(roomMessage) bool) roomMessage {
	p.t.Helper()
	return p.waitFrom(0, what, ok)
}

// sent returns how many messages the page was sent so far, for waitFrom.
func (p *roomPage) sent() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.msgs)
}

// waitFrom waits until some message the page was sent, from the one
// numbered from on, satisfies ok, and returns it.
func (p *roomPage) waitFrom(from int, what string, ok func(roomMessage) bool) roomMessage {
	p.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		p.mu.Lock()
		for _, m := range p.msgs[from:] {
			if ok(m) {
				p.mu.Unlock()
				return m
			}
		}
		p.mu.Unlock()
		select {
		case <-p.got:
		case <-p.done:
			p.mu.Lock()
			defer p.mu.Unlock()
			for _, m := range p.msgs[from:] {
				if ok(m) {
					return m
				}
			}
			p.t.Fatalf("the socket ended before %s; it was sent %+v", what, p.msgs)
		case <-deadline:
			p.mu.Lock()
			defer p.mu.Unlock()
			p.t.Fatalf("waiting for %s; the page was sent %+v", what, p.msgs)
		}
	}
}

// openRoom opens a room on the test server showing path.
func openRoom(t testing.TB, base, path string) roomOpened {
	t.Helper()
	res, err := testClient.PostForm(base+"/rooms", url.Values{"path": {path}})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("opening a room: %s: %s", res.Status, body)
	}
	var o roomOpened
	if err := json.Unmarshal(body, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func withState(step int) func(roomMessage) bool {
	return func(m roomMessage) bool { return m.Type == "room" && m.State != nil && m.State.Step == step }
}

// TestRoomOverSockets drives a room over loopback sockets: a presenter and
// three followers; the count reaches the presenter; every state and page
// change reaches every follower as sent; a follower's messages and a
// presenter's bad ones are answered with errors and break nothing; a
// wrong key presents nothing; the key never reaches a follower; ending
// the room tells everyone and frees its code.
func TestRoomOverSockets(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	o := openRoom(t, ts.URL, "/example/rn-alphabeta")
	if !strings.HasSuffix(o.Join, "/r/"+o.Code) {
		t.Errorf("join address %q", o.Join)
	}
	res, err := testClient.Get(o.Join)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Request.URL; !strings.HasPrefix(got.Path, "/t/") || got.Query().Get("room") != o.Code || got.Query().Get("example") != "rn-alphabeta" {
		t.Errorf("the join address leads to %s, want the example's viewer in the room", got)
	}

	p := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: "/example/rn-alphabeta"})
	var fs []*roomPage
	for range 3 {
		fs = append(fs, dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "follower"}))
	}
	p.wait("3 followers", func(m roomMessage) bool { return m.Type == "followers" && *m.Followers == 3 })

	box := [4]float64{10, 20, 300, 200}
	for step := 1; step <= 5; step++ {
		p.send(roomMessage{Type: "state", State: &roomState{Step: step, View: "side", Selected: 2, Box: &box, Present: true, Panels: []string{"counts"}}})
	}
	for i, f := range fs {
		m := f.wait("step 5", withState(5))
		if m.Path != "/example/rn-alphabeta" || m.State.View != "side" || m.State.Selected != 2 || *m.State.Box != box || !m.State.Present || len(m.State.Panels) != 1 || !*m.Live {
			t.Errorf("follower %d got %+v %+v", i, m, *m.State)
		}
	}

	fs[0].send(roomMessage{Type: "state", State: &roomState{Step: 99, View: "root"}})
	fs[0].wait("an error", func(m roomMessage) bool { return m.Type == "error" && strings.Contains(m.Message, "presenter drives") })
	for _, bad := range []string{`{"type":"state"}`, `{"type":"state","state":{"step":-1,"view":"root"}}`, `{"type":"state","state":{"step":1,"view":"up"}}`,
		`{"type":"launch"}`, `not json`, `{"type":"state","state":{"step":1,"view":"root","key":"x"}}`, `{"type":"page","path":"//evil.example/t/x"}`} {
		if err := p.conn.WriteMessage(websocket.TextMessage, []byte(bad)); err != nil {
			t.Fatal(err)
		}
	}
	p.wait("an error", func(m roomMessage) bool { return m.Type == "error" })

	p.send(roomMessage{Type: "page", Path: "/example/rn-minimax"})
	for _, f := range fs {
		f.wait("the new page", func(m roomMessage) bool { return m.Type == "room" && m.Path == "/example/rn-minimax" && m.State == nil })
	}
	p.send(roomMessage{Type: "state", State: &roomState{Step: 7, View: "root", Selected: -1}})
	for _, f := range fs {
		f.wait("step 7", withState(7))
	}

	thief := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: strings.Repeat("0", 32), Path: "/example/rn-alphabeta"})
	thief.wait("a refusal", func(m roomMessage) bool {
		return m.Type == "ended" && strings.Contains(m.Message, "not the room's presenter key")
	})

	// Each page reads a true end: the presenter ended it, not "the
	// presenter".
	p.send(roomMessage{Type: "end"})
	for _, tt := range []struct {
		page *roomPage
		want string
	}{
		{p, "You ended the room."},
		{fs[0], "The presenter ended the room."},
		{fs[1], "The presenter ended the room."},
		{fs[2], "The presenter ended the room."},
	} {
		m := tt.page.wait("the end", func(m roomMessage) bool { return m.Type == "ended" })
		if m.Message != tt.want {
			t.Errorf("a page is told %q, want %q", m.Message, tt.want)
		}
		<-tt.page.done
	}
	for i, f := range fs {
		f.mu.Lock()
		for _, raw := range f.raw {
			if bytes.Contains(raw, []byte(o.Key)) || bytes.Contains(raw, []byte(`"key"`)) {
				t.Errorf("follower %d was sent the key: %s", i, raw)
			}
		}
		f.mu.Unlock()
	}
	res, err = testClient.Get(ts.URL + "/r/" + o.Code)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("an ended room's address answers %s", res.Status)
	}

	// A follower whose connection dropped as the room ended reconnects,
	// and is told it ended rather than left trying again.
	late := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "follower", Who: "reconnecting1"})
	if m := late.wait("the end", func(m roomMessage) bool { return m.Type == "ended" }); !strings.HasPrefix(m.Message, "No room has this code") {
		t.Errorf("a page reconnecting to the ended room is told %q", m.Message)
	}
	<-late.done
}

// TestRoomTooFast checks that a presenter sending faster than
// rooms.RoomMessagesPerSecond is told, and that its followers still end
// on its last state, which the server held until the second was over.
func TestRoomTooFast(t *testing.T) {
	t.Parallel()
	_, ts := newTestServer(t)
	o := openRoom(t, ts.URL, "/example/rn-alphabeta")
	p := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: "/example/rn-alphabeta"})
	f := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "follower"})
	p.wait("a follower", func(m roomMessage) bool { return m.Type == "followers" && *m.Followers == 1 })
	tooFast := func(m roomMessage) bool {
		return m.Type == "error" && strings.Contains(m.Message, fmt.Sprintf("More than %d messages a second", rooms.RoomMessagesPerSecond))
	}
	// Sent as fast as the socket takes them, until the server says so: a
	// loaded machine may send fewer than the limit in some second.
	told, last := false, 0
	for step := 0; step < 100*rooms.RoomMessagesPerSecond && !told; step++ {
		p.send(roomMessage{Type: "state", State: &roomState{Step: step, View: "root", Selected: -1}})
		last = step
		if step%rooms.RoomMessagesPerSecond == 0 {
			p.mu.Lock()
			told = slices.ContainsFunc(p.msgs, tooFast)
			p.mu.Unlock()
		}
	}
	p.wait("the rate's error", tooFast)
	// The last state, sent past the limit, still reaches the follower.
	f.wait(fmt.Sprintf("the last state, step %d", last), withState(last))
}

// TestRoomPropagation is the room's load test on loopback: one presenter,
// 200 followers, 50 states a little apart; every follower ends on the
// last state, and the delays from send to receipt are reported.
func TestRoomPropagation(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("200 sockets: not in -short mode")
	}
	_, ts := newTestServer(t)
	delays := propagate(t, ts.URL, ts.URL, 200, 50)
	t.Logf("200 followers, 50 states: p50 %v, p99 %v, max %v", percentile(delays, 0.5), percentile(delays, 0.99), percentile(delays, 1))
}

// BenchmarkRoomPropagation measures the delay from a presenter's state to
// its followers', on loopback, for a class and a lecture hall, on one
// server and across two replicas through NATS (the presenter on one, the
// followers on the other).
func BenchmarkRoomPropagation(b *testing.B) {
	for _, replicas := range []int{1, 2} {
		for _, n := range []int{200, 1000} {
			b.Run(fmt.Sprintf("replicas=%d/followers=%d", replicas, n), func(b *testing.B) {
				var all []time.Duration
				for b.Loop() {
					var a, f string
					if replicas == 1 {
						_, ts := newTestServer(b)
						a, f = ts.URL, ts.URL
					} else {
						nats := startNATS(b)
						_, tsA := newTestServer(b, func(c *Config) { c.NATS = nats })
						_, tsB := newTestServer(b, func(c *Config) { c.NATS = nats })
						a, f = tsA.URL, tsB.URL
					}
					all = append(all, propagate(b, a, f, n, 20)...)
				}
				b.ReportMetric(float64(percentile(all, 0.5).Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(percentile(all, 0.99).Microseconds())/1000, "p99-ms")
			})
		}
	}
}

// propagate opens a room on the server at presenter with n followers on
// the one at followers, sends states states 20 ms apart, waits until
// every follower has the last, and returns each state's delay to each
// follower that received it.
func propagate(t testing.TB, presenter, followers string, n, states int) []time.Duration {
	o := openRoom(t, presenter, "/example/rn-alphabeta")
	p := dialRoom(t, presenter, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: "/example/rn-alphabeta"})
	fs := make([]*roomPage, n)
	for i := range fs {
		fs[i] = dialRoom(t, followers, o.Code, roomMessage{Type: "hello", Role: "follower"})
	}
	p.wait(fmt.Sprintf("%d followers", n), func(m roomMessage) bool { return m.Type == "followers" && *m.Followers == n })
	sent := make([]time.Time, states)
	for k := range states {
		sent[k] = time.Now()
		p.send(roomMessage{Type: "state", State: &roomState{Step: k, View: "root", Selected: -1}})
		time.Sleep(20 * time.Millisecond)
	}
	var delays []time.Duration
	for i, f := range fs {
		f.wait(fmt.Sprintf("follower %d's last state", i), withState(states-1))
		f.mu.Lock()
		for j, m := range f.msgs {
			if m.Type == "room" && m.State != nil {
				delays = append(delays, f.at[j].Sub(sent[m.State.Step]))
			}
		}
		f.mu.Unlock()
	}
	return delays
}

func percentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// FuzzDecodeRoomMessage checks that no message a page sends makes the
// decoder panic, and that what it accepts is a message of a page's type
// whose state, if any, is one a viewer can show, and that encodes and
// decodes to itself.
func FuzzDecodeRoomMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","role":"presenter","key":"00","path":"/t/abc"}`,
		`{"type":"hello","role":"follower"}`,
		`{"type":"hello","role":"follower","who":"0123abcd"}`,
		`{"type":"state","who":"0123abcd","state":{"step":1,"view":"root"}}`,
		`{"type":"hello","role":"follower","who":"NOT AN ID"}`,
		`{"type":"state","state":{"step":3,"view":"side","selected":2,"box":[0,0,10,10],"present":true,"panels":["counts"]}}`,
		`{"type":"page","path":"/example/rn-alphabeta"}`,
		`{"type":"end"}`,
		`{"type":"state","state":{"step":1,"view":"root","box":[0,0,0,1]}}`,
		`{"type":"state"}{}`, `[]`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeRoomMessage(data)
		if err != nil {
			return
		}
		switch m.Type {
		case "hello", "page", "end":
		case "state":
			if m.State == nil || m.State.Check() != nil {
				t.Fatalf("accepted the state %+v", m.State)
			}
		default:
			t.Fatalf("accepted the type %q", m.Type)
		}
		again, err := decodeRoomMessage(encode(t, m))
		if err != nil {
			t.Fatalf("%+v encodes to a message the decoder refuses: %v", m, err)
		}
		if string(encode(t, again)) != string(encode(t, m)) {
			t.Fatalf("%s decodes to %s", encode(t, m), encode(t, again))
		}
	})
}

// followWith joins a follower page to the room as tab who and returns
// the page and the ticket the room gave it.
func followWith(t *testing.T, base, code, who string) (*roomPage, string) {
	t.Helper()
	f := dialRoom(t, base, code, roomMessage{Type: "hello", Role: "follower", Who: who})
	m := f.wait("the ticket", func(m roomMessage) bool { return m.Type == "ticket" })
	if m.Who != who || m.Ticket == "" {
		t.Fatalf("tab %s was sent %+v", who, m)
	}
	return f, m.Ticket
}

// TestRoomExercise sets an exercise to a room: followers' answers,
// posted with the room's ticket of their tab, reach the presenter as a
// tally by first mistake, the most common first, without names;
// answering again replaces a tab's answer. Answers to another exercise,
// from a tab without its ticket, from another site's page or by GET, as
// the exercise page once took them, are not counted.
func TestRoomExercise(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	path := exerciseURL("alphabeta", "easy", 5)
	o := openRoom(t, ts.URL, path)
	p := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: path})
	ex, err := exercise.Generate(exercise.AlphaBeta, exercise.Easy, 5)
	if err != nil {
		t.Fatal(err)
	}
	solved, err := exercise.Solve(ex)
	if err != nil {
		t.Fatal(err)
	}
	right, wrong := solved.String(), "pruned: none; A=100"
	tickets := map[string]string{}
	for _, who := range []string{"aaaaaaaa1", "bbbbbbbb2", "cccccccc3", "dddddddd4", "eeeeeeee5"} {
		_, tickets[who] = followWith(t, ts.URL, o.Code, who)
	}
	answers := "/rooms/" + o.Code + "/answers"
	tests := []struct {
		name        string
		to          string // the room's address to post to
		path        string
		who, ticket string
		answer      string
		header      http.Header
		want        int
	}{
		{"right", answers, path, "aaaaaaaa1", tickets["aaaaaaaa1"], right, nil, http.StatusNoContent},
		{"wrong", answers, path, "bbbbbbbb2", tickets["bbbbbbbb2"], wrong, nil, http.StatusNoContent},
		{"wrong again", answers, path, "cccccccc3", tickets["cccccccc3"], wrong, nil, http.StatusNoContent},
		{"wrong, from a page of the server", answers, path, "dddddddd4", tickets["dddddddd4"], wrong, http.Header{"Origin": {ts.URL}, "Sec-Fetch-Site": {"same-origin"}}, http.StatusNoContent},
		{"changed their mind", answers, path, "dddddddd4", tickets["dddddddd4"], right, nil, http.StatusNoContent},
		{"another exercise", answers, exerciseURL("alphabeta", "easy", 6), "eeeeeeee5", tickets["eeeeeeee5"], wrong, nil, http.StatusConflict},
		{"a viewer's page", answers, "/example/rn-alphabeta", "eeeeeeee5", tickets["eeeeeeee5"], wrong, nil, http.StatusBadRequest},
		{"another site's page", answers, path, "eeeeeeee5", tickets["eeeeeeee5"], wrong, http.Header{"Origin": {"http://evil.example"}}, http.StatusForbidden},
		{"another site's page, by Sec-Fetch-Site", answers, path, "eeeeeeee5", tickets["eeeeeeee5"], wrong, http.Header{"Sec-Fetch-Site": {"cross-site"}}, http.StatusForbidden},
		{"a made-up id", answers, path, "ffffffff6", strings.Repeat("0", 32), wrong, nil, http.StatusForbidden},
		{"a made-up id with another tab's ticket", answers, path, "ffffffff6", tickets["eeeeeeee5"], wrong, nil, http.StatusForbidden},
		{"no ticket", answers, path, "eeeeeeee5", "", wrong, nil, http.StatusForbidden},
		{"not an id", answers, path, "NOT AN ID", tickets["eeeeeeee5"], wrong, nil, http.StatusForbidden},
		{"an answer that cannot be read", answers, path, "eeeeeeee5", tickets["eeeeeeee5"], "B==", nil, http.StatusBadRequest},
		{"a form past maxAnswerForm", answers, path, "eeeeeeee5", tickets["eeeeeeee5"], strings.Repeat("x", maxAnswerForm), nil, http.StatusRequestEntityTooLarge},
		{"no room of this code", "/rooms/ZZZZZZ/answers", path, "eeeeeeee5", tickets["eeeeeeee5"], wrong, nil, http.StatusNotFound},
	}
	for _, tt := range tests {
		form := url.Values{"path": {tt.path}, "who": {tt.who}, "ticket": {tt.ticket}, "answer": {tt.answer}}
		req, err := http.NewRequest(http.MethodPost, ts.URL+tt.to, strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range tt.header {
			req.Header[k] = v
		}
		res, err := noRedirect.Do(req)
		body := readBody(t, res, err)
		if res.StatusCode != tt.want {
			t.Errorf("%s: %d %q, want %d", tt.name, res.StatusCode, body, tt.want)
		}
	}
	// The exercise page grades an answer by GET, as the form asks for
	// the grade, and counts nothing, whatever the query says.
	if status, page := get(t, ts.URL+path+"&"+url.Values{"answer": {wrong}, "room": {o.Code}, "who": {"eeeeeeee5"}, "ticket": {tickets["eeeeeeee5"]}}.Encode()); status != http.StatusOK || !strings.Contains(page, `data-testid="feedback"`) {
		t.Errorf("the exercise page's GET: %d, graded %v", status, strings.Contains(page, `data-testid="feedback"`))
	}
	res, err := testClient.Get(ts.URL + answers + "?" + url.Values{"path": {path}, "who": {"eeeeeeee5"}, "ticket": {tickets["eeeeeeee5"]}, "answer": {wrong}}.Encode())
	readBody(t, res, err)
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != http.MethodPost {
		t.Errorf("GET %s: %s, Allow %q; want 405, Allow POST", answers, res.Status, res.Header.Get("Allow"))
	}

	m := p.wait("the tally of 4 answers, 2 right", tallied(4, 2))
	if len(m.Answers) != 2 || m.Answers[0].Count != 2 || m.Answers[1].Count != 2 || m.Answers[0].Key == m.Answers[1].Key {
		t.Errorf("tally %+v, want 2 right and 2 with one mistake", m.Answers)
	}
	rm, err := srv.rooms.Get(t.Context(), o.Code)
	if err != nil {
		t.Fatalf("the room is gone: %v", err)
	}
	counted := rm.Answers()
	mistake := m.Answers[0].Key
	if mistake == rooms.AnswerRight {
		mistake = m.Answers[1].Key
	}
	if want := map[string]string{"aaaaaaaa1": rooms.AnswerRight, "bbbbbbbb2": mistake, "cccccccc3": mistake, "dddddddd4": rooms.AnswerRight}; !maps.Equal(counted, want) {
		t.Errorf("the room counted %v, want %v", counted, want)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, raw := range p.raw {
		for who, ticket := range tickets {
			if bytes.Contains(raw, []byte(who)) || bytes.Contains(raw, []byte(ticket)) {
				t.Errorf("the presenter was sent a follower's id or ticket: %s", raw)
			}
		}
	}
}

// TestRoomNewExerciseKinds sets an exercise of each kind added for the
// lecture to a room: a right answer and a wrong one reach the presenter's
// tally, one right and one by its first mistake.
func TestRoomNewExerciseKinds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		kind  exercise.Kind
		wrong string
	}{
		{exercise.MCTS, "selected: A; expanded: none"},
		{exercise.Ordering, "A: a1 a2 a3"},
		{exercise.Beam, "1: up"},
	} {
		t.Run(string(tt.kind), func(t *testing.T) {
			t.Parallel()
			_, ts := newTestServer(t)
			path := exerciseURL(string(tt.kind), "easy", 3)
			o := openRoom(t, ts.URL, path)
			p := dialRoom(t, ts.URL, o.Code, roomMessage{Type: "hello", Role: "presenter", Key: o.Key, Path: path})
			level, _ := exercise.LevelOf(tt.kind, "easy")
			ex, err := exercise.Generate(tt.kind, level.Difficulty, 3)
			if err != nil {
				t.Fatal(err)
			}
			solved, err := exercise.Solve(ex)
			if err != nil {
				t.Fatal(err)
			}
			for who, answer := range map[string]string{"aaaaaaaa1": solved.String(), "bbbbbbbb2": tt.wrong} {
				_, ticket := followWith(t, ts.URL, o.Code, who)
				form := url.Values{"path": {path}, "who": {who}, "ticket": {ticket}, "answer": {answer}}
				res, err := noRedirect.PostForm(ts.URL+"/rooms/"+o.Code+"/answers", form)
				if body := readBody(t, res, err); res.StatusCode != http.StatusNoContent {
					t.Fatalf("%q: %d %q", answer, res.StatusCode, body)
				}
			}
			p.wait("the tally of 2 answers, 1 right", tallied(2, 1))
		})
	}
}

// TestRoomNoHelloSaysOnlyThat opens a room's socket and says nothing: the
// page is told it said no hello in time, and nothing of the sockets'
// addresses that the read's error names.
func TestRoomNoHelloSaysOnlyThat(t *testing.T) {
	t.Parallel()
	srv, ts := newTestServer(t)
	srv.roomHello = 50 * time.Millisecond
	o := openRoom(t, ts.URL, "/example/rn-alphabeta")
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.URL, "http")+"/rooms/"+o.Code+"/ws", http.Header{"Origin": {ts.URL}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	var m roomMessage
	if err := conn.ReadJSON(&m); err != nil {
		t.Fatal(err)
	}
	if m.Type != "ended" || m.Message != "The page said no hello within 50ms." {
		t.Errorf("the silent page was sent %+v, want it ended for saying no hello, and nothing more", m)
	}
}

// tallied returns a test of a room's message: the tally of n answers, of
// which right are right.
func tallied(n, right int) func(roomMessage) bool {
	return func(m roomMessage) bool {
		total, ok := 0, 0
		for _, a := range m.Answers {
			total += a.Count
			if a.Key == rooms.AnswerRight {
				ok = a.Count
			}
		}
		return m.Type == "answers" && total == n && ok == right
	}
}
