#!/usr/bin/env bash
# Runs the framework integrations' tests (tests/integrations/) each in a venv of its own, with refwright
# installed from this tree with that framework's extra (`pip install ".[crewai]"`): the frameworks' pins
# conflict with each other and with refwright[mcp] (CrewAI and LangChain's MCP adapters require mcp<2), so
# none of them goes into the main environment, and the plain `python3 -m pytest` skips these tests.
#
#   bash scripts/integration_venvs.sh [EXTRA ...]      (default: all six)
#
# The venvs live under $REFWRIGHT_VENVS (default /tmp/refwright-venvs) and are reused when present. They see
# the main environment's packages (--system-site-packages: Playwright, pytest) and install over them what
# the extra needs. Tests run serially, offline (loopback only).
set -euo pipefail
cd "$(dirname "$0")/.."
root="${REFWRIGHT_VENVS:-/tmp/refwright-venvs}"
extras=("$@")
[[ ${#extras[@]} -gt 0 ]] || extras=(langchain openai-agents pydantic-ai smolagents crewai llamaindex)

# What only the tests and the docs' examples need beyond the extra (the MCP route's clients).
# The MCP clients that need mcp<2 reach the `refwright mcp` on PATH (the main environment's, with refwright[mcp]).
declare -A test_deps=(
  [langchain]="langchain-mcp-adapters>=0.3,<0.4"
  [pydantic-ai]="pydantic-ai-slim[mcp]>=2.78,<3"
  [smolagents]="smolagents[mcp]>=1.26,<2 mcp>=1.24,<2"
)

for extra in "${extras[@]}"; do
  name="${extra//-/_}"
  venv="$root/$name"
  [[ -x "$venv/bin/python" ]] || python3 -m venv --system-site-packages "$venv"
  echo "integration_venvs: installing refwright[$extra] into $venv" >&2
  # shellcheck disable=SC2086  # the test deps are several words on purpose
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --root-user-action=ignore ".[$extra]" \
    ${test_deps[$extra]:-}
  "$venv/bin/python" -c "import refwright.integrations.$name"  # fails loudly when the install did not work
  echo "integration_venvs: testing refwright.integrations.$name" >&2
  # PYTHONPATH is cleared so that the tests use the refwright this venv installed, not a source tree.
  PYTHONPATH= "$venv/bin/python" -m pytest -n 0 -p no:cacheprovider -q "tests/integrations/test_$name.py"
done
