package catalog

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/searchviz/searchviz/search"
	"github.com/searchviz/searchviz/spec"
	"github.com/searchviz/searchviz/trace"
)

// Request asks for one search.
type Request struct {
	Game     string // the game's spec, e.g. "tictactoe"
	Algo     string // the algorithm's spec, e.g. "alphabeta depth=4"
	Position string // the root position's text; empty for the game's start
	Seed     int64  // the random seed, for games and algorithms that use one
	Program  string // the program and version written to the trace header

	// SeedSet says that Seed was given, not left at its default: an
	// algorithm spec's own seed= that differs from it is then an error
	// naming both, instead of taking precedence.
	SeedSet bool
}

// Run is a checked request, ready to search.
type Run struct {
	game   Game
	algo   search.Algorithm
	values spec.Values
	root   root
	header trace.Header

	omitBoards bool
}

// Prepare checks every part of the request — specs, parameters, the
// position — and returns a run, or an error naming what is wrong and what
// is allowed. It has no side effects.
func Prepare(req Request) (*Run, error) {
	game, gs, gv, err := resolveGame(req.Game)
	if err != nil {
		return nil, err
	}
	as, err := spec.Parse(req.Algo)
	if err != nil {
		return nil, fmt.Errorf("algorithm: %w", err)
	}
	algo, err := lookupFor(as.Name, game.Family)
	if err != nil {
		return nil, err
	}
	if algo.Family != game.Family {
		return nil, fmt.Errorf("catalog: %s searches %s, and %s is not one of them: it is %s", algo.Name, familyGames[algo.Family], game.Name, familyGame[game.Family])
	}
	av, err := spec.Resolve(as, algo.Params)
	if err != nil {
		return nil, err
	}
	if err := seedAlgorithm(algo, as, av, req.Seed, req.SeedSet); err != nil {
		return nil, err
	}
	r, err := game.openAt(gv, req.Seed, req.Position)
	if err != nil {
		return nil, err
	}
	program := req.Program
	if program == "" {
		program = "searchviz"
	}
	return &Run{
		game:   game,
		algo:   algo,
		values: av,
		root:   r,
		header: trace.Header{
			Format:    trace.Format,
			Version:   trace.Version,
			Game:      gs.String(),
			Position:  r.text,
			Algorithm: algo.Name,
			Params:    av.Strings(algo.Params),
			Seed:      req.Seed,
			Program:   program,
			Time:      time.Now().UTC(),
		},
	}, nil
}

// seedAlgorithm gives an algorithm with a seed parameter the request's
// seed, so that one --seed makes both the board and the playouts of a run
// reproducible. A seed= in the algorithm's spec takes precedence over a
// seed left at its default; one that differs from a seed given (set) is
// an error naming both.
func seedAlgorithm(algo search.Algorithm, as spec.Spec, av spec.Values, seed int64, set bool) error {
	i := slices.IndexFunc(algo.Params, func(p spec.Param) bool { return p.Name == "seed" })
	if i < 0 {
		return nil
	}
	p := algo.Params[i]
	if j := slices.IndexFunc(as.Args, func(a spec.Arg) bool { return a.Key == "seed" }); j >= 0 {
		if set && av["seed"] != float64(seed) {
			return fmt.Errorf("catalog: the seed is given twice, seed %d and seed=%s in %q; give it once", seed, as.Args[j].Value, as.String())
		}
		return nil
	}
	if float64(seed) < p.Min || float64(seed) > p.Max {
		return fmt.Errorf("catalog: seed %d is out of range for %s (allowed %s)", seed, algo.Name, p.Range())
	}
	av["seed"] = float64(seed)
	return nil
}

// Header describes the run for a trace file; its Time is when Prepare ran.
func (r *Run) Header() trace.Header { return r.header }

// Game returns the game being searched.
func (r *Run) Game() Game { return r.game }

// Search runs the search, reporting to tr when it is non-nil. On a node
// budget or a cancelled context it returns the best result found so far
// together with the error.
func (r *Run) Search(ctx context.Context, tr trace.Tracer) (search.Result, error) {
	return r.root.run(ctx, r.algo.Name, r.values, search.Tracing{Tracer: tr, Boards: r.game.Boards && !r.omitBoards})
}

// OmitBoards makes Search trace no boards, which FillBoards works out
// again from the trace's header: a trace written to a file is then
// several times smaller.
func (r *Run) OmitBoards() { r.omitBoards = true }

// familyGames and familyGame name the games of each family, in the plural
// and with its article, for messages.
var (
	familyGames = map[search.Family]string{
		search.FamilyAlternating:  "games where two players take turns",
		search.FamilySingle:       "one-player games",
		search.FamilySimultaneous: "games where two players move at once",
		search.FamilyChance:       "games where two players take turns and dice follow each move",
	}
	familyGame = map[search.Family]string{
		search.FamilyAlternating:  "a game where two players take turns",
		search.FamilySingle:       "a one-player game",
		search.FamilySimultaneous: "a game where two players move at once",
		search.FamilyChance:       "a game where two players take turns and dice follow each move",
	}
)
