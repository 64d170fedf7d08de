"""Sending mail through the operator's SMTP server (docs/web.md, "Mail and notifications").

The standard library's smtplib and email.message, run in a thread (never on the event loop), with a timeout.
A failure is logged in one line and is never raised to the caller: a mail is a courtesy, never a reason for a
move or a request to fail.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr

from masterbuilder.core.i18n import shell as _
from masterbuilder.server.settings import Settings

log = logging.getLogger("masterbuilder.server.mail")

SECURITIES = ("starttls", "ssl", "none")
DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}


@dataclass(frozen=True)
class Smtp:
    """Where and how to send: the SMTP settings, checked (see :func:`smtp_of`)."""

    host: str
    port: int
    sender: str
    security: str = "starttls"
    user: str | None = None
    password: str | None = None
    timeout: float = 10.0


def smtp_problem(settings: Settings) -> str | None:
    """What is wrong with the mail settings, as one line for the operator; None when they are usable (or no
    SMTP host is set: no mail)."""
    if not settings.smtp_host:
        return None
    if settings.smtp_security not in SECURITIES:
        return _(
            "MASTERBUILDER_SMTP_SECURITY must be starttls, ssl or none, not {value}.",
            value=repr(settings.smtp_security),
        )
    if settings.smtp_port is not None and not 0 < settings.smtp_port < 65536:
        return _("MASTERBUILDER_SMTP_PORT must be from 1 to 65535, not {value}.", value=settings.smtp_port)
    if not settings.smtp_from or "@" not in parseaddr(settings.smtp_from)[1]:
        return _(
            "MASTERBUILDER_SMTP_FROM must be the sender's address, as in games@example.org, not {value}.",
            value=repr(settings.smtp_from or ""),
        )
    if bool(settings.smtp_user) != bool(settings.smtp_password):
        return _("Set both MASTERBUILDER_SMTP_USER and MASTERBUILDER_SMTP_PASSWORD, or neither.")
    if settings.smtp_timeout <= 0:
        return _("MASTERBUILDER_SMTP_TIMEOUT must be positive, not {value}.", value=settings.smtp_timeout)
    return None


def smtp_of(settings: Settings) -> Smtp | None:
    """The SMTP settings, or None without an SMTP host. ValueError (one line) for a bad setting."""
    problem = smtp_problem(settings)
    if problem is not None:
        raise ValueError(problem)
    if not settings.smtp_host:
        return None
    assert settings.smtp_from is not None
    return Smtp(
        host=settings.smtp_host,
        port=settings.smtp_port or DEFAULT_PORTS[settings.smtp_security],
        sender=settings.smtp_from,
        security=settings.smtp_security,
        user=settings.smtp_user or None,
        password=settings.smtp_password or None,
        timeout=settings.smtp_timeout,
    )


class Mailer:
    """Sends plain-text mails through one SMTP server (a connection per mail: they are rare)."""

    def __init__(self, smtp: Smtp) -> None:
        self.smtp = smtp

    def message(
        self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None
    ) -> EmailMessage:
        # lines of up to 998 characters (RFC 5322): a long link in a header stays a link, not an encoded word
        msg = EmailMessage(policy=policy.SMTP.clone(max_line_length=998))
        msg["From"] = self.smtp.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(domain=parseaddr(self.smtp.sender)[1].rpartition("@")[2] or None)
        msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies to a robot
        for name, value in (headers or {}).items():
            msg[name] = value
        msg.set_content(body)
        return msg

    async def send(self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None) -> None:
        """Send one mail; a failure is logged (one line) and swallowed."""
        await self.deliver(to, subject, body, headers)

    async def deliver(
        self, to: str, subject: str, body: str, headers: Mapping[str, str] | None = None
    ) -> bool:
        """Send one mail in a thread: whether the SMTP server took it (a failure is logged in one line)."""
        msg = self.message(to, subject, body, headers)
        try:
            await asyncio.to_thread(self._send_now, msg)
        except (OSError, smtplib.SMTPException, ssl.SSLError) as exc:
            log.warning(
                "mail to %s not sent: %s (SMTP %s:%d)",
                to,
                str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
                self.smtp.host,
                self.smtp.port,
            )
            return False
        return True

    def _send_now(self, msg: EmailMessage) -> None:
        smtp = self.smtp
        client: smtplib.SMTP
        if smtp.security == "ssl":
            client = smtplib.SMTP_SSL(
                smtp.host, smtp.port, timeout=smtp.timeout, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=smtp.timeout)
        with client:
            if smtp.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if smtp.user and smtp.password:
                client.login(smtp.user, smtp.password)
            client.send_message(msg)
