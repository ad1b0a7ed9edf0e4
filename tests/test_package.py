"""The package as a user installs it: its version, its optional parts, its metadata."""
from __future__ import annotations

import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_version_option(cli):
    r = cli("--version")
    assert r.exit_code == 0
    assert r.output.strip() == f"edition (patience-edition) {version('patience-edition')}"


def test_scheduler_without_the_cluster_extra_says_which_extra(cli, monkeypatch):
    """Dask is optional (`patience-edition[cluster]`): without it, --scheduler is one line."""
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed -> ImportError
    r = cli("odds", "mill", "--deals", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert r.exit_code == 2
    assert "pip install 'patience-edition[cluster]'" in r.output
    assert "Traceback" not in r.output


def test_metadata_is_typed_and_classified():
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "dask[distributed]>=2024.1" in meta["optional-dependencies"]["cluster"]
    assert not any(d.startswith("dask") for d in meta["dependencies"])
    assert "Typing :: Typed" in meta["classifiers"]
    # PEP 639: the licence is an SPDX expression (a string, not a table), and no licence
    # classifier says it a second time
    from packaging.licenses import canonicalize_license_expression
    assert isinstance(meta["license"], str)
    assert canonicalize_license_expression(meta["license"]) == meta["license"]
    assert not any(c.startswith("License ::") for c in meta["classifiers"])
    assert "Framework :: Sphinx :: Extension" in meta["classifiers"]
    for pkg in ("extract", "engine"):
        assert (REPO / pkg / "py.typed").is_file()


def test_build_quiet_and_verbose_contradict(cli, tmp_path):
    r = cli("build", "-q", "-v", "--out", tmp_path / "site")
    assert r.exit_code == 2 and "contradict" in r.output
    assert not (tmp_path / "site").exists()


def test_build_quiet_drops_the_progress_line_and_keeps_the_result(cli, tmp_path, monkeypatch):
    """`build -q` passes the pipeline no progress reporter, so the progress line ("building
    the site ...") is not printed; the one-line result still is. The pipeline is stood in for
    (a full build is the site fixture's): it reports progress as extract.build.build_site
    does, through ``say``, when given one."""
    import extract.cli

    def pipeline(out, corpus, cache, force=False, verbose=False, say=None):
        if say is not None:
            say("building the site from corpus/ ...")
        return f"site built: {out}"
    monkeypatch.setattr(extract.cli, "build_site", pipeline)
    loud = cli("build", "--out", tmp_path / "site")
    quiet = cli("build", "-q", "--out", tmp_path / "site")
    assert loud.exit_code == quiet.exit_code == 0
    assert "building the site" in loud.output and "site built:" in loud.output
    assert "building the site" not in quiet.output and "site built:" in quiet.output


def _sdist(tmp_path: Path) -> Path:
    """The source distribution of the repository's tracked files (as a clean clone has
    them, links kept as links), made by ``python -m build --sdist``."""
    import shutil
    import subprocess
    tree = tmp_path / "tree"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        if (REPO / rel).is_symlink() or (REPO / rel).is_file():
            (tree / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / rel, tree / rel, follow_symlinks=False)
    r = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir",
                        str(tmp_path / "dist"), str(tree)], capture_output=True, text=True)
    assert r.returncode == 0, (r.stdout + r.stderr)[-2000:]
    (sdist,) = (tmp_path / "dist").glob("patience_edition-*.tar.gz")
    return sdist


def test_a_wheel_install_builds_an_edition_of_its_own_corpus(tmp_path):
    """`pip install .` (a wheel, not an editable checkout, built from the sdist as a package
    index would) into a fresh venv carries the site's Sphinx project and the Pyodide pin (in
    the repository, links to docs/ and package*.json) and the licence files: its `edition`
    command builds an edition of another corpus from any folder. The venv borrows this
    one's dependencies (a .pth line naming its site-packages, whose editable finder is not
    run), so the test needs no network for them."""
    import os
    import shutil
    import site
    import subprocess
    import sysconfig
    import tarfile
    import zipfile
    sdist = _sdist(tmp_path)
    with tarfile.open(sdist) as tar:
        members = {m.name.partition("/")[2]: m for m in tar.getmembers()}
    assert members["extract/packaged/site/conf.py"].isfile()
    assert members["LICENSE"].isfile() and members["extract/packaged/package.json"].isfile()
    wheels = tmp_path / "wheels"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                        "-w", str(wheels), str(sdist)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    (wheel,) = wheels.glob("patience_edition-*.whl")
    with zipfile.ZipFile(wheel) as z:
        licences = sorted(n.split(".dist-info/licenses/", 1)[1] for n in z.namelist()
                          if ".dist-info/licenses/" in n)
        assert licences == ["LICENSE", "corpus/README.md"]
        assert "extract/packaged/site/conf.py" in z.namelist()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # no PYTHONPATH anywhere below: it would show pip and the venv this checkout's code
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                        "install", "-q", "--no-deps", "--no-index", str(wheel)],
                       env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    # then (not before: pip would take this checkout's editable install for the package)
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(venv)}))
    (purelib / "deps.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    installed = purelib / "extract"
    assert (installed / "packaged" / "site" / "conf.py").is_file()
    assert not (installed / "packaged" / "site").is_symlink()
    corpus = tmp_path / "mycorpus"
    shutil.copytree(REPO / "corpus", corpus, ignore=shutil.ignore_patterns("results"))
    work = tmp_path / "work"
    work.mkdir()
    edition = str(venv / "bin" / "edition")
    r = subprocess.run([str(venv / "bin" / "python"), "-c",
                        "import extract; print(extract.__file__)"],
                       cwd=work, env=env, capture_output=True, text=True)
    assert r.stdout.strip() == str(installed / "__init__.py"), r.stdout + r.stderr
    r = subprocess.run([edition, "--version"], cwd=work, env=env, capture_output=True, text=True)
    assert r.stdout.strip() == f"edition (patience-edition) {version('patience-edition')}"
    r = subprocess.run([edition, "--corpus", str(corpus), "build", "-q", "--out", "site"],
                       cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    page = (work / "site" / "games" / "mill.html").read_text(encoding="utf-8")
    assert 'id="mill.4"' in page
    assert (work / "site" / "_static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert not any(venv.rglob("node_modules"))     # npm installed into the cache, not the package
    npm = tmp_path / "cache" / "patience-edition" / "npm" / "node_modules"
    assert (npm / "pyodide").is_dir()
    assert not (npm / "axe-core").exists()         # the tests' devDependency is not the site's
