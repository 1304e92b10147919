import { useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { selectShop } from '../shop/shopSlice.js';

// Terms and privacy are static text; {shop} stands for the shop's name.
const TEXT = {
  terms: {
    zh: [
      '欢迎光临 {shop}。使用本网站即表示您同意以下条款。',
      '商品价格以页面显示为准，人民币金额按本店汇率折算，仅供参考，实际以新西兰元结算。',
      '订单提交后请尽快付款；未付款订单可随时取消。',
      '如对商品或订单有疑问，请联系客服。本店保留对条款进行修改的权利。',
    ],
    en: [
      'Welcome to {shop}. By using this site you agree to these terms.',
      'Prices are as shown; yuan amounts are converted at the shop rate for reference and orders are settled in NZ dollars.',
      'Please pay for orders soon after placing them; unpaid orders can be cancelled at any time.',
      'Contact customer service with any question. The shop may update these terms.',
    ],
  },
  privacy: {
    zh: [
      '{shop} 重视您的隐私。我们只收集完成订单所需的信息：姓名、联系方式、收件地址和电子邮件。',
      '这些信息仅用于处理订单和配送，不会出售给第三方。',
      '您可以随时联系客服查询或删除您的个人信息。',
    ],
    en: [
      '{shop} respects your privacy. We collect only what an order needs: name, contact number, delivery address and email.',
      'This information is used to process and deliver orders and is never sold to third parties.',
      'Contact customer service at any time to see or delete your personal information.',
    ],
  },
};

export default function StaticPage({ kind }) {
  const t = useT();
  const navigate = useNavigate();
  const shop = useSelector(selectShop);
  const lang = shop?.language === 'en' ? 'en' : 'zh';
  const close = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <article className="mx-auto max-w-3xl pt-6" data-testid={`static-${kind}`}>
      <div className="flex items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t(`${kind}.title`)}</h1>
        <button
          type="button"
          onClick={close}
          className="rounded-full px-4 py-1.5 text-sm ring-1 ring-gray-300 hover:bg-gray-100"
        >
          {t('static.close')}
        </button>
      </div>
      <div className="mt-6 space-y-4 text-gray-700">
        {TEXT[kind][lang].map((p) => (
          <p key={p}>{p.replace('{shop}', shop?.shop_name || '')}</p>
        ))}
      </div>
    </article>
  );
}
