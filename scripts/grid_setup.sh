#!/usr/bin/env bash
# What tests/test_selenium_grid.py needs for a real Selenium Grid 4 here: Java and Debian's chromedriver
# (apt), and Selenium's standalone server jar, which the npm package @nightwatch/selenium-server carries
# (into /tmp/refwright-grid, where tests/fleet.py looks). Best effort: CI runs it, and the test is skipped,
# saying what is missing, where something did not install. Safe to run again.
set -uo pipefail
sudo=""
[[ "$(id -u)" != "0" ]] && sudo="sudo"
missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if ((${#missing[@]})) && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} (Selenium Grid test)" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || echo "setup: ${missing[*]} did not install; the Selenium Grid test will be skipped" >&2
fi
jar=/tmp/refwright-grid/node_modules/@nightwatch/selenium-server/lib/selenium-server-4.20.0.jar
if [[ ! -f "$jar" ]] && command -v npm >/dev/null 2>&1; then
  echo "setup: installing Selenium's standalone server (npm @nightwatch/selenium-server 4.20.0)" >&2
  mkdir -p /tmp/refwright-grid
  (cd /tmp/refwright-grid && { [[ -f package.json ]] || npm init -y >/dev/null; } \
    && npm install --no-audit --no-fund --ignore-scripts @nightwatch/selenium-server@4.20.0 >/dev/null) \
    || echo "setup: the Selenium server did not install; the Selenium Grid test will be skipped" >&2
fi
exit 0
