package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/searchviz/searchviz/exercise"
	"github.com/searchviz/searchviz/explain"
	"github.com/searchviz/searchviz/render"
	"github.com/searchviz/searchviz/web/internal/rooms"
	"github.com/searchviz/searchviz/web/internal/show"
	"github.com/searchviz/searchviz/web/templates"
)

// exerciseKinds are the exercises the page offers, with their questions,
// the answer's form and the algorithm that solves them in the viewer.
// Their texts are catalog keys, shown through the reader's language.
var exerciseKinds = []struct {
	kind            exercise.Kind
	label, question string
	format          string
	game, algorithm string
}{
	{exercise.AlphaBeta, "AlphaBeta: which branches are pruned?",
		"AlphaBeta searches this tree, each node's children left to right. Which branches does it prune? And what value does each interior node get, in MAX's view?",
		`Mark the branch where pruning starts, then the values: "pruned: c2 c3; B=3 C=2 D=2; A=3" ("pruned: none" if nothing is pruned).`,
		"tree", "alphabeta"},
	{exercise.MiniMax, "MiniMax values",
		"What is the MiniMax value of each interior node, in MAX's view?",
		`Each interior node's name and value: "B=3 C=2 D=2; A=3".`,
		"tree", "minimax"},
	{exercise.NegaMax, "NegaMax values: whose view?",
		"What is the NegaMax value of each interior node, in the view of the side to move there?",
		`Each interior node's name and value in the view of the side to move there: "B=-3 C=-2; A=3".`,
		"tree", "negamax"},
	{exercise.Expectimax, "Expectimax values with chance",
		"What is the value of each interior node, chance nodes (circles) included, in MAX's view? A chance node's value is the expectation of its outcomes.",
		`Each node's name and value, fractions allowed: "C=7/3 D=2.5; B=2.5; A=2.5".`,
		"chancetree", "expectimax"},
	{exercise.Ordering, "Order the moves: prune the most",
		"In what order should AlphaBeta search each node's children, so that it searches the fewest nodes it can? Reorder the children of any interior node; the others keep the order drawn.",
		`Each node you reorder, with its children's edges in the order to search them: "A: a3 a1 a2; C: c2 c1".`,
		"tree", "alphabeta"},
	{exercise.Beam, "Beam search: which states are kept?",
		"Beam search starts from the character @ on this maze. At each depth it moves every state of its beam one cell (right, left, down or up, never into a wall # or off the board), scores each new state by the points it has collected (a cell's points once), and keeps the best states, as many as its width. Which states does it keep at each depth?",
		`Each depth, then the states it keeps, each its moves from the start: "1: up, left; 2: up up, left down".`,
		"", ""},
	{exercise.MCTS, "MCTS: one iteration",
		"What does one iteration of MCTS do to this tree? Each node shows its total w over its visits n, the total counted for the player who moved into it (the root shows its visits). Name the leaf selection reaches (UCB1 = w/n + C·√(2·ln t / n), an unvisited child first), the node expanded if any (a leaf is, once its visits reach the threshold), and the visits and total of every node on the path after the playout's result is backed up.",
		`The leaf, the node expanded ("none" if none) and each node on the path, the root's visits alone: "selected: H; expanded: none; A=15 C=2/7 H=2/2".`,
		"", ""},
	{exercise.UCB1, "UCB1: which child next?",
		"Which child does UCB1 pick next? UCB1 = w/n + C·√(2·ln t / n), and a child never visited is picked first.",
		`The child's label: "a2".`,
		"", ""},
}

// handleExercise is the exercise page: with a kind, a level and a seed
// it shows that exercise (without a seed it draws one and redirects, so
// the address can be handed out), and with an answer it grades it. A
// GET changes nothing: a follower's page posts its answer to the room's
// tally (handleRoomAnswer) before it asks this page for the grade.
func (s *Server) handleExercise(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	kindName, level := q.Get("kind"), q.Get("level")
	if kindName == "" {
		kindName = string(exercise.AlphaBeta)
	}
	if level == "" {
		level = exercise.LevelNames[0]
	}
	if q.Has("tree") {
		s.typedExercise(w, r, kindName, q.Get("tree"))
		return
	}
	if !q.Has("seed") {
		to := exerciseURL(kindName, level, rand.Int64N(maxExerciseSeed+1))
		http.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	l := templates.LangOf(r.Context())
	page := templates.Exercise{Kind: kindName, Level: level}
	for _, k := range exerciseKinds {
		page.Kinds = append(page.Kinds, templates.Choice{Name: string(k.kind), Label: l.T(k.label)})
	}
	page.Levels, page.LevelLabels = levelChoices(l, kindName)
	seed, err := strconv.ParseInt(q.Get("seed"), 10, 64)
	if err != nil || seed < 0 || seed > maxExerciseSeed {
		page.Error = l.F("The seed is a whole number from 0 to %s, not %s.", strconv.Itoa(maxExerciseSeed), quoted(l, q.Get("seed")))
		s.page(w, r, http.StatusBadRequest, templates.ExercisePage(page))
		return
	}
	page.Seed = seed
	page.Link = exerciseURL(kindName, level, seed)
	ex, err := s.makeExercise(r.Context(), kindName, level, seed, &page)
	if err != nil {
		page.Error = sentenceOf(l, err)
		s.page(w, r, http.StatusBadRequest, templates.ExercisePage(page))
		return
	}
	if q.Has("answer") {
		page.Answer = q.Get("answer")
		grade(l, ex, &page)
	}
	s.page(w, r, http.StatusOK, templates.ExercisePage(page))
}

// typedExercise is the exercise page for a tree typed by hand, as the
// start page's tree editor sends it: AlphaBeta, MiniMax or NegaMax on a
// tree, expectimax on a tree with chance nodes.
func (s *Server) typedExercise(w http.ResponseWriter, r *http.Request, kindName, text string) {
	l := templates.LangOf(r.Context())
	page := templates.Exercise{Kind: kindName, Typed: text, Link: typedExerciseURL(kindName, text)}
	for _, k := range exerciseKinds {
		if k.kind != exercise.UCB1 && k.kind != exercise.MCTS && k.kind != exercise.Beam {
			page.Kinds = append(page.Kinds, templates.Choice{Name: string(k.kind), Label: l.T(k.label)})
		}
	}
	fail := func(msg string) {
		page.Error = msg
		s.page(w, r, http.StatusBadRequest, templates.ExercisePage(page))
	}
	if len(text) > MaxExerciseTree {
		fail(l.F("The tree's text is %s bytes long; exercises take trees of at most %s.", strconv.Itoa(len(text)), strconv.Itoa(MaxExerciseTree)))
		return
	}
	kind, err := exercise.ParseKind(kindName)
	if err != nil || kind == exercise.UCB1 || kind == exercise.MCTS || kind == exercise.Beam {
		fail(l.F("A typed tree's exercise is alphabeta, minimax, negamax or expectimax, not %s.", quoted(l, kindName)))
		return
	}
	ex := exercise.Exercise{Kind: kind, Tree: text}
	if _, err := exercise.Solve(ex); err != nil {
		fail(l.F("This tree cannot be an exercise: %s.", strings.TrimPrefix(l.Error(err), "exercise: ")))
		return
	}
	if err := s.fillExercise(r.Context(), ex, &page); err != nil {
		fail(sentenceOf(l, err))
		return
	}
	if r.URL.Query().Has("answer") {
		page.Answer = r.URL.Query().Get("answer")
		grade(l, ex, &page)
	}
	s.page(w, r, http.StatusOK, templates.ExercisePage(page))
}

// makeExercise makes the exercise of kind, level and seed and fills the
// page's question, tree and solution from it.
func (s *Server) makeExercise(ctx context.Context, kindName, level string, seed int64, page *templates.Exercise) (exercise.Exercise, error) {
	ex, err := exerciseOf(templates.LangOf(ctx), kindName, level, seed)
	if err != nil {
		return ex, err
	}
	return ex, s.fillExercise(ctx, ex, page)
}

// exerciseOf makes the exercise of kind, level and seed; its errors say
// what is wrong in the language l.
func exerciseOf(l explain.Lang, kindName, level string, seed int64) (exercise.Exercise, error) {
	kind, err := exercise.ParseKind(kindName)
	if err != nil {
		if l.Code() != "en" {
			return exercise.Exercise{}, errors.New(l.F("There is no exercise of the kind %s: the kinds are %s.", quoted(l, kindName), kindNames()))
		}
		return exercise.Exercise{}, err
	}
	lv, ok := exercise.LevelOf(kind, level)
	if !ok {
		n := exercise.LevelNames
		return exercise.Exercise{}, errors.New(l.F("the difficulty is %s or %s, not %s", strings.Join(n[:len(n)-1], ", "), n[len(n)-1], quoted(l, level)))
	}
	return exercise.Generate(kind, lv.Difficulty, seed)
}

// kindNames lists the names of the kinds of exercise, as addresses give
// them.
func kindNames() string {
	names := make([]string, len(exerciseKinds))
	for i, k := range exerciseKinds {
		names[i] = string(k.kind)
	}
	return strings.Join(names, ", ")
}

// quoted quotes a text the reader gave, in a sentence of the language l:
// "x" in English, 「x」 in Japanese.
func quoted(l explain.Lang, s string) string {
	if l.Code() == "ja" {
		return "「" + s + "」"
	}
	return strconv.Quote(s)
}

// sentenceOf makes err a sentence of its own in the language l: in
// English its text with a capital and a full stop; in Japanese, whose
// reader may meet an English error of a package below, with the
// Japanese words that say it is an error.
func sentenceOf(l explain.Lang, err error) string {
	return l.F("%s.", explain.Capital(l.Error(err)))
}

// levelChoices returns the difficulties the page offers for the kind
// named, labelled as that kind's levels are (AlphaBeta's for a kind
// unknown), and each kind's labels by kind as JSON, for the page to
// relabel the menu when another kind is chosen; the labels in the
// language l.
func levelChoices(l explain.Lang, kindName string) ([]templates.Choice, string) {
	kind, err := exercise.ParseKind(kindName)
	if err != nil {
		kind = exercise.AlphaBeta
	}
	var out []templates.Choice
	for _, lv := range exercise.LevelsOf(kind) {
		out = append(out, templates.Choice{Name: lv.Name, Label: l.T(lv.Label)})
	}
	labels := map[string][]string{}
	for _, k := range exerciseKinds {
		for _, lv := range exercise.LevelsOf(k.kind) {
			labels[string(k.kind)] = append(labels[string(k.kind)], l.T(lv.Label))
		}
	}
	js, err := json.Marshal(labels)
	if err != nil {
		return out, ""
	}
	return out, string(js)
}

// errNoExercise says a room's answer names a page that is no exercise.
var errNoExercise = errors.New("answers go to an exercise's page, /exercise?kind=K&level=L&seed=N")

// exerciseAt returns the exercise a room's page shows at path, an
// address exerciseURL makes.
func exerciseAt(path string) (exercise.Exercise, error) {
	u, err := url.Parse(path)
	if err != nil || u.Path != "/exercise" || !rooms.ValidPath(path) {
		return exercise.Exercise{}, errNoExercise
	}
	q := u.Query()
	seed, err := strconv.ParseInt(q.Get("seed"), 10, 64)
	if err != nil || seed > maxExerciseSeed {
		return exercise.Exercise{}, fmt.Errorf("the seed is a whole number from 0 to %d, not %q", maxExerciseSeed, q.Get("seed"))
	}
	return exerciseOf(explain.English, q.Get("kind"), q.Get("level"), seed)
}

// fillExercise fills the page's question, tree and solution from ex.
func (s *Server) fillExercise(ctx context.Context, ex exercise.Exercise, page *templates.Exercise) error {
	l := templates.LangOf(ctx)
	for _, k := range exerciseKinds {
		if k.kind == ex.Kind {
			page.Question, page.Format = l.T(k.question), l.T(k.format)
			page.SolveGame, page.SolveAlgo, page.SolvePosition = k.game, k.algorithm, ex.Tree
		}
	}
	if ex.Tree != "" || len(ex.Nodes) > 0 {
		svg, err := s.exerciseSVG(ctx, ex)
		if err != nil {
			return err
		}
		page.TreeSVG = string(svg)
	}
	page.Visits, page.C = ex.Visits, ex.C
	if ex.Kind == exercise.Beam {
		cells, err := ex.MazeCells()
		if err != nil {
			return err
		}
		page.Maze = cells
		page.Rules = l.F("Width %d, depth %d.", ex.BeamWidth, ex.BeamDepth)
	}
	if ex.Kind == exercise.MCTS {
		page.Rules = mctsRules(l, ex)
	}
	for _, a := range ex.Arms {
		page.Arms = append(page.Arms, templates.ExerciseArm{Label: a.Label, W: strconv.FormatFloat(a.W, 'g', -1, 64), N: a.N})
	}
	return nil
}

// mctsRules says what an MCTS exercise gives beside its tree: the
// threshold, C and how the playout ends.
func mctsRules(l explain.Lang, ex exercise.Exercise) string {
	switch ex.Result {
	case 1:
		return l.F("Threshold %d, C = %s. The playout from the leaf selected ends in a win for MAX.", ex.Threshold, explain.Number(ex.C))
	case 0.5:
		return l.F("Threshold %d, C = %s. The playout from the leaf selected ends in a draw.", ex.Threshold, explain.Number(ex.C))
	}
	return l.F("Threshold %d, C = %s. The playout from the leaf selected ends in a loss for MAX.", ex.Threshold, explain.Number(ex.C))
}

// exerciseSVG draws ex's tree as the viewer draws trees, through render
// with the viewer's shapes and layout, each interior node showing its
// name and each leaf its value, as an SVG element to put in the page at
// its own size, where its text is 12 px and more.
func (s *Server) exerciseSVG(ctx context.Context, ex exercise.Exercise) ([]byte, error) {
	f, err := exercise.NewFigure(ex)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	opts := render.Options{Names: f.Names, Layout: render.LayoutAuto, Lang: templates.LangOf(ctx)}
	if ex.Kind == exercise.MCTS {
		opts.Caption = templates.LangOf(ctx).T(mctsCaption)
	}
	err = show.DrawInTime(ctx, s.cfg.LayoutTimeout, f.Tree.Size(), func(ctx context.Context) error {
		return render.Render(ctx, &buf, f.Tree, opts, s.cfg.Layouter)
	})
	if err != nil {
		return nil, fmt.Errorf("web: drawing the exercise's tree: %w", err)
	}
	svg := render.ExactSize(buf.Bytes())
	return svg[max(bytes.Index(svg, []byte("<svg")), 0):], nil
}

// mctsCaption says what an MCTS exercise's nodes show, over its tree.
const mctsCaption = "w/n: each node's total for the player who moved into it, over its visits"

// grade grades the page's answer to ex and says how it went, in the
// language l. It returns the answer's key for a room's tally:
// answerRight, or its first mistake's key; "" when the answer could not
// be graded. The key is the same in every language.
func grade(l explain.Lang, ex exercise.Exercise, page *templates.Exercise) string {
	if len(page.Answer) > exercise.MaxAnswerLen {
		page.Error = l.F("The answer is %s bytes long; answers of at most %s are graded.", strconv.Itoa(len(page.Answer)), strconv.Itoa(exercise.MaxAnswerLen))
		return ""
	}
	ans, err := exercise.ParseAnswerIn(l, ex.Kind, page.Answer)
	if err != nil {
		page.Error = l.F("The answer cannot be read: %s. %s", strings.TrimPrefix(l.Error(err), "exercise: "), page.Format)
		return ""
	}
	res, err := exercise.GradeIn(l, ex, ans)
	if err != nil {
		page.Error = sentenceOf(l, errors.New(strings.TrimPrefix(l.Error(err), "exercise: ")))
		return ""
	}
	page.Graded, page.Correct, page.Feedback = true, res.Correct, res.Feedback
	page.Counts = gradeCounts(l, ex.Kind, res)
	if res.Correct {
		return rooms.AnswerRight
	}
	return res.MistakeKey()
}

// gradeCounts says in words, in the language l, what an answer got
// right and wrong.
func gradeCounts(l explain.Lang, kind exercise.Kind, r exercise.Result) string {
	var parts []string
	switch kind {
	case exercise.UCB1:
		if r.Correct {
			return l.T("that is the child UCB1 picks.")
		}
		return ""
	case exercise.Beam:
		if r.Correct {
			return l.T("those are the states beam search keeps.")
		}
		return l.F("%d of the %d states kept named.", r.ValuesRight, r.ValuesRight+r.ValuesMissing)
	case exercise.Ordering:
		if r.Correct {
			return l.T("AlphaBeta searches as few nodes in that order as in any.")
		}
		return ""
	case exercise.MCTS:
		return l.F("%d of %d nodes on the path with their visits and total right.", r.ValuesRight, r.ValuesRight+r.ValuesWrong+r.ValuesMissing)
	}
	values := r.ValuesRight + r.ValuesWrong + r.ValuesMissing
	parts = append(parts, l.F("%d of %d values right", r.ValuesRight, values))
	if r.ValuesExtra > 0 {
		parts = append(parts, l.F("%d given for nodes that have none", r.ValuesExtra))
	}
	if kind == exercise.AlphaBeta {
		pruned := r.PrunedRight + r.PrunedMissing
		parts = append(parts, l.F("%d of %d pruned branches marked", r.PrunedRight, pruned))
		if r.PrunedExtra == 1 {
			parts = append(parts, l.F("%d marked that is not pruned", r.PrunedExtra))
		} else if r.PrunedExtra > 0 {
			parts = append(parts, l.F("%d marked that are not pruned", r.PrunedExtra))
		}
	}
	sep := "; "
	if l.Code() == "ja" {
		sep = "、"
	}
	return l.F("%s.", strings.Join(parts, sep))
}

// typedExerciseURL is the address of an exercise on a typed tree.
func typedExerciseURL(kind, tree string) string {
	return "/exercise?" + url.Values{"kind": {kind}, "tree": {tree}}.Encode()
}

// exerciseURL is the address of an exercise.
func exerciseURL(kind, level string, seed int64) string {
	return "/exercise?" + url.Values{"kind": {kind}, "level": {level}, "seed": {strconv.FormatInt(seed, 10)}}.Encode()
}
