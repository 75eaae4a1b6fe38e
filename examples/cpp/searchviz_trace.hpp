// searchviz_trace.hpp: write searchviz traces from a C++17 search engine.
//
// A trace is JSON Lines: a header, then one event per line, in version 1
// of the searchviz trace format, every field spelled out (trace/schema.json
// in the searchviz repository describes it). This header has no
// dependencies beyond the standard library; copy it next to your engine.
//
//     searchviz::Tracer tr(std::cout, "tictactoe", "x.o/.x./..o", "negamax");
//     int root = tr.node(-1, -1, "", "max", "x.o/.x./..o");
//     tr.enter(root);
//     int child = tr.node(root, 5, "c2", "", "x.o/.xx/..o");
//     tr.enter(child);
//     tr.eval(child, 3.0);
//     tr.leave(child);
//     tr.value(root, -3.0, child);
//     tr.leave(root);
//     tr.decision(root, 5, "c2", -3.0);
//
// Values are from the point of view of the side to move at the event's
// node (the negamax view), except the decision's, which is the root
// player's. Pipe the output into `viz live -` to watch the search as it
// runs, or save it and open it with `viz replay`.
#ifndef SEARCHVIZ_TRACE_HPP
#define SEARCHVIZ_TRACE_HPP

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace searchviz {

// One candidate's statistics in a select event: w is its total value in
// the view of the player choosing at the node; ucb is empty while n is 0.
struct Score {
    int child;
    int action;
    double w;
    long n;
    std::optional<double> ucb;
};

// Tracer writes one search's trace to a stream, event by event. Node ids
// are given out by node() in creation order, the root first; steps are
// counted for it. It is not safe for concurrent use.
class Tracer {
public:
    // How often buffered lines are flushed, so that a viewer watching the
    // stream sees the search grow without a flush per line.
    static constexpr std::chrono::milliseconds flush_every{50};

    Tracer(std::ostream& out, const std::string& game, const std::string& position,
           const std::string& algorithm, const std::map<std::string, std::string>& params = {},
           long long seed = 0, const std::string& program = "searchviz_trace.hpp")
        : out_(out), started_(std::chrono::steady_clock::now()), flushed_(started_) {
        std::string line = "{\"format\":\"searchviz-trace\",\"version\":1,\"game\":" + str(game) +
                           ",\"position\":" + str(position) + ",\"algorithm\":" + str(algorithm) +
                           ",\"params\":{";
        bool first = true;
        for (const auto& [k, v] : params) {
            line += (first ? "" : ",") + str(k) + ":" + str(v);
            first = false;
        }
        line += "},\"seed\":" + std::to_string(seed) + ",\"program\":" + str(program) +
                ",\"time\":" + str(now_rfc3339()) + "}";
        write(line);
    }

    // node creates a node and returns its id. The root has parent -1; a
    // child's depth is its parent's plus one, and its kind, when kind is
    // "", the other player's ("max", "min", "chance", "single", "joint").
    // board, when not empty, is the position's text.
    int node(int parent, int action, const std::string& label, std::string kind = "",
             const std::string& board = "") {
        int id = static_cast<int>(nodes_.size());
        int depth = 0;
        if (parent < 0) {
            parent = -1;
            if (kind.empty()) kind = "max";
        } else {
            depth = nodes_.at(parent).first + 1;
            if (kind.empty()) kind = opponent(nodes_.at(parent).second);
        }
        nodes_.emplace_back(depth, kind);
        std::string e = event("node") + ",\"node\":" + std::to_string(id) + ",\"parent\":" +
                        std::to_string(parent) + ",\"action\":" + std::to_string(action) +
                        ",\"label\":" + str(label) + ",\"depth\":" + std::to_string(depth) +
                        ",\"node_kind\":" + str(kind);
        if (!board.empty()) e += ",\"board\":" + str(board);
        write(e + "}");
        return id;
    }

    // enter moves the search's focus into node.
    void enter(int node) { write(event("enter") + ",\"node\":" + std::to_string(node) + "}"); }

    // leave moves the focus out of node, the innermost entered, for good.
    void leave(int node) { write(event("leave") + ",\"node\":" + std::to_string(node) + "}"); }

    // eval is a static evaluation, or with terminal a game's outcome.
    void eval(int node, double value, bool terminal = false) {
        write(event("eval") + ",\"node\":" + std::to_string(node) + ",\"value\":" + num(value) +
              (terminal ? ",\"terminal\":true}" : ",\"terminal\":false}"));
    }

    // value is a backed-up value of node, and its best child so far.
    void value(int node, double value, int best = -1) {
        write(event("value") + ",\"node\":" + std::to_string(node) + ",\"value\":" + num(value) +
              ",\"best\":" + std::to_string(best) + "}");
    }

    // bounds is the alpha-beta window at node.
    void bounds(int node, double alpha, double beta) {
        write(event("bounds") + ",\"node\":" + std::to_string(node) + ",\"alpha\":" + num(alpha) +
              ",\"beta\":" + num(beta) + "}");
    }

    // cut prunes the rest of node's children: their actions and labels.
    // The cut is "beta" at a max node and "alpha" at a min one unless given.
    void cut(int node, double value, double alpha, double beta, const std::vector<int>& pruned,
             const std::vector<std::string>& labels, std::string kind = "") {
        if (kind.empty()) kind = nodes_.at(node).second == "max" ? "beta" : "alpha";
        std::string e = event("cut") + ",\"node\":" + std::to_string(node) + ",\"cut\":" + str(kind) +
                        ",\"value\":" + num(value) + ",\"alpha\":" + num(alpha) + ",\"beta\":" +
                        num(beta) + ",\"pruned\":[";
        for (size_t i = 0; i < pruned.size(); i++) e += (i ? "," : "") + std::to_string(pruned[i]);
        e += "],\"pruned_labels\":[";
        for (size_t i = 0; i < labels.size(); i++) e += (i ? "," : "") + str(labels[i]);
        write(e + "]}");
    }

    // select is an MCTS selection at node: the chosen child and every
    // candidate's statistics; t (the visits in UCB1's ln t) and c (its
    // exploration constant) are written when not negative.
    void select(int node, int child, const std::vector<Score>& scores, long t = -1, double c = -1) {
        std::string e = event("select") + ",\"node\":" + std::to_string(node) + ",\"child\":" +
                        std::to_string(child) + ",\"scores\":[";
        for (size_t i = 0; i < scores.size(); i++) {
            const Score& s = scores[i];
            e += std::string(i ? "," : "") + "{\"child\":" + std::to_string(s.child) + ",\"action\":" +
                 std::to_string(s.action) + ",\"w\":" + num(s.w) + ",\"n\":" + std::to_string(s.n) +
                 ",\"ucb\":" + (s.ucb && s.n > 0 ? num(*s.ucb) : "null") + "}";
        }
        e += "]";
        if (t >= 0) e += ",\"t\":" + std::to_string(t);
        if (c >= 0) e += ",\"c\":" + num(c);
        write(e + "}");
    }

    // expand adds children to node.
    void expand(int node, const std::vector<int>& children) {
        std::string e = event("expand") + ",\"node\":" + std::to_string(node) + ",\"children\":[";
        for (size_t i = 0; i < children.size(); i++) e += (i ? "," : "") + std::to_string(children[i]);
        write(e + "]}");
    }

    // playout is a random game from node: result 1 win, 0.5 draw, 0 loss
    // for the root player, after length moves.
    void playout(int node, double result, int length) {
        write(event("playout") + ",\"node\":" + std::to_string(node) + ",\"result\":" + num(result) +
              ",\"length\":" + std::to_string(length) + "}");
    }

    // backprop adds values along path, from a node up to the root, each in
    // its node's view.
    void backprop(const std::vector<int>& path, const std::vector<double>& values) {
        std::string e = event("backprop") + ",\"path\":[";
        for (size_t i = 0; i < path.size(); i++) e += (i ? "," : "") + std::to_string(path[i]);
        e += "],\"values\":[";
        for (size_t i = 0; i < values.size(); i++) e += (i ? "," : "") + num(values[i]);
        write(e + "]}");
    }

    // iteration begins an iteration: an MCTS iteration, a deepening depth.
    void iteration(int n) { write(event("iteration") + ",\"iteration\":" + std::to_string(n) + "}"); }

    // note is free text for the reader, about node or, with -1, the search.
    void note(const std::string& text, int node = -1) {
        write(event("note") + ",\"node\":" + std::to_string(node) + ",\"text\":" + str(text) + "}");
    }

    // decision is the final choice, the last event: value from the root
    // player's view, and the search's counters. It flushes the stream.
    void decision(int node, int action, const std::string& label, double value, long nodes = 0,
                  long evals = 0, long cuts = 0) {
        auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started_);
        write(event("decision") + ",\"node\":" + std::to_string(node) + ",\"action\":" +
              std::to_string(action) + ",\"label\":" + str(label) + ",\"value\":" + num(value) +
              ",\"counters\":{\"nodes\":" + std::to_string(nodes) + ",\"evals\":" + std::to_string(evals) +
              ",\"cuts\":" + std::to_string(cuts) + ",\"elapsed_ns\":" + std::to_string(ns.count()) + "}}");
        out_.flush();
    }

private:
    std::ostream& out_;
    long step_ = 0;
    std::vector<std::pair<int, std::string>> nodes_;  // depth and kind by node id
    std::chrono::steady_clock::time_point started_, flushed_;

    static std::string opponent(const std::string& kind) {
        if (kind == "max") return "min";
        if (kind == "min") return "max";
        return kind == "chance" ? "max" : kind;
    }

    std::string event(const char* kind) {
        return "{\"step\":" + std::to_string(step_++) + ",\"kind\":\"" + kind + "\"";
    }

    void write(const std::string& line) {
        out_ << line << '\n';
        auto now = std::chrono::steady_clock::now();
        if (now - flushed_ >= flush_every) {
            out_.flush();
            flushed_ = now;
        }
    }

    // num writes a value as the format does: the shortest decimal that
    // reads back as the same double, infinities as "inf" and "-inf".
    static std::string num(double x) {
        if (std::isnan(x)) throw std::invalid_argument("searchviz_trace: NaN is allowed only as a select's ucb");
        if (std::isinf(x)) return x > 0 ? "\"inf\"" : "\"-inf\"";
        char buf[64];
        auto res = std::to_chars(buf, buf + sizeof buf, x);
        return std::string(buf, res.ptr);
    }

    // str writes s as a JSON string.
    static std::string str(const std::string& s) {
        std::string out = "\"";
        for (unsigned char c : s) {
            switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    static const char hex[] = "0123456789abcdef";
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 15];
                } else {
                    out += static_cast<char>(c);
                }
            }
        }
        return out + "\"";
    }

    static std::string now_rfc3339() {
        std::time_t t = std::time(nullptr);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
        return buf;
    }
};

}  // namespace searchviz

#endif
