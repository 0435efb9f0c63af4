"""Safety layer: network guard, action policy, content boundaries, sanitising.

Everything here is browser-independent. The network guard has two halves: :func:`check_url` (or
:func:`check_url_async`) refuses a navigation up front with a message the model can act on, and
:class:`FilteringProxy` makes the same decision for every connection the browser opens, so what the page
loads by itself and a second DNS answer cannot get around it.
"""

from ._actions import ActionType
from ._boundary import BOUNDARY_PROMPT, ContentBoundary, create_content_boundary
from ._domains import domain_allowed, normalize_domains
from ._hosts import (
    AsyncResolver,
    CachingResolver,
    IPAddress,
    PrivateAccess,
    Resolver,
    check_url,
    check_url_async,
    forbidden_reason,
    is_cloud_metadata_address,
    is_forbidden_address,
    parse_host,
)
from ._policy import ActionPolicy, Decision, Verdict, decide, declined_reason, parse_action
from ._proxy import CHROMIUM_ARGS, FilteringProxy, ProxyStats, Refusal
from ._sanitize import clean_line, clean_text, truncate

__all__ = [
    "BOUNDARY_PROMPT",
    "CHROMIUM_ARGS",
    "ActionPolicy",
    "ActionType",
    "AsyncResolver",
    "CachingResolver",
    "ContentBoundary",
    "Decision",
    "FilteringProxy",
    "IPAddress",
    "PrivateAccess",
    "ProxyStats",
    "Refusal",
    "Resolver",
    "Verdict",
    "check_url",
    "check_url_async",
    "clean_line",
    "clean_text",
    "create_content_boundary",
    "decide",
    "declined_reason",
    "domain_allowed",
    "forbidden_reason",
    "is_cloud_metadata_address",
    "is_forbidden_address",
    "normalize_domains",
    "parse_action",
    "parse_host",
    "truncate",
]
