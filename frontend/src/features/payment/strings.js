// Texts of the payment information page.
export const zh = {
  'payment.title': '付款方式',
  'payment.scan': '请使用支付宝或微信扫描下方二维码付款。',
  'payment.alipay': '支付宝',
  'payment.wechat': '微信支付',
  'payment.noImages': '本店暂未提供付款二维码，请联系客服。',
  'payment.note1': '付款前请核对付款金额和订单信息。',
  'payment.note2': '付款后请截图保存付款凭证。',
  'payment.note3': '如需帮助，请携付款凭证联系客服。',
  'payment.note4': '请妥善保管您的付款信息，不要泄露给他人。',
  'payment.notes': '注意事项',
};

export const en = {
  'payment.title': 'Payment method',
  'payment.scan': 'Scan a QR code below with Alipay or WeChat to pay.',
  'payment.alipay': 'Alipay',
  'payment.wechat': 'WeChat Pay',
  'payment.noImages': 'This shop has no payment QR codes yet; please contact customer service.',
  'payment.note1': 'Check the amount and the order information before paying.',
  'payment.note2': 'Take a screenshot of the payment as proof.',
  'payment.note3': 'If you need help, contact customer service with the proof.',
  'payment.note4': 'Keep your payment information private.',
  'payment.notes': 'Notes',
};
