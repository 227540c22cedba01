// chessbits' side-by-side driver for cozy-chess (Rust): perft counted the way chessbits
// counts it (the last ply counted, not played), one thread, timed around the search only.
// Built by benchmarks/bench_native.py against a cozy-chess checkout the user fetched.
// Usage: cozy_perft DEPTH FEN   ->   "nodes seconds"
use cozy_chess::Board;
use std::time::Instant;

fn perft(board: &Board, depth: u8) -> u64 {
    let mut total = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            total += moves.len() as u64;
            false
        });
        return total;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            total += perft(&child, depth - 1);
        }
        false
    });
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u8 = args[1].parse().expect("depth");
    let board = Board::from_fen(&args[2], false).expect("fen");
    let start = Instant::now();
    let nodes = if depth == 0 { 1 } else { perft(&board, depth) };
    println!("{} {:.6}", nodes, start.elapsed().as_secs_f64());
}
