package play

import (
	"context"
	"testing"
)

// BenchmarkOthelloChapterMove times the engine's answer at the Othello
// chapter's default, MiniMax 5 plies deep as White, to Black's first
// move f5: the wait a person has after each move on the play page.
func BenchmarkOthelloChapterMove(b *testing.B) {
	ctx := context.Background()
	f5 := 4*8 + 5
	b.ReportAllocs()
	var g *Game
	for b.Loop() {
		var err error
		g, err = New(Config{Game: "othello", Engine: "minimax depth=5", Person: 0})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Move(ctx, f5); err != nil {
			b.Fatal(err)
		}
		if err := g.Answer(ctx); err != nil {
			b.Fatal(err)
		}
	}
	if got := g.plies[0].Labels[0]; got != "f5" {
		b.Fatalf("Black played %s, want f5", got)
	}
	b.ReportMetric(float64(g.plies[1].Engine.Nodes), "nodes/op")
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/move")
}
