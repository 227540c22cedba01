"""The command line, run as a user runs it."""
import json
import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run([sys.executable, "-m", "chessbits", *args], capture_output=True, text=True)


def test_info_json():
    r = run("info", "--json")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["default"] in info["methods"]


def test_info_text():
    r = run("info")
    assert r.returncode == 0 and "default_reason" in r.stdout


@pytest.mark.parametrize("flag, rook_entries", [([], "102,400"), (["--plain"], "262,144")])
def test_magics(flag, rook_entries):
    r = run("magics", *flag)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1].startswith("a1      0x")
    assert len([line for line in lines if line[:2] in {f"{f}{n}" for f in "abcdefgh" for n in "12345678"}]) == 64
    assert f"rook table {rook_entries} entries" in r.stdout
    assert "candidates tried in" in r.stdout


def test_magics_bad_seed():
    r = run("magics", "--seed", "0")
    assert r.returncode == 2 and "seed must be" in r.stderr


def test_bench_attacks_one_method():
    r = run("bench", "attacks", "--rounds", "1", "--method", "hyperbola", "--method", "reference")
    assert r.returncode == 0, r.stderr
    assert "| hyperbola" in r.stdout and "| reference" in r.stdout
    assert "ns per lookup" in r.stdout


def test_bench_rejects_unknown_method():
    r = run("bench", "attacks", "--method", "nope")
    assert r.returncode == 2 and "invalid choice" in r.stderr
