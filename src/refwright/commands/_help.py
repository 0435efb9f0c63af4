"""``help <command>``: one command's long form, from the registry (pure)."""

from __future__ import annotations

from ._parse import unknown_command
from ._registry import lookup
from ._spec import CommandSpec

__all__ = ["command_help"]


def _flag_line(names: tuple[str, ...], takes_value: bool, text: str) -> str:
    spelled = ", ".join(names) + (" <value>" if takes_value else "")
    return f"  {spelled:<26}{text}".rstrip()


def render(spec: CommandSpec) -> str:
    lines = [f"Usage: {spec.usage}", spec.summary[:1].upper() + spec.summary[1:] + "."]
    if spec.aliases:
        lines.append("Aliases: " + ", ".join(spec.aliases))
    if spec.flags:
        lines.append("Flags:")
        lines += [_flag_line(f.names, f.takes_value, f.help) for f in spec.flags]
    lines.append(f"Output: {spec.output}")
    if spec.details:
        lines += ["", spec.details]
    return "\n".join(lines)


def command_help(name: str) -> str:
    """The long form of ``name`` (a command or an alias); an unknown name raises the parser's error,
    with the closest known name."""
    spec = lookup(name)
    if spec is None:
        raise unknown_command(name, suggest_as="help {}")
    return render(spec)
