"""Plain help screens for the ``masterbuilder`` command, in the language the command speaks.

Recent typer versions label every parameter with its Python type (``<str>``, ``<bool>``, ``<list[str]>``)
and write a required argument as ``{game}``. These command classes show the metavariables the command
gives instead (``GAME``, ``N``, ``FILE``), and nothing after a flag. With a typer that has none of these
hooks they change nothing.

Typer reads the help texts when the command is defined, long before ``--lang`` is known: the commands
give their help as English templates marked with ``N_`` (``{games}`` stands for the games' names), and
these classes translate them, and typer's panel titles, only while a help screen is drawn. The language is
taken from the command line (``--lang``) or the locale before the arguments are parsed, so that ``--help``
given before ``--lang`` is translated too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup

from masterbuilder.core.i18n import N_, UnknownLanguage, environment_language, set_language
from masterbuilder.core.i18n import shell as _

LANG_OPTION = "--lang"
HELP_OPTION_HELP = N_("Show this message and exit.")
PANEL_TITLES = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
}


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
    """The --help flag without a type label, its help in the current language (chosen before the
    arguments are parsed)."""
    if option is not None and getattr(option, "metavar", "") is None:
        option.metavar = ""
    if option is not None:
        option.help = _(HELP_OPTION_HELP)
    return option


def choose_language(args: list[str]) -> None:
    """Speak the language ``--lang`` asks for in ``args`` (the command line), else the locale's. A bad
    value is left to the option's own check, which refuses it."""
    set_language(environment_language())
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == LANG_OPTION and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith(LANG_OPTION + "="):
            value = arg.partition("=")[2]
        if value is not None:
            with suppress(UnknownLanguage):
                set_language(value)


def _help_fields() -> dict[str, str]:
    from masterbuilder.core.registry import GAMES

    return {"games": ", ".join(sorted(GAMES))}


def _translated(text: str | None, fields: dict[str, str]) -> str | None:
    if not text:
        return text
    return _(text, **fields) if "{games}" in text else _(text)


@contextmanager
def translated_help(command: Any) -> Iterator[None]:
    """``command``'s help texts (its own, its parameters', its subcommands'), and typer's panel titles,
    in the current language while the block runs."""
    from typer import rich_utils

    fields = _help_fields()
    saved: list[tuple[Any, str, Any]] = []

    def swap(obj: Any, attribute: str, value: Any) -> None:
        saved.append((obj, attribute, getattr(obj, attribute)))
        setattr(obj, attribute, value)

    try:
        for name, title in PANEL_TITLES.items():
            if hasattr(rich_utils, name):
                swap(rich_utils, name, _(title))
        targets = [command, *getattr(command, "commands", {}).values()]
        for target in targets:
            for attribute in ("help", "short_help"):
                if isinstance(getattr(target, attribute, None), str):
                    swap(target, attribute, _translated(getattr(target, attribute), fields))
        for param in command.params:
            if isinstance(getattr(param, "help", None), str):
                swap(param, "help", _translated(param.help, fields))
        yield
    finally:
        for obj, attribute, value in reversed(saved):
            setattr(obj, attribute, value)


class LocalizedCommand(TyperCommand):
    """A command whose help screen is in the language the command line or the locale asks for."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        choose_language(args)
        result: list[str] = super().parse_args(ctx, args)
        return result

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with translated_help(self):
            super().format_help(ctx, formatter)


class PlainCommand(LocalizedCommand):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain(self.params)

    def get_help_option(self, ctx: Any) -> Any:
        return _bare(super().get_help_option(ctx))


class PlainGroup(TyperGroup):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain(self.params)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        set_language(environment_language())
        result: list[str] = super().parse_args(ctx, args)
        return result

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with translated_help(self):
            super().format_help(ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        return _bare(super().get_help_option(ctx))
