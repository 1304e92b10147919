import { useT } from '../../i18n/index.js';

// "Payments in New Zealand": the same guide as the README's section of that name, for the owner,
// in the console's payment settings. Sources are named in the text ("as published on ...").
// Each section's title key, and its items' keys (spelt out, so that the texts test finds them).
const SECTIONS = [
  ['admin.pay.nz.which', ['card', 'alipay', 'wechat', 'direct'], (item) => `admin.pay.nz.which.${item}`],
  ['admin.pay.nz.cost', ['stripe', 'antom', 'airwallex'], (item) => `admin.pay.nz.cost.${item}`],
  ['admin.pay.nz.keys', ['stripe', 'antom', 'acquirer'], (item) => `admin.pay.nz.keys.${item}`],
  ['admin.pay.nz.urls', ['stripe', 'antom', 'acquirer'], (item) => `admin.pay.nz.urls.${item}`],
  ['admin.pay.nz.first', ['switch', 'pay', 'refund'], (item) => `admin.pay.nz.first.${item}`],
];

export default function PaymentsGuideNZ() {
  const t = useT();
  const site = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <details className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-100 sm:p-6" data-testid="payments-nz-guide">
      <summary className="cursor-pointer text-base font-semibold">{t('admin.pay.nz.title')}</summary>
      <div className="mt-4 space-y-4 text-sm text-gray-700">
        {SECTIONS.map(([title, items, key]) => (
          <section key={title}>
            <h3 className="font-medium text-gray-900">{t(title)}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 break-words">
              {items.map((item) => (
                <li key={item}>{t(key(item), { site })}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}
