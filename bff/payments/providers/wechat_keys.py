"""The keys a shop's WeChat Pay answers and notifications are verified with, and their refresh.

WeChat Pay signs every answer and notification with SHA256-RSA2048 over
"TIMESTAMP\\nNONCE\\nBODY\\n" and names the key in `Wechatpay-Serial`: either its public key's id
(`PUB_KEY_ID_...`, the newer 微信支付公钥) or a platform certificate's serial number (平台证书).
Sources: the APIv3 rules, https://wechatpay-api.gitbook.io/wechatpay-api-v3/wei-xin-zhi-fu-api-v3-jie-kou-gui-fan
(签名验证); the switch to the public key, https://pay.weixin.qq.com/doc/v3/merchant/4012154180
(如何从平台证书切换成微信支付公钥: during the switch notifications are signed by either, a growing
share by the key; the official SDK wechatpay-apiv3/wechatpay-java has `RSACombinedNotificationConfig`
for that time); for overseas merchants,
https://pay.weixin.qq.com/wiki/doc/api_external/en/wechatpay/wechatpay5_1.shtml (获取平台证书:
`GET https://apihk.mch.weixin.qq.com/v3/global/certificates`); for mainland merchants,
https://wechatpay-api.gitbook.io/wechatpay-api-v3/jie-kou-wen-dang/ping-tai-zheng-shu
(`GET https://api.mch.weixin.qq.com/v3/certificates`). The certificate list's page says WeChat Pay
adds a new certificate 24 hours before it uses it and that during a rotation either may sign; so
every key the shop has is accepted (the public key, the certificate the owner entered, the certificates
last downloaded).

Spending nothing on a forged request (issue 28): verification only ever reads keys held here. A
serial we do not hold is refused without any outbound call; certificates are downloaded only by
`refresh_certificates`, which the scheduled `flask payments refresh-certificates` (one process)
and the console's "test connection" run, never a notification.

wechatpayv3 downloads certificates itself (from the mainland path only) in its constructor and
whenever a serial is unknown; the provider gives the package a public key so that it never does
(bff/payments/providers/wechat_pay.py) and verifies answers with `verify` below instead.
"""

import base64
import json
import logging
from datetime import UTC, datetime
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger(__name__)

CERTIFICATE_PATHS = {"global": "/v3/global/certificates", "domestic": "/v3/certificates"}


def _valid_now(certificate: x509.Certificate) -> bool:
    now = datetime.now(UTC)
    return certificate.not_valid_before_utc <= now <= certificate.not_valid_after_utc


def load_certificate(pem: str) -> x509.Certificate | None:
    try:
        return x509.load_pem_x509_certificate(pem.encode())
    except ValueError:
        return None


def serial_of(certificate: x509.Certificate) -> str:
    return f"{certificate.serial_number:X}"


class WechatKeys:
    """Serial (public key id or certificate serial, upper case) -> public key, from what the owner
    entered and the certificates stored in `cert_dir` by the last refresh. Reads local files only."""

    def __init__(self, public_key_id: str | None, public_key: str | None, certificate: str | None, cert_dir):
        self.cert_dir = Path(cert_dir)
        self.keys: dict[str, object] = {}
        if public_key_id and public_key:
            try:
                self.keys[public_key_id.upper()] = serialization.load_pem_public_key(public_key.encode())
            except ValueError as exc:
                raise ValueError(f"public_key: {exc}") from exc
        if certificate:
            cert = load_certificate(certificate)
            if cert is None:
                raise ValueError("platform_certificate is not a PEM certificate")
            # An expired certificate is kept out (a rotation), never an error: the provider stays.
            if _valid_now(cert):
                self.keys[serial_of(cert)] = cert.public_key()
        for path in sorted(self.cert_dir.glob("*.pem")) if self.cert_dir.is_dir() else ():
            cert = load_certificate(path.read_text())
            if cert is not None and _valid_now(cert):
                self.keys[serial_of(cert)] = cert.public_key()

    def __bool__(self) -> bool:
        return bool(self.keys)

    def knows(self, serial: str) -> bool:
        return serial.upper() in self.keys

    def verify(self, headers, body: str) -> bool:
        """The signature of an answer or notification, by a key held here (never downloaded)."""
        serial = headers.get("Wechatpay-Serial") or ""
        key = self.keys.get(serial.upper())
        if key is None or headers.get("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048") != (
            "WECHATPAY2-SHA256-RSA2048"
        ):
            return False
        message = f"{headers.get('Wechatpay-Timestamp', '')}\n{headers.get('Wechatpay-Nonce', '')}\n{body}\n"
        try:
            signature = base64.b64decode(headers.get("Wechatpay-Signature", ""), validate=True)
            key.verify(signature, message.encode(), padding.PKCS1v15(), hashes.SHA256())
        except (InvalidSignature, ValueError):
            return False
        return True


def decrypt(apiv3_key: str, resource: dict) -> str:
    """AEAD_AES_256_GCM under the APIv3 key (证书和回调报文解密)."""
    if resource.get("algorithm") != "AEAD_AES_256_GCM":
        raise ValueError("unknown algorithm")
    aes = AESGCM(apiv3_key.encode())
    try:
        plain = aes.decrypt(
            str(resource["nonce"]).encode(),
            base64.b64decode(resource["ciphertext"]),
            str(resource.get("associated_data") or "").encode(),
        )
    except InvalidTag as exc:  # not sealed with this APIv3 key, or altered
        raise ValueError("the resource does not decrypt") from exc
    return plain.decode()


def store_certificates(answer: str, apiv3_key: str, cert_dir) -> list[str]:
    """Decrypt the certificate list's entries and store the valid ones as `<serial>.pem`; the
    serials stored. Earlier files stay until they expire (they are skipped when loaded)."""
    cert_dir = Path(cert_dir)
    cert_dir.mkdir(parents=True, exist_ok=True)
    stored = []
    for entry in json.loads(answer).get("data") or []:
        try:
            pem = decrypt(apiv3_key, entry["encrypt_certificate"])
        except (KeyError, ValueError, TypeError) as exc:
            log.warning("wechat pay: certificate %s unreadable: %s", entry.get("serial_no"), exc)
            continue
        cert = load_certificate(pem)
        if cert is None or not _valid_now(cert) or serial_of(cert) != str(entry.get("serial_no", "")).upper():
            continue
        path = cert_dir / f"{serial_of(cert)}.pem"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(pem)
        tmp.replace(path)  # whole or not at all, for the workers reading it
        stored.append(serial_of(cert))
    return stored
