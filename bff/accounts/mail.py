"""Outgoing mail: SMTP (smtplib) when SMTP_HOST is set, else one .eml file per message in
the outbox under var/ with a log line giving its path, so a developer can open the link.

Messages are sent after the answer is decided, on a worker thread by default (`MAIL_ASYNC`),
so a slow mail server neither slows the caller down nor tells accounts apart by timing.
"""

import logging
import smtplib
import ssl
import threading
import time
import uuid
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

log = logging.getLogger(__name__)


def build_message(*, to: str, subject: str, body: str, sender: str, sender_name: str = "") -> EmailMessage:
    message = EmailMessage()
    message["From"] = f"{sender_name} <{sender}>" if sender_name else sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    # 8bit keeps the link on one readable line (in the outbox file too); servers speak 8BITMIME.
    message.set_content(body, cte="8bit")
    return message


def _settings(config) -> dict:
    keys = (
        "SMTP_HOST",
        "SMTP_PORT",
        "SMTP_USER",
        "SMTP_PASSWORD",
        "SMTP_TLS",
        "SMTP_TIMEOUT",
        "MAIL_OUTBOX_DIR",
        "MAIL_RETRY_DELAYS",
    )
    return {key: config[key] for key in keys}


def deliver(message: EmailMessage, settings: dict) -> Path | None:
    """Send now. Returns the outbox file when there is no SMTP server."""
    if not settings["SMTP_HOST"]:
        outbox = Path(settings["MAIL_OUTBOX_DIR"])
        outbox.mkdir(parents=True, exist_ok=True)
        path = outbox / f"{uuid.uuid4().hex}.eml"
        path.write_bytes(bytes(message))
        log.info("Mail to %s written to %s", message["To"], path)
        return path
    host, port, mode = settings["SMTP_HOST"], settings["SMTP_PORT"], settings["SMTP_TLS"]
    timeout = settings["SMTP_TIMEOUT"]
    if mode == "ssl":
        smtp = smtplib.SMTP_SSL(host, port, timeout=timeout, context=ssl.create_default_context())
    else:
        smtp = smtplib.SMTP(host, port, timeout=timeout)
    with smtp:
        if mode == "starttls":
            smtp.starttls(context=ssl.create_default_context())
        if settings["SMTP_USER"]:
            smtp.login(settings["SMTP_USER"], settings["SMTP_PASSWORD"])
        smtp.send_message(message)
    log.info("Mail to %s sent through %s:%s", message["To"], host, port)
    return None


def _deliver_logged(message: EmailMessage, settings: dict) -> bool:
    """Send, trying again after each of MAIL_RETRY_DELAYS; every failure is logged. Whether it went."""
    delays = tuple(settings.get("MAIL_RETRY_DELAYS") or ())
    for attempt in range(len(delays) + 1):
        try:
            deliver(message, settings)
            return True
        except Exception:  # a mail failure must not surface as a different answer
            last = attempt == len(delays)
            log.exception(
                "Could not send mail to %s (try %d of %d)%s",
                message["To"],
                attempt + 1,
                len(delays) + 1,
                ", giving up" if last else "",
            )
            if not last:
                time.sleep(delays[attempt])
    return False


@dataclass(frozen=True)
class Mailer:
    """Sends mail with the settings it was made with (`from_config` reads them per request)."""

    settings: dict
    sender: str
    asynchronous: bool

    @classmethod
    def from_config(cls, config) -> "Mailer":
        return cls(_settings(config), config["SMTP_FROM"], config["MAIL_ASYNC"])

    def send(self, *, to: str, subject: str, body: str, sender_name: str = "") -> None:
        message = build_message(
            to=to, subject=subject, body=body, sender=self.sender, sender_name=sender_name
        )
        if self.asynchronous:
            threading.Thread(target=_deliver_logged, args=(message, self.settings), daemon=True).start()
        else:
            _deliver_logged(message, self.settings)
