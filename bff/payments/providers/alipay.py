"""Alipay through the `python-alipay-sdk` package: page pay on desktops, WAP pay on mobile
browsers (inside WeChat, Alipay's pages are blocked: the storefront tells the shopper to open the
order in the phone's browser), RSA2 notifications verified by the package, query, close, refunds
and refund query.

Sources (Alipay's official Java SDK, whose models carry the open platform's field descriptions:
alipay/alipay-sdk-java-all, v2/src/main/java/com/alipay/api/domain/):
- AlipayTradeWapPayModel: `product_code` QUICK_WAP_WAY (the package's default, QUICK_WAP_PAY, is
  not a product); `out_trade_no` "64个字符以内，仅支持字母、数字、下划线" (so the order number's
  hyphens become `_`); `time_expire` "yyyy-MM-dd HH:mm:ss", 1m~15d, preferred to timeout_express.
- AlipayTradePagePayModel: FAST_INSTANT_TRADE_PAY, the same out_trade_no and time_expire rules.
- AlipayTradeRefundModel: `refund_currency` (NZD among the listed currencies) for a trade priced in
  a foreign currency; `out_request_no` our refund number. AlipayTradeRefundResponse: `fund_change`
  Y only when money moved; N means the refund is not (yet) done: the refund query
  (alipay.trade.fastpay.refund.query, AlipayTradeFastpayRefundQueryResponse `refund_status`
  REFUND_SUCCESS) tells the outcome, run by the same sweep that settles lost notifications.
- Refund results (issue 22 item 4): alipay.trade.refund is synchronous and Alipay sends no
  notification for it (https://opendocs.alipay.com/apis/api_1/alipay.trade.refund, formerly
  docs.open.alipay.com/api_1/alipay.trade.refund; the query,
  https://opendocs.alipay.com/apis/api_1/alipay.trade.fastpay.refund.query: its code 10000 only
  says the query ran; a refund is done when the query returns its record with `refund_status`
  REFUND_SUCCESS, no record or no refund_status means not done, and a refund not done may be
  sent again with the same `out_request_no` and amount). The official pages render by script:
  their texts were read as quoted by github.com/xiaojiaoyu100/alipay fastpay_refund_query.go
  (linking the official page), the docs.rs `labrador` AlipayRefundQueryResponse field notes, and
  Alipay support's note on `fund_change` (https://developer.aliyun.com/article/707647). So a
  refund the query does not report done is sent again as it was (the amount kept with the
  refund, migration 0024): `fund_change` Y is success, a business refusal (40004, its `sub_code`
  logged) is failure, anything else stays processing.
- alipay.trade.close (AlipayTradeCloseModel): an unpaid order's trade is closed when it is released.
- The asynchronous notification (https://opendocs.alipay.com/open/203/105286, 异步通知): besides the
  signature, the merchant checks `app_id`, `seller_id` (the shop's PID, 2088...), `out_trade_no`
  and `total_amount`.

Currency (the owner's setting `currency`): a cross-border (境外) merchant's `NZD` charges the order's
NZD total as it is, sent with `trans_currency` (the currency `total_amount` is priced in) and
`settle_currency` (the one Alipay settles with the merchant in); the shopper pays yuan at Alipay's
rate. A mainland merchant's `CNY` charges the total converted at the shop's rate when the payment
starts (bff/payments/charges.py), with no currency arguments. Either way the notification's and the
query's `total_amount` is compared exactly with the charge kept on the attempt. Not verified
against a live account (README, Payments): that `total_amount` comes back in `trans_currency` as
sent (what the shopper paid in yuan being `buyer_pay_amount`), and that a cross-border refund's
`refund_amount` is in `trans_currency` too; where the notification names `trans_currency`, it
must be the charge's.

Notifications that pay nothing (WAIT_BUYER_PAY, TRADE_CLOSED) are verified, then acknowledged with
`success` and not recorded (NotAPayment): Alipay resends anything else for a day.

The package names its gateway in `_gateway` only (no setting): it is set after construction (the
tests point it at their local fake gateway)."""

import logging
from datetime import timedelta, timezone
from decimal import Decimal, InvalidOperation
from urllib.parse import parse_qsl

from alipay import AliPay
from alipay.exceptions import AliPayException, AliPayValidationError
from alipay.utils import AliPayConfig

from bff.payments.charges import YUAN, Charge, charge_for
from bff.payments.providers.base import (
    BadNotification,
    NotAPayment,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    ProviderError,
    RefundResult,
)

log = logging.getLogger(__name__)
PAID_STATES = ("TRADE_SUCCESS", "TRADE_FINISHED")
BEIJING = timezone(timedelta(hours=8))  # Alipay's times are Beijing time


def alipay_trade_no(order_number: str) -> str:
    """Letters, digits and `_` only (AlipayTradeWapPayModel.outTradeNo)."""
    return order_number.replace("-", "_")


def order_number_of(trade_no: str) -> str:
    return trade_no.replace("_", "-")


class AlipayProvider:
    name = "alipay"
    methods = ("alipay",)  # bff/payments/methods.py: the direct open-platform app serves Alipay

    def __init__(self, settings: dict, secrets_: dict, gateway: str, notify_url: str):
        self.app_id = settings["app_id"]
        self.seller_id = settings.get("seller_id") or ""  # the merchant's PID, checked on notifications
        self.currency = settings.get("currency") or "NZD"  # NZD: cross-border; CNY: mainland
        if self.currency not in ("NZD", YUAN):
            raise ValueError("currency must be NZD or CNY")
        self.notify_url = notify_url
        error = None
        # A bare key from Alipay's tool is PKCS#1 (most languages) or PKCS#8 (Java).
        for label in ("RSA PRIVATE KEY", "PRIVATE KEY"):
            try:
                self.client = AliPay(
                    appid=self.app_id,
                    app_notify_url=notify_url,
                    app_private_key_string=_pem(secrets_["app_private_key"], label),
                    alipay_public_key_string=_pem(secrets_["alipay_public_key"], "PUBLIC KEY"),
                    sign_type="RSA2",
                    config=AliPayConfig(timeout=15),
                )
                break
            except (ValueError, IndexError, TypeError) as exc:
                error = exc
        else:
            raise ValueError(f"Alipay keys: {error}")
        self.gateway = gateway
        self.client._gateway = gateway
        self._refunded_trades: dict[str, str] = {}  # refund number -> trade, within this request

    @staticmethod
    def _currency_args(charge: Charge) -> dict:
        # A cross-border (境外) merchant prices in the shop's currency; CNY needs no argument.
        if charge.currency == YUAN:
            return {}
        return {"trans_currency": charge.currency, "settle_currency": charge.currency}

    def quote(self, shop, order) -> Charge:
        return charge_for(order.total_price, self.currency, order.exchange_rate)

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        back = f"{context.origin}/pay/{order.order_number}?returned=1"
        if context.device == "wechat":
            # WeChat's browser blocks Alipay: the shopper opens the order in the phone's browser.
            return PaymentStart("open_in_browser", url=f"{context.origin}/order-summary/{order.order_number}")
        reference = alipay_trade_no(order.order_number)
        args = {
            "subject": f"{shop.shop_name} {order.order_number}"[:256],
            "out_trade_no": reference,
            "total_amount": f"{charge.amount:.2f}",
            "return_url": back,
            "notify_url": self.notify_url,
            **self._currency_args(charge),
        }
        if context.expires_at is not None:
            args["time_expire"] = context.expires_at.astimezone(BEIJING).strftime("%Y-%m-%d %H:%M:%S")
        if context.device == "mobile":
            query = self.client.api_alipay_trade_wap_pay(**args, quit_url=back, product_code="QUICK_WAP_WAY")
        else:
            query = self.client.api_alipay_trade_page_pay(**args)
        return PaymentStart("redirect", reference=reference, url=f"{self.gateway}?{query}")

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        try:
            data = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=True))
            signature = data.pop("sign")
            verified = self.client.verify(dict(data), signature)
        except (UnicodeDecodeError, ValueError, KeyError, AliPayException, TypeError) as exc:
            raise BadNotification(f"unreadable notification: {exc}") from exc
        if not verified:
            raise BadNotification("signature mismatch")
        if data.get("app_id") != self.app_id:
            raise BadNotification("another app's notification")
        if not self.seller_id or data.get("seller_id") != self.seller_id:
            raise BadNotification("another seller's notification")
        if data.get("trade_status") not in PAID_STATES:
            raise NotAPayment(str(data.get("trade_status"))[:40])
        return self._event(data)

    def _event(self, data: dict) -> PaymentEvent:
        try:
            amount = Decimal(data["total_amount"])
            trade_no, reference = str(data["trade_no"]), str(data["out_trade_no"])
        except (KeyError, InvalidOperation) as exc:
            raise BadNotification("no amount or trade number") from exc
        currency = data.get("trans_currency") or self.currency
        if currency != self.currency:
            raise BadNotification(f"priced in {currency}")
        return PaymentEvent(
            provider=self.name,
            transaction_id=trade_no[:128],
            order_number=order_number_of(reference)[:20],
            amount=amount,
            outcome="paid",
            currency=currency,
            reference=reference[:64],
        )

    def query(self, order, reference: str) -> PaymentEvent | None:
        try:
            result = self.client.api_alipay_trade_query(out_trade_no=reference)
        except AliPayValidationError as exc:
            raise ProviderError("query: the answer's signature does not verify") from exc
        except (AliPayException, OSError, ValueError) as exc:
            if "ACQ.TRADE_NOT_EXIST" in str(exc):
                return None  # the shopper never reached Alipay's page
            raise ProviderError(f"query: {exc}") from exc
        if result.get("code") != "10000" or result.get("trade_status") not in PAID_STATES:
            return None
        try:
            return self._event(result)
        except BadNotification as exc:
            raise ProviderError(f"query: {exc}") from exc

    def refund(
        self,
        order,
        transaction_id: str,
        refund_number: str,
        amount: Decimal,
        reason: str,
        charge: Charge | None = None,
    ) -> RefundResult:
        currency = (charge.currency if charge else None) or self.currency
        extra = {} if currency == YUAN else {"refund_currency": currency}
        try:
            result = self.client.api_alipay_trade_refund(
                refund_amount=f"{amount:.2f}",
                trade_no=transaction_id,
                out_request_no=refund_number,
                refund_reason=reason[:256],
                **extra,
            )
        except (AliPayException, AliPayValidationError, OSError, ValueError) as exc:
            raise ProviderError(f"refund: {exc}") from exc
        if result.get("code") != "10000":
            raise ProviderError(f"refund: {result.get('sub_code') or result.get('code')}")
        status = "succeeded" if result.get("fund_change") == "Y" else "processing"
        self._refunded_trades[refund_number] = transaction_id
        return RefundResult(refund_id=f"{transaction_id}:{refund_number}", status=status)

    def query_refund(
        self,
        refund_number: str,
        trade_no: str | None = None,
        amount: Decimal | None = None,
        currency: str | None = None,
    ) -> str | None:
        """succeeded or processing, as alipay.trade.fastpay.refund.query says (it answers no
        record while a refund is not done); None when Alipay does not know the trade. A refund
        not done whose `amount` (in `currency`, as first asked) is known is sent again with the
        same out_request_no (see the module's docstring): then it may end succeeded or failed."""
        trade_no = trade_no or self._refunded_trades.get(refund_number)
        try:
            result = self.client.api_alipay_trade_fastpay_refund_query(refund_number, trade_no=trade_no)
        except (AliPayException, AliPayValidationError, OSError, ValueError) as exc:
            if "TRADE_NOT_EXIST" in str(exc):
                return None
            raise ProviderError(f"refund query: {exc}") from exc
        if result.get("code") != "10000":
            raise ProviderError(f"refund query: {result.get('sub_code') or result.get('code')}")
        if result.get("refund_status") == "REFUND_SUCCESS":
            return "succeeded"
        if amount is None or not trade_no:
            return "processing"
        return self._refund_again(trade_no, refund_number, amount, currency)

    def _refund_again(self, trade_no: str, refund_number: str, amount: Decimal, currency: str | None) -> str:
        currency = currency or self.currency
        extra = {} if currency == YUAN else {"refund_currency": currency}
        try:
            result = self.client.api_alipay_trade_refund(
                refund_amount=f"{amount:.2f}", trade_no=trade_no, out_request_no=refund_number, **extra
            )
        except (AliPayException, AliPayValidationError, OSError, ValueError) as exc:
            raise ProviderError(f"refund again: {exc}") from exc
        code = result.get("code")
        if code == "10000":
            return "succeeded" if result.get("fund_change") == "Y" else "processing"
        if code == "40004":  # Business Failed: Alipay refuses this refund (its sub_code says why)
            log.warning("payment: alipay refused refund %s again: %s", refund_number, result.get("sub_code"))
            return "failed"
        raise ProviderError(f"refund again: {result.get('sub_code') or code}")

    def close(self, order, reference: str) -> PaymentEvent | None:
        """alipay.trade.close of the attempt's trade; the payment instead when it was paid."""
        paid = self.query(order, reference)
        if paid is not None:
            return paid
        try:
            result = self.client.api_alipay_trade_close(out_trade_no=reference)
        except (AliPayException, AliPayValidationError, OSError, ValueError) as exc:
            if "TRADE_NOT_EXIST" in str(exc):
                return None  # the shopper never reached Alipay's page: nothing to pay
            raise ProviderError(f"close: {exc}") from exc
        if result.get("code") == "10000" or "TRADE_NOT_EXIST" in str(result.get("sub_code")):
            return None
        raise ProviderError(f"close: {result.get('sub_code') or result.get('code')}")


def _pem(key: str, label: str) -> str:
    """Alipay's console hands out bare base64 keys; the package wants PEM."""
    key = key.strip()
    if key.startswith("-----BEGIN"):
        return key
    body = "\n".join(key[i : i + 64] for i in range(0, len(key), 64))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"
