import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  addOrderNote,
  editOrderAddress,
  exportOrdersCsv,
  listAdminOrders,
  markOrderPaid,
  refundOrder,
  setCustomerBlocked,
  setOrderTags,
} from '../../../api/adminOrders.js';
import { createAppStore } from '../../../app/store.js';
import { installLazyTexts } from '../../../app/texts.js';
import { createApiClient } from '../../../api/http.js';
import * as adminStrings from '../strings.js';
import * as strings from './strings.js';
import { Today } from './DashboardPage.jsx';
import OrderActions from './OrderActions.jsx';
import StaffNotes, { tagWords } from './StaffNotes.jsx';
import { paymentLabel } from './OrderListPage.jsx';
import { RefundState } from './OrderDetailPage.jsx';
import { translator } from '../../../i18n/index.js';
import { userLoggedIn } from '../../account/userSlice.js';

installLazyTexts('admin', adminStrings);
installLazyTexts('adminOrders', strings);

/** An axios stand-in that records each call and answers `{ data }`. */
function recorder(data = {}) {
  const calls = [];
  const record =
    (method) =>
    async (url, ...rest) => {
      calls.push({ method, url, rest });
      return { data };
    };
  return { calls, get: record('get'), post: record('post'), put: record('put'), patch: record('patch') };
}

describe('the order calls', () => {
  it('send only the filters given, and each action to its path', async () => {
    const http = recorder({ orders: { data: [] } });
    await listAdminOrders(http, { q: 'NZ1', status: '', page: 2 });
    expect(http.calls[0]).toMatchObject({ url: '/api/admin/orders', rest: [{ params: { q: 'NZ1', page: 2 } }] });
    await exportOrdersCsv(http, { status: 'paid' });
    expect(http.calls[1].rest[0]).toEqual({ params: { status: 'paid' }, responseType: 'blob' });
    await markOrderPaid(http, '261124-AB12-CD34', { amount: '10.00', reference: 'QR' }, 2);
    expect(http.calls[2]).toMatchObject({
      method: 'post',
      url: '/api/admin/orders/261124-AB12-CD34/mark-paid',
      rest: [{ amount: '10.00', reference: 'QR' }, { headers: { 'If-Match': 'W/"2"' } }],
    });
    await refundOrder(http, '261124-AB12-CD34', { amount: '1', reason: 'r' }, 5);
    expect(http.calls[3]).toMatchObject({
      url: '/api/admin/orders/261124-AB12-CD34/refunds',
      rest: [{ amount: '1', reason: 'r' }, { headers: { 'If-Match': 'W/"5"' } }],
    });
    await setCustomerBlocked(http, 7, true, 4, 'fraud');
    expect(http.calls[4]).toMatchObject({
      url: '/api/admin/customers/7/block',
      rest: [{ reason: 'fraud' }, { headers: { 'If-Match': 'W/"4"' } }],
    });
  });

  it('edit the address of the version read (If-Match)', async () => {
    const http = recorder();
    await editOrderAddress(http, 'N1', { shipping_name: 'x' }, 3);
    expect(http.calls[0]).toMatchObject({
      method: 'put',
      url: '/api/admin/orders/N1/address',
      rest: [{ shipping_name: 'x' }, { headers: { 'If-Match': 'W/"3"' } }],
    });
  });
});

describe('the order actions', () => {
  const detail = (actions) => ({
    order: { order_number: 'N1', total_price: 55, paid_amount: 0, refunded_amount: 0, version: 1 },
    actions,
  });
  const OWNER = {
    id: 1,
    name: 'Owner',
    is_admin: 1,
    role: 'owner',
    console_areas: ['orders_read', 'orders_ship', 'orders_money', 'orders_edit'],
  };
  const PACKER = {
    id: 2,
    name: 'Pat',
    is_admin: 1,
    role: 'packer',
    console_areas: ['own_account', 'orders_read', 'orders_ship', 'orders_id_number'],
  };
  const html = (actions, user = OWNER) => {
    const store = createAppStore({ api: createApiClient({}) });
    store.dispatch(userLoggedIn(user));
    return renderToString(
      <Provider store={store}>
        <MemoryRouter>
          <OrderActions detail={detail(actions)} onChanged={() => {}} />
        </MemoryRouter>
      </Provider>,
    );
  };

  it("offers only the steps the user's role may take (a packer ships, touches no money)", () => {
    const paid = html(['ship', 'cancel', 'refund', 'edit_address'], PACKER);
    expect(paid).toContain('data-testid="action-ship"');
    for (const step of ['cancel', 'refund', 'edit_address']) expect(paid).not.toContain(`data-testid="action-${step}"`);
  });

  it('offers exactly the steps the BFF says the state allows', () => {
    const unpaid = html(['mark_paid', 'cancel', 'edit_address']);
    expect(unpaid).toContain('标记已付款');
    expect(unpaid).toContain('取消订单');
    expect(unpaid).not.toContain('data-testid="action-ship"');
    const shipped = html(['refund']);
    expect(shipped).toContain('data-testid="action-refund"');
    expect(shipped).not.toContain('data-testid="action-mark_paid"');
  });

  it('names the payment methods, unpaid included', () => {
    const t = translator('zh');
    expect(paymentLabel(t, null)).toBe('未付款');
    expect(paymentLabel(t, 'manual')).toBe('人工确认（扫码/转账）');
    expect(paymentLabel(translator('en'), 'wechat_pay')).toBe('WeChat Pay');
  });
});

describe("a refund's state on the order page", () => {
  const state = (status, lang) => renderToString(<RefundState status={status} t={translator(lang)} />);

  it('says an abnormal refund must be handled by hand in the WeChat Pay merchant platform, highlighted', () => {
    const zh = state('abnormal', 'zh');
    expect(zh).toContain('退款异常');
    expect(zh).toContain('商户平台 → 交易中心');
    expect(zh).toContain('请勿再次退款');
    expect(zh).toContain('text-rose-700');
    const en = state('abnormal', 'en');
    expect(en).toContain('WeChat Pay merchant platform');
    expect(en).toContain('don&#x27;t refund it again');
    expect(en).toContain('text-rose-700');
  });

  it('highlights failed like abnormal, and not one processing or refunded', () => {
    expect(state('failed', 'zh')).toContain('text-rose-700');
    expect(state('processing', 'zh')).not.toContain('text-rose-700');
    expect(state('refunded', 'en')).toContain('Refunded');
  });
});

describe("today's dashboard", () => {
  const today = {
    date: '2026-11-27',
    time_zone: 'Pacific/Auckland',
    sales: {
      today: { orders: 1, nzd: 50, cny: 222.8 },
      yesterday: { orders: 1, nzd: 55, cny: 247.5 },
      week: { orders: 3, nzd: 205, cny: 922.5 },
      month: { orders: 4, nzd: 215, cny: 967.5 },
    },
    counts: { to_ship: 2, awaiting_confirmation: 1, money_to_refund: 3, refunds_to_handle: 4 },
    low_stock_threshold: 5,
  };
  const html = renderToString(
    <MemoryRouter>
      <Today today={today} t={translator('zh')} />
    </MemoryRouter>,
  );

  it('shows each period in NZ$ to the cent and yuan to the jiao, in the shop’s zone', () => {
    expect(html).toContain('今天 2026-11-27（Pacific/Auckland）');
    expect(html).toMatch(/data-testid="sales-today".*NZ\$<!-- -->50\.00.*¥<!-- -->222\.8/s);
    expect(html).toMatch(/data-testid="sales-month".*NZ\$<!-- -->215\.00/s);
  });

  it('links each count to the order list filtered to the same orders', () => {
    expect(html).toContain('href="/admin/orders?status=paid"');
    expect(html).toContain('href="/admin/orders?claimed=1"');
    expect(html).toContain('href="/admin/orders?held=1"');
    expect(html).toContain('待退款 3');
    // Refunds stuck at WeChat Pay (ABNORMAL), to finish by hand: the list filtered to them.
    expect(html).toMatch(
      /data-testid="count-refunds_to_handle" href="\/admin\/orders\?refund_abnormal=1"[^>]*>退款异常待处理 4</,
    );
  });
});

describe('staff notes and tags', () => {
  it('split the tags field into words, commas of either width and blanks', () => {
    expect(tagWords(' 加急，礼品, vip  x ')).toEqual(['加急', '礼品', 'vip', 'x']);
    expect(tagWords('  ')).toEqual([]);
  });

  it('are sent to their calls', async () => {
    const http = recorder();
    await addOrderNote(http, 'N1', { body: '周五后发' });
    expect(http.calls[0]).toMatchObject({
      method: 'post',
      url: '/api/admin/orders/N1/notes',
      rest: [{ body: '周五后发' }],
    });
    await setOrderTags(http, 'N1', ['加急']);
    expect(http.calls[1]).toMatchObject({
      method: 'put',
      url: '/api/admin/orders/N1/tags',
      rest: [{ tags: ['加急'] }],
    });
  });

  it('show the notes with their author and the tags in the field', () => {
    const detail = {
      order: { order_number: 'N1', tags: ['加急', '礼品'] },
      notes: [{ id: 1, body: '顾客要求周五后发货', author_email: 'a@x.nz', created_at: '2026-11-26T10:00:00Z' }],
    };
    const html = renderToString(
      <Provider store={createAppStore({ api: createApiClient({}) })}>
        <StaffNotes detail={detail} onChanged={() => {}} />
      </Provider>,
    );
    expect(html).toContain('顾客要求周五后发货');
    expect(html).toContain('a@x.nz');
    expect(html).toContain('value="加急 礼品"');
    expect(html).toContain('顾客看不到');
  });
});
