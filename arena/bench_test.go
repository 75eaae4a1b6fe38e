package arena

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkTicTacToe measures the games per second of a match of
// tic-tac-toe between AlphaBeta searching to the end and MCTS with 1,000
// playouts a move, one game at a time and two at once.
func BenchmarkTicTacToe(b *testing.B) {
	for _, parallel := range []int{1, 2} {
		b.Run(fmt.Sprintf("parallel=%d", parallel), func(b *testing.B) {
			games := 0
			for b.Loop() {
				rep, err := Run(context.Background(), Config{Game: "tictactoe", Engines: [2]string{"alphabeta depth=9", "mcts playouts=1000"}, Games: 4, Parallel: parallel})
				if err != nil {
					b.Fatal(err)
				}
				games += len(rep.Records)
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
