"""What the owner's customer calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "customer_not_found": ("顾客不存在", "Customer not found"),
    "member_level_not_found": ("会员等级不存在", "This member level does not exist"),
}

_TABLE = MessageTable(_MESSAGES, fallback=COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
