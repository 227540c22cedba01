"""Declares the one C extension; everything else lives in pyproject.toml.

Build knobs (environment variables):
  CHESSBITS_DEBUG=1     -O0 -g, asserts on
  CHESSBITS_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer (with DEBUG)
  CHESSBITS_MARCH=X     -march=X (e.g. native): the build runs only on such CPUs
The default build has no ISA flags: one wheel runs on any x86-64 and picks
POPCNT/BMI2 paths at run time.
"""
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup


def compile_args():
    if sys.platform == "win32":
        return ["/O2"], []
    args = ["-std=c11", "-O3", "-fno-plt", "-Wall", "-Wno-unused-function"]
    link = []
    if os.environ.get("CHESSBITS_DEBUG"):
        args += ["-O0", "-g", "-UNDEBUG"]
    if os.environ.get("CHESSBITS_SANITIZE"):
        san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
        args += san
        link += san
    march = os.environ.get("CHESSBITS_MARCH")
    if march:
        args.append(f"-march={march}")
    return args, link


cflags, ldflags = compile_args()
ext = Extension(
    "chessbits._core",
    sources=["src/chessbits/_core.pyx", "ext/core.c", "ext/polyglot.c"],
    include_dirs=["ext"],
    define_macros=[("_POSIX_C_SOURCE", "200809L")],
    extra_compile_args=cflags,
    extra_link_args=ldflags,
)
setup(ext_modules=cythonize([ext], language_level=3,
                            compiler_directives={"boundscheck": False, "wraparound": False,
                                                 "cdivision": True}))
