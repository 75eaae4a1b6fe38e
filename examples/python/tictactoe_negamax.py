"""NegaMax with alpha-beta on tic-tac-toe, traced for searchviz.

    python3 tictactoe_negamax.py 'x.o/.x./..o' > t.jsonl
    python3 tictactoe_negamax.py 'x.o/.x./..o' | viz live -

A position is three rows, top first, of 'x', 'o' or '.', separated by '/';
x moves first. Cells are numbered 0..8 from the top left, and labelled by
column a..c and row 1..3 counted from the bottom, as searchviz does, so
the decision can be compared with searchviz's own engines.
"""

import argparse
import math
import sys
import time

from searchviz_trace import Tracer

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]
WIN = 100


def parse(text):
    rows = text.split("/")
    if len(rows) != 3 or any(len(r) != 3 or set(r) - set("xo.") for r in rows):
        raise SystemExit("tictactoe_negamax: want a position like x.o/.x./..o, got %r" % text)
    return list("".join(rows))


def show(cells):
    s = "".join(cells)
    return s[0:3] + "/" + s[3:6] + "/" + s[6:9]


def label(cell):
    return "abc"[cell % 3] + str(3 - cell // 3)


def to_move(cells):
    return "x" if cells.count("x") == cells.count("o") else "o"


def has_line(cells, p):
    return any(all(cells[i] == p for i in line) for line in LINES)


def lines_open(cells, p):
    """The lines holding no mark of p."""
    return sum(1 for line in LINES if all(cells[i] != p for i in line))


def score(cells):
    """The position's value for the side to move, and whether it is over."""
    me = to_move(cells)
    opp = "o" if me == "x" else "x"
    if has_line(cells, opp):
        return -WIN, True
    if "." not in cells:
        return 0, True
    return lines_open(cells, opp) - lines_open(cells, me), False


class Search:
    def __init__(self, tracer, depth, delay):
        self.tr, self.depth, self.delay = tracer, depth, delay
        self.nodes = self.evals = self.cuts = 0

    def negamax(self, cells, node, depth, alpha, beta):
        """The value of cells for the side to move, within (alpha, beta)."""
        tr = self.tr
        tr.enter(node)
        tr.bounds(node, alpha, beta)
        if self.delay:
            time.sleep(self.delay)
        value, over = score(cells)
        if over or depth == 0:
            self.evals += 1
            tr.eval(node, value, terminal=over)
            tr.leave(node)
            return value
        moves = [i for i in range(9) if cells[i] == "."]
        best, alpha0 = -math.inf, alpha
        for k, m in enumerate(moves):
            child_cells = cells[:]
            child_cells[m] = to_move(cells)
            child = tr.node(parent=node, action=m, label=label(m), board=show(child_cells))
            self.nodes += 1
            v = -self.negamax(child_cells, child, depth - 1, -beta, -alpha)
            if v > best:
                best = v
                tr.value(node, best, best=child)
            if best >= beta:
                if k + 1 < len(moves):
                    rest = moves[k + 1:]
                    self.cuts += 1
                    tr.cut(node, best, alpha0, beta, rest, [label(r) for r in rest])
                break
            if best > alpha:
                alpha = best
                tr.bounds(node, alpha, beta)
        tr.leave(node)
        return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("position", nargs="?", default=".../.../...")
    ap.add_argument("--depth", type=int, default=64)
    ap.add_argument("--delay", type=float, default=0, help="seconds to think at each node, to watch it live")
    args = ap.parse_args()
    cells = parse(args.position)
    tr = Tracer(sys.stdout, game="tictactoe", position=args.position,
                algorithm="alphabeta", params={"depth": args.depth},
                program="tictactoe_negamax.py")
    root = tr.node(kind="max", board=show(cells))
    s = Search(tr, args.depth, args.delay)
    s.nodes = 1
    # The root's search is the loop of negamax, kept here to know the move.
    tr.enter(root)
    tr.bounds(root, -math.inf, math.inf)
    value, over = score(cells)
    best, best_move = -math.inf, -1
    if over:
        s.evals += 1
        tr.eval(root, value, terminal=True)
        best = value
    else:
        alpha = -math.inf
        for m in [i for i in range(9) if cells[i] == "."]:
            child_cells = cells[:]
            child_cells[m] = to_move(cells)
            child = tr.node(parent=root, action=m, label=label(m), board=show(child_cells))
            s.nodes += 1
            v = -s.negamax(child_cells, child, args.depth - 1, -math.inf, -alpha)
            if v > best:
                best, best_move = v, m
                tr.value(root, best, best=child)
            if best > alpha:
                alpha = best
                tr.bounds(root, alpha, math.inf)
    tr.leave(root)
    tr.decision(root, best_move, label(best_move) if best_move >= 0 else "", best,
                nodes=s.nodes, evals=s.evals, cuts=s.cuts)
    tr.close()


if __name__ == "__main__":
    main()
