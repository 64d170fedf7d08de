"""Plain help screens for the ``masterbuilder`` command.

Recent typer versions label every parameter with its Python type (``<str>``, ``<bool>``, ``<list[str]>``)
and write a required argument as ``{game}``. These command classes show the metavariables the command
gives instead (``GAME``, ``N``, ``FILE``), and nothing after a flag. With a typer that has none of these
hooks they change nothing.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup


class PlainArgument(TyperArgument):
    def display_type_rich(self, ctx: Any) -> str | None:
        return None  # the metavariable and the help say what the argument takes

    def _usage_display_name(self) -> str:
        name = self.metavar or (self.name or "").upper()
        return name if self.required else f"[{name}]"


def _plain(params: list[Any]) -> None:
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = PlainArgument


def _bare(option: Any) -> Any:
    """The --help flag without a type label."""
    if option is not None and getattr(option, "metavar", "") is None:
        option.metavar = ""
    return option


class PlainCommand(TyperCommand):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain(self.params)

    def get_help_option(self, ctx: Any) -> Any:
        return _bare(super().get_help_option(ctx))


class PlainGroup(TyperGroup):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain(self.params)

    def get_help_option(self, ctx: Any) -> Any:
        return _bare(super().get_help_option(ctx))
