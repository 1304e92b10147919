"""What the personal-data calls say, by shop language ('en' English, anything else Chinese)."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    "password_required": ("请输入密码以确认", "Please enter your password to confirm"),
    "wrong_password": ("密码不正确", "The password is not correct"),
    "orders_in_progress": (
        "您有已付款但尚未发货的订单（{numbers}），发货后才能注销账户",
        "You have paid orders not yet shipped ({numbers}): the account can be deleted once they are shipped",
    ),
    "admin_account": ("店铺管理员账户不能在此注销", "The shop's admin account cannot be deleted here"),
    "too_many_attempts": ("尝试次数过多，请稍后再试", "Too many attempts: please try again later"),
    "account_deleted": ("您的账户已注销", "Your account has been deleted"),
}

text = MessageTable(_MESSAGES).text
