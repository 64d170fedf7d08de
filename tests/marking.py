"""A catalog for tests of the language machinery before (or apart from) the real translations: every
message translated into itself between ⟦ ⟧, so that text which went through the catalog shows."""

from __future__ import annotations

import gettext

from masterbuilder.core import i18n


class Marking(gettext.NullTranslations):
    """Every message wrapped in ⟦ ⟧ (a plural message: its English form for ``n``)."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


def marking_translations(code: str) -> gettext.NullTranslations:
    """English as written, every other language the marking catalog (to monkeypatch ``translations``)."""
    return gettext.NullTranslations() if i18n.check_language(code) == "en" else Marking()
