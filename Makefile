# The two commands: `make run` installs and starts the game; `make test` installs what the
# tests need (Chromium from Debian included) and runs every check and test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: run test check pytest chromium bench screenshots icons clean

run: $(VENV)/.installed $(VENV)/.compiled
	$(BIN)/klondike $(ARGS)

test: $(VENV)/.installed-test $(VENV)/.compiled chromium check pytest

check: $(VENV)/.installed-test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

# The tests run in PYTEST_WORKERS processes (pytest-xdist; 0: in this one). Each browser
# test starts its own server on a free port; each process has its own Chromium.
PYTEST_WORKERS ?= 2
pytest: $(VENV)/.installed-test
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

$(VENV)/.installed: pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	KLONDIKE_PURE=1 $(BIN)/pip install -q --disable-pip-version-check -e .
	touch $@

# (KLONDIKE_PURE=1: the editable install compiles nothing; the step below compiles in place.)
# The solver's search and the engine (game, cards, stock) compiled with mypyc in place
# where it can be (about three times as fast); without mypyc or a C compiler the same modules run as
# pure Python, and nothing fails. COMPILED lists klondike.compiled.COMPILED_SOURCES.
COMPILED := src/klondike/cards.py src/klondike/stock.py src/klondike/game.py \
	src/klondike/solver/position.py \
	src/klondike/solver/moves.py src/klondike/solver/search.py
$(VENV)/.compiled: $(VENV)/.installed $(COMPILED)
	-$(BIN)/pip install -q --disable-pip-version-check 'mypy>=1.10' && \
		$(BIN)/python -m klondike.solver.build
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	KLONDIKE_PURE=1 $(BIN)/pip install -q --disable-pip-version-check -e '.[test]'
	touch $@

chromium:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

bench: $(VENV)/.installed-test chromium
	$(BIN)/python bench/engine.py

# Refresh the README's screenshots from the browser tests' own.
screenshots: $(VENV)/.installed-test chromium
	$(BIN)/pytest tests/browser -k screenshot
	$(BIN)/pytest tests/browser/test_table.py -k "court or win_cascades or settings_are"
	cd tests/artifacts/screenshots && cp desktop.png phone.png table-faces-desktop.png \
		table-settings-phone.png table-celebration-desktop.png ../../../docs/screenshots/

# Draw the home-screen icons (static/icons/) from static/favicon.svg with Chromium, once the
# icon changes; the PNGs are shipped, so nothing is drawn while the game runs.
icons: $(VENV)/.installed-test chromium
	cd tests && ../$(BIN)/python -m helpers.icons

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	rm -f src/*.so src/klondike/*.so src/klondike/solver/*.so src/klondike/solver/search.stamp
