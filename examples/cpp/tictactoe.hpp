// tictactoe.hpp: the rules of tic-tac-toe for the example engines, in
// searchviz's terms: cells 0..8 from the top left, labelled by column a..c
// and row 1..3 from the bottom, positions written as three rows of 'x',
// 'o' or '.' separated by '/', x moving first.
#ifndef TICTACTOE_HPP
#define TICTACTOE_HPP

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace tictactoe {

constexpr double win = 100;

struct Board {
    std::array<char, 9> cells{};

    static Board parse(const std::string& text) {
        Board b;
        if (text.size() != 11 || text[3] != '/' || text[7] != '/') {
            throw std::invalid_argument("want a position like x.o/.x./..o, got " + text);
        }
        for (int i = 0, c = 0; i < 11; i++) {
            if (i == 3 || i == 7) continue;
            char ch = text[i];
            if (ch != 'x' && ch != 'o' && ch != '.') throw std::invalid_argument("want x, o or . in " + text);
            b.cells[c++] = ch;
        }
        return b;
    }

    std::string text() const {
        std::string s;
        for (int i = 0; i < 9; i++) {
            if (i == 3 || i == 6) s += '/';
            s += cells[i];
        }
        return s;
    }

    char to_move() const {
        int x = 0, o = 0;
        for (char c : cells) x += c == 'x', o += c == 'o';
        return x == o ? 'x' : 'o';
    }

    bool has_line(char p) const {
        static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
        for (const auto& l : lines)
            if (cells[l[0]] == p && cells[l[1]] == p && cells[l[2]] == p) return true;
        return false;
    }

    // open counts the lines holding no mark of p.
    int open(char p) const {
        static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
        int n = 0;
        for (const auto& l : lines) n += cells[l[0]] != p && cells[l[1]] != p && cells[l[2]] != p;
        return n;
    }

    std::vector<int> moves() const {
        std::vector<int> m;
        for (int i = 0; i < 9; i++)
            if (cells[i] == '.') m.push_back(i);
        return m;
    }

    Board play(int cell) const {
        Board b = *this;
        b.cells[cell] = to_move();
        return b;
    }

    // score is the value for the side to move: -win when the opponent has
    // a line, 0 for a full board, else the open-lines heuristic; over
    // says whether the game is over.
    double score(bool& over) const {
        char me = to_move(), opp = me == 'x' ? 'o' : 'x';
        over = true;
        if (has_line(opp)) return -win;
        if (moves().empty()) return 0;
        over = false;
        return open(opp) - open(me);
    }
};

inline std::string label(int cell) {
    return std::string(1, "abc"[cell % 3]) + std::to_string(3 - cell / 3);
}

}  // namespace tictactoe

#endif
