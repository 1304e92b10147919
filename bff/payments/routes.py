"""Payment calls: the shop's payment methods, starting a payment for an order, settling an order
on the return page, provider notifications, and the sandbox's page (only where it is on)."""

from flask import Response, abort, current_app, redirect, request
from flask.views import MethodView

from bff.accounts import auth
from bff.accounts.decorators import member_required
from bff.common.arguments import Blueprint
from bff.common.limits import client_ip, limit
from bff.common.responses import document_errors
from bff.extensions import db
from bff.payments import schemas, services
from bff.payments.devices import device_of
from bff.payments.messages import text
from bff.payments.methods import method_providers
from bff.payments.providers import get_provider, sandbox_provider, shop_providers
from bff.payments.providers.antom import ACK as ANTOM_ACK
from bff.payments.providers.base import PaymentContext
from bff.payments.refunds import receive_refund_notification, shopper_refunds
from bff.shops.context import current_origin, current_shop

blp = Blueprint(
    "payments", __name__, url_prefix="/api/payment", description="Payment pages and notifications"
)


def _offered(shop):
    providers = shop_providers(db.session, shop)
    return {name: providers[name] for name in services.offered_providers(shop, providers)}


@blp.route("/methods")
class Methods(MethodView):
    @blp.response(200, schemas.MethodsResponse)
    def get(self):
        """The shop's payment providers, and the payment methods it offers with the provider
        serving each (the owner's choice); none means the manual QR payment (/payment-info)."""
        shop = current_shop()
        offered = list(_offered(shop))
        served = method_providers(db.session, shop, offered)
        return {
            "providers": offered,
            "methods": [{"method": method, "provider": name} for method, name in served.items()],
        }


@blp.route("/create-payment")
class CreatePayment(MethodView):
    @member_required
    @blp.arguments(schemas.CreatePaymentArgs, location="json_or_form")
    @blp.alt_response(
        409,
        response="CONFLICT",
        description="order_not_payable, amount_mismatch, payment_unavailable (no provider: pay by "
        "the manual QR codes), provider_unavailable, direct_payment_disabled",
    )
    @document_errors(blp, 502)
    @blp.response(200, schemas.CreatePaymentResponse)
    def post(self, shop, user, args):
        """Start paying an unpaid order of the member: a page to go to, a QR code or WeChat's
        in-app payment; the amount must be the order's exactly."""
        agent = request.headers.get("User-Agent") or ""
        offered = _offered(shop)
        provider = args.get("provider")
        if args.get("method"):
            # The provider the shop chose for the method; none serving it: provider_unavailable.
            provider = method_providers(db.session, shop, list(offered)).get(args["method"], "-")
        context = PaymentContext(
            origin=current_origin(),
            device=args.get("device") or device_of(agent),
            client_ip=client_ip(),
            user_agent=agent[:512],
            method=args.get("method"),
        )
        start = services.create_payment(
            db.session,
            shop,
            user,
            offered,
            provider,
            args["order_number"],
            args["total_price"],
            context,
        )
        return {
            "flow": start.flow,
            "paymentPageUrl": start.url,
            "qrCode": start.qr_code,
            "jsapi": start.jsapi,
            "charge": _charge(start.charge),
        }


def _charge(charge):
    return None if charge is None else {"amount": f"{charge.amount:.2f}", "currency": charge.currency}


@blp.route("/quote")
class Quote(MethodView):
    @member_required
    @blp.arguments(schemas.QuoteArgs, location="json_or_form")
    @document_errors(blp, 404)
    @blp.response(200, schemas.QuoteResponse)
    def post(self, shop, user, args):
        """What paying an order of the member charges with each of the shop's providers: its NZD
        total, or yuan at the shop's rate (the rate of an earlier attempt, once one was made)."""
        charges = services.quote_payment(db.session, shop, user, _offered(shop), args["order_number"])
        return {"charges": {name: _charge(charge) for name, charge in charges.items()}}


@blp.route("/refunds/<order_number:order_number>")
class OrderRefunds(MethodView):
    @member_required
    @document_errors(blp, 404)
    @blp.response(200, schemas.ShopperRefundsResponse)
    def get(self, shop, user, order_number):
        """The refunds of an order of the member, oldest first, each with its state: processing
        at the provider, refunded, failed (issue 22 item 4), or abnormal (stuck at the provider,
        being finished by the shop)."""
        return {"refunds": shopper_refunds(db.session, shop, user, order_number)}


def _member_key() -> str:
    user = auth.current_user()
    return f"user:{user.id}" if user is not None else f"ip:{client_ip()}"


def _settle_limit(setting: str, key_func):
    return limit(
        setting,
        scope=f"payment-settle:{setting}",
        key_func=key_func,
        message=lambda: text(current_shop().language, "too_many_checks"),
    )


@blp.route("/settle")
class Settle(MethodView):
    # Each call asks the providers (outgoing requests): a QR page polls every few seconds, a
    # loop of calls is refused (429, in the shop's language).
    decorators = [
        _settle_limit("SETTLE_LIMIT_PER_MEMBER", _member_key),
        _settle_limit("SETTLE_LIMIT_PER_IP", client_ip),
    ]

    @member_required
    @blp.arguments(schemas.SettleArgs, location="json_or_form")
    @document_errors(blp, 404, 429)
    @blp.response(200, schemas.SettleResponse)
    def post(self, shop, user, args):
        """The return page's check: an open order is settled by asking its providers (a
        notification may never have come); answers the order's status."""
        order = services.settle_payment(
            db.session, shop, user, shop_providers(db.session, shop), args["order_number"]
        )
        return {"order_number": order.order_number, "status": order.status}


@blp.route("/wechat/authorize")
class WechatAuthorize(MethodView):
    @member_required
    @blp.arguments(schemas.WechatAuthorizeArgs, location="json_or_form")
    @blp.alt_response(409, response="CONFLICT", description="wechat_login_unavailable")
    @document_errors(blp, 404)
    @blp.response(200, schemas.WechatAuthorizeResponse)
    def post(self, shop, user, args):
        """Inside WeChat: where to sign in silently (snsapi_base) for the openid JSAPI pays with."""
        url = services.start_wechat_login(
            db.session,
            shop,
            user,
            shop_providers(db.session, shop),
            args["order_number"],
            current_origin(),
            current_app.config["SECRET_KEY"],
            current_app.config["WECHAT_OAUTH_URL"],
        )
        return {"url": url}


@blp.route("/wechat/openid")
class WechatSignedIn(MethodView):
    @member_required
    @blp.arguments(schemas.WechatOpenidArgs, location="json_or_form")
    @blp.alt_response(400, response="BAD_REQUEST", description="wechat_state_invalid")
    @blp.alt_response(409, response="CONFLICT", description="wechat_login_unavailable")
    @document_errors(blp, 404, 502)
    @blp.response(200, schemas.WechatOpenidResponse)
    def post(self, shop, user, args):
        """Back from WeChat's sign-in: the state is checked and the openid kept on the member."""
        number = services.finish_wechat_login(
            db.session,
            shop,
            user,
            shop_providers(db.session, shop),
            args["order_number"],
            args["code"],
            args["state"],
            current_app.config["SECRET_KEY"],
            current_app.config["WECHAT_API_URL"],
        )
        return {"order_number": number}


@blp.route("/notify/alipay")
class AlipayNotify(MethodView):
    @blp.doc(
        responses={
            200: {"description": "`success` (text): Alipay stops resending", "content": {"text/plain": {}}}
        }
    )
    @blp.alt_response(400, response="BAD_REQUEST", description="bad_signature, invalid_amount, ...")
    @blp.alt_response(404, response="NOT_FOUND", description="no Alipay in this shop, or no such order")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    def post(self):
        """Alipay's signed notification (a form post): verified, applied once, answered `success`
        as Alipay requires (anything else makes it resend for a day)."""
        shop = current_shop()
        provider = get_provider(db.session, shop, "alipay")
        if provider is None:
            abort(404)
        services.receive_notification(
            db.session, shop, provider, request.get_data(cache=True), request.headers
        )
        return Response("success", mimetype="text/plain")


@blp.route("/notify/antom")
class AntomNotify(MethodView):
    @blp.alt_response(400, response="BAD_REQUEST", description="bad_signature, invalid_amount, ...")
    @blp.alt_response(404, response="NOT_FOUND", description="no Antom in this shop, or no such order")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.response(200, schemas.AntomAckResponse)
    def post(self):
        """Antom's notifyPayment (signed with Antom's key over method, path, client-id,
        request-time and body): verified, applied once, and answered with result SUCCESS as
        Antom requires (anything else makes it send the notification again)."""
        shop = current_shop()
        provider = get_provider(db.session, shop, "antom")
        if provider is None:
            abort(404)
        services.receive_notification(
            db.session, shop, provider, request.get_data(cache=True), request.headers
        )
        return ANTOM_ACK


@blp.route("/notify/wechat_pay/refund")
class WechatRefundNotify(MethodView):
    @blp.alt_response(400, response="BAD_REQUEST", description="bad_signature")
    @blp.alt_response(404, response="NOT_FOUND", description="no WeChat Pay in this shop, or no such refund")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.response(200, schemas.RefundNotificationResponse)
    def post(self):
        """WeChat Pay's refund notification (REFUND.SUCCESS, ABNORMAL, CLOSED) on its own URL, the
        refunds' notify_url: verified like a payment's; the refund's state afterwards."""
        shop = current_shop()
        provider = get_provider(db.session, shop, "wechat_pay")
        if provider is None:
            abort(404)
        status = receive_refund_notification(
            db.session, shop, provider, request.get_data(cache=True), request.headers
        )
        return {"received": True, "status": status}


@blp.route("/notify/<string(maxlength=32):provider_name>")
class Notify(MethodView):
    @blp.alt_response(400, response="BAD_REQUEST", description="bad_signature, invalid_amount, ...")
    @blp.alt_response(404, response="NOT_FOUND", description="no such provider in this shop, or order")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.response(200, schemas.NotificationResponse)
    def post(self, provider_name):
        """A provider's signed server-to-server notification (raw body, verified)."""
        shop = current_shop()
        provider = get_provider(db.session, shop, provider_name)
        if provider is None:
            abort(404)
        body = request.get_data(cache=True)
        is_refund = getattr(provider, "is_refund_notification", None)
        if is_refund is not None and is_refund(body):  # Stripe: one endpoint for every event
            status = receive_refund_notification(db.session, shop, provider, body, request.headers)
            return {"received": True, "applied": status in ("refunded", "failed"), "result": status}
        applied, result = services.receive_notification(
            db.session, shop, provider, request.get_data(cache=True), request.headers
        )
        return {"received": True, "applied": applied, "result": result}


def _sandbox():
    provider = sandbox_provider()
    if provider is None:
        abort(404)  # production: there is no sandbox
    return provider


@blp.route("/sandbox/<string(maxlength=400):token>")
class SandboxPage(MethodView):
    @blp.doc(responses={200: {"description": "HTML payment page"}})
    @document_errors(blp, 404)
    def get(self, token):
        """The sandbox provider's payment page (HTML) with Pay and Fail buttons (404 where the
        sandbox is off)."""
        html = services.sandbox_page(db.session, _sandbox(), token)
        return Response(html, mimetype="text/html", headers={"Cache-Control": "no-store"})

    @blp.arguments(schemas.SandboxArgs, location="form")
    @blp.doc(responses={303: {"description": "Back to the order summary"}})
    @blp.alt_response(400, response="BAD_REQUEST", description="the notification was refused")
    @document_errors(blp, 404)
    def post(self, args, token):
        """Pay or fail: sends the signed notification through the verifier, then back to the shop."""
        back = services.pay_on_sandbox(db.session, _sandbox(), token, args["outcome"])
        return redirect(back, 303)
