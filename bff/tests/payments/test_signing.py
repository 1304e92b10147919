import pytest

from bff.payments.signing import TOLERANCE_SECONDS, BadSignature, sign, verify

BODY = b'{"order_number":"261122-AB01-910Z","amount":"123.40"}'


def test_a_fresh_signature_of_the_same_body_verifies():
    header = sign("s3cret", BODY, timestamp=1_000_000)
    verify("s3cret", BODY, header, now=1_000_010)


@pytest.mark.parametrize(
    "secret, body, header_secret",
    [
        ("s3cret", BODY + b" ", "s3cret"),
        ("s3cret", BODY, "other"),
        ("s3cret", BODY.replace(b"123", b"1"), "s3cret"),
    ],
    ids=["body changed", "wrong secret", "amount changed"],
)
def test_a_changed_body_or_key_is_refused(secret, body, header_secret):
    header = sign(header_secret, BODY, timestamp=1_000_000)
    with pytest.raises(BadSignature):
        verify(secret, body, header, now=1_000_000)


def test_a_stale_notification_is_refused():
    header = sign("s3cret", BODY, timestamp=1_000_000)
    with pytest.raises(BadSignature, match="stale"):
        verify("s3cret", BODY, header, now=1_000_000 + TOLERANCE_SECONDS + 1)


@pytest.mark.parametrize("header", [None, "", "garbage", "t=abc,v1=00", "v1=00"])
def test_a_malformed_header_is_refused(header):
    with pytest.raises(BadSignature):
        verify("s3cret", BODY, header, now=1_000_000)
