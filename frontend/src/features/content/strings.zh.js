// Chinese: see strings.js.
export const zh = {
  'article.notFound': '文章不存在。',
  'storeNotFound.title': '商店不存在',
  'storeNotFound.text': '您访问的商店不存在或已停止营业，请检查网址。',
  'terms.title': '服务条款',
  'privacy.title': '隐私政策',
  'static.close': '关闭',
};
