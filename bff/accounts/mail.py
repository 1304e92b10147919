"""Outgoing mail: SMTP (smtplib) when SMTP_HOST is set, else one .eml file per message in
MAIL_OUTBOX_DIR under var/ with a log line giving its path, so a developer can open the link.

Nothing here is called on a request: mail is queued in the transaction of what it tells and
sent by the outbox's sender (bff/accounts/outbox.py), which builds each message here and tries
it here, with every failure logged.
"""

import logging
import smtplib
import ssl
import uuid
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


def settings_of(config) -> dict:
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


def try_to_deliver(message: EmailMessage, settings: dict, attempt: int, tries: int) -> bool:
    """Try `attempt` (1-based) of `tries` to send; a failure is logged, never raised. Whether it went."""
    try:
        deliver(message, settings)
        return True
    except Exception:  # a mail failure must not surface as a different answer
        log.exception(
            "Could not send mail to %s (try %d of %d)%s",
            message["To"],
            attempt,
            tries,
            ", giving up" if attempt >= tries else "",
        )
        return False
