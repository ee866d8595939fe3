# The README's commands. Each target creates .venv when missing and installs into it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PLAY := $(VENV)/.installed-play
DEV := $(VENV)/.installed-dev
DIST := $(VENV)/.installed-dist
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test test-slow bench dist lint clean

# Playing needs only the game's own dependencies; the tests, the lint and the catalogue tools
# add theirs (pyproject.toml [dev]) when first asked for.
$(PLAY): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(PLAY)

$(DEV): $(PLAY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(DEV)

# What builds the bundle, with the pinned versions of build/constraints.txt (as CI's release
# builds, through the same script): PyInstaller, and the app's own packages at the versions a
# release ships
$(DIST): $(PLAY) build/constraints.txt build/install_pinned.sh
	bash build/install_pinned.sh $(PY)
	touch $(DIST)

play: $(PLAY)
	$(PY) -m game

test: $(DEV)
	$(HEADLESS) $(PY) -m pytest -q

# The slow tests build the real bundle (tests/packaging/test_bundle.py): PyInstaller first
test-slow: $(DEV) $(DIST)
	$(HEADLESS) $(PY) -m pytest -q -m slow

bench: $(PLAY)
	$(HEADLESS) $(PY) -m game bench

# ruff, then the architecture's contracts (pyproject.toml [tool.importlinter]: layers, the
# seat window, no import cycles), then the strict type check of the window's door (pyproject.toml
# [tool.mypy]), then ShellCheck on the shell scripts (the bundle check runs under bash on Linux,
# macOS and Windows' Git Bash)
lint: $(DEV)
	$(PY) -m ruff check game tests build levels assets tools
	$(VENV)/bin/lint-imports
	$(PY) -m mypy
	$(VENV)/bin/shellcheck build/*.sh build/linux/*.sh build/macos/*.sh .ci/run

# The bundle, built with the pinned versions of build/constraints.txt (as CI's release builds),
# checked by build/check_bundle.sh, then packed for this system (on macOS the disk image is
# checked as well). On macOS a failed signature stops the build (PyInstaller only warns by
# default; check_bundle.sh verifies the signature).
dist: $(DIST)
	PYINSTALLER_STRICT_BUNDLE_CODESIGN_ERROR=1 \
		$(PY) -m PyInstaller --noconfirm --clean --distpath dist --workpath build/work build/bazaar.spec
	bash build/check_bundle.sh
	case "$$(uname -s)" in Linux) sh build/linux/package.sh ;; Darwin) sh build/macos/make_dmg.sh && sh build/macos/check_dmg.sh ;; esac

clean:
	rm -rf build/work dist
