"""The fake gateways (WeChat Pay, Alipay, Stripe, Antom, Airwallex) as one process, for the browser
tests (e2e/payments.test.js, e2e/airwallex.test.js):

    .venv/bin/python -m bff.tests.fakes.serve

prints one JSON line (the gateways' URLs and what the shop owner enters for each) and serves on
free loopback ports until stdin closes. WeChat Pay's H5 cashier is served by the fake itself; its
mainland and overseas hosts on two ports."""

import json
import sys

from bff.tests.fakes.airwallex import FakeAirwallex
from bff.tests.fakes.alipay import FakeAlipay
from bff.tests.fakes.antom import FakeAntom
from bff.tests.fakes.server import LocalServer
from bff.tests.fakes.stripe import FakeStripe
from bff.tests.fakes.wechatpay import FakeWechatPay


def main() -> None:
    wechat, alipay, stripe = FakeWechatPay(), FakeAlipay(), FakeStripe()
    antom, airwallex = FakeAntom(), FakeAirwallex()
    with (
        LocalServer(wechat.mainland()) as wechat_server,
        LocalServer(wechat.overseas()) as wechat_overseas,
        LocalServer(alipay) as alipay_server,
        LocalServer(stripe) as stripe_server,
        LocalServer(antom) as antom_server,
        LocalServer(airwallex) as airwallex_server,
    ):
        wechat.h5_base = f"{wechat_server.url}/_fake/h5"
        stripe.base = stripe_server.url
        antom.base = antom_server.url
        airwallex.base = airwallex_server.url
        airwallex.settle_refunds = True  # a refund settles shortly after, and its webhook says so
        info = {
            "wechat": wechat_server.url,
            "wechatGlobal": wechat_overseas.url,
            "alipay": f"{alipay_server.url}/gateway.do",
            "alipayBase": alipay_server.url,
            "wechatFields": wechat.shop_fields(),
            "alipayFields": alipay.shop_fields(),
            "wechatOpenid": wechat.openid,
            "stripe": stripe_server.url,
            "stripeFields": stripe.shop_fields(),
            "airwallex": airwallex_server.url,
            "airwallexFields": airwallex.shop_fields(),
            "antom": antom_server.url,
            "antomFields": antom.shop_fields(),
        }
        print(json.dumps(info), flush=True)
        sys.stdin.read()  # until the test closes the pipe


if __name__ == "__main__":
    main()
