import pytest

from bff.payments.signing import TOLERANCE_SECONDS, BadSignature, sign, verify

BODY = b'{"order_number":"261122-AB01-910Z","amount":"123.40"}'


# Known answers, computed outside this code base:
#   printf '%s' '1000000.<BODY>' | openssl dgst -sha256 -hmac s3cret
#   printf '%s' '1700000000.{}' | openssl dgst -sha256 -hmac sandbox-secret
KNOWN_BODY_MAC = "f9031f17f61e751a04ab7e6b20bae5076f75956d932f4968a5c7d4ac3dd7b20d"
KNOWN_EMPTY_MAC = "bdb0099f6787c160763bebd9ef543259389cbb20fa9372794a5ec4020174402d"


def test_the_signature_is_the_known_hmac_of_timestamp_dot_body():
    assert sign("s3cret", BODY, timestamp=1_000_000) == f"t=1000000,v1={KNOWN_BODY_MAC}"
    assert sign("sandbox-secret", b"{}", timestamp=1_700_000_000) == f"t=1700000000,v1={KNOWN_EMPTY_MAC}"


def test_a_header_with_the_known_hmac_verifies_and_returns_nothing():
    assert verify("s3cret", BODY, f"t=1000000,v1={KNOWN_BODY_MAC}", now=1_000_010) is None
    assert verify("sandbox-secret", b"{}", f"t=1700000000,v1={KNOWN_EMPTY_MAC}", now=1_700_000_000) is None


def test_one_wrong_hex_digit_of_the_known_hmac_is_refused():
    wrong = KNOWN_BODY_MAC[:-1] + ("0" if KNOWN_BODY_MAC[-1] != "0" else "1")
    with pytest.raises(BadSignature, match="mismatch"):
        verify("s3cret", BODY, f"t=1000000,v1={wrong}", now=1_000_000)


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
