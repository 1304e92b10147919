"""The WeChat JS-SDK's configuration for a page of the shop (its share card), and the official
account's calls made with its cached access token.

The signature is JS-SDK 说明文档 附录1 (https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html):
sha1 of `jsapi_ticket=...&noncestr=...&timestamp=...&url=...` (the four fields sorted by name, raw
values, not URL-escaped), where url is the page's full address without `#` and what follows;
wx.config must be given the same nonceStr and timestamp. The known-answer example of that page is
the test (bff/tests/wechat/test_share.py)."""

import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from bff.common.errors import DomainError
from bff.shops.models import Shop
from bff.shops.services import normalise_host
from bff.wechat import api
from bff.wechat.error_codes import WechatErrorCode as Code
from bff.wechat.messages import text
from bff.wechat.settings import App, official_account
from bff.wechat.tokens import CredentialCache

log = logging.getLogger(__name__)
T = TypeVar("T")

# What the share card needs of the JS-SDK (JS-SDK 说明文档, 分享接口; the 1.4.0+ names).
JS_API_LIST = ("updateAppMessageShareData", "updateTimelineShareData")
MAX_URL = 2000


def js_signature(jsapi_ticket: str, noncestr: str, timestamp: int, url: str) -> str:
    string1 = f"jsapi_ticket={jsapi_ticket}&noncestr={noncestr}&timestamp={timestamp}&url={url}"
    return hashlib.sha1(string1.encode()).hexdigest()


def access_token(
    session: Session, shop: Shop, app: App, api_base: str, cache: CredentialCache, stale=None
) -> str:
    return cache.get(
        session,
        shop.id,
        app.appid,
        "access_token",
        lambda: api.fetch_access_token(api_base, app.appid, app.secret),
        stale,
    )


def with_access_token(
    session: Session, shop: Shop, app: App, api_base: str, cache: CredentialCache, call: Callable[[str], T]
) -> T:
    """`call(token)`; when WeChat says the token is no good (40001, 40014, 42001), once more with
    a fresh one (which another process may already have fetched)."""
    token = access_token(session, shop, app, api_base, cache)
    try:
        return call(token)
    except api.WechatError as exc:
        if exc.errcode not in api.TOKEN_INVALID:
            raise
        log.info("WeChat refused the access token of shop %s (%s): refreshing once", shop.id, exc.errcode)
        return call(access_token(session, shop, app, api_base, cache, stale=token))


def jsapi_ticket(session: Session, shop: Shop, app: App, api_base: str, cache: CredentialCache) -> str:
    def fetch() -> api.Credential:
        return with_access_token(
            session, shop, app, api_base, cache, lambda token: api.fetch_jsapi_ticket(api_base, token)
        )

    return cache.get(session, shop.id, app.appid, "jsapi_ticket", fetch)


def _page_url(shop: Shop, url: str) -> str:
    page = (url or "").split("#", 1)[0]
    try:
        parts = urlsplit(page)
        scheme, hostname = parts.scheme, normalise_host(parts.hostname)
    except ValueError:
        scheme = hostname = ""
    ours = {domain.hostname for domain in shop.domains}
    if len(page) > MAX_URL or scheme not in ("http", "https") or hostname not in ours:
        message = text(shop.language, "wechat_url_not_ours")
        raise DomainError(Code.URL_NOT_OURS, message, {"url": [message]})
    return page


def js_config(
    session: Session, shop: Shop, url: str, keys: str, api_base: str, cache: CredentialCache, clock=time.time
) -> dict | None:
    """What `wx.config` takes for the page at `url` (one of the shop's own); None when the shop
    has no official account (a page inside WeChat asks on every shop, and is told so quietly)."""
    page = _page_url(shop, url)
    app = official_account(session, shop, keys)
    if app is None:
        return None
    try:
        ticket = jsapi_ticket(session, shop, app, api_base, cache)
    except api.WechatError as exc:
        log.warning("no JS-SDK ticket for shop %s: %s", shop.id, exc)
        raise DomainError(Code.UNAVAILABLE, text(shop.language, "wechat_unavailable")) from None
    nonce, timestamp = secrets.token_hex(8), int(clock())
    return {
        "appId": app.appid,
        "timestamp": timestamp,
        "nonceStr": nonce,
        "signature": js_signature(ticket, nonce, timestamp, page),
        "jsApiList": list(JS_API_LIST),
    }
