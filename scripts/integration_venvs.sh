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
  [crewai]="crewai-tools[mcp]>=1.15,<2"
  [llamaindex]="llama-index-tools-mcp>=0.6,<0.7"
)

install() {  # install() EXTRA VENV: refwright[EXTRA] from the wheel and its test deps into VENV
  [[ -x "$2/bin/python" ]] || python3 -m venv --system-site-packages "$2"
  # shellcheck disable=SC2086  # the test deps are several words on purpose
  "$2/bin/python" -m pip install -q --disable-pip-version-check --root-user-action=ignore --force-reinstall \
      --no-deps "$wheel" \
    && "$2/bin/python" -m pip install -q --disable-pip-version-check --root-user-action=ignore "$wheel[$1]" \
      ${test_deps[$1]:-} \
    && "$2/bin/python" -c "import refwright.integrations.${1//-/_}"  # fails loudly when the install did not work
}

# One wheel of this tree for every venv (building it in each at once would race on build/).
mkdir -p "$root"
rm -rf "$root/wheel"
python3 -m pip wheel -q --no-deps --disable-pip-version-check -w "$root/wheel" .
wheel="$(ls "$root"/wheel/refwright-*.whl)"

# The installs wait on the package index more than on the CPU, so they run side by side; the tests one by one.
declare -A installing=()
for extra in "${extras[@]}"; do
  name="${extra//-/_}"
  echo "integration_venvs: installing refwright[$extra] into $root/$name" >&2
  install "$extra" "$root/$name" > "$root/$name.log" 2>&1 &
  installing[$extra]=$!
done
failed=()
for extra in "${extras[@]}"; do
  if ! wait "${installing[$extra]}"; then
    echo "integration_venvs: installing refwright[$extra] failed:" >&2
    grep -v "^WARNING: Location" "$root/${extra//-/_}.log" | tail -20 >&2
    failed+=("$extra (install)")
  fi
done

for extra in "${extras[@]}"; do
  name="${extra//-/_}"
  [[ " ${failed[*]} " == *" $extra (install) "* ]] && continue
  echo "integration_venvs: testing refwright.integrations.$name" >&2
  # PYTHONPATH is cleared so that the tests use the refwright this venv installed, not a source tree.
  PYTHONPATH= "$root/$name/bin/python" -m pytest -n 0 -p no:cacheprovider -q "tests/integrations/test_$name.py" \
    || failed+=("$extra")
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "integration_venvs: failed: ${failed[*]}" >&2
  exit 1
fi
