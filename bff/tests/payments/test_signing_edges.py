"""Edges of the notification signature (bff/payments/signing.py) that mutation testing showed
untested: the tolerance is inclusive (a notification exactly five minutes old, or five minutes
ahead, is still accepted; one second more is not), and each refusal says which check failed."""

import pytest

from bff.payments.signing import TOLERANCE_SECONDS, BadSignature, sign, verify

BODY = b'{"order_number":"261122-AB01-910Z","amount":"123.40"}'
SENT = 1_000_000


def test_the_tolerance_is_five_minutes():
    assert TOLERANCE_SECONDS == 300


@pytest.mark.parametrize("offset", [-300, 300], ids=["sent 300 s ago", "sent 300 s ahead"])
def test_a_notification_exactly_at_the_tolerance_is_accepted(offset):
    assert verify("s3cret", BODY, sign("s3cret", BODY, timestamp=SENT), now=SENT + (-offset)) is None


@pytest.mark.parametrize("offset", [-301, 301], ids=["sent 301 s ago", "sent 301 s ahead"])
def test_a_second_past_the_tolerance_is_refused_as_stale(offset):
    with pytest.raises(BadSignature) as refused:
        verify("s3cret", BODY, sign("s3cret", BODY, timestamp=SENT), now=SENT - offset)
    assert str(refused.value) == "stale notification"


@pytest.mark.parametrize("header", [None, "", "garbage", "t=abc,v1=00", "v1=00", "t=1000000"])
def test_a_malformed_header_is_refused_as_malformed(header):
    with pytest.raises(BadSignature) as refused:
        verify("s3cret", BODY, header, now=SENT)
    assert str(refused.value) == "malformed signature header"


def test_a_wrong_mac_is_refused_as_a_mismatch():
    with pytest.raises(BadSignature) as refused:
        verify("s3cret", BODY, sign("other", BODY, timestamp=SENT), now=SENT)
    assert str(refused.value) == "signature mismatch"
