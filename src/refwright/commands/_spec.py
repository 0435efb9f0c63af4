"""What a command is: its spec and its flags' specs (data only; the registry holds the instances)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..safety._actions import ActionType

__all__ = ["CommandSpec", "FlagSpec", "HelpRow", "HelpSection"]

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

    def returns_page_text(self, args: Sequence[str]) -> bool:
        if self.page_text is not None:
            return self.page_text
        return self.action_for(args) in (ActionType.READ_CONTENT, ActionType.EVALUATE, ActionType.NAVIGATE)

    def action_for(self, args: Sequence[str]) -> ActionType | None:
        if self.action is None or isinstance(self.action, ActionType):
            return self.action
        return self.action(args)
