// chess-library's PGN reading as the issue times it: its StreamParser, with a visitor that plays
// each SAN move on its Board (tags ignored but FEN). Prints the best of N runs' seconds, the games
// and the plies. Built by benchmarks/bench_chess_library.py against a checkout of chess-library.
#include "chess.hpp"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>

class Play : public chess::pgn::Visitor {
 public:
  chess::Board board;
  uint64_t games = 0, plies = 0;
  void startPgn() override { board.setFen(chess::constants::STARTPOS); }
  void header(std::string_view key, std::string_view value) override {
    if (key == "FEN") board.setFen(value);
  }
  void startMoves() override {}
  void move(std::string_view san, std::string_view) override {
    board.makeMove(chess::uci::parseSan(board, san));
    plies++;
  }
  void endPgn() override { games++; }
};

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: read FILE [RUNS]\n";
    return 2;
  }
  const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
  double best = 1e30;
  uint64_t games = 0, plies = 0;
  for (int r = 0; r < runs; r++) {
    const auto start = std::chrono::steady_clock::now();
    std::ifstream file(argv[1], std::ios::binary);
    Play visitor;
    chess::pgn::StreamParser parser(file);
    parser.readGames(visitor);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = seconds < best ? seconds : best;
    games = visitor.games, plies = visitor.plies;
  }
  std::cout << best << " " << games << " " << plies << "\n";
  return 0;
}
