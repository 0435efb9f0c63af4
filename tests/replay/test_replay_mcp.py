"""The MCP coding profile's browser_save_run: the session's steps saved as a script that replays."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

import mcp
from refwright import Config
from refwright.demo import DemoServer
from refwright.mcp import ClientBrowser, create_server
from refwright.replay import Check, Step, parse_script

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoServer]:
    with DemoServer() as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def session() -> AsyncIterator[ClientBrowser]:
    shared = ClientBrowser(config=Config(allow_private=True))
    yield shared
    await shared.close()


async def test_browser_save_run_writes_the_sessions_steps_as_a_script(session: ClientBrowser,
                                                                      demo: DemoServer) -> None:
    async with mcp.Client(create_server("coding", session=session, approve="auto").server) as client:
        async def call(tool: str, **args: Any) -> str:
            result = await client.call_tool(tool, args)
            text = "\n".join(c.text for c in result.content if c.type == "text")
            assert not result.is_error, text
            return text

        await call("browser_navigate", url=demo.url)
        await call("browser_inspect")
        await call("browser_fill", target="Email", value="coder@example.com")
        await call("browser_action", request='Type "longenough1" into Password')
        await call("browser_select_option", target="Plan", option="Team")
        await call("browser_set_checkboxes", items={"I agree to the terms": True})
        await call("browser_action", request="click Create account")
        refused = await client.call_tool("browser_save_run", {"name": "../escape.py"})
        assert refused.is_error
        out = await call("browser_save_run", name="signup.py", answer='It says "Welcome, coder@example.com!"')
    assert out.startswith("Saved 6 step(s) as "), out
    script = out.split("The script:\n\n", 1)[1]
    assert "longenough1" not in script
    items = parse_script(script)
    assert [(s.action, s.name) for s in items if isinstance(s, Step)] == [
        ("goto", ""), ("fill", "Email"), ("fill", "Password"), ("select", "Plan"), ("check", "I agree to the terms"),
        ("click", "Create account")]
    assert isinstance(items[-1], Check) and items[-1].text == "Welcome, coder@example.com!"
    requests = [s.request for s in items if isinstance(s, Step)]
    assert requests[1:] == ["set the field 'Email'", "Type \"[secret]\" into Password", "choose 'Team' in 'Plan'",
                            "set the checkboxes {'I agree to the terms': True}", "click Create account"]
