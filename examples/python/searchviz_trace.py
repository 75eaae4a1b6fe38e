"""Write searchviz traces from a Python search engine.

A trace is JSON Lines: a header, then one event per line, in version 1 of
the searchviz trace format, every field spelled out (trace/schema.json in
the searchviz repository describes it). This file has no dependencies
beyond the standard library; copy it next to your engine.

    import sys
    from searchviz_trace import Tracer

    tr = Tracer(sys.stdout, game="tictactoe", position="x.o/.x./..o",
                algorithm="negamax")
    root = tr.node(label="", kind="max", board="x.o/.x./..o")
    tr.enter(root)
    child = tr.node(parent=root, action=5, label="c2", board="x.o/.xx/..o")
    tr.enter(child)
    tr.eval(child, 3.0)
    tr.leave(child)
    tr.value(root, -3.0, best=child)
    tr.leave(root)
    tr.decision(root, action=5, label="c2", value=-3.0)
    tr.close()

Values are from the point of view of the side to move at the event's node
(the negamax view), except the decision's, which is the root player's.
Pipe the output into `viz live -` to watch the search as it runs, or save
it and open it with `viz replay`.
"""

import json
import math
import time

__all__ = ["Tracer", "FORMAT", "VERSION"]

FORMAT = "searchviz-trace"
VERSION = 1

# How often, in seconds, buffered lines are flushed, so that a viewer
# watching the stream sees the search grow without a flush per line.
FLUSH_EVERY = 0.05

_OPPONENT = {"max": "min", "min": "max", "single": "single", "joint": "joint"}


def _num(x):
    """A value as the format writes it: infinities as "inf" and "-inf"."""
    if x is None:
        return None
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if math.isnan(x):
        raise ValueError("searchviz_trace: NaN is allowed only as a select's ucb")
    if x == int(x) and abs(x) < 2**53:
        return int(x) if x != 0 or math.copysign(1, x) > 0 else -0.0
    return x


class Tracer:
    """Writes one search's trace to a text stream, event by event.

    Node ids are given out by node() in creation order, the root first;
    steps are counted for you. Every method writes one line.
    """

    def __init__(self, out, game, position, algorithm, params=None, seed=0,
                 program="searchviz_trace.py"):
        self._out = out
        self._step = 0
        self._nodes = []  # (depth, kind) by node id
        self._last_flush = time.monotonic()
        self._started = time.monotonic_ns()
        header = {
            "format": FORMAT, "version": VERSION, "game": game,
            "position": position, "algorithm": algorithm,
            "params": {str(k): str(v) for k, v in (params or {}).items()},
            "seed": int(seed), "program": program,
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        self._write(header, event=False)

    def _write(self, obj, event=True):
        if event:
            obj = {"step": self._step, **obj}
            self._step += 1
        self._out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        now = time.monotonic()
        if now - self._last_flush >= FLUSH_EVERY:
            self._out.flush()
            self._last_flush = now

    def node(self, parent=-1, action=-1, label="", kind=None, board=None,
             prob=None):
        """Creates a node and returns its id. The root has parent -1; a
        child's depth is its parent's plus one and its kind, unless given,
        the other player's ("max", "min", "chance", "single", "joint")."""
        nid = len(self._nodes)
        if parent == -1:
            depth, kind = 0, kind or "max"
        else:
            pdepth, pkind = self._nodes[parent]
            depth, kind = pdepth + 1, kind or _OPPONENT.get(pkind, "max")
        self._nodes.append((depth, kind))
        e = {"kind": "node", "node": nid, "parent": parent, "action": action,
             "label": label, "depth": depth, "node_kind": kind}
        if board is not None:
            e["board"] = board
        if prob is not None:
            e["prob"] = _num(prob)
        self._write(e)
        return nid

    def enter(self, node):
        """The search's focus moves into node."""
        self._write({"kind": "enter", "node": node})

    def leave(self, node):
        """The focus leaves node, the innermost entered, for good."""
        self._write({"kind": "leave", "node": node})

    def eval(self, node, value, terminal=False):
        """A static evaluation, or with terminal a game's outcome."""
        self._write({"kind": "eval", "node": node, "value": _num(value),
                     "terminal": bool(terminal)})

    def value(self, node, value, best=-1):
        """A backed-up value of node, and its best child so far."""
        self._write({"kind": "value", "node": node, "value": _num(value),
                     "best": best})

    def bounds(self, node, alpha, beta):
        """The alpha-beta window at node."""
        self._write({"kind": "bounds", "node": node, "alpha": _num(alpha),
                     "beta": _num(beta)})

    def cut(self, node, value, alpha, beta, pruned, pruned_labels,
            cut=None):
        """The rest of node's children are pruned: their actions and
        labels. The cut is "beta" at a max node and "alpha" at a min one
        unless given."""
        if cut is None:
            cut = "beta" if self._nodes[node][1] == "max" else "alpha"
        self._write({"kind": "cut", "node": node, "cut": cut,
                     "value": _num(value), "alpha": _num(alpha),
                     "beta": _num(beta), "pruned": list(pruned),
                     "pruned_labels": list(pruned_labels)})

    def select(self, node, child, scores, t=None, c=None):
        """An MCTS selection at node: the chosen child and each candidate's
        statistics as (child, action, w, n, ucb), w from the view of the
        player choosing at node, ucb None while n is 0."""
        e = {"kind": "select", "node": node, "child": child, "scores": [
            {"child": ch, "action": a, "w": _num(w), "n": int(n),
             "ucb": None if ucb is None or n == 0 else _num(ucb)}
            for ch, a, w, n, ucb in scores]}
        if t is not None:
            e["t"] = int(t)
        if c is not None:
            e["c"] = _num(c)
        self._write(e)

    def expand(self, node, children):
        """Children added to node."""
        self._write({"kind": "expand", "node": node,
                     "children": list(children)})

    def playout(self, node, result, length):
        """A random playout from node: 1 win, 0.5 draw, 0 loss for the
        root player, after length moves."""
        self._write({"kind": "playout", "node": node, "result": _num(result),
                     "length": int(length)})

    def backprop(self, path, values):
        """Values added along path, from a node up to the root, each in
        its node's view."""
        self._write({"kind": "backprop", "path": list(path),
                     "values": [_num(v) for v in values]})

    def iteration(self, n):
        """An iteration begins: an MCTS iteration, a deepening depth."""
        self._write({"kind": "iteration", "iteration": int(n)})

    def note(self, text, node=-1):
        """Free text for the reader, about node or the whole search."""
        self._write({"kind": "note", "node": node, "text": text})

    def decision(self, node, action, label, value, nodes=0, evals=0, cuts=0):
        """The final choice, the last event: value from the root player's
        view, and the search's counters."""
        self._write({"kind": "decision", "node": node, "action": action,
                     "label": label, "value": _num(value), "counters": {
                         "nodes": nodes, "evals": evals, "cuts": cuts,
                         "elapsed_ns": time.monotonic_ns() - self._started}})

    def close(self):
        """Flushes what is buffered."""
        self._out.flush()
