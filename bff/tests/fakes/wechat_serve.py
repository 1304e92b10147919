"""The fake WeChat API (bff/tests/fakes/wechat_api.py) as one process, for the browser tests
(e2e/wechat.test.js):

    .venv/bin/python -m bff.tests.fakes.wechat_serve

prints one JSON line (its URL and what the shop owner enters) and serves on a free loopback port
until stdin closes. WECHAT_FAKE_APPID, when set, is the official account's AppID."""

import json
import os
import sys

from bff.tests.fakes.server import LocalServer
from bff.tests.fakes.wechat_api import FakeWechatApi


def main() -> None:
    fake = FakeWechatApi(appid=os.environ.get("WECHAT_FAKE_APPID") or None)
    with LocalServer(fake) as server:
        print(json.dumps({"url": server.url, "appid": fake.appid, "fields": fake.shop_fields()}), flush=True)
        sys.stdin.read()  # until the test closes the pipe


if __name__ == "__main__":
    main()
