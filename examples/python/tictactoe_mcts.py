"""Monte Carlo tree search (UCT) on tic-tac-toe, traced for searchviz.

    python3 tictactoe_mcts.py 'xx./oo./...' --playouts 2000 --seed 1 > m.jsonl
    python3 tictactoe_mcts.py 'xx./oo./...' | viz live -

Each iteration selects children by UCB1 from the root down to a leaf,
expands a leaf visited before, plays one random game from there and adds
its result along the path. The move played is the root's most visited.
"""

import argparse
import math
import random
import sys
import time

from searchviz_trace import Tracer
from tictactoe_negamax import label, parse, score, show, to_move

C = 1.0  # UCB1's exploration constant


class Node:
    def __init__(self, nid, cells, parent, action):
        self.id, self.cells, self.parent, self.action = nid, cells, parent, action
        self.children = []
        self.w = 0.0  # total result, in the view of the player moving at parent
        self.n = 0


def ucb1(child, t):
    if child.n == 0:
        return None
    return child.w / child.n + C * math.sqrt(2 * math.log(t) / child.n)


def mcts(tr, cells, playouts, rng, delay):
    root_player = to_move(cells)
    root = Node(tr.node(kind="max", board=show(cells)), cells, None, -1)
    nodes, evals = 1, 0

    def expand(node):
        nonlocal nodes
        mover = to_move(node.cells)
        for m in range(9):
            if node.cells[m] == ".":
                c = node.cells[:]
                c[m] = mover
                node.children.append(Node(tr.node(parent=node.id, action=m, label=label(m), board=show(c)), c, node, m))
                nodes += 1
        tr.expand(node.id, [c.id for c in node.children])

    if not score(cells)[1]:
        expand(root)
    for it in range(1, playouts + 1):
        if delay:
            time.sleep(delay)
        tr.iteration(it)
        node = root
        tr.enter(node.id)
        path = [node]
        while node.children:
            scores = [(c.id, c.action, c.w, c.n, ucb1(c, node.n)) for c in node.children]
            unvisited = [c for c in node.children if c.n == 0]
            chosen = unvisited[0] if unvisited else max(node.children, key=lambda c: ucb1(c, node.n))
            tr.select(node.id, chosen.id, scores, t=node.n if node.n else None, c=C)
            node = chosen
            tr.enter(node.id)
            path.append(node)
            if node.n > 0 and not score(node.cells)[1]:
                expand(node)
        # A random game from the leaf; its result is for the root player.
        cells_now, length = node.cells[:], 0
        while True:
            value, over = score(cells_now)
            if over:
                break
            m = rng.choice([i for i in range(9) if cells_now[i] == "."])
            cells_now[m] = to_move(cells_now)
            length += 1
        evals += 1
        winner = None if value == 0 else ("o" if to_move(cells_now) == "x" else "x")
        result = 0.5 if winner is None else (1.0 if winner == root_player else 0.0)
        tr.playout(node.id, result, length)
        values = []
        for p in reversed(path):
            mine = result if to_move(p.cells) == root_player else 1 - result
            values.append(mine)
            p.n += 1
            p.w += 1 - mine  # for the player who moved into p
        tr.backprop([p.id for p in reversed(path)], values)
        for p in reversed(path):
            tr.leave(p.id)
    if not root.children:
        return root, None, 0.5, nodes, evals
    best = max(root.children, key=lambda c: c.n)
    return root, best, best.w / best.n if best.n else 0.5, nodes, evals


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("position", nargs="?", default=".../.../...")
    ap.add_argument("--playouts", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--delay", type=float, default=0, help="seconds to think at each iteration, to watch it live")
    args = ap.parse_args()
    cells = parse(args.position)
    tr = Tracer(sys.stdout, game="tictactoe", position=args.position,
                algorithm="mcts", params={"playouts": args.playouts},
                seed=args.seed, program="tictactoe_mcts.py")
    root, best, value, nodes, evals = mcts(tr, cells, args.playouts, random.Random(args.seed), args.delay)
    if best is None:
        tr.decision(root.id, -1, "", value, nodes=nodes, evals=evals)
    else:
        tr.decision(root.id, best.action, label(best.action), value, nodes=nodes, evals=evals)
    tr.close()


if __name__ == "__main__":
    main()
