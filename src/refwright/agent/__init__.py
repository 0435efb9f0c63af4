"""An LLM agent with one tool, ``browser``: the loop, the tool declaration and model providers.

    from refwright.agent import OpenAIChat, run_agent

    run = await run_agent(page, OpenAIChat("gpt-4o-mini"), "Sign up as test@example.com")
    print(run.answer)
"""

from __future__ import annotations

from .._errors import ContextLengthError, ProviderError
from ._approval import ApprovalRequest, Approver, Decision, policy_request, proposal_request, question_request
from ._events import (
    AgentEvent,
    ApprovalAnswered,
    ApprovalAsked,
    CommandFinished,
    CommandStarted,
    ModelReplied,
    StepStarted,
)
from ._loop import AgentRun, Llm, run_agent
from ._prompt import BOUNDARY_SENTENCE, SYSTEM_PROMPT, system_prompt
from ._tool import (
    TOOL_NAME,
    CommandRunner,
    anthropic_tool,
    browser_tool,
    openai_tool,
    parse_tool_arguments,
    tool_description,
    tool_json_schema,
    tool_parameters,
)
from ._tool_spec import llm_from_spec, provider_names
from ._turns import Assistant, Reply, ToolCall, ToolResult, Turn, Usage, User, turn_from_json, turn_to_json
from .providers import AnthropicMessages, LocalResolverLlm, OpenAIChat, RetryPolicy, ScriptedLlm

__all__ = [
    "BOUNDARY_SENTENCE",
    "SYSTEM_PROMPT",
    "TOOL_NAME",
    "AgentEvent",
    "AgentRun",
    "AnthropicMessages",
    "ApprovalAnswered",
    "ApprovalAsked",
    "ApprovalRequest",
    "Approver",
    "Assistant",
    "CommandFinished",
    "CommandRunner",
    "CommandStarted",
    "ContextLengthError",
    "Decision",
    "Llm",
    "LocalResolverLlm",
    "ModelReplied",
    "OpenAIChat",
    "ProviderError",
    "Reply",
    "RetryPolicy",
    "ScriptedLlm",
    "StepStarted",
    "ToolCall",
    "ToolResult",
    "Turn",
    "Usage",
    "User",
    "anthropic_tool",
    "browser_tool",
    "llm_from_spec",
    "openai_tool",
    "parse_tool_arguments",
    "policy_request",
    "proposal_request",
    "provider_names",
    "question_request",
    "run_agent",
    "system_prompt",
    "tool_description",
    "tool_json_schema",
    "tool_parameters",
    "turn_from_json",
    "turn_to_json",
]
