"""What the promotion calls say, by shop language ('en' English, else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "code_unknown": (
        "优惠码“{code}”不存在，请检查后重新输入。",
        "There is no discount code “{code}”. Check it and try again.",
    ),
    "code_not_started": (
        "优惠码“{code}”尚未开始使用（{start} 起可用）。",
        "The code “{code}” can be used from {start}.",
    ),
    "code_expired": ("优惠码“{code}”已过期。", "The code “{code}” has expired."),
    "code_paused": ("优惠码“{code}”暂停使用。", "The code “{code}” is paused."),
    "code_used_up": ("优惠码“{code}”已被领完。", "The code “{code}” has been used up."),
    "code_member_limit": (
        "您已使用过优惠码“{code}”（每位会员限用 {n} 次）。",
        "You have already used the code “{code}” (at most {n} times per member).",
    ),
    "code_min_spend": (
        "优惠码“{code}”需满 NZ${amount} 才能使用（适用商品）。",
        "The code “{code}” needs a spend of NZ${amount} on the items it covers.",
    ),
    "code_not_applicable": (
        "优惠码“{code}”不适用于购物车中的商品。",
        "The code “{code}” does not cover any item in your cart.",
    ),
    "tier_label": ("满 NZ${threshold} 减 NZ${saving}", "Spend NZ${threshold}, save NZ${saving}"),
    "code_label": ("优惠码 {code}", "Code {code}"),
    "free_shipping_label": ("满 NZ${threshold} 包邮", "Free shipping over NZ${threshold}"),
    # The console
    "promotion_not_found": ("促销不存在。", "Promotion not found."),
    "code_taken": ("该优惠码已存在。", "This code already exists."),
    "code_format": (
        "优惠码只能包含字母、数字、- 和 _（最多 40 个字符）。",
        "A code may hold letters, digits, - and _ only (40 at most).",
    ),
    "percent_range": ("折扣百分比须在 1 到 100 之间。", "A percentage must be from 1 to 100."),
    "value_positive": ("请输入大于 0 的金额。", "Enter an amount above 0."),
    "ends_before_start": ("结束时间须晚于开始时间。", "The end must be after the start."),
    "scope_ids_required": (
        "请选择适用的分类、品牌或商品。",
        "Choose the categories, brands or products it covers.",
    ),
    "scope_ids_unknown": (
        "所选的分类、品牌或商品不存在。",
        "A chosen category, brand or product does not exist.",
    ),
    "saving_not_below_threshold": ("减免金额须小于门槛金额。", "The saving must be below the spend."),
    "method_taken": ("该配送方式已设置包邮门槛。", "This shipping method already has a threshold."),
    "promotion_in_use": (
        "该促销已被订单使用，不能删除；可以暂停。",
        "Orders have used it, so it cannot be deleted: pause it instead.",
    ),
}

_TABLE = MessageTable(_MESSAGES, fallback=COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
