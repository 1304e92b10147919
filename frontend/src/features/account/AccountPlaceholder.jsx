import { Link } from 'react-router';
import { useT } from '../../app/i18n.js';

/** Private routes render this neutral shell on the server; sign-in decides in the browser. */
export function PrivatePlaceholder() {
  const t = useT();
  return (
    <section className="mx-auto max-w-md py-16 text-center" data-testid="private-placeholder">
      <p className="text-gray-600">{t('account.private')}</p>
      <Link to="/login" className="mt-6 inline-block rounded-full bg-gray-900 px-5 py-2.5 text-sm text-white">{t('auth.login')}</Link>
    </section>
  );
}
