"""What the shop-settings calls say, by shop language ('en' English, else Chinese)."""

from bff.common.messages import TABLE as COMMON
from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "if_match_required": (
        "保存前需要注明所编辑的版本（If-Match 请求头，取自读取设置时的 ETag）。请重新加载设置后再保存。",
        "Saving needs the version you edited (the If-Match header, from the ETag of the settings you "
        "loaded). Reload the settings and save again.",
    ),
    "stale_version": (
        "店铺设置在您打开之后已被修改并保存（可能在另一个窗口或由其他管理员）。为避免覆盖他人的修改，"
        "本次保存未执行。请重新加载设置，再做修改。",
        "The shop's settings were changed and saved after you opened them (in another tab, or by "
        "someone else). To avoid overwriting that change, yours was not saved. Reload the settings "
        "and make your change again.",
    ),
    "rate_invalid": (
        "请输入大于0、最多四位小数的汇率",
        "Enter a rate above 0 with at most four decimals.",
    ),
    "language_invalid": ("语言只能是中文（zh）或英文（en）", "The language is zh (Chinese) or en (English)."),
    "threshold_range": ("请填写 0 到 10000 之间的整数", "A whole number from 0 to 10000."),
    "time_zone_invalid": ("未知的时区（例如 Asia/Shanghai）", "Unknown time zone (e.g. Pacific/Auckland)."),
    "timeout_range": (
        "未付款订单的保留时间须在 5 分钟到 30 天之间",
        "Unpaid orders are kept between 5 minutes and 30 days.",
    ),
    "no_shipping_method": (
        "至少要开启一种配送方式",
        "Keep at least one shipping method on.",
    ),
    "image_field_unknown": ("没有这个图片设置", "No such picture setting."),
    "image_required": ("请选择要上传的图片", "Choose the picture to upload."),
    # The shop's own address (bff/settings/site_address.py)
    "site_url_invalid": (
        "请输入网站地址，例如 https://shop.example.com（不含路径）",
        "Enter the site's address, e.g. https://shop.example.com (no path).",
    ),
    "site_url_not_a_host": (
        "网站地址的域名（{host}）必须是本店的域名之一",
        "The site address's host ({host}) must be one of the shop's hosts.",
    ),
    "hosts_count": ("请填写 1 到 {most} 个域名", "Give from 1 to {most} hostnames."),
    "host_invalid": (
        "“{host}”不是有效的域名（不含 http:// 和端口）",
        "“{host}” is not a hostname (no http://, no port).",
    ),
    "host_shape": ("请填写有效的域名（不含 http:// 和端口）", "Enter a hostname (no http://, no port)."),
    "host_taken": ("域名 {host} 已被其他店铺使用", "{host} already serves another shop."),
    "host_in_use": (
        "不能移除您正在使用的域名 {host}，否则将无法访问后台",
        "You can't remove {host}: you are using it, and would lose the console.",
    ),
}

_TABLE = MessageTable(_MESSAGES, fallback=COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
