"""A fake of WeChat for a shop's official account and website application: its server API
(api.weixin.qq.com) and its authorisation pages (open.weixin.qq.com) on one loopback port, each
call checked as WeChat's pages describe it:

- `GET /cgi-bin/token?grant_type=client_credential&appid=APPID&secret=APPSECRET`: grant_type
  other than client_credential -> 40002, an unknown AppID -> 40013 "invalid appid", a wrong
  AppSecret -> 40001; else `{"access_token", "expires_in": 7200}`. A new token leaves the ones
  before it working for five minutes only ("重复获取将导致上次获取的access_token失效", "5分钟内，新老
  access_token都可用"): 开始开发 > 获取 Access token,
  https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Get_access_token.html
- `GET /cgi-bin/ticket/getticket?access_token=ACCESS_TOKEN&type=jsapi`: an unknown or replaced
  token -> 40001 "invalid credential, access_token is invalid or not latest", an expired one ->
  42001, a type other than jsapi (or wx_card) -> 40097 invalid args; else `{"errcode": 0,
  "errmsg": "ok", "ticket", "expires_in": 7200}`. JS-SDK 说明文档 附录1,
  https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html; the codes: 全局返回码说明,
  https://developers.weixin.qq.com/doc/offiaccount/Getting_Started/Global_Return_Code.html
- Web authorisation (网页授权,
  https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html):
  `GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope=SCOPE&state` (SCOPE
  snsapi_base or snsapi_userinfo; state a-zA-Z0-9, at most 128 bytes; redirect_uri on a
  网页授权域名) sends the browser back to `redirect_uri?code=CODE&state=STATE`; the code is good
  once and for five minutes ("code只能使用一次，5分钟未被使用自动过期").
  `GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code` answers
  `{access_token, expires_in, refresh_token, openid, scope, unionid}` (unionid when the app is
  bound to an open-platform account, and only for the snsapi_userinfo scope: 换取用户授权凭证,
  https://developers.weixin.qq.com/doc/service/api/webdev/access/api_snsaccesstoken.html) or
  40029 invalid code / 40163 code been used / 40125 invalid
  appsecret; `GET /sns/userinfo?access_token&openid&lang` answers `{openid, nickname, sex,
  province, city, country, headimgurl, privilege, unionid}`, 48001 when the scope was snsapi_base.
- Website application QR login (网站应用微信登录,
  https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html):
  `GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state` shows the
  QR page (here a page whose link stands for the phone's scan and consent); its code is good once and
  for ten minutes ("code的超时时间为10分钟，一个code只能成功换取一次access_token"), exchanged and used
  at the same /sns/ calls with the website application's AppID and AppSecret. One shopper has one
  openid per app and one unionid across both.
- Template messages (模板消息接口, 发送模板消息,
  https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Template_Message_Interface.html,
  and the service account's newer page
  https://developers.weixin.qq.com/doc/service/api/notify/template/api_sendtemplatemessage.html):
  `POST /cgi-bin/message/template/send?access_token=...` with JSON `{touser, template_id, url, data:
  {key: {value}}}` (touser, template_id and data required, url optional) answers `{"errcode": 0,
  "errmsg": "ok", "msgid"}`; an unknown or replaced token -> 40001, an expired one -> 42001; 47001 a
  body that is not that shape; 40003 an openid not of this account; 43004 a user who does not follow
  it ("require subscribe"); 40037 a template_id the account has not added; 47003 "argument
  invalid! data.KEY.value invalid" for a value that breaks its keyword's type (类目模板消息参数值内容
  限制, same page): thing and const at most 20 characters, character_string at most 32 digits,
  letters or symbols, number at most 32 digits, phrase at most 5 Chinese characters, amount one
  currency symbol and at most 12 digits (a decimal part and 元 may follow), time a 24-hour time
  (a date may come first), phone_number 17, car_number 8.
- Only the methods the pages give are answered.

`signature_ok` checks a wx.config as WeChat's client does (the same page, 附录1), and the tests'
controls (`revoke_tokens`: every token stops working, as when the AppSecret is reset or another
server fetched one; `new-shopper?nickname=`: the next consent is another WeChat user's) are also
served under `/_fake/` for the browser tests.
"""

import hashlib
import html
import json
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from werkzeug.wrappers import Request, Response

TOKEN_SECONDS = 7200
OVERLAP_SECONDS = 300
WEB_CODE_SECONDS = 300  # 网页授权 (official account)
QR_CODE_SECONDS = 600  # 网站应用 (QR login)
_STATE = re.compile(r"[A-Za-z0-9]{0,128}")
DEFAULT_TEMPLATES = {
    "TPL_order_received": ("character_string1", "amount2", "time3", "phrase4"),
    "TPL_order_paid": ("character_string1", "amount2", "time3", "phrase4"),
    "TPL_order_shipped": ("character_string1", "thing2", "character_string3", "time4", "phrase5"),
    "TPL_order_refunded": ("character_string1", "amount2", "time3", "phrase4"),
}
_CJK = r"\u4e00-\u9fff"
# The category templates' value rules by keyword type (模板消息接口, 类目模板消息参数值内容限制).
VALUE_RULES = {
    "thing": re.compile(r".{1,20}", re.S),
    "const": re.compile(r".{0,20}", re.S),
    "character_string": re.compile(r"[\x21-\x7e]{1,32}"),
    "number": re.compile(r"[0-9]{1,32}(\.[0-9]+)?"),
    "letter": re.compile(r"[A-Za-z]{1,32}"),
    "phrase": re.compile(f"[{_CJK}]{{1,5}}"),
    "amount": re.compile(r"[¥$€£]?[0-9]{1,12}(\.[0-9]+)?元?"),
    "time": re.compile(r"(.{0,20}\s)?([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?"),
    "phone_number": re.compile(r"[0-9+\-() ]{1,17}"),
    "car_number": re.compile(f"[{_CJK}A-Za-z0-9][A-Za-z0-9]{{0,6}}[{_CJK}A-Za-z0-9]?"),
}


def value_ok(keyword: str, value: str) -> bool:
    """Whether WeChat takes `value` for a keyword (its type is the keyword's letters: thing2 is
    a thing); an old template's free keyword (keyword1, first, remark) takes any text."""
    kind = re.sub(r"\d+$", "", keyword)
    rule = VALUE_RULES.get(kind)
    return "\n" not in value and (rule is None or rule.fullmatch(value) is not None)


@dataclass
class Shopper:
    """A WeChat user: one openid per app, one unionid across the open-platform account."""

    nickname: str
    unionid: str
    follows: bool = True
    openids: dict = field(default_factory=dict)  # appid -> openid

    def openid(self, appid: str) -> str:
        return self.openids.setdefault(appid, "o" + secrets.token_urlsafe(20))


@dataclass
class Code:
    appid: str
    scope: str
    shopper: Shopper
    expires_at: float
    used: bool = False


@dataclass
class Issued:
    appid: str
    expires_at: float


class FakeWechatApi:
    def __init__(self, clock=time.time, appid: str | None = None):
        self.clock = clock
        # The official account's AppID: the browser tests give the one WeChat Pay's fake knows, as
        # the shop pays with the same official account it signs shoppers in with.
        self.appid = appid or "wx" + secrets.token_hex(8)
        self.secret = secrets.token_hex(16)
        self.web_appid = "wx" + secrets.token_hex(8)
        self.web_secret = secrets.token_hex(16)
        self.tokens: dict[str, Issued] = {}
        self.tickets: dict[str, Issued] = {}
        self.calls: list[str] = []
        # The web authorisation domains (网页授权域名 / the website application's 授权回调域) the
        # owner registered: a redirect_uri elsewhere is refused (redirect_uri 参数错误).
        self.oauth_domains: set[str] = {"127.0.0.1", "localhost"}
        self.shopper = Shopper("微信用户", "u" + secrets.token_urlsafe(20))  # who consents next
        self.codes: dict[str, Code] = {}
        self.sns_tokens: dict[
            str, tuple[str, str, Shopper, float]
        ] = {}  # token -> (appid, scope, who, expiry)
        # The templates the official account added (template_id -> its keywords); other shoppers
        # known to the account beside `shopper` (who may or may not follow it).
        self.templates: dict[str, tuple[str, ...]] = dict(DEFAULT_TEMPLATES)
        self.others: list[Shopper] = []
        self.sent: list[dict] = []
        self._lock = threading.Lock()

    def shop_fields(self) -> dict:
        return {
            "official_appid": self.appid,
            "official_secret": self.secret,
            "website_appid": self.web_appid,
            "website_secret": self.web_secret,
        }

    def _secret_of(self, appid: str) -> str | None:
        return {self.appid: self.secret, self.web_appid: self.web_secret}.get(appid)

    # The tests' controls ----------------------------------------------------------------------

    def revoke_tokens(self) -> None:
        with self._lock:
            self.tokens.clear()

    def current_ticket(self) -> str | None:
        live = [
            (issued.expires_at, ticket)
            for ticket, issued in self.tickets.items()
            if issued.expires_at > self.clock()
        ]
        return max(live)[1] if live else None

    def signature_ok(self, url: str, nonce: str, timestamp: int, signature: str) -> bool:
        for ticket, issued in list(self.tickets.items()):
            if issued.expires_at > self.clock():
                string1 = f"jsapi_ticket={ticket}&noncestr={nonce}&timestamp={timestamp}&url={url}"
                expected = hashlib.sha1(string1.encode()).hexdigest()
                if secrets.compare_digest(expected, signature):
                    return True
        return False

    # The API -----------------------------------------------------------------------------------

    @staticmethod
    def _json(body: dict) -> Response:
        # WeChat answers its errors with HTTP 200 and an errcode in the body.
        return Response(json.dumps(body), 200, content_type="application/json; encoding=utf-8")

    def _error(self, errcode: int, errmsg: str) -> Response:
        return self._json({"errcode": errcode, "errmsg": f"{errmsg} rid: {secrets.token_hex(4)}"})

    def _token(self, args) -> Response:
        if args.get("grant_type") != "client_credential":
            return self._error(40002, "invalid grant_type")
        if args.get("appid") != self.appid:
            return self._error(40013, "invalid appid")
        if args.get("secret") != self.secret:
            return self._error(40001, "invalid credential, access_token is invalid or not latest")
        now = self.clock()
        token = secrets.token_urlsafe(96)
        with self._lock:
            for issued in self.tokens.values():
                issued.expires_at = min(issued.expires_at, now + OVERLAP_SECONDS)
            self.tokens[token] = Issued(self.appid, now + TOKEN_SECONDS)
        return self._json({"access_token": token, "expires_in": TOKEN_SECONDS})

    def _ticket(self, args) -> Response:
        issued = self.tokens.get(args.get("access_token", ""))
        if issued is None:
            return self._error(40001, "invalid credential, access_token is invalid or not latest")
        if issued.expires_at <= self.clock():
            return self._error(42001, "access_token expired")
        if args.get("type") not in ("jsapi", "wx_card"):
            return self._error(40097, "invalid args")
        ticket = secrets.token_urlsafe(64)
        with self._lock:
            self.tickets[ticket] = Issued(issued.appid, self.clock() + TOKEN_SECONDS)
        return self._json({"errcode": 0, "errmsg": "ok", "ticket": ticket, "expires_in": TOKEN_SECONDS})

    def _control(self, request: Request) -> Response:
        if request.path == "/_fake/revoke-tokens" and request.method == "POST":
            self.revoke_tokens()
            return self._json({"ok": True})
        if request.path == "/_fake/new-shopper" and request.method == "POST":
            # Someone else holds the phone now: the next consent is a new WeChat user's.
            self.shopper = Shopper(request.args.get("nickname", "微信用户"), "u" + secrets.token_urlsafe(20))
            return self._json({"ok": True})
        if request.path == "/_fake/signature-ok":
            args = request.args
            ok = self.signature_ok(args["url"], args["nonceStr"], int(args["timestamp"]), args["signature"])
            return self._json({"ok": ok})
        return Response("not found", 404)

    # Web authorisation and QR login --------------------------------------------------------

    def _authorise(self, request: Request, qr: bool) -> Response:
        args = request.args
        appid = self.web_appid if qr else self.appid
        scopes = ("snsapi_login",) if qr else ("snsapi_base", "snsapi_userinfo")
        redirect_uri = args.get("redirect_uri", "")
        try:
            host = urlsplit(redirect_uri).hostname or ""
        except ValueError:
            host = ""
        problems = [
            args.get("appid") != appid and "appid 参数错误",
            args.get("response_type") != "code" and "response_type 参数错误",
            args.get("scope") not in scopes and "scope 参数错误",
            host not in self.oauth_domains and "redirect_uri 参数错误",
            not _STATE.fullmatch(args.get("state", "")) and "state 参数错误",
        ]
        problems = [p for p in problems if p]
        if problems:  # WeChat shows an error page and sends no one back
            return Response(
                f"<p id='wechat-error'>{html.escape('; '.join(problems))}</p>", 400, content_type="text/html"
            )
        code = secrets.token_urlsafe(24)
        seconds = QR_CODE_SECONDS if qr else WEB_CODE_SECONDS
        self.codes[code] = Code(appid, args["scope"], self.shopper, self.clock() + seconds)
        query = urlencode({"code": code, "state": args.get("state", "")})
        back = f"{redirect_uri}{'&' if '?' in redirect_uri else '?'}{query}"
        if not qr:
            return Response("", 302, headers={"Location": back})
        # The QR page: the link stands for the shopper scanning it and consenting on the phone.
        link = html.escape(back, quote=True)
        page = (
            '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            "<title>微信登录</title></head><body><p>微信扫码登录</p>"
            f"<a id='wechat-qr-confirm' href='{link}'>确认登录</a></body></html>"
        )
        return Response(page, 200, content_type="text/html; charset=utf-8")

    def _sns_token(self, args) -> Response:
        if args.get("grant_type") != "authorization_code":
            return self._error(40002, "invalid grant_type")
        appid = args.get("appid", "")
        secret = self._secret_of(appid)
        if secret is None:
            return self._error(40013, "invalid appid")
        if args.get("secret") != secret:
            return self._error(40125, "invalid appsecret")
        with self._lock:
            code = self.codes.get(args.get("code", ""))
            if code is None or code.appid != appid or code.expires_at <= self.clock():
                return self._error(40029, "invalid code")
            if code.used:
                return self._error(40163, "code been used")
            code.used = True
        token = secrets.token_urlsafe(48)
        self.sns_tokens[token] = (appid, code.scope, code.shopper, self.clock() + TOKEN_SECONDS)
        answer = {
            "access_token": token,
            "expires_in": TOKEN_SECONDS,
            "refresh_token": secrets.token_urlsafe(48),
            "openid": code.shopper.openid(appid),
            "scope": code.scope,
        }
        # "unionid ... 只有当scope为"snsapi_userinfo"时返回" (换取用户授权凭证); the website
        # application's snsapi_login token carries it too (网站应用, 通过code获取access_token).
        if code.scope in ("snsapi_userinfo", "snsapi_login"):
            answer["unionid"] = code.shopper.unionid
        return self._json(answer)

    def _userinfo(self, args) -> Response:
        held = self.sns_tokens.get(args.get("access_token", ""))
        if held is None or held[3] <= self.clock():
            return self._error(40001, "invalid credential, access_token is invalid or not latest")
        appid, scope, shopper, _ = held
        if args.get("openid") != shopper.openid(appid):
            return self._error(40003, "invalid openid")
        if args.get("lang", "zh_CN") not in ("zh_CN", "zh_TW", "en"):
            return self._error(40097, "invalid args")
        if scope == "snsapi_base":
            return self._error(48001, "api unauthorized")
        info = {
            "openid": shopper.openid(appid),
            "nickname": shopper.nickname,
            "sex": 0,
            "province": "",
            "city": "",
            "country": "",
            "headimgurl": "",
            "privilege": [],
            "unionid": shopper.unionid,
        }
        return self._json(info)

    # Template messages --------------------------------------------------------------------------

    def _template_send(self, request: Request) -> Response:
        issued = self.tokens.get(request.args.get("access_token", ""))
        if issued is None:
            return self._error(40001, "invalid credential, access_token is invalid or not latest")
        if issued.expires_at <= self.clock():
            return self._error(42001, "access_token expired")
        try:
            body = json.loads(request.get_data(as_text=True))
        except ValueError:
            return self._error(47001, "data format error")
        if not isinstance(body, dict):
            return self._error(47001, "data format error")
        data = body.get("data")
        if (
            not isinstance(body.get("touser"), str)
            or not isinstance(body.get("template_id"), str)
            or not isinstance(body.get("url", ""), str)
            or not isinstance(data, dict)
            or not all(isinstance(v, dict) and isinstance(v.get("value"), str) for v in data.values())
        ):
            return self._error(47001, "data format error")
        shopper = next(
            (s for s in (self.shopper, *self.others) if body["touser"] == s.openids.get(self.appid)), None
        )
        if shopper is None:
            return self._error(40003, "invalid openid")
        if not shopper.follows:
            return self._error(43004, "require subscribe")
        keywords = self.templates.get(body["template_id"])
        if keywords is None:
            return self._error(40037, "invalid template_id")
        for key in keywords:
            value = data.get(key, {}).get("value")
            if value is not None and not value_ok(key, value):
                return self._error(47003, f"argument invalid! data.{key}.value invalid")
        with self._lock:
            msgid = len(self.sent) + 1
            self.sent.append({**body, "msgid": msgid})
        return self._json({"errcode": 0, "errmsg": "ok", "msgid": msgid})

    ROUTES = {
        "/cgi-bin/token": ("GET", "_token"),
        "/cgi-bin/ticket/getticket": ("GET", "_ticket"),
        "/sns/oauth2/access_token": ("GET", "_sns_token"),
        "/sns/userinfo": ("GET", "_userinfo"),
    }

    def __call__(self, environ, start_response):
        request = Request(environ)
        self.calls.append(request.path)
        if request.path.startswith("/_fake/"):
            response = self._control(request)
        elif request.path in ("/connect/oauth2/authorize", "/connect/qrconnect"):
            response = self._authorise(request, qr=request.path == "/connect/qrconnect")
        elif request.path == "/cgi-bin/message/template/send":
            response = self._template_send(request) if request.method == "POST" else Response("", 405)
        elif request.path in self.ROUTES:
            method, handler = self.ROUTES[request.path]
            if request.method != method:
                response = Response("method not allowed", 405)
            else:
                response = getattr(self, handler)(request.args)
        else:
            response = Response("not found", 404)
        return response(environ, start_response)
