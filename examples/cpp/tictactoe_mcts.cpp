// Monte Carlo tree search (UCT) on tic-tac-toe, traced for searchviz.
//
//     g++ -std=c++17 -O2 -o mcts tictactoe_mcts.cpp
//     ./mcts 'xx./oo./...' --playouts 2000 --seed 1 > m.jsonl
//     ./mcts 'xx./oo./...' | viz live -
//
// Each iteration selects children by UCB1 from the root down to a leaf,
// expands a leaf visited before, plays one random game from there and adds
// its result along the path. The move played is the root's most visited.
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "searchviz_trace.hpp"
#include "tictactoe.hpp"

using tictactoe::Board;
using tictactoe::label;

constexpr double exploration = 1.0;  // UCB1's c

struct Node {
    int id;
    Board board;
    int action;
    std::vector<std::unique_ptr<Node>> children;
    double w = 0;  // total result, in the view of the player moving at the parent
    long n = 0;
};

std::optional<double> ucb1(const Node& c, long t) {
    if (c.n == 0) return std::nullopt;
    return c.w / c.n + exploration * std::sqrt(2 * std::log(static_cast<double>(t)) / c.n);
}

int main(int argc, char** argv) {
    std::string pos = ".../.../...";
    int playouts = 1000;
    unsigned seed = 1;
    double delay = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--playouts" && i + 1 < argc) playouts = std::stoi(argv[++i]);
        else if (a == "--seed" && i + 1 < argc) seed = std::stoul(argv[++i]);
        else if (a == "--delay" && i + 1 < argc) delay = std::stod(argv[++i]);
        else pos = a;
    }
    Board b;
    try {
        b = Board::parse(pos);
    } catch (const std::exception& e) {
        std::cerr << "tictactoe_mcts: " << e.what() << "\n";
        return 2;
    }
    std::ios::sync_with_stdio(false);
    searchviz::Tracer tr(std::cout, "tictactoe", pos, "mcts", {{"playouts", std::to_string(playouts)}}, seed,
                         "tictactoe_mcts.cpp");
    std::mt19937 rng(seed);
    char root_player = b.to_move();
    Node root{tr.node(-1, -1, "", "max", b.text()), b, -1, {}};
    long nodes = 1, evals = 0;
    auto expand = [&](Node& node) {
        std::vector<int> ids;
        for (int m : node.board.moves()) {
            Board c = node.board.play(m);
            node.children.push_back(std::make_unique<Node>(Node{tr.node(node.id, m, label(m), "", c.text()), c, m, {}}));
            ids.push_back(node.children.back()->id);
            nodes++;
        }
        tr.expand(node.id, ids);
    };
    bool over;
    b.score(over);
    if (!over) expand(root);
    for (int it = 1; it <= playouts; it++) {
        if (delay > 0) std::this_thread::sleep_for(std::chrono::duration<double>(delay));
        tr.iteration(it);
        Node* node = &root;
        tr.enter(node->id);
        std::vector<Node*> path{node};
        while (!node->children.empty()) {
            std::vector<searchviz::Score> scores;
            Node* chosen = nullptr;
            double best = -INFINITY;
            for (auto& c : node->children) {
                auto u = ucb1(*c, node->n);
                scores.push_back({c->id, c->action, c->w, c->n, u});
                if (!u) {
                    if (!chosen || best != INFINITY) chosen = c.get(), best = INFINITY;
                } else if (*u > best) {
                    chosen = c.get(), best = *u;
                }
            }
            tr.select(node->id, chosen->id, scores, node->n > 0 ? node->n : -1, exploration);
            node = chosen;
            tr.enter(node->id);
            path.push_back(node);
            bool done;
            node->board.score(done);
            if (node->n > 0 && !done) expand(*node);
        }
        // A random game from the leaf; its result is for the root player.
        Board g = node->board;
        int length = 0;
        double v;
        for (;;) {
            v = g.score(over);
            if (over) break;
            auto moves = g.moves();
            g = g.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
            length++;
        }
        evals++;
        double result = 0.5;
        if (v != 0) result = g.to_move() == root_player ? 0.0 : 1.0;  // the side to move lost
        tr.playout(node->id, result, length);
        std::vector<int> ids;
        std::vector<double> values;
        for (auto p = path.rbegin(); p != path.rend(); ++p) {
            double mine = (*p)->board.to_move() == root_player ? result : 1 - result;
            ids.push_back((*p)->id);
            values.push_back(mine);
            (*p)->n++;
            (*p)->w += 1 - mine;  // for the player who moved into it
        }
        tr.backprop(ids, values);
        for (auto p = path.rbegin(); p != path.rend(); ++p) tr.leave((*p)->id);
    }
    const Node* best = nullptr;
    for (auto& c : root.children)
        if (!best || c->n > best->n) best = c.get();
    if (!best) {
        tr.decision(root.id, -1, "", 0.5, nodes, evals);
    } else {
        tr.decision(root.id, best->action, label(best->action), best->n ? best->w / best->n : 0.5, nodes, evals);
    }
    return 0;
}
