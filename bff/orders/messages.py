"""What the order calls say, by shop language ('en' is English, anything else Chinese).
The Chinese texts SPEC gives are used as written."""

from bff.common import messages as common_messages
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "no_shipping_method": (
        "不能生成订单，没有可用的发货方式。",
        "Cannot create the order: no shipping method is available.",
    ),
    "shipping_method_unavailable": (
        "所选发货方式不可用，请重新选择。",
        "The chosen shipping method is not available for this address.",
    ),
    "id_number_required": (
        "直邮中国的包裹清关需要收件人身份证号，请填写。",
        "Customs in China clear a parcel only with the recipient's ID number: please enter it.",
    ),
    "prices_changed": (
        "商品价格或运费已变化，请确认最新金额后重新提交订单。",
        "Prices or the shipping fee have changed. Please check the new amounts and order again.",
    ),
    "out_of_stock": ("{name} 库存不足，无法生成订单。", "Not enough stock of {name} for this order."),
    "order_not_found": ("订单不存在", "Order not found"),
    "order_not_cancellable": ("只能取消待付款的订单", "Only unpaid orders can be cancelled"),
    "order_cancelled": ("取消订单成功。", "Order cancelled."),
}

# The owner's console: states, actions, refusals and form fields.
_MESSAGES.update(
    {
        "status_unpaid": ("待付款", "awaiting payment"),
        "status_paid": ("已付款", "paid"),
        "status_completed": ("已发货", "shipped"),
        "status_cancelled": ("已取消", "cancelled"),
        "status_payment_failed": ("支付失败", "payment failed"),
        "action_place": ("下单", "place"),
        "action_mark_paid": ("标记为已付款", "mark as paid"),
        "action_ship": ("发货", "ship"),
        "action_cancel": ("取消", "cancel"),
        "action_refund": ("退款", "refund"),
        "action_edit_address": ("修改收货地址", "change the shipping address"),
        "action_payment_failed": ("支付失败", "payment failed"),
        "action_release": ("超时释放", "release"),
        "transition_refused": (
            "订单当前状态为“{status}”，不能{action}。",
            "This order is {status}: it cannot {action}.",
        ),
        "transition_lost": (
            "订单已被其他操作修改，请刷新后重试。",
            "The order was changed by another action. Reload it and try again.",
        ),
        "paid_amount_mismatch": (
            "收款金额 {amount} 与订单应付金额 {total} 不一致。",
            "The amount received, {amount}, is not the order's total, {total}.",
        ),
        "refund_too_large": (
            "退款金额超过可退金额（最多 {left}）。",
            "The refund is more than what is left to refund ({left} at most).",
        ),
        "refund_not_positive": ("退款金额必须大于0", "The refund must be more than 0."),
        "nothing_paid": ("该订单没有付款记录，无法退款。", "This order has no payment to refund."),
        "if_match_required": (
            "保存前需要注明所编辑的版本（If-Match 请求头）。请重新加载后再保存。",
            "Saving needs the version you edited (the If-Match header). Reload and save again.",
        ),
        "stale_version": (
            "订单在您打开之后已被修改。为避免覆盖他人的修改，本次操作未执行。请重新加载后再操作。",
            "This order was changed after you opened it. To avoid overwriting that change, yours was "
            "not applied. Reload it and try again.",
        ),
        "reference_required": ("请输入付款参考号", "Please enter the payment reference."),
        "company_required": ("请输入快递公司", "Please enter the courier."),
        "tracking_required": ("请输入快递单号", "Please enter the tracking number."),
        "reason_required": ("请说明原因", "Please give a reason."),
    }
)

# Mail to the shopper at each step of the order (bff/orders/mails.py).
_MESSAGES.update(
    {
        "mail_greeting": ("{name}，您好：", "Hello {name},"),
        "mail_footer": (
            "查看订单：{link}\n\n{shop}",
            "Your order: {link}\n\n{shop}",
        ),
        "mail_received_subject": ("我们已收到您的订单 {number}", "We have received your order {number}"),
        "mail_received_body": (
            "感谢您的订购！订单 {number} 已生成，应付金额 NZ${total}（¥{yuan}）。\n\n{lines}\n\n"
            "请尽快完成付款。",
            "Thank you for your order! Order {number} is placed; the total is NZ${total} (¥{yuan}).\n\n"
            "{lines}\n\nPlease pay soon.",
        ),
        "mail_paid_subject": ("订单 {number} 已付款", "Order {number} is paid"),
        "mail_paid_body": (
            "我们已收到订单 {number} 的付款 NZ${amount}（¥{yuan_amount}），正在为您处理。",
            "We have received NZ${amount} (¥{yuan_amount}) for order {number} and are preparing it.",
        ),
        "mail_shipped_subject": ("订单 {number} 已发货", "Order {number} has shipped"),
        "mail_shipped_body": (
            "订单 {number} 已发货。\n快递公司：{company}\n快递单号：{tracking}",
            "Order {number} has shipped.\nCourier: {company}\nTracking number: {tracking}",
        ),
        "mail_cancelled_subject": ("订单 {number} 已取消", "Order {number} is cancelled"),
        "mail_cancelled_body": (
            "订单 {number} 已取消。{reason}",
            "Order {number} is cancelled. {reason}",
        ),
        "mail_refunded_subject": ("订单 {number} 已退款 NZ${amount}", "Order {number}: NZ${amount} refunded"),
        "mail_refunded_body": (
            "我们已为订单 {number} 退款 NZ${amount}（约 ¥{amount_cny}），累计已退 NZ${refunded}"
            "（约 ¥{refunded_cny}）。{reason}",
            "We have refunded NZ${amount} (about ¥{amount_cny}) for order {number}; NZ${refunded} "
            "(about ¥{refunded_cny}) refunded in all. {reason}",
        ),
        "mail_payment_rejected_subject": (
            "订单 {number} 的付款未能确认",
            "Order {number}: payment not confirmed",
        ),
        "mail_payment_rejected_body": (
            "我们暂未收到订单 {number} 的付款 NZ${total}（约 ¥{total_cny}）。{reason}\n"
            "如您已付款，请联系客服并提供付款截图；订单仍待付款。",
            "We have not received the payment of NZ${total} (about ¥{total_cny}) for order {number}. "
            "{reason}\nIf you have paid, contact us with a screenshot; the order is still awaiting payment.",
        ),
        "mail_reason": ("原因：{reason}", "Reason: {reason}"),
        "release_reason": ("超时未付款，订单已自动取消", "it was not paid in time"),
    }
)

# The console's shipping work: the customs file, packing slips and shipping from a file.
_MESSAGES.update(
    {
        "slips_count": ("请选择 1 到 {most} 个订单打印装箱单。", "Choose from 1 to {most} orders to print."),
        "ship_file_invalid": (
            "无法读取该文件：请上传 CSV 文件（UTF-8 或 GBK 编码）。",
            "This file cannot be read: upload a CSV file (UTF-8 or GBK).",
        ),
        "ship_file_too_large": ("文件过大：最多 {rows} 行。", "The file is too large: {rows} rows at most."),
        "ship_file_empty": ("文件中没有任何订单。", "The file has no orders in it."),
        "ship_file_columns": (
            "文件缺少以下列：{columns}（需要 订单号、快递公司、快递单号）。",
            "The file lacks these columns: {columns} (order_number, shipping_company, tracking_number).",
        ),
        "ship_rows_invalid": (
            "有 {n} 行无法发货，没有任何订单被修改。请改正后重新上传。",
            "{n} row(s) cannot be shipped; no order was changed. Correct them and upload again.",
        ),
        "ship_row_repeated": ("该订单号在文件中重复出现。", "This order number appears twice in the file."),
        "order_number_required": ("请填写订单号。", "Please give the order number."),
        "cancel_keeps_money": (
            "取消后仍有 NZ${left} 未退款：请填写退款金额，或说明保留这笔钱的原因。",
            "NZ${left} would stay unrefunded: refund it, or say why the shop keeps it.",
        ),
        "proof_not_found": ("没有付款截图", "No payment screenshot."),
        "no_claim_to_reject": (
            "该订单没有待确认的付款，无法驳回。",
            "This order has no payment waiting to be confirmed.",
        ),
        "late_payment_no_stock": (
            "订单已超时取消，部分商品库存已不足，无法再标记为已付款。请退款给顾客。",
            "The order was released and some of its items are no longer in stock: it can't be marked "
            "paid. Refund the shopper instead.",
        ),
        "action_claim_paid": ("确认已付款", "say it is paid"),
        "action_payment_after_cancel": ("取消后收到付款", "payment received after the cancellation"),
        "action_revive": ("恢复订单", "revive the order"),
        "action_refund_failed": ("退款失败", "refund failed"),
        "action_refund_needs_handling": ("退款需手动处理", "refund needs handling by hand"),
        "refund_needs_handling_note": (
            "微信支付退款异常（NZ${amount}）：原路退回失败（如顾客银行卡已作废或冻结），款项仍未退到顾客手中。"
            "请登录微信支付商户平台 → 交易中心，手动处理此笔退款（如退至顾客零钱或其他账户）。"
            "该金额仍计为已退款，请勿再次退款。",
            "WeChat Pay could not return the refund of NZ${amount} to where it was paid from (e.g. the "
            "shopper's bank card is cancelled or frozen): the shopper does not have it yet. Sign in to "
            "the WeChat Pay merchant platform (商户平台) → Transaction center (交易中心) and handle this "
            "refund by hand (e.g. to the shopper's balance). The amount still counts as refunded: do not "
            "refund it again.",
        ),
        "revive_not_held": (
            "该订单收到的款项不足订单总额，无法恢复，请退款给顾客。",
            "The money held on this order does not cover its total: refund the shopper instead.",
        ),
        "ship_bulk_note": ("批量发货（上传快递单号文件）", "Shipped from an uploaded tracking file"),
    }
)

# The owner's daily mail (bff/orders/today.py) and staff notes and tags (bff/orders/notes.py).
_MESSAGES.update(
    {
        "report_subject": ("店铺日报 {date}", "Your shop today, {date}"),
        "report_intro": (
            "{date} 的店铺数据（时区 {zone}；只计已付款订单，已扣除退款，不含已取消订单）：",
            "Your shop on {date} (time zone {zone}; paid orders only, refunds taken off, "
            "cancelled orders never counted):",
        ),
        "report_today": ("今日销售：{nzd}（{cny}），{n} 单", "Today: {nzd} ({cny}), {n} orders"),
        "report_yesterday": ("昨日销售：{nzd}（{cny}），{n} 单", "Yesterday: {nzd} ({cny}), {n} orders"),
        "report_week": ("本周销售：{nzd}（{cny}），{n} 单", "This week: {nzd} ({cny}), {n} orders"),
        "report_month": ("本月销售：{nzd}（{cny}），{n} 单", "This month: {nzd} ({cny}), {n} orders"),
        "report_to_ship": ("待发货：{n} 单 {link}", "To ship: {n} {link}"),
        "report_awaiting_confirmation": ("待确认收款：{n} 单 {link}", "Payments to confirm: {n} {link}"),
        "report_money_to_refund": ("待退款：{n} 单 {link}", "Money to refund: {n} {link}"),
        # WeChat Pay's ABNORMAL: the owner finishes the refund in its merchant platform (商户平台 → 交易中心).
        "report_refunds_to_handle": (
            "退款异常待处理：{n} 单（微信支付商户平台 → 交易中心）{link}",
            "Refunds to finish by hand in WeChat Pay's merchant platform: {n} {link}",
        ),
        "report_low_stock": (
            "库存不足（不超过 {n} 件）：{count} 项",
            "Low stock ({n} or fewer): {count}",
        ),
        "report_low_stock_none": ("（无）", "(none)"),
        "report_footer": ("控制台：{link}", "Console: {link}"),
        "note_required": ("请填写备注内容。", "Please write the note."),
        "tag_invalid": (
            "标签最多 40 个字符，不能含逗号。",
            "A tag is at most 40 characters, without commas.",
        ),
        "too_many_tags": ("标签最多 10 个。", "At most 10 tags."),
    }
)

_TABLE = MessageTable(_MESSAGES, common_messages.TABLE)
text = _TABLE.text
is_key = _TABLE.is_key
