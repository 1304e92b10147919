"""One Fernet module (bff/common/encryption.py) for both key rings: the merchant secrets under
PAYMENT_SECRETS_KEY and the ID numbers under DATA_ENCRYPTION_KEYS. Tokens written before the two
wrappers became one (bff/payments/secret_box.py and this module) still open, and both rings rotate."""

import pytest
from cryptography.fernet import Fernet, InvalidToken

from bff.common.encryption import SecretsUnreadable, build_cipher, key_ring, new_key, seal, unseal

# A Fernet key (32 bytes, URL-safe base64), as either setting may hold one.
FERNET_KEY = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="
# Written by the wrappers before they were merged (the same keys, values and rows as below).
OLD_SEALED_WITH_PASSPHRASE = (
    "gAAAAABrBZ0yXANCfYPnoE1vHpFO9Z4hsLzQe_KfKGZWT-IO5L5Nk7fRqXhZefEqTzqYcikGoXIhErNta3hgN2tw3BpZvhWgDeCFPsqH"
    "IKu2ShwuyqJiQB0aqamDnQ1S3ROzGYI2tUOBxsd86HH2729xrd0UvXe-vw=="
)
OLD_SEALED_WITH_FERNET_KEY = (
    "gAAAAABrBZ0yxXBmKfNquPDymHRXsh5qERYVmXEPRWUVxsJDSARKRfueAivksIS-WNevWy8S8mZB5OD1IHgZqKNOisxzmN3d7Ba_vRE6"
    "TGZFmJw_9wVgnVxBwRqcJiPZpGNncUDvSYOXws3djRQzqEEoCGAoa0eOOg=="
)
OLD_ID_NUMBER = (
    "gAAAAABrBZ0y7DEL54dLTxcQB-85yrxj6gY2zCd7ek-HvdqZw0A_YhTY2FAvY2hOlPwxn0PqhhA6Ekc8ZZYaJpozyPU2xHoNb0ppJInl"
    "ijmSC3lthLnKJcQ="
)


def test_tokens_written_before_the_merge_still_open():
    assert unseal("key-one", "1:alipay", OLD_SEALED_WITH_PASSPHRASE) == {"app_private_key": "secret"}
    assert unseal(FERNET_KEY, "7:wechat_pay", OLD_SEALED_WITH_FERNET_KEY) == {"api_v3_key": "v3"}
    assert build_cipher(FERNET_KEY).decrypt(OLD_ID_NUMBER.encode()) == b"11010519491231002X"


@pytest.mark.parametrize("setting", ["DATA_ENCRYPTION_KEYS", "PAYMENT_SECRETS_KEY"])
def test_a_ring_encrypts_with_its_first_key_and_reads_with_every_one(setting):
    old, new = new_key(), new_key()
    passphrases = setting == "PAYMENT_SECRETS_KEY"
    token = key_ring(old, setting, passphrases=passphrases).encrypt(b"value")
    rotated = key_ring(f"{new},{old}", setting, passphrases=passphrases)
    assert rotated.decrypt(token) == b"value"
    fresh = rotated.rotate(token)
    # Re-encrypted with the first key alone: the old one can go.
    assert Fernet(new).decrypt(fresh) == b"value"
    with pytest.raises(InvalidToken):
        Fernet(old).decrypt(fresh)


def test_only_the_payment_ring_takes_a_passphrase():
    # PAYMENT_SECRETS_KEY has always taken any text (stretched with SHA-256)...
    assert unseal("any text, key-two", "1:alipay", seal("key-two", "1:alipay", {"k": "v"})) == {"k": "v"}
    # ...a mistyped DATA_ENCRYPTION_KEYS stops the start rather than the first order.
    with pytest.raises(ValueError):
        build_cipher("not a fernet key")
    with pytest.raises(ValueError, match="DATA_ENCRYPTION_KEYS holds no key"):
        build_cipher(" , ")
    with pytest.raises(SecretsUnreadable, match="PAYMENT_SECRETS_KEY holds no key"):
        seal("", "1:alipay", {"k": "v"})
