import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { selectArticles, selectShop } from '../../features/shop/shopSlice.js';

export default function Footer() {
  const t = useT();
  const shop = useSelector(selectShop);
  const articles = useSelector(selectArticles);
  return (
    <footer className="mt-16 border-t border-gray-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 className="mb-3 text-sm font-semibold text-gray-900">{t('footer.articles')}</h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-600">
          {articles.map((a) => (
            <li key={a.id}>
              <Link to={`/article/${a.id}`} className="hover:text-gray-900">
                {a.title}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/terms" className="hover:text-gray-900">
              {t('terms.title')}
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className="hover:text-gray-900">
              {t('privacy.title')}
            </Link>
          </li>
        </ul>
        <p className="mt-8 text-xs text-gray-500" data-testid="copyright">
          {t('footer.copyright', { shop: shop?.shop_name || '' })}
        </p>
      </div>
    </footer>
  );
}
