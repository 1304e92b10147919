import { useT } from '../../app/i18n.js';

/** Stand-in for the wish list, orders and address screens (the cart and orders issue replaces them). */
export default function AccountComingSoon({ titleKey }) {
  const t = useT();
  return (
    <section className="rounded-xl bg-white p-6 ring-1 ring-gray-100" data-testid="account-coming-soon">
      <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
      <p className="mt-3 text-gray-600">{t('account.comingSoon')}</p>
    </section>
  );
}
