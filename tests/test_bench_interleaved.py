"""The benchmarks' round-robin timer (chessbits.bench.interleaved)."""
from chessbits.bench import interleaved, median


def test_each_round_runs_every_row_after_its_setup():
    log = []

    def row(name):
        def run():
            log.append(name)
            return len(log)
        return run

    each = []
    results = interleaved([row("a"), row("b"), row("c")], 2, setup=[lambda: log.append("reset a"), None], each=each)
    assert log == ["reset a", "a", "b", "c"] * 2
    assert [value for _, value in results] == [6, 7, 8]  # (the last round's results)
    assert [len(times) for times in each] == [2, 2, 2]
    assert [seconds for seconds, _ in results] == [median(times) for times in each]
