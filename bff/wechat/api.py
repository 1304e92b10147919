"""WeChat's server API, as far as the shop calls it: the official account's access token, its
JS-SDK ticket and its template messages (more calls join as the shop uses them).

- Access token: `GET {api}/cgi-bin/token?grant_type=client_credential&appid=APPID&secret=APPSECRET`
  answers `{"access_token": ..., "expires_in": 7200}` or `{"errcode": 40013, "errmsg": "invalid
  appid"}`; -1 is "system busy", 40001 a wrong AppSecret, 40002 a grant_type other than
  client_credential. Fetching again invalidates the last token, which WeChat keeps working for five
  minutes after a refresh. (Official account docs, 开始开发 > 获取 Access token:
  https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Get_access_token.html)
- JS-SDK ticket: `GET {api}/cgi-bin/ticket/getticket?access_token=ACCESS_TOKEN&type=jsapi` answers
  `{"errcode": 0, "errmsg": "ok", "ticket": ..., "expires_in": 7200}`; calls are few a day, so it
  must be cached. (JS-SDK 说明文档, 附录1-JS-SDK使用权限签名算法:
  https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html)
- Template message: `POST {api}/cgi-bin/message/template/send?access_token=ACCESS_TOKEN` with the
  JSON body `{"touser": OPENID, "template_id": ..., "url": ..., "data": {"keyword": {"value":
  ...}}}` (url optional: where a tap on the message goes) answers `{"errcode": 0, "errmsg": "ok",
  "msgid": ...}`; 43004 "require subscribe" is a user who does not follow the account, 40037 an
  unknown template_id, 47003 a value that breaks its keyword's rule. (模板消息接口, 发送模板消息:
  https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Template_Message_Interface.html
  and its newer page https://developers.weixin.qq.com/doc/service/api/notify/template/api_sendtemplatemessage.html)
- Web authorisation (网页授权) of the official account and QR login (网站应用微信登录) of the website
  application end alike: the browser comes back with a `code` (one use; five minutes for the
  official account, ten for the website application), exchanged at `GET {api}/sns/oauth2/
  access_token?appid&secret&code&grant_type=authorization_code` for `{access_token, expires_in,
  refresh_token, openid, scope, unionid}` — `unionid` only when the scope was snsapi_userinfo (or
  snsapi_login) and the app is bound to an open-platform account, else 40029 invalid code, 40163
  code been used. `GET {api}/sns/userinfo?access_token&openid&lang=zh_CN` answers `{openid,
  nickname, sex, province, city, country, headimgurl, privilege, unionid}` (48001 for a
  snsapi_base token). (换取用户授权凭证:
  https://developers.weixin.qq.com/doc/service/api/webdev/access/api_snsaccesstoken.html;
  网页授权: https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html;
  网站应用 通过code获取access_token:
  https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Authorized_Interface_Calling_UnionID.html)
- Global return codes: 40001 "invalid credential, access_token is invalid or not latest", 40014
  an access_token that is not one, 42001 an expired one (全局返回码说明:
  https://developers.weixin.qq.com/doc/offiaccount/Getting_Started/Global_Return_Code.html).
"""

import json
from dataclasses import dataclass

import requests

TIMEOUT_SECONDS = 10
# The answers that say the access token used is no good any more: refresh once and try again.
TOKEN_INVALID = frozenset({40001, 40014, 42001})


class WechatError(Exception):
    """WeChat could not be reached or refused the call; `errcode` when it answered one."""

    def __init__(self, message: str, errcode: int | None = None):
        super().__init__(message)
        self.errcode = errcode


@dataclass(frozen=True)
class Credential:
    value: str
    expires_in: int


def _get(url: str, params: dict) -> dict:
    try:
        res = requests.get(url, params=params, timeout=TIMEOUT_SECONDS)
    except requests.RequestException as exc:
        raise WechatError(f"{url}: {type(exc).__name__}") from exc
    return _answer(url, res)


def _answer(url: str, res) -> dict:
    try:
        data = res.json()
    except ValueError as exc:
        raise WechatError(f"{url}: {type(exc).__name__}") from exc
    if not isinstance(data, dict):
        raise WechatError(f"{url}: not a JSON object")
    errcode = data.get("errcode") or 0
    if errcode:
        raise WechatError(f"{url}: {errcode} {data.get('errmsg', '')}"[:300], int(errcode))
    return data


def _credential(data: dict, field: str) -> Credential:
    value, expires_in = data.get(field), data.get("expires_in")
    if not isinstance(value, str) or not value or not isinstance(expires_in, int) or expires_in <= 0:
        raise WechatError(f"answer without {field} or expires_in")
    return Credential(value, expires_in)


def fetch_access_token(api_base: str, appid: str, secret: str) -> Credential:
    params = {"grant_type": "client_credential", "appid": appid, "secret": secret}
    return _credential(_get(f"{api_base}/cgi-bin/token", params), "access_token")


def fetch_jsapi_ticket(api_base: str, access_token: str) -> Credential:
    params = {"access_token": access_token, "type": "jsapi"}
    return _credential(_get(f"{api_base}/cgi-bin/ticket/getticket", params), "ticket")


NOT_FOLLOWING = 43004  # "require subscribe": the user does not follow the official account


def send_template_message(api_base: str, access_token: str, message: dict) -> int:
    """Send one template message (`touser`, `template_id`, `url`, `data`); WeChat's msgid."""
    url = f"{api_base}/cgi-bin/message/template/send"
    body = json.dumps(message, ensure_ascii=False).encode()
    try:
        res = requests.post(
            url,
            params={"access_token": access_token},
            data=body,
            headers={"Content-Type": "application/json; charset=utf-8"},
            timeout=TIMEOUT_SECONDS,
        )
    except requests.RequestException as exc:
        raise WechatError(f"{url}: {type(exc).__name__}") from exc
    return int(_answer(url, res).get("msgid") or 0)


@dataclass(frozen=True)
class WebAuthorisation:
    """What a web-authorisation or QR-login code was exchanged for."""

    access_token: str
    openid: str
    scope: str
    unionid: str | None


def exchange_code(api_base: str, appid: str, secret: str, code: str) -> WebAuthorisation:
    params = {"appid": appid, "secret": secret, "code": code, "grant_type": "authorization_code"}
    data = _get(f"{api_base}/sns/oauth2/access_token", params)
    token, openid = data.get("access_token"), data.get("openid")
    if not isinstance(token, str) or not token or not isinstance(openid, str) or not openid:
        raise WechatError("answer without access_token or openid")
    unionid = data.get("unionid")
    return WebAuthorisation(
        token,
        openid[:128],
        str(data.get("scope") or ""),
        unionid[:128] if isinstance(unionid, str) and unionid else None,
    )


def user_info(api_base: str, access_token: str, openid: str) -> dict:
    """The shopper's WeChat profile (nickname, unionid, ...), for a snsapi_userinfo or
    snsapi_login token."""
    params = {"access_token": access_token, "openid": openid, "lang": "zh_CN"}
    return _get(f"{api_base}/sns/userinfo", params)
