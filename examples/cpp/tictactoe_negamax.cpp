// NegaMax with alpha-beta on tic-tac-toe, traced for searchviz.
//
//     g++ -std=c++17 -O2 -o negamax tictactoe_negamax.cpp
//     ./negamax 'x.o/.x./..o' > t.jsonl
//     ./negamax 'x.o/.x./..o' | viz live -
#include <chrono>
#include <cmath>
#include <iostream>
#include <string>
#include <thread>

#include "searchviz_trace.hpp"
#include "tictactoe.hpp"

using tictactoe::Board;
using tictactoe::label;

struct Search {
    searchviz::Tracer& tr;
    double delay = 0;  // seconds to think at each node, to watch it live
    long nodes = 1, evals = 0, cuts = 0;

    // negamax returns b's value for the side to move within (alpha, beta).
    double negamax(const Board& b, int node, int depth, double alpha, double beta) {
        tr.enter(node);
        tr.bounds(node, alpha, beta);
        if (delay > 0) std::this_thread::sleep_for(std::chrono::duration<double>(delay));
        bool over;
        double v = b.score(over);
        if (over || depth == 0) {
            evals++;
            tr.eval(node, v, over);
            tr.leave(node);
            return v;
        }
        double best = -INFINITY, alpha0 = alpha;
        auto moves = b.moves();
        for (size_t k = 0; k < moves.size(); k++) {
            Board c = b.play(moves[k]);
            int child = tr.node(node, moves[k], label(moves[k]), "", c.text());
            nodes++;
            double cv = -negamax(c, child, depth - 1, -beta, -alpha);
            if (cv > best) {
                best = cv;
                tr.value(node, best, child);
            }
            if (best >= beta) {
                if (k + 1 < moves.size()) {
                    std::vector<int> rest(moves.begin() + k + 1, moves.end());
                    std::vector<std::string> labels;
                    for (int r : rest) labels.push_back(label(r));
                    cuts++;
                    tr.cut(node, best, alpha0, beta, rest, labels);
                }
                break;
            }
            if (best > alpha) {
                alpha = best;
                tr.bounds(node, alpha, beta);
            }
        }
        tr.leave(node);
        return best;
    }
};

int main(int argc, char** argv) {
    std::string pos = ".../.../...";
    int depth = 64;
    double delay = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--depth" && i + 1 < argc) depth = std::stoi(argv[++i]);
        else if (a == "--delay" && i + 1 < argc) delay = std::stod(argv[++i]);
        else pos = a;
    }
    Board b;
    try {
        b = Board::parse(pos);
    } catch (const std::exception& e) {
        std::cerr << "tictactoe_negamax: " << e.what() << "\n";
        return 2;
    }
    std::ios::sync_with_stdio(false);
    searchviz::Tracer tr(std::cout, "tictactoe", pos, "alphabeta", {{"depth", std::to_string(depth)}}, 0,
                         "tictactoe_negamax.cpp");
    Search s{tr, delay};
    int root = tr.node(-1, -1, "", "max", b.text());
    // The root's loop of negamax, kept here to know the move.
    tr.enter(root);
    tr.bounds(root, -INFINITY, INFINITY);
    bool over;
    double v = b.score(over), best = -INFINITY, alpha = -INFINITY;
    int move = -1;
    if (over) {
        s.evals++;
        tr.eval(root, v, true);
        best = v;
    } else {
        for (int m : b.moves()) {
            Board c = b.play(m);
            int child = tr.node(root, m, label(m), "", c.text());
            s.nodes++;
            double cv = -s.negamax(c, child, depth - 1, -INFINITY, -alpha);
            if (cv > best) {
                best = cv;
                move = m;
                tr.value(root, best, child);
            }
            if (best > alpha) {
                alpha = best;
                tr.bounds(root, alpha, INFINITY);
            }
        }
    }
    tr.leave(root);
    tr.decision(root, move, move >= 0 ? label(move) : "", best, s.nodes, s.evals, s.cuts);
    return 0;
}
