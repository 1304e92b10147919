import { translator } from '../../i18n/index.js';

// No shop answers on this host, so there are no settings (nor language) to use.
export default function StoreNotFoundPage() {
  const zh = translator('zh');
  const en = translator('en');
  return (
    <main
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 text-center"
      data-testid="store-not-found"
    >
      <div>
        <h1 className="text-2xl font-semibold">{zh('storeNotFound.title')}</h1>
        <p className="mt-2 text-gray-600">{zh('storeNotFound.text')}</p>
        <p className="mt-6 text-sm text-gray-500">
          {en('storeNotFound.title')} — {en('storeNotFound.text')}
        </p>
      </div>
    </main>
  );
}
