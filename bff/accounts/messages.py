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
    "wechat_signin_required": (
        "您的账户没有密码：请重新用微信登录一次以确认是您本人，然后在10分钟内完成操作。",
        "Your account has no password: sign in with WeChat again to confirm it is you, "
        "then finish within 10 minutes.",
    ),
    "email_already_set": (
        "您的账户已有电子邮件地址，不能再添加。",
        "Your account already has an email address.",
    ),
    "email_added": ("电子邮件地址已添加", "Your email address has been added"),
    "email_and_password_added": (
        "电子邮件地址和密码已添加，今后也可以用邮箱登录。",
        "Your email address and password have been added: you can now also sign in with your email.",
    ),
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
    "role_forbidden": (
        "您的角色无权使用这一功能，如需使用请联系店主。",
        "Your role does not allow this. Ask the shop's owner if you need it.",
    ),
    "two_factor_setup_required": (
        "本店要求店主和经理使用两步验证登录：请先设置两步验证。",
        "This shop requires owners and managers to sign in with two-step verification: set it up first.",
    ),
    "two_factor_required": (
        "请输入验证器应用中的 6 位验证码",
        "Enter the 6-digit code from your authenticator app",
    ),
    "two_factor_invalid": (
        "验证码不正确或已使用过，请重试。",
        "The code is wrong or was used already. Try again.",
    ),
    "two_factor_challenge_invalid": (
        "登录已超时，请重新输入邮箱和密码。",
        "The sign-in timed out. Enter your email and password again.",
    ),
    "two_factor_already_on": ("两步验证已开启。", "Two-step verification is already on."),
    "two_factor_not_started": ("请先开始设置两步验证。", "Start setting up two-step verification first."),
    "two_factor_enabled": ("两步验证已开启", "Two-step verification is on"),
    "two_factor_disabled": ("两步验证已关闭", "Two-step verification is off"),
    "two_factor_still_required": (
        "本店要求店主和经理使用两步验证，不能关闭。",
        "This shop requires two-step verification of owners and managers: it cannot be turned off.",
    ),
    "wrong_password": ("密码不正确", "The password is wrong"),
    "invitation_invalid": (
        "邀请链接无效、已使用或已过期，请联系店主重新邀请。",
        "This invitation is invalid, used or expired. Ask the owner for a new one.",
    ),
    "invitation_accepted": ("已加入店铺管理后台，请登录。", "You have joined the console. Please sign in."),
    "invitation_sent": ("邀请已发送", "Invitation sent"),
    "staff_email_taken": (
        "该邮箱已有本店的账户，请使用其他邮箱邀请。",
        "This address already has an account at this shop: invite another address.",
    ),
    "staff_not_found": ("找不到该员工", "No such staff member"),
    "staff_owner": ("不能更改或移除店主。", "The owner cannot be changed or removed."),
    "staff_removed": ("已移除该员工", "Staff member removed"),
    "invitation_mail_subject": ("邀请您加入 {shop} 的店铺管理后台", "You are invited to {shop}'s console"),
    "invitation_mail_body": (
        "您好，\n\n{inviter} 邀请您以「{role}」的身份加入 {shop} 的店铺管理后台。"
        "请在 {hours} 小时内打开以下链接设置您的姓名和密码：\n\n{link}\n\n"
        "如果您不认识发件人，请忽略此邮件。\n",
        "Hello,\n\n{inviter} invites you to {shop}'s console as {role}. Open this link within "
        "{hours} hours to choose your name and password:\n\n{link}\n\n"
        "If you do not know the sender, ignore this email.\n",
    ),
    "role_owner": ("店主", "owner"),
    "role_manager": ("经理", "manager"),
    "role_packer": ("打包员", "packer"),
    "role_support": ("客服", "support"),
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
