# The README's commands. Each target creates .venv when missing and installs into it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test test-slow bench dist lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	$(HEADLESS) $(PY) -m pytest -q

test-slow: $(STAMP)
	$(HEADLESS) $(PY) -m pytest -q -m slow

bench: $(STAMP)
	$(HEADLESS) $(PY) -m game bench

# ruff, then the architecture's contracts (pyproject.toml [tool.importlinter]: layers, the
# seat window, no import cycles)
lint: $(STAMP)
	$(PY) -m ruff check game tests build levels assets tools
	$(VENV)/bin/lint-imports

dist: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dist]'
	$(PY) -m PyInstaller --noconfirm --clean --distpath dist --workpath build/work build/bazaar.spec
	case "$$(uname -s)" in Linux) sh build/linux/package.sh ;; Darwin) sh build/macos/make_dmg.sh ;; esac

clean:
	rm -rf build/work dist
