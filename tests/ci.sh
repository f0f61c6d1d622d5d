#!/usr/bin/env bash
# The whole check, as CI runs it on a clean clone (the README's test command; .ci/run calls it):
#
# 1. build the sdist, and the wheel from the sdist (python -m build), so both are proved complete;
# 2. install the wheel, with the test and lint extras, into a fresh venv on a PATH without cargo,
#    and run the test suite against that installed package (not the source tree);
# 3. ruff check, ruff format --check, mypy (strict), lint-imports (the layers contract);
# 4. the Rust crate: cargo test, cargo fmt --check, clippy with warnings as errors.
#
# Everything it makes goes under build/ci/ (ignored by git). Needs python3 (3.10+) with venv, a
# Rust toolchain (cargo, rustfmt, clippy) and the package index.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/build/ci
rm -rf "$work"
mkdir -p "$work"
step() { printf '\n== %s (at %ss)\n' "$*" "$SECONDS"; }
export PIP_DISABLE_PIP_VERSION_CHECK=1

step "build the sdist, then the wheel from it"
python3 -m venv "$work/build-venv"
"$work/build-venv/bin/pip" install -q "build>=1.2"  # the PyPA front end; maturin comes with the build
"$work/build-venv/bin/python" -m build --outdir "$work/dist" "$root"
sdist=$(ls "$work"/dist/canfield-*.tar.gz)
wheel=$(ls "$work"/dist/canfield-*.whl)
case $wheel in *-abi3-*) ;; *) echo "not a stable-ABI (abi3) wheel: $wheel" >&2; exit 1 ;; esac
"$work/build-venv/bin/python" - "$wheel" <<'EOF'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
for member in ("canfield/py.typed", "canfield/_native.pyi", "canfield/plugins/variants/classic.py"):
    if member not in names:
        sys.exit(f"the wheel lacks {member}")
if not any(n.startswith("canfield/_native.") and n.endswith((".so", ".pyd")) for n in names):
    sys.exit("the wheel lacks the native module")
EOF
echo "built $(basename "$sdist") and $(basename "$wheel")"

step "install the wheel into a fresh venv, on a PATH without cargo"
no_cargo=""
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
    [ -n "$dir" ] && [ ! -e "$dir/cargo" ] && [ ! -e "$dir/rustc" ] && no_cargo=${no_cargo:+$no_cargo:}$dir
done
venv=$work/venv
python3 -m venv "$venv"
test_path="$venv/bin:$no_cargo"
# --no-compile: the imports compile what they use, not every module of every dependency
PATH=$test_path "$venv/bin/pip" install -q --no-compile "$wheel[test,docs,lint]" "$root/examples/canfield-rush"
PATH=$test_path bash -c '! command -v cargo >/dev/null' || { echo "cargo is still on the test PATH" >&2; exit 1; }
installed=$(PATH=$test_path "$venv/bin/python" -c 'import canfield; print(canfield.__file__)')
case $installed in "$venv"/*) echo "testing $installed" ;; *) echo "canfield comes from $installed, not the wheel" >&2; exit 1 ;; esac

step "the test suite, against the installed wheel"
PATH=$test_path "$venv/bin/python" -m pytest -p no:cacheprovider

step "lint, format, types, import layers"
"$venv/bin/ruff" check src tests bench examples docs
"$venv/bin/ruff" format --check .
"$venv/bin/mypy"
PYTHONPATH=$root/src "$venv/bin/lint-imports"  # the layers of this tree's source

step "the Rust crate"
cargo test --manifest-path rust/Cargo.toml
cargo fmt --manifest-path rust/Cargo.toml --check
cargo clippy --manifest-path rust/Cargo.toml --all-targets --all-features -- -D warnings

step "all checks passed"
