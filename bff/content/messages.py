"""What the content calls say, by shop language ('en' English, else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English); SPEC section 4 words the English one.
    "article_not_found": ("文章不存在。", "Article not found."),
}

_TABLE = MessageTable(_MESSAGES, fallback=COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
