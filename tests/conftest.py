import os

import pytest
from hypothesis import settings

# The long differential fuzzing run (tests/test_fuzz_differential.py): --hypothesis-profile=long
settings.register_profile("long", max_examples=int(os.environ.get("CHESSBITS_FUZZ_EXAMPLES", "200000")),
                          deadline=None, database=None, print_blob=True)


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="also run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_ignore_collect(collection_path, config):
    """Under the emulated old CPU (CI's baseline stage: -m baseline), only modules holding
    baseline tests are imported: others may import NumPy, whose wheels need a newer CPU."""
    if os.environ.get("CHESSBITS_EXPECT_BASELINE") and collection_path.suffix == ".py" \
            and collection_path.name.startswith("test_"):
        return "pytest.mark.baseline" not in collection_path.read_text(encoding="utf-8")
    return None
