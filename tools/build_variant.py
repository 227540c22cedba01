"""Build a checking variant of the extension into its own directory, beside the normal one.

    python tools/build_variant.py debug OUT      # -O0, CB_DEBUG asserts
    python tools/build_variant.py sanitize OUT   # + ASan and UBSan (gcc or clang)
    python tools/build_variant.py fuzz OUT       # + clang's libFuzzer coverage, for atheris
    python tools/build_variant.py sanitize OUT -- python -m pytest tests   # build, then run

OUT/chessbits is then a complete package (the Python sources of src/chessbits and the
variant's _core): run with PYTHONPATH=OUT. The sanitized variants need their runtime
loaded first, as Python itself is not sanitized: `preload(variant)` says what to put in
LD_PRELOAD. setup.py's CHESSBITS_DEBUG / CHESSBITS_SANITIZE knobs do the compiling.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = {
    "debug": {"CHESSBITS_DEBUG": "1"},
    "sanitize": {"CHESSBITS_DEBUG": "1", "CHESSBITS_SANITIZE": "1"},
    "fuzz": {"CHESSBITS_DEBUG": "1", "CHESSBITS_SANITIZE": "fuzzer", "CC": "clang-16", "LDSHARED": "clang-16 -shared"},
}


def compiler_runtime(cc: str, name: str) -> str:
    """The path of the compiler's shared runtime ``name`` (e.g. libasan.so), or ''."""
    r = subprocess.run([cc, f"-print-file-name={name}"], capture_output=True, text=True)
    path = r.stdout.strip()
    return path if r.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else ""


def preload(variant: str) -> str:
    """LD_PRELOAD for running ``variant`` under an unsanitized Python ('' for debug)."""
    if variant == "debug":
        return ""
    if variant == "fuzz":
        import atheris  # its ASan runtime has libFuzzer's hooks
        return os.path.join(atheris.path(), "asan_with_fuzzer.so")
    cc = os.environ.get("CC", "cc")
    libs = [compiler_runtime(cc, n) for n in ("libasan.so", "libubsan.so")]
    if not all(libs):
        raise RuntimeError(f"{cc} has no shared libasan/libubsan: install the compiler's sanitizer runtime")
    return " ".join(libs)


def build(variant: str, out: Path) -> Path:
    """Compile ``variant`` and assemble OUT/chessbits; returns OUT."""
    env = {**os.environ, **VARIANTS[variant]}
    for dir_ in ("lib", "obj"):
        shutil.rmtree(out / dir_, ignore_errors=True)
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(out / "lib"),
                        "--build-temp", str(out / "obj")], cwd=ROOT, env=env, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"building the {variant} variant failed:\n{r.stderr[-3000:]}")
    package = out / "chessbits"
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(ROOT / "src" / "chessbits", package, ignore=shutil.ignore_patterns("*.so", "*.pyd", "_core.c"))
    for built in (out / "lib" / "chessbits").glob("_core*"):
        shutil.copy(built, package)
    return out


def environment(variant: str, out: Path) -> dict:
    """The environment that runs Python on the variant built in ``out``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(out), os.environ.get("PYTHONPATH")]))}
    if variant != "debug":
        env["LD_PRELOAD"] = preload(variant)
        # Python's own allocations at exit are not ours to report; any report fails the run
        env.setdefault("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    return env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant", choices=sorted(VARIANTS))
    ap.add_argument("out", type=Path)
    ap.add_argument("command", nargs=argparse.REMAINDER,
                    help="after --: a command to run on the variant (e.g. -- python -m pytest tests)")
    args = ap.parse_args()
    try:
        out = build(args.variant, args.out.resolve())
        env = environment(args.variant, out)
    except RuntimeError as e:
        raise SystemExit(f"build_variant: {e}") from None
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        print(f"built: PYTHONPATH={env['PYTHONPATH']} LD_PRELOAD='{env.get('LD_PRELOAD', '')}'")
        return
    sys.stdout.flush()
    os.execvpe(command[0], command, env)


if __name__ == "__main__":
    main()
