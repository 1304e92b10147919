"""What the WeChat calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "wechat_not_configured": (
        "本店尚未设置微信公众号",
        "This shop has not set up its WeChat official account",
    ),
    "wechat_url_not_ours": ("只能为本店的页面签名", "Only this shop's own pages can be signed"),
    "wechat_unavailable": (
        "暂时无法连接微信，请稍后再试",
        "WeChat cannot be reached just now; please try again",
    ),
    "keyword_twice": (
        "关键词 {keyword} 在同一模板中只能填一项",
        "The keyword {keyword} can fill only one field of a template",
    ),
    "keyword_invalid": (
        "关键词是模板详情中 {{ }} 里的名称，如 character_string1（可带 .DATA）",
        "A keyword is the name inside {{ }} on the template's page, like character_string1 "
        "(.DATA may follow)",
    ),
    # An order's status in its template message (a phrase keyword takes at most five Chinese
    # characters: 模板消息接口, 类目模板消息).
    "status_order_received": ("已下单", "Order received"),
    "status_order_paid": ("已付款", "Paid"),
    "status_order_shipped": ("已发货", "Shipped"),
    "status_order_refunded": ("已退款", "Refunded"),
    "if_match_required": (
        "保存前需要注明所编辑的版本（If-Match 请求头，取自读取时的 ETag）。请重新加载后再保存。",
        "Saving needs the version you edited (the If-Match header, from the ETag you loaded). "
        "Reload and save again.",
    ),
    "stale_version": (
        "微信设置在您打开之后已被他人修改并保存，本次保存未执行。请重新加载后再修改。",
        "The WeChat settings were saved by someone else after you opened them; yours were not "
        "saved. Reload them and make your change again.",
    ),
    "wechat_signin_unavailable": (
        "本店尚未开通微信登录，请使用邮箱登录",
        "This shop does not offer WeChat sign-in; please sign in with your email",
    ),
    "wechat_signin_state_invalid": (
        "微信登录已过期或不是在本浏览器发起的，请重新点击微信登录",
        "This WeChat sign-in expired or was not started in this browser; please start it again",
    ),
    "wechat_code_invalid": (
        "微信授权已失效，请重新点击微信登录",
        "The WeChat authorisation is no longer valid; please start again",
    ),
    "wechat_ticket_invalid": (
        "微信登录已过期，请重新点击微信登录",
        "This WeChat sign-in has expired; please start again",
    ),
    "wechat_bound_elsewhere": (
        "这个微信已绑定本店的另一个账户",
        "This WeChat is already bound to another account of this shop",
    ),
    "wechat_already_bound": (
        "您的账户已绑定另一个微信，请先解除绑定",
        "Your account is bound to another WeChat; unbind it first",
    ),
    "wechat_unbind_needs_password": (
        "您的账户还没有密码，解除绑定后将无法登录。请先添加邮箱并设置密码",
        "Your account has no password, so you could not sign in after unbinding. "
        "Add an email and set a password first",
    ),
    "wechat_bound": ("已绑定微信", "WeChat is bound to your account"),
    "wechat_unbound": ("已解除微信绑定", "WeChat is no longer bound to your account"),
    "wechat_new_member": ("微信用户", "WeChat user"),
}

_TABLE = MessageTable(_MESSAGES, COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
