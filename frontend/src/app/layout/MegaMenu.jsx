import { Link } from 'react-router';
import Img from '../../common/components/Img.jsx';
import { useT } from '../../i18n/index.js';

// Desktop: top-level categories; hovering (or focusing) one opens its
// subcategory tiles on an 8-column grid. Pure CSS so it works before hydration.
export default function MegaMenu({ categories }) {
  const t = useT();
  return (
    <nav className="hidden h-11 border-t border-gray-100 md:block" aria-label={t('nav.categories')}>
      <ul className="mx-auto flex h-full max-w-7xl items-center gap-1 px-4 text-sm">
        <li>
          <Link to="/newest-product" className="rounded px-3 py-2 hover:bg-gray-100">
            {t('nav.newest')}
          </Link>
        </li>
        <li>
          <Link to="/best-product" className="rounded px-3 py-2 hover:bg-gray-100">
            {t('nav.best')}
          </Link>
        </li>
        {categories.map((cat) => (
          <li key={cat.id} className="group h-full">
            <Link to={`/category/${cat.id}`} className="flex h-full items-center px-3 hover:text-rose-600">
              {cat.name}
            </Link>
            {cat.subcategories?.length > 0 && (
              <div
                className="invisible absolute inset-x-0 top-full border-t border-gray-100 bg-white opacity-0 shadow-lg transition group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100"
                data-testid="mega-menu"
              >
                <div className="mx-auto grid max-w-7xl grid-cols-8 gap-4 px-4 py-6">
                  {cat.subcategories.map((sub) => (
                    <Link
                      key={sub.id}
                      to={`/category/${sub.id}`}
                      className="flex flex-col items-center gap-2 rounded-lg p-2 text-center hover:bg-gray-50"
                    >
                      <Img
                        src={sub.avatar}
                        alt=""
                        width={80}
                        height={80}
                        className="h-16 w-16 rounded-full object-cover"
                      />
                      <span className="text-xs text-gray-700">{sub.name}</span>
                    </Link>
                  ))}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
