// Texts of articles, the terms and privacy pages and the unknown-shop page.
export const zh = {
  'article.notFound': '文章不存在。',
  'storeNotFound.title': '商店不存在',
  'storeNotFound.text': '您访问的商店不存在或已停止营业，请检查网址。',
  'terms.title': '服务条款',
  'privacy.title': '隐私政策',
  'static.close': '关闭',
};

export const en = {
  'article.notFound': 'Article not found.',
  'storeNotFound.title': 'Store not found',
  'storeNotFound.text': 'This shop does not exist or is closed. Please check the address.',
  'terms.title': 'Terms of service',
  'privacy.title': 'Privacy policy',
  'static.close': 'Close',
};
