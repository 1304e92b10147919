// English: see strings.js.
export const en = {
  'article.notFound': 'Article not found.',
  'storeNotFound.title': 'Store not found',
  'storeNotFound.text': 'This shop does not exist or is closed. Please check the address.',
  'terms.title': 'Terms of service',
  'privacy.title': 'Privacy policy',
  'static.close': 'Close',
};
