"""Where the shopper is, from the browser's User-Agent: WeChat's in-app browser (only WeChat Pay
works there, by JSAPI), another mobile browser (WeChat Pay H5, Alipay WAP) or a desktop (WeChat
Pay Native QR code, Alipay page)."""

import re

WECHAT = "wechat"
MOBILE = "mobile"
DESKTOP = "desktop"
DEVICES = (WECHAT, MOBILE, DESKTOP)

_MOBILE = re.compile(r"Mobile|Android|iPhone|iPad|iPod|HarmonyOS", re.IGNORECASE)


def device_of(user_agent: str | None) -> str:
    agent = user_agent or ""
    if "MicroMessenger" in agent:
        return WECHAT
    return MOBILE if _MOBILE.search(agent) else DESKTOP
