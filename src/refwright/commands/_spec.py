"""What a command is: its spec and its flags' specs (data only; the registry holds the instances)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..safety._actions import ActionType

__all__ = ["CommandSpec", "FlagSpec", "HelpRow", "HelpSection", "NumberSpec", "PolicyTarget"]

# One thing the action policy decides before a command runs: the kind of action, and the URL it is judged on.
PolicyTarget = tuple[ActionType, str]

# One HELP line: fragments of text, each naming the commands it documents.
HelpRow = tuple[tuple[str, tuple[str, ...]], ...]
# A group name and its lines.
HelpSection = tuple[str, tuple[HelpRow, ...]]


@dataclass(frozen=True)
class FlagSpec:
    """A flag such as ``-d <n>``: ``names`` are the accepted spellings (case-sensitive)."""

    key: str
    names: tuple[str, ...]
    takes_value: bool = False
    help: str = ""


@dataclass(frozen=True)
class NumberSpec:
    """A numeric argument and the range it must fall in: ``at`` is its position among the positional
    arguments (after the command name, flags left out) or a flag's key; ``sub`` limits it to one
    sub-command (the first argument, any case). Only a token that reads as a number is checked: words keep
    their own meaning (`wait @e3`, a non-numeric depth)."""

    at: int | str
    what: str
    low: float
    high: float
    unit: str = ""
    sub: str | None = None


@dataclass(frozen=True)
class CommandSpec:
    name: str
    group: str
    usage: str
    summary: str
    output: str
    aliases: tuple[str, ...] = ()
    flags: tuple[FlagSpec, ...] = ()
    # Positional arguments that must be present, counted after the command name.
    min_args: int = 0
    # Commands whose trailing arguments are free text keep every token, even ones that look like flags, and
    # read an apostrophe between letters as text (`fill @e2 Rita's notes`), not as an opening quote.
    free_text: bool = False
    # The free text is the rest of the line as written after the leading flags (act's request): its quotes
    # mark labels and values, and its apostrophes are text; one argument wholly in quotes loses its quotes.
    line_text: bool = False
    # The argument is code (eval's JavaScript): the rest of the line as written, its quotes and backslashes
    # kept, since JavaScript needs them; only one argument wholly in quotes is taken without them.
    code: bool = False
    # The policy decision: a fixed ActionType, or a function of the positional arguments.
    action: ActionType | Callable[[Sequence[str]], ActionType | None] | None = None
    # Extension commands are refwright's own additions, listed after HELP rather than inside it.
    extension: bool = False
    # Whether the output carries text the page controls (wrapped in content boundaries when they are on).
    # None: decided by the action (reads, evaluation and navigation do).
    page_text: bool | None = None
    # The long form `help <command>` prints after the usage line: arguments, flags, outputs, errors.
    details: str = ""
    # Where a Navigate is judged, from the positional arguments and the page's URL (None: where the page is).
    # It is where the command goes, so that a policy on domains holds before the page gets there.
    policy_url: Callable[[Sequence[str], str], str] | None = None
    # Flags that make the command do another kind of action too (`wait --fn` runs the page's JavaScript).
    flag_actions: tuple[tuple[str, ActionType], ...] = ()
    # The actions a command that carries out a plain-language request performs, read from the request
    # (act clicking is a Click, act filling a Fill); they replace ``action`` for the policy.
    performs: Callable[[Sequence[str]], frozenset[ActionType]] | None = None
    # The command carries out a proposal (`confirm <token>`): it is authorized as the proposal's own action.
    carries_proposal: bool = False
    # It may run while a JavaScript dialog is kept open (it answers the dialog, or leaves its tab).
    beside_dialog: bool = False
    # Its answer tells the dialog kept open itself, so no note repeats it.
    tells_dialog: bool = False
    # Its argument is several command lines, each run as if sent alone (`batch`).
    runs_lines: bool = False
    # It waits for a person (`handoff`): outside the busy-page watchdog, since their minutes are not a hung page.
    waits_for_person: bool = False
    # Its time budget (the busy-page watchdog's deadline): ``steps`` action timeouts (a snapshot takes a
    # snapshot and more), or the navigation timeout when it ``loads_page``, or for each page it opens first
    # (``opens``: `read <url>` opens one) a navigation and two action timeouts; `wait` sets its own
    # (``own_budget``: milliseconds from its arguments and --timeout).
    steps: int = 1
    loads_page: bool = False
    opens: Callable[[Sequence[str]], int] | None = None
    own_budget: Callable[[Sequence[str], str | bool | None], float] | None = None
    # The Playwright step a recorded run keeps it as (`type` is kept as a fill, `open` as a goto), and what it
    # keeps as the request the step came from: the command line, its words after the name (act's request),
    # or nothing (a confirmation carries out the request before it).
    recorded_as: str | None = None
    request_words: Literal["line", "text", "none"] = "line"
    # A command that types text, where a ``{{secret:NAME}}`` stands for its value (refused everywhere else).
    types_text: bool = False
    # An action on a target whose actionability is checked first (a covered or disabled target fails at once),
    # and how its failures name it ("could not double-click", "while trying to type into").
    checked_first: bool = False
    phrase: str = ""
    # Its answer may be a proposal that waits for `confirm <token>` (the agent asks the person about it).
    proposes: bool = False
    # Its answer says what it changed itself (the resolver's steps), so no Changes: lines are added to it.
    tells_changes: bool = False
    # The numeric arguments and their ranges, checked by the parser.
    numbers: tuple[NumberSpec, ...] = ()

    def returns_page_text(self, args: Sequence[str]) -> bool:
        if self.page_text is not None:
            return self.page_text
        return self.action_for(args) in (ActionType.READ_CONTENT, ActionType.EVALUATE, ActionType.NAVIGATE)

    @property
    def verb(self) -> str:
        """How an error says what it was doing: "while trying to <verb>"."""
        return self.phrase or self.name

    def budget_ms(self, raw_args: Sequence[str], timeout_flag: str | bool | None, action_ms: float,
                  navigation_ms: float) -> float:
        """How long it may take in all, before the watchdog's margin (pure)."""
        if self.loads_page:
            return navigation_ms
        opened = self.opens(raw_args) if self.opens is not None else 0
        if opened:
            return opened * (navigation_ms + 2 * action_ms)
        if self.own_budget is not None:
            return self.own_budget(raw_args, timeout_flag)
        return action_ms * self.steps

    def action_for(self, args: Sequence[str]) -> ActionType | None:
        if self.action is None or isinstance(self.action, ActionType):
            return self.action
        return self.action(args)

    def policy_targets(self, args: Sequence[str], flags: Mapping[str, object], here: str) -> list[PolicyTarget]:
        """Every (action, URL) the action policy decides before this command runs on a page at ``here``
        (pure). A proposal's own action is added by whoever holds the proposal."""
        if self.performs is not None:
            actions = sorted(self.performs(args))
        else:
            action = self.action_for(args)
            actions = [] if action is None else [action]
        targets: list[PolicyTarget] = []
        for action in actions:
            url = here
            if action is ActionType.NAVIGATE and self.policy_url is not None:
                url = self.policy_url(args, here)
            targets.append((action, url))
        targets += [(action, here) for key, action in self.flag_actions if isinstance(flags.get(key), str)]
        return targets
