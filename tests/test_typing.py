"""The stubs are complete enough for a strictly typed user program."""
import subprocess
import sys
from pathlib import Path

import pytest


def test_mypy_strict_on_usage_example():
    pytest.importorskip("mypy")
    usage = Path(__file__).parent / "typing" / "usage.py"
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                        "--cache-dir", "/dev/null" if sys.platform != "win32" else "nul", str(usage)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
