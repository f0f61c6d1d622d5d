"""What a user installs and what CI runs: one stable-ABI wheel, the README's commands, the layout it documents."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import canfield
from canfield import _native
from canfield.plugins import variants as builtin_variants

ROOT = Path(__file__).resolve().parent.parent


def _sh_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, flags=re.S)]


def test_ci_runs_the_readmes_test_command_exactly() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = _sh_blocks(readme.split("## Two commands", 1)[1].split("\n## ", 1)[0])
    assert len(blocks) == 2, "the README carries two commands: the main job, and the whole check"
    main_job, whole_check = blocks
    assert "pip install ." in main_job and "canfield play CF1-D3-AAAAAAA" in main_job
    commands = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert commands[-1] == whole_check
    script = (ROOT / whole_check.split()[-1]).read_text(encoding="utf-8")
    for check in ("python -m build", "pytest", 'ruff" check', "format --check", "mypy", "lint-imports"):
        assert check in script, check
    for check in ("cargo test", "cargo fmt", "cargo clippy", "-D warnings"):
        assert check in script, check


def test_the_native_module_uses_the_stable_abi() -> None:
    cargo = (ROOT / "rust" / "Cargo.toml").read_text(encoding="utf-8")
    assert re.search(r'^pyo3 = \{.*features = \["abi3-py310"\]', cargo, flags=re.M)
    name = Path(_native.__file__).name
    if name.endswith(".so"):  # a build for one Python would be named _native.cpython-3XX-….so
        assert ".abi3." in name, f"{name}: not a stable-ABI build (a stale one left in the tree?)"


def test_the_built_in_variants_live_where_the_readme_says() -> None:
    assert not (ROOT / "variants").exists() and not (ROOT / "variants").is_symlink()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "src/canfield/plugins/variants/" in readme and "canfield.plugins.variants" in readme
    folder = ROOT / "src" / "canfield" / "plugins" / "variants"
    assert {p.stem for p in folder.glob("*.py")} - {"__init__"} == set(builtin_variants.MODULES)
    modules = [importlib.import_module(f"canfield.plugins.variants.{m}") for m in builtin_variants.MODULES]
    assert {v.id for v in canfield.variants() if v.source == "built-in"} == {m.VARIANT.id for m in modules}
