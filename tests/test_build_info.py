"""build_info() and the CHESSBITS_CPU=baseline switch."""
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
