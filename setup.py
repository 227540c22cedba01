"""Declares the one C extension; everything else lives in pyproject.toml.

Build knobs (environment variables):
  CHESSBITS_DEBUG=1     -O0 -g, asserts on (CB_DEBUG: position invariants after make/unmake)
  CHESSBITS_SANITIZE=1  AddressSanitizer + UndefinedBehaviorSanitizer, -O1 (with DEBUG's asserts;
                        =fuzzer adds clang's libFuzzer coverage for atheris: tools/build_variant.py)
  CHESSBITS_MARCH=X     -march=X (e.g. native): the build runs only on such CPUs
The default build has no ISA flags: one wheel runs on any x86-64 and picks
POPCNT/BMI2 paths at run time. With a Unix compiler the C files compile in parallel,
one per core (the C core and Cython's module are the two long ones).
"""
import glob
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def compile_args():
    if sys.platform == "win32":  # MSVC: C11 for _Alignas and the rest
        return ["/O2", "/std:c11"], []
    # hidden symbols: the C tables are reached directly, not through the GOT (only PyInit_ is exported)
    args = ["-std=c11", "-O3", "-fno-plt", "-fvisibility=hidden", "-Wall", "-Wno-unused-function"]
    link = []
    if os.environ.get("CHESSBITS_DEBUG"):
        args += ["-O0", "-g", "-UNDEBUG", "-DCB_DEBUG"]
    sanitize = os.environ.get("CHESSBITS_SANITIZE")
    if sanitize:  # -O1: the test suite's perft runs in reasonable time, the reports stay exact
        san = ["-fsanitize=address,undefined" + (",fuzzer-no-link" if sanitize == "fuzzer" else ""),
               "-fno-sanitize-recover=undefined", "-fno-omit-frame-pointer"]
        args += ["-O1", "-g", *san]
        link += san
    march = os.environ.get("CHESSBITS_MARCH")
    if march:
        args.append(f"-march={march}")
    return args, link


def c_core_args(src):
    """Flags for our C (ext/), not the Cython module: CPython's CFLAGS carry -fwrapv (its own
    code relies on signed overflow wrapping), which costs the C core 6% of its instructions
    (callgrind, Syzygy probes); ours has no signed overflow (UBSan checks it in CI)."""
    return ["-fno-wrapv"] if src.replace("\\", "/").startswith("ext/") else []


def parallel_compile(compiler):
    """Make a Unix compiler object compile an extension's sources in parallel (each a
    separate process; setuptools compiles them one after another)."""
    def compile(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                extra_preargs=None, extra_postargs=None, depends=None):
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj):
            src, ext = build[obj]
            compiler._compile(obj, src, ext, cc_args, (extra_postargs or []) + c_core_args(src), pp_opts)

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            list(pool.map(one, objects))
        return objects
    compiler.compile = compile


class BuildExt(build_ext):
    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            parallel_compile(self.compiler)
        super().build_extensions()


cflags, ldflags = compile_args()
ext = Extension(
    "chessbits._core",
    # the C core first: the longest compile starts first
    sources=["ext/core.c", "src/chessbits/_core.pyx", "ext/polyglot.c"],
    include_dirs=["ext"],
    # core.c includes the rest of ext/: an edit anywhere there rebuilds the extension
    depends=sorted(glob.glob("ext/**/*.[ch]", recursive=True) + glob.glob("src/chessbits/include/*.h")),
    define_macros=[("_POSIX_C_SOURCE", "200809L")],
    extra_compile_args=cflags,
    extra_link_args=ldflags,
)
setup(ext_modules=cythonize([ext], language_level=3,
                            compiler_directives={"boundscheck": False, "wraparound": False,
                                                 "cdivision": True}),
      cmdclass={"build_ext": BuildExt})
