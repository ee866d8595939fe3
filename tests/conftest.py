"""Every test runs headless, in English (whatever the machine's language) and keeps its saves
in a temporary folder. A test of Japanese asks for it (`japanese` below)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.core import i18n, paths, registry  # noqa: E402
from tests.plugins import install  # noqa: E402

# Whatever a test's own home misses (a fixture wider than a test, a thread that outlives it)
# would reach the person's own saves and settings: here the platform's folders are an empty one
# of the session's, and the session fails if Bazaar wrote anything there.
OUTSIDE = Path(tempfile.mkdtemp(prefix="bazaar-outside-"))
os.environ["XDG_DATA_HOME"] = str(OUTSIDE / "data")
os.environ["XDG_CONFIG_HOME"] = str(OUTSIDE / "config")


def pytest_configure(config):
    """The test game (tests/plugins/goofspiel) is installed with pip as its own distribution
    before the tests are collected, so every test that takes the registry's games takes it too:
    a game nobody lists by hand."""
    where = Path(tempfile.mkdtemp(prefix="bazaar-plugins-"))
    config.add_cleanup(lambda: shutil.rmtree(where, ignore_errors=True))
    install.put_on_path(install.install(where))
    registry.refresh()


def pytest_sessionfinish(session, exitstatus):
    written = sorted(str(f) for f in OUTSIDE.glob(f"*/{paths.APP}/**/*") if f.is_file())
    shutil.rmtree(OUTSIDE, ignore_errors=True)
    if written:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        reporter.write_line(f"FAILED: tests wrote outside their own homes, where a person's are: {written}")


@pytest.fixture(autouse=True)
def bazaar_home(tmp_path, monkeypatch):
    home = tmp_path / "bazaar-home"
    monkeypatch.setenv("BAZAAR_HOME", str(home))
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # the system language a new settings file follows
    i18n.set_language("en")
    return home


@pytest.fixture
def japanese(bazaar_home):
    """Japanese for this test: the settings say so, and the language is switched now."""
    config = bazaar_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text('{"language": "ja"}', encoding="utf-8")
    assert i18n.set_language("ja") is None
    yield
    i18n.set_language("en")
