"""build_info() and the CHESSBITS_CPU switches (baseline, v3)."""
import json
import os
import subprocess
import sys

import pytest

import chessbits
from chessbits import attacks


def test_build_info_describes_the_build():
    info = chessbits.build_info()
    assert info["methods"] == attacks.METHODS
    assert info["default"] == attacks.DEFAULT
    assert info["default"] in info["default_reason"]
    assert info["streaming"] in attacks.METHODS and info["streaming"] in info["streaming_reason"]
    assert info["compiler"]
    assert set(info["cpu_features_used"]) <= set(info["cpu_features"])
    assert ("pext" in attacks.METHODS) == ("bmi2" in info["cpu_features_used"])


@pytest.mark.baseline
@pytest.mark.skipif(not os.environ.get("CHESSBITS_EXPECT_BASELINE"),
                    reason="CI sets CHESSBITS_EXPECT_BASELINE=1 when it runs us on an old CPU (qemu64)")
def test_old_cpu_gets_the_baseline_path():
    info = chessbits.build_info()
    assert info["cpu_features"] == [] and info["cpu_features_used"] == []
    assert "pext" not in attacks.METHODS and attacks.DEFAULT != "pext"
    assert "no BMI2" in info["default_reason"]


@pytest.mark.skipif(not os.environ.get("CHESSBITS_EXPECT_SANITIZED"),
                    reason="CI sets CHESSBITS_EXPECT_SANITIZED=1 when it runs the suite on the ASan + UBSan build")
def test_sanitizer_stage_runs_the_sanitized_build():
    info = chessbits.build_info()
    assert info["sanitized"] and info["debug"], "the sanitizer stage must not test the plain build"


def _info_in_subprocess(**env):
    code = "import json, chessbits; print(json.dumps(chessbits.build_info()))"
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, **env),
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_baseline_switch_forces_portable_paths():
    info = _info_in_subprocess(CHESSBITS_CPU="baseline")
    assert info["cpu_features_used"] == []
    assert "pext" not in info["methods"]
    assert info["default"] != "pext"
    assert not info["fast_pext"]


def test_baseline_methods_still_exact():
    code = ("import chessbits.attacks as a; "
            "print(all(a.selftest(m, randoms=50) == (0, None) for m in a.METHODS))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, CHESSBITS_CPU="baseline")).stdout
    assert out.strip() == "True"


def test_v3_switch_leaves_avx512_out():
    """CHESSBITS_CPU=v3 caps the code at x86-64-v3: AVX-512's catalogue loops are not used
    (on a CPU with them), everything else as detected."""
    native, capped = chessbits.build_info(), _info_in_subprocess(CHESSBITS_CPU="v3")
    assert "avx512" not in capped["cpu_features_used"]
    assert capped["cpu_features_used"] == [f for f in native["cpu_features_used"] if f != "avx512"]
    assert capped["attacks_code_path"] != "x86-64-v4"
    assert (native["attacks_code_path"] == "x86-64-v4") == ("avx512" in native["cpu_features_used"])


@pytest.mark.parametrize("cpu", ["v3", "native"])
def test_each_code_path_exact(cpu):
    """The catalogue's batch loops of every code path this CPU can run (x86-64-v4's eight
    AVX-512 lanes natively where the CPU has them, v3's four under CHESSBITS_CPU=v3) give
    the reference's attacks."""
    code = ("import chessbits.attacks as a; "
            "print(all(a.selftest(m, randoms=200) == (0, None) for m in a.METHODS))")
    env = dict(os.environ, CHESSBITS_CPU=cpu) if cpu != "native" else dict(os.environ)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "True"
