"""The WeChat calls' arguments and answers, and the owner's WeChat settings."""

from marshmallow import Schema, fields, validate

from bff.accounts.schemas import LoginArgs, LoginData
from bff.common.schemas import Text
from bff.wechat.settings import EVENT_FIELDS, TEMPLATE_EVENTS, TEMPLATE_FIELDS, keyword_input

ID_PATTERN = r"^[A-Za-z0-9_-]{0,64}$"  # AppIDs, template ids
VERIFY_FILE = r"^(MP_verify_[A-Za-z0-9]{1,40}\.txt)?$"
VERIFY_TEXT = r"^[A-Za-z0-9]{0,64}$"
# A template keyword as its page shows it inside {{ }}, `.DATA` optional; empty: not sent.
KEYWORD = r"^(\{\{)?([A-Za-z][A-Za-z0-9_]{0,31}(\.DATA)?)?(\}\})?$"


class WechatJsConfigArgs(Schema):
    url = Text(
        required=True,
        # location.href is ASCII (the browser percent-encodes the rest), so a query of 2000
        # characters stays within a request line's 8 KB however it is escaped.
        validate=[validate.Length(min=1, max=2000), validate.Regexp(r"^https?://[\x21-\x7e]*$")],
        metadata={
            "description": "The page's full address (location.href, ASCII as the browser gives it), on "
            "one of the shop's own hosts; what follows # is dropped.",
            "pattern": "^https?://[\\x21-\\x7e]*$",
            "maxLength": 2000,
        },
    )


class WechatJsConfig(Schema):
    appId = fields.String()
    timestamp = fields.Integer()
    nonceStr = fields.String()
    signature = fields.String(
        metadata={"description": "JS-SDK 附录1: sha1 of the ticket, nonce, time and URL."}
    )
    jsApiList = fields.List(fields.String())


class WechatJsConfigResponse(Schema):
    config = fields.Nested(WechatJsConfig, allow_none=True)


def _id(description: str):
    return Text(
        allow_none=True,
        validate=validate.Regexp(ID_PATTERN),
        metadata={"description": description, "pattern": ID_PATTERN},
    )


def _secret(description: str):
    return Text(
        allow_none=True,
        validate=validate.Length(max=128),
        load_only=True,
        metadata={"description": description},
    )


# The template ids are top-level fields (`template_order_paid`), so the console's form needs no
# nesting; the answer lists them under `templates`.
WechatSettingsInput = Schema.from_dict(
    {
        "official_appid": _id("The official account's AppID (公众号 开发 > 基本配置); empty clears it."),
        "official_secret": _secret("The official account's AppSecret (write-only); empty clears it."),
        "website_appid": _id("The website application's AppID (开放平台 网站应用); empty clears it."),
        "website_secret": _secret("The website application's AppSecret (write-only); empty clears it."),
        "verify_file_name": Text(
            validate=validate.Regexp(VERIFY_FILE),
            metadata={
                "description": "The check file WeChat gives for the JS接口安全域名 / 网页授权域名 "
                "(MP_verify_<code>.txt), served at the site's root; empty clears it.",
                "pattern": VERIFY_FILE,
            },
        ),
        "verify_file_text": Text(
            validate=validate.Regexp(VERIFY_TEXT),
            metadata={"description": "The text inside that file.", "pattern": VERIFY_TEXT},
        ),
        **{
            f"template_{event}": _id(
                f"The template message id for {event} (公众号 模板消息); empty clears it."
            )
            for event in TEMPLATE_EVENTS
        },
        **{
            keyword_input(event, field): Text(
                allow_none=True,
                validate=[validate.Length(max=40), validate.Regexp(KEYWORD, error="keyword_invalid")],
                metadata={
                    "description": f"The keyword of {event}'s template that shows the order's {field} "
                    "(the name inside {{ }} on the template's page, like character_string1; .DATA may "
                    "follow); empty: not sent.",
                    "pattern": KEYWORD,
                    "maxLength": 40,
                },
            )
            for event in TEMPLATE_EVENTS
            for field in EVENT_FIELDS[event]
        },
    },
    name="WechatSettingsInput",
)


class WechatSecretsSet(Schema):
    official_secret = fields.Boolean()
    website_secret = fields.Boolean()


Templates = Schema.from_dict({event: fields.String() for event in TEMPLATE_EVENTS}, name="WechatTemplates")


TemplateFields = Schema.from_dict(
    {
        event: fields.Nested(
            Schema.from_dict(
                {field: fields.String() for field in TEMPLATE_FIELDS if field in EVENT_FIELDS[event]},
                name=f"WechatTemplateFields_{event}",
            ),
            metadata={"description": f"Our field -> the keyword of {event}'s template ('' not sent)."},
        )
        for event in TEMPLATE_EVENTS
    },
    name="WechatTemplateFields",
)


class WechatSettingsView(Schema):
    version = fields.Integer()
    official_appid = fields.String()
    website_appid = fields.String()
    verify_file_name = fields.String()
    verify_file_text = fields.String()
    secrets_set = fields.Nested(WechatSecretsSet)
    templates = fields.Nested(Templates)
    template_fields = fields.Nested(TemplateFields)


class WechatSettingsResponse(Schema):
    settings = fields.Nested(WechatSettingsView)


# Sign in with WeChat ---------------------------------------------------------------------------

STATE_PATTERN = r"^[A-Za-z0-9]{1,128}$"
CODE_PATTERN = r"^[A-Za-z0-9_-]{1,256}$"


class WechatSigninOptions(Schema):
    official = fields.Boolean(
        metadata={"description": "Inside WeChat: the official account's web authorisation."}
    )
    website = fields.Boolean(metadata={"description": "Other browsers: the website application's QR login."})


class WechatSigninStartArgs(Schema):
    mode = fields.String(
        required=True,
        validate=validate.OneOf(["official", "website"]),
        metadata={"description": "official inside WeChat, website (QR login) elsewhere"},
    )
    purpose = fields.String(
        load_default="sign_in",
        validate=validate.OneOf(["sign_in", "bind"]),
        metadata={"description": "bind: bind WeChat to the signed-in member (personal centre)"},
    )
    redirect = Text(
        load_default="/",
        validate=validate.Length(max=500),
        metadata={"description": "The site's own path to go to afterwards."},
    )


class WechatSigninStartResponse(Schema):
    url = fields.String(metadata={"description": "WeChat's authorisation page to send the browser to."})


class WechatSigninFinishArgs(Schema):
    code = Text(required=True, validate=validate.Regexp(CODE_PATTERN), metadata={"pattern": CODE_PATTERN})
    state = Text(required=True, validate=validate.Regexp(STATE_PATTERN), metadata={"pattern": STATE_PATTERN})


class WechatSigninTicketArgs(Schema):
    ticket = Text(required=True, validate=validate.Length(min=1, max=2000))


class WechatSigninBindArgs(LoginArgs):
    """The email sign-in's fields, and the ticket of the WeChat user to bind."""

    ticket = Text(required=True, validate=validate.Length(min=1, max=2000))


class WechatSigninFinishResponse(Schema):
    status = fields.String(
        metadata={
            "description": "signed_in or bound (data has the session), new (a WeChat user the shop "
            "does not know: `ticket` makes a member or binds an existing one), retry (go to `url`)"
        }
    )
    message = fields.String()
    redirect = fields.String()
    ticket = fields.String()
    nickname = fields.String()
    url = fields.String()
    data = fields.Nested(LoginData, metadata={"description": "As the email sign-in answers it."})


class WechatBindingResponse(Schema):
    bound = fields.Boolean()
    can_unbind = fields.Boolean(metadata={"description": "False while WeChat is the only way to sign in."})
    message = fields.String()
