package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/searchviz/searchviz/catalog"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/games/board"
	"github.com/searchviz/searchviz/web/templates"
)

// maxEditorRequest caps a request of the new-search form's position editor: the
// new-search form and an edited board of at most board.MaxSide² cells of
// some fifty bytes of JSON each.
const maxEditorRequest = 128 << 10

// editorMsg is what the new-search form's position editor is told of a
// position: a grid game's board, what its cells may hold and their names,
// or the typed tree's outline with the game's names.
type editorMsg struct {
	Position string       `json:"position"`          // the position's text, or the edited board's
	Problem  string       `json:"problem,omitempty"` // why the edited board's text is not a position of the game
	Board    *board.Board `json:"board,omitempty"`
	Palette  []board.Cell `json:"palette,omitempty"` // in the order a click cycles through
	Names    []string     `json:"names,omitempty"`   // each cell's name, row by row
	Outline  *outlineView `json:"outline,omitempty"`
}

// outlineView is an interior node of a typed tree, as catalog.Outline.
type outlineView struct {
	Name     string         `json:"name"`
	Max      bool           `json:"max"`
	Labels   []string       `json:"labels"`
	Children []*outlineView `json:"children"` // by action; null for a leaf
}

func newOutlineView(o *catalog.Outline) *outlineView {
	if o == nil {
		return nil
	}
	v := &outlineView{Name: o.Name, Max: o.Max, Labels: o.Labels}
	for _, c := range o.Children {
		v.Children = append(v.Children, newOutlineView(c))
	}
	return v
}

// handleEditor answers the new-search form's position editor. The request is
// the new-search form: the game, its parameters, the seed and the
// position, "" for the position a search would start from. The answer is
// that position's board, palette and cell names, or the typed tree's
// outline. With an edited board too, as JSON in the field "board", the
// answer is the text of the position with the board's cells and, when the
// text is not a position of the game, why. A position of a game with
// nothing to edit (a chance tree) gets its text alone: the page
// shows an error under the field as the position is typed, and a
// position that reads is none. A request the editor cannot answer gets
// 400 and {"error": why}.
func (s *Server) handleEditor(w http.ResponseWriter, r *http.Request) {
	l := templates.LangOf(r.Context())
	r.Body = http.MaxBytesReader(w, r.Body, maxEditorRequest)
	if err := r.ParseForm(); err != nil {
		editorError(w, l, errors.New(l.F("the editor's request could not be read (at most %d KiB): %s", maxEditorRequest>>10, err.Error())))
		return
	}
	in := readForm(r)
	g, err := catalog.LookupGame(in.game)
	if err != nil {
		editorError(w, l, err)
		return
	}
	gameSpec, err := specOf(in.game, gameField(in.game), g.Params, in.params)
	if err != nil {
		editorError(w, l, err)
		return
	}
	var seed int64
	if in.seed != "" {
		if seed, err = strconv.ParseInt(in.seed, 10, 64); err != nil {
			editorError(w, l, errors.New(l.F("seed %q is not a whole number", in.seed)))
			return
		}
	}
	e, err := catalog.OpenEditor(gameSpec, seed, in.position)
	if errors.Is(err, catalog.ErrNotEditable) && r.PostFormValue("board") == "" {
		writeJSON(w, http.StatusOK, editorMsg{Position: in.position})
		return
	}
	if err != nil {
		editorError(w, l, err)
		return
	}
	msg := editorMsg{Position: e.Position, Palette: e.Palette, Names: e.Names, Outline: newOutlineView(e.Outline)}
	if e.Palette != nil {
		msg.Board = &e.Board
	}
	if edited := r.PostFormValue("board"); edited != "" {
		var b board.Board
		if err := json.Unmarshal([]byte(edited), &b); err != nil {
			editorError(w, l, errors.New(l.F("the edited board is not a board: %s", err.Error())))
			return
		}
		if msg.Position, err = e.Edit(b); err != nil {
			editorError(w, l, err)
			return
		}
		msg.Board = &b
		if _, err := catalog.OpenEditor(gameSpec, seed, msg.Position); err != nil {
			msg.Problem = l.Error(err)
		}
	}
	writeJSON(w, http.StatusOK, msg)
}

// editorError answers an editor's request with 400 and why, in the
// reader's language l.
func editorError(w http.ResponseWriter, l explain.Lang, err error) {
	writeJSON(w, http.StatusBadRequest, struct {
		Error string `json:"error"`
	}{l.Error(err)})
}

// writeJSON answers with status and v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "web: encoding an answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}
