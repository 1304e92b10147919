"""What the accounts calls say, by shop language ('en' is English, anything else Chinese).

Messages SPEC section 5 gives in Chinese are the Chinese texts; 'Email already exists' and
'Invalid email or password' are the spec's English strings, with their Chinese twins, so the
Chinese shop shows no English message (the frontend's tables hold the same texts).
"""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "email_required": ("请输入电子邮件地址", "Please enter your email address"),
    "email_invalid": ("请输入有效的电子邮件地址", "Please enter a valid email address"),
    "reset_email_required": ("需要填写邮箱地址", "Email address is required"),
    "reset_email_invalid": ("无效的邮箱地址", "Invalid email address"),
    "password_required": ("请输入密码", "Please enter your password"),
    "password_too_short": ("密码至少需要8个字符", "Password must be at least 8 characters"),
    "password_too_long": ("密码最多只能有20个字符", "Password must be at most 20 characters"),
    "password_weak": ("请创建一个更强的密码", "Please create a stronger password"),
    "password_confirmation_required": ("请确认密码", "Please confirm your password"),
    "password_mismatch": ("两次输入的密码不一致", "The passwords do not match"),
    "name_required": ("请输入姓名", "Please enter your name"),
    "name_too_long": ("姓名最多只能有120个字符", "Name must be at most 120 characters"),
    "accept_terms": (
        "您必须接受服务条款和隐私政策",
        "You must accept the terms of service and privacy policy",
    ),
    "token_required": ("缺少重置令牌", "The reset token is missing"),
    "email_taken": ("该电子邮件地址已被注册", "Email already exists"),
    "invalid_credentials": ("电子邮件或密码错误", "Invalid email or password"),
    "account_blocked": (
        "该账户已被停用，如有疑问请联系客服。",
        "This account is blocked. Please contact the shop if you think this is a mistake.",
    ),
    "invalid_reset_token": (
        "重置链接无效或已过期，请重新申请。",
        "This reset link is invalid or has expired.",
    ),
    "registered": ("注册成功，请登录。", "Registration successful. Please log in."),
    "logged_in": ("登录成功", "Logged in"),
    "logged_out": ("已退出登录", "Logged out"),
    "reset_requested": (
        "如果该邮箱已注册，我们已发送重置密码的邮件，请查收。",
        "If this address has an account, we have emailed a link to reset the password.",
    ),
    "password_reset": ("密码已重置，请使用新密码登录。", "Your password has been reset. Please log in."),
    "too_many_requests": ("操作过于频繁，请稍后再试。", "Too many attempts. Please try again later."),
    "login_throttled": (
        "登录失败次数较多，请 {seconds} 秒后再试。",
        "Several sign-ins have failed: try again in {seconds} s.",
    ),
    "unlock_mail_subject": ("有人多次尝试登录您的账户", "Several failed sign-ins to your account"),
    "unlock_mail_body": (
        "您好 {name}，\n\n最近有多次使用错误密码登录您在 {shop} 的账户的尝试，"
        "因此每次登录前需要稍等（最多一分钟）。如果是您本人，请在 24 小时内打开以下链接，"
        "即可在这个浏览器中立即登录：\n\n{link}\n\n如果不是您本人，您的账户仍然安全；"
        "若担心密码已泄露，请修改密码。\n",
        "Hello {name},\n\nThere have been several sign-ins to your {shop} account with a wrong password, "
        "so each new attempt waits a little (a minute at most). If that was you, open this link within "
        "24 hours to sign in from this browser at once:\n\n{link}\n\n"
        "If it was not you, your account is still safe; change your password if you think it leaked.\n",
    ),
    "invalid_request": ("请求无效", "The request is not valid."),
    "reset_mail_subject": ("重置您的密码", "Reset your password"),
    "reset_mail_body": (
        "您好 {name}，\n\n我们收到了重置您在 {shop} 的账户密码的请求。"
        "请在 {minutes} 分钟内打开以下链接设置新密码：\n\n"
        "{link}\n\n如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。\n",
        "Hello {name},\n\nWe received a request to reset the password of your {shop} account. "
        "Open this link within {minutes} minutes to choose a new password:\n\n{link}\n\n"
        "If you did not ask for this, ignore this email; your password will not change.\n",
    ),
}


_TABLE = MessageTable(_MESSAGES)
text = _TABLE.text
is_key = _TABLE.is_key
