"""WeChat sign-in (OAuth 2.0, scope snsapi_base: silent, no consent page) for the member's openid
under the shop's official account, which WeChat Pay JSAPI pays with.

The `state` WeChat hands back must be at most 128 letters and digits, so it is not a serialized
token but `<time>x<nonce>x<HMAC>` in hex, the HMAC (the app's SECRET_KEY) binding the shop, the
member and the order: a code fetched for someone else, or an old one, is refused."""

import hashlib
import hmac
import secrets
import time
from urllib.parse import quote, urlencode

import requests

from bff.payments.providers.base import ProviderError

STATE_LIFETIME_SECONDS = 600


def _mac(secret: str, shop_id: int, user_id: int, order_number: str, issued: int, nonce: str) -> str:
    message = f"wechat-oauth.{shop_id}.{user_id}.{order_number}.{issued}.{nonce}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:32]


def make_state(secret: str, shop_id: int, user_id: int, order_number: str, now: float | None = None) -> str:
    issued, nonce = int(now or time.time()), secrets.token_hex(4)
    return f"{issued:x}x{nonce}x{_mac(secret, shop_id, user_id, order_number, issued, nonce)}"


def state_ok(secret: str, state: str, shop_id: int, user_id: int, order_number: str) -> bool:
    try:
        issued_hex, nonce, mac = state.split("x")
        issued = int(issued_hex, 16)
    except ValueError:
        return False
    if abs(time.time() - issued) > STATE_LIFETIME_SECONDS:
        return False
    return hmac.compare_digest(mac, _mac(secret, shop_id, user_id, order_number, issued, nonce))


def authorize_url(oauth_base: str, appid: str, redirect_uri: str, state: str) -> str:
    params = {"appid": appid, "redirect_uri": redirect_uri, "response_type": "code"}
    query = urlencode(params, quote_via=quote)
    return f"{oauth_base}/connect/oauth2/authorize?{query}&scope=snsapi_base&state={state}#wechat_redirect"


def openid_for_code(api_base: str, appid: str, app_secret: str, code: str) -> str:
    """Exchange the code WeChat gave the browser for the member's openid."""
    params = {"appid": appid, "secret": app_secret, "code": code, "grant_type": "authorization_code"}
    try:
        res = requests.get(f"{api_base}/sns/oauth2/access_token", params=params, timeout=10)
        data = res.json()
    except (requests.RequestException, ValueError) as exc:
        raise ProviderError(f"oauth: {exc}") from exc
    if not isinstance(data, dict) or not data.get("openid"):
        raise ProviderError(f"oauth: {data.get('errcode') if isinstance(data, dict) else data}")
    return str(data["openid"])[:128]
