"""The named positions of the perft world and their published counts (chessprogramming.org's
"Perft Results"): what ``chessbits perft startpos 6``, the benchmarks and the engine helpers'
examples name. STARTING_FEN itself is python-chess's name (chessbits.STARTING_FEN).

>>> from chessbits import Board
>>> Board(NAMED["kiwipete"]).perft(3) == PUBLISHED["kiwipete"][3]
True
"""
from typing import Dict

from ._core import STARTING_FEN

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
NAMED: Dict[str, str] = {
    "startpos": STARTING_FEN,
    "kiwipete": KIWIPETE,
    "pos3": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "pos4": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "pos5": "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
}
# name -> {depth: leaves}
PUBLISHED: Dict[str, Dict[int, int]] = {
    "startpos": {1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324, 7: 3195901860,
                 8: 84998978956, 9: 2439530234167, 10: 69352859712417},
    "kiwipete": {1: 48, 2: 2039, 3: 97862, 4: 4085603, 5: 193690690, 6: 8031647685},
    "pos3": {1: 14, 2: 191, 3: 2812, 4: 43238, 5: 674624, 6: 11030083, 7: 178633661, 8: 3009794393},
    "pos4": {1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292, 6: 706045033},
    "pos5": {1: 44, 2: 1486, 3: 62379, 4: 2103487, 5: 89941194},
}
