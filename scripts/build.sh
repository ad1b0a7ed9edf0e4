#!/usr/bin/env bash
# The README's build command: installs the toolkit in .venv and builds the site from corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e .
exec .venv/bin/edition build "$@"
