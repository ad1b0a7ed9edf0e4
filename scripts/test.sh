#!/usr/bin/env bash
# The README's test command: installs everything the tests need, then runs them.
# - a virtual environment in .venv with the project and its test extras;
# - Debian's chromium for the browser tests (Playwright cannot download its own browser here).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: install Debian's chromium package (sudo apt-get install chromium)" >&2
    exit 1
  fi
fi
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
exec .venv/bin/python -m pytest "$@"
