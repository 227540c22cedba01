"""The benchmarks' round-robin timer (chessbits.bench.interleaved)."""
from chessbits.bench import interleaved


def test_each_round_runs_every_row_after_its_setup():
    log = []

    def row(name):
        def run():
            log.append(name)
            return len(log)
        return run

    results = interleaved([row("a"), row("b"), row("c")], 2, setup=[lambda: log.append("reset a"), None])
    assert log == ["reset a", "a", "b", "c"] * 2
    assert [value for _, value in results] == [6, 7, 8]  # (the last round's results)
    assert all(seconds >= 0 for seconds, _ in results)
