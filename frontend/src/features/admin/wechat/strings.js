// The console's WeChat settings (features/admin/wechat); merged into the console's table by
// ../strings.js, so they come with its chunk.
export const zh = {
  'admin.nav.wechat': '微信设置',
  'admin.wechat.intro':
    '填写本店的微信公众号（服务号）和微信开放平台网站应用。AppSecret 加密保存，保存后不再显示；留空表示保持不变。',
  'admin.wechat.saved': '微信设置已保存',
  'admin.wechat.section.official': '公众号（分享卡片、微信内登录、模板消息）',
  'admin.wechat.section.website': '网站应用（电脑端扫码登录）',
  'admin.wechat.section.templates': '模板消息（订单通知）',
  'admin.wechat.keywords.intro':
    '在公众号后台“模板消息”中为每个订单事件选用一个模板，把模板 ID 填在下面；再把模板详情里 {{ }} 中的关键词名称（如 character_string1，可带 .DATA）填到对应的订单信息旁。留空的一项不发送。关注公众号并用微信登录过的顾客会收到这些通知。',
  'admin.wechat.keywords.none': '不发送',
  'admin.wechat.keyword.order_number': '订单号的关键词',
  'admin.wechat.keyword.amount': '金额的关键词',
  'admin.wechat.keyword.status': '状态的关键词',
  'admin.wechat.keyword.courier': '快递公司的关键词',
  'admin.wechat.keyword.tracking': '快递单号的关键词',
  'admin.wechat.keyword.time': '时间的关键词',
  'admin.wechat.field.official_appid': '公众号 AppID',
  'admin.wechat.field.official_secret': '公众号 AppSecret',
  'admin.wechat.field.website_appid': '网站应用 AppID',
  'admin.wechat.field.website_secret': '网站应用 AppSecret',
  'admin.wechat.field.verify_file_name': '域名校验文件名（MP_verify_….txt）',
  'admin.wechat.field.verify_file_text': '校验文件内容',
  'admin.wechat.template.order_received': '订单已收到',
  'admin.wechat.template.order_paid': '订单已付款',
  'admin.wechat.template.order_shipped': '订单已发货',
  'admin.wechat.template.order_refunded': '订单已退款',
  'admin.wechat.register':
    '在公众号后台的“设置与开发 > 公众号设置 > 功能设置”中，把本店域名填入“JS接口安全域名”和“网页授权域名”，设置时微信要求下载的校验文件，把文件名和内容填在下面，本店会在网站根目录提供它；并在“基本配置”中把服务器出口 IP 加入 IP 白名单。',
};

export const en = {
  'admin.nav.wechat': 'WeChat',
  'admin.wechat.intro':
    "Your shop's WeChat official account (service account) and its Open Platform website application. AppSecrets are stored encrypted and never shown again; leave one empty to keep it.",
  'admin.wechat.saved': 'WeChat settings saved',
  'admin.wechat.section.official': 'Official account (share cards, sign-in inside WeChat, template messages)',
  'admin.wechat.section.website': 'Website application (QR sign-in on computers)',
  'admin.wechat.section.templates': 'Template messages (order updates)',
  'admin.wechat.keywords.intro':
    "In the official account's admin (Template messages), choose a template for each order event and enter its id below; then enter, beside each piece of the order, the keyword that shows it: the name inside {{ }} on the template's page, like character_string1 (.DATA may follow). A piece left empty is not sent. Shoppers who follow the account and signed in with WeChat receive these updates.",
  'admin.wechat.keywords.none': 'not sent',
  'admin.wechat.keyword.order_number': 'Keyword for the order number',
  'admin.wechat.keyword.amount': 'Keyword for the amount',
  'admin.wechat.keyword.status': 'Keyword for the status',
  'admin.wechat.keyword.courier': 'Keyword for the courier',
  'admin.wechat.keyword.tracking': 'Keyword for the tracking number',
  'admin.wechat.keyword.time': 'Keyword for the time',
  'admin.wechat.field.official_appid': 'Official account AppID',
  'admin.wechat.field.official_secret': 'Official account AppSecret',
  'admin.wechat.field.website_appid': 'Website application AppID',
  'admin.wechat.field.website_secret': 'Website application AppSecret',
  'admin.wechat.field.verify_file_name': 'Domain check file name (MP_verify_….txt)',
  'admin.wechat.field.verify_file_text': 'Text inside the check file',
  'admin.wechat.template.order_received': 'Order received',
  'admin.wechat.template.order_paid': 'Order paid',
  'admin.wechat.template.order_shipped': 'Order shipped',
  'admin.wechat.template.order_refunded': 'Order refunded',
  'admin.wechat.register':
    "In the official account's admin (Settings and development > Account settings > Function settings), enter your shop's domain as the JS API safe domain and the web authorisation domain, enter the name and text of the check file WeChat asks you to download below (the shop serves it at the site's root), and add the server's outgoing IP to the IP whitelist under Basic configuration.",
};
