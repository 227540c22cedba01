"""benchmarks/bench_chess_movegen.py: the public benchmark built so that MOVEGEN_ONLY times one row
of its table, run for real on a stand-in checkout shaped like Chess_Movegen's (its Makefile's
-march=native, its Main.cpp's Norm(X) macro and row lines)."""
import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAIN = r'''#include <cstdio>
#include <cstdlib>
#include <string_view>
template <class T> void Get_MLU() { printf("%-35s%-30f%-20s\n", T::name.data(), T::speed, "1024"); }
struct A { static inline constexpr std::string_view name = "Row A"; static constexpr double speed = 111.5; };
struct B { static inline constexpr std::string_view name = "Row B"; static constexpr double speed = 222.25; };
#define Norm(X) if constexpr (X::name != "dummy")		    { Get_MLU<X>(); }									  //Random pos
int main() {
	printf("\nMillion Lookups/s Random Squares, Random Occupation:\n");
	Norm(A)
	Norm(B)
	return 0;
}
'''


def script():
    spec = importlib.util.spec_from_file_location("bench_chess_movegen", ROOT / "benchmarks" / "bench_chess_movegen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not shutil.which("g++") or not shutil.which("make"), reason="needs g++ and make")
def test_one_row_at_a_time(tmp_path):
    bench = script()
    checkout = tmp_path / "Chess_Movegen"
    checkout.mkdir()
    (checkout / "Makefile").write_text("CC=clang++-16\nall:\n\t$(CC) -O1 -march=native -std=c++20 Main.cpp -o movegen_compare\n")
    (checkout / "Main.cpp").write_text(MAIN)
    binary = bench.build(checkout, tmp_path / "work", "g++", "native")
    assert bench.public_round(binary, "Row B") == {"Row B": 222.25}
    assert bench.public_round(binary, "Row A") == {"Row A": 111.5}
    assert bench.public_round(binary, "Row C") == {}
    (checkout / "Main.cpp").write_text(MAIN.replace("{ Get_MLU<X>(); }", "Get_MLU<X>();"))
    with pytest.raises(SystemExit, match="no `#define Norm"):
        bench.build(checkout, tmp_path / "again", "g++", "native")
