"""ext/ builds and runs on its own: C-level checks compiled with the system compiler."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
@pytest.mark.parametrize("flags", [["-DCB_PORTABLE_BITS"], []], ids=["portable", "builtins"])
def test_bit_helpers(tmp_path, flags):
    exe = tmp_path / "bits"
    subprocess.run([CC, "-std=c11", "-O2", "-Wall", "-Werror", *flags, f"-I{ROOT / 'ext'}",
                    str(ROOT / "tests" / "c" / "bits_portable.c"), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip().endswith("200000 passed, 0 failed")


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
@pytest.mark.parametrize("flags", [["-DCB_PORTABLE_BITS"], []], ids=["portable", "builtins"])
def test_attack_catalogue_builds_and_passes_alone(tmp_path, flags):
    exe = tmp_path / "attacks"
    subprocess.run([CC, "-std=c11", "-O1", "-Wall", "-Werror", "-D_POSIX_C_SOURCE=200809L", *flags,
                    f"-I{ROOT / 'ext'}", str(ROOT / "tests" / "c" / "attacks_selftest.c"),
                    "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip().endswith(" failed") and ", 0 failed" in out.stdout
    assert int(out.stdout.split()[-4]) >= 12  # every technique but pext runs everywhere


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
@pytest.mark.parametrize("flags", [[], ["-U__SSE2__"]], ids=["as-built", "memchr"])
def test_skipped_movetext_braces(tmp_path, flags):
    exe = tmp_path / "skip"
    subprocess.run([CC, "-std=c11", "-O2", "-Wall", "-Werror", "-D_POSIX_C_SOURCE=200809L", *flags,
                    f"-I{ROOT / 'ext'}", str(ROOT / "tests" / "c" / "pgn_skip.c"), "-lm", "-o", str(exe)],
                   check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip() == "400000 passed, 0 failed"
