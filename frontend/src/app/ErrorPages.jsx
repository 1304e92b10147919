import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useT, translator } from '../i18n/index.js';
import StoreNotFoundPage from '../features/content/StoreNotFoundPage.jsx';
import { STORE_NOT_FOUND } from '../common/loaderUtils.js';

export function NotFound() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl py-20 text-center" data-testid="not-found">
      <p className="text-5xl font-bold text-rose-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-2 text-gray-600">{t('notFound.text')}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-gray-900 px-5 py-2.5 text-sm text-white hover:bg-gray-700"
      >
        {t('notFound.home')}
      </Link>
    </section>
  );
}

function Unavailable({ t }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="unavailable">
      <h1 className="text-2xl font-semibold">{t('unavailable.title')}</h1>
      <p className="mt-2 text-gray-600">{t('unavailable.text')}</p>
      <a href="" className="mt-8 inline-block rounded-full bg-gray-900 px-5 py-2.5 text-sm text-white">
        {t('unavailable.retry')}
      </a>
    </section>
  );
}

/** Errors of a page, rendered inside the layout. */
export function PageError() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <Unavailable t={t} />;
}

/** Errors of the layout itself (shop settings could not load): no shop to show. */
export function RootError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.data?.code === STORE_NOT_FOUND) return <StoreNotFoundPage />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="min-h-screen bg-gray-50">
      <Unavailable t={translator('zh')} />
    </div>
  );
}
