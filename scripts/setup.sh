#!/usr/bin/env bash
# Installs what refwright needs on a fresh machine: a Chromium (Debian's, when none is found), Debian's
# headless shell beside it, and the package with its development extras. Safe to run again: it skips what
# is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

have_browser() {
  [[ -n "${REFWRIGHT_EXECUTABLE_PATH:-}" ]] && return 0
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || command -v google-chrome >/dev/null 2>&1
}

if ! have_browser; then
  sudo=""
  [[ "$(id -u)" != "0" ]] && sudo="sudo"
  echo "setup: installing Debian's chromium" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

# Headless runs prefer Chromium's headless shell, the same engine without the browser window that full
# Chromium builds for every page (a fresh page costs about half the CPU). Debian packages it beside
# chromium; where the distribution has no such package, full Chromium serves headless runs too.
if [[ -z "${REFWRIGHT_EXECUTABLE_PATH:-}" ]] && command -v apt-get >/dev/null 2>&1 \
    && ! command -v chromium-headless-shell >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1; then
  sudo=""
  [[ "$(id -u)" != "0" ]] && sudo="sudo"
  if apt-cache show chromium-headless-shell >/dev/null 2>&1 \
      || { $sudo apt-get update -qq && apt-cache show chromium-headless-shell >/dev/null 2>&1; }; then
    echo "setup: installing Debian's chromium-headless-shell (headless runs)" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null \
      || echo "setup: chromium-headless-shell did not install; headless runs use full Chromium" >&2
  fi
fi

# Local OCR (the `visual` commands): the tesserocr wheel bundles libtesseract; the English data is Debian's.
if ! ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata >/dev/null 2>&1 && [[ -z "${TESSDATA_PREFIX:-}" ]]; then
  sudo=""
  [[ "$(id -u)" != "0" ]] && sudo="sudo"
  echo "setup: installing Debian's tesseract-ocr-eng (language data for local OCR)" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq tesseract-ocr-eng >/dev/null
fi

python3 -m pip install -q --disable-pip-version-check -e ".[dev]" 2>&1 | grep -v "Running pip as the 'root' user" || true
python3 -c "import refwright" # fails loudly when the install did not work
