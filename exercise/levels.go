package exercise

// Level is a named difficulty of one kind of exercise, as a page offers
// it.
type Level struct {
	Name       string // "easy", "medium" or "hard", the same for every kind
	Label      string // what the level asks of a student, for a menu
	Difficulty Difficulty
}

// LevelNames are the names of every kind's levels, easiest first.
var LevelNames = []string{"easy", "medium", "hard"}

// LevelsOf returns the levels of kind, easiest first, each named as
// LevelNames says and labelled with what it changes for that kind:
// depth and cuts for AlphaBeta, depth for MiniMax and NegaMax, the
// levels of moves and rolls for expectimax, for UCB1 the children, their
// visits and C, and for MCTS the tree's depth, the threshold and C.
func LevelsOf(kind Kind) []Level {
	switch kind {
	case AlphaBeta:
		return []Level{
			{"easy", "easy: depth 2, one cut", Easy},
			{"medium", "medium: depth 3, two cuts", Medium},
			{"hard", "hard: depth 4, four cuts", Hard},
		}
	case MiniMax, NegaMax:
		return []Level{
			{"easy", "easy: depth 2, 2 or 3 children a node", Difficulty{Depth: 2, Branching: 3}},
			{"medium", "medium: depth 3", Difficulty{Depth: 3, Branching: 3}},
			{"hard", "hard: depth 4", Difficulty{Depth: 4, Branching: 3}},
		}
	case Expectimax:
		return []Level{
			{"easy", "easy: MAX moves, then a roll", Difficulty{Depth: 2, Branching: 3}},
			{"medium", "medium: a move, a roll, MIN's reply", Difficulty{Depth: 3, Branching: 3}},
			{"hard", "hard: move, roll, reply, roll", Difficulty{Depth: 4, Branching: 3}},
		}
	case Beam:
		return []Level{
			{"easy", "easy: width 2, depth 2", Difficulty{Depth: 2, Branching: 2}},
			{"medium", "medium: width 2, depth 3", Difficulty{Depth: 3, Branching: 2}},
			{"hard", "hard: width 3, depth 3", Difficulty{Depth: 3, Branching: 3}},
		}
	case Ordering:
		return []Level{
			{"easy", "easy: depth 2, 2 or 3 children a node", Difficulty{Depth: 2, Branching: 3}},
			{"medium", "medium: depth 3, 2 children a node", Difficulty{Depth: 3, Branching: 2}},
			{"hard", "hard: depth 3, up to 3 children", Difficulty{Depth: 3, Branching: 3}},
		}
	case MCTS:
		return []Level{
			{"easy", "easy: 2 levels, threshold 3, C = 1", Difficulty{Depth: 2, Branching: 3, Threshold: 3, C: 1}},
			{"medium", "medium: 3 levels, threshold 3, C of 0.5, 1 or 2", Difficulty{Depth: 3, Branching: 3, Threshold: 3}},
			{"hard", "hard: 3 levels, unvisited leaves, draws, threshold 4", Difficulty{Depth: 3, Branching: 3, Threshold: 4, Draws: true, Unvisited: true}},
		}
	case UCB1:
		return []Level{
			{"easy", "easy: 4 children, up to 12 visits each, C = 1", Difficulty{Branching: 4, MaxVisits: 12, C: 1}},
			{"medium", "medium: 5 children, up to 30 visits, C of 0.5, 1 or 2", Difficulty{Branching: 5, MaxVisits: 30}},
			{"hard", "hard: 6 children, up to 100 visits, C of 0.5, 1 or 2", Difficulty{Branching: 6, MaxVisits: 100}},
		}
	}
	return nil
}

// LevelOf returns kind's level of the given name, and false if there is
// none.
func LevelOf(kind Kind, name string) (Level, bool) {
	for _, l := range LevelsOf(kind) {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}
