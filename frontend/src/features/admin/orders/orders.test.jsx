import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  editOrderAddress,
  exportOrdersCsv,
  listAdminOrders,
  markOrderPaid,
  refundOrder,
  setCustomerBlocked,
} from '../../../api/adminOrders.js';
import { createAppStore } from '../../../app/store.js';
import { installLazyTexts } from '../../../app/texts.js';
import { createApiClient } from '../../../api/http.js';
import * as adminStrings from '../strings.js';
import * as strings from './strings.js';
import OrderActions from './OrderActions.jsx';
import { paymentLabel } from './OrderListPage.jsx';
import { translator } from '../../../i18n/index.js';

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
    await markOrderPaid(http, '261124-AB12-CD34', { amount: '10.00', reference: 'QR' });
    expect(http.calls[2]).toMatchObject({ method: 'post', url: '/api/admin/orders/261124-AB12-CD34/mark-paid' });
    await refundOrder(http, '261124-AB12-CD34', { amount: '1', reason: 'r' });
    expect(http.calls[3].url).toBe('/api/admin/orders/261124-AB12-CD34/refunds');
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
  const html = (actions) =>
    renderToString(
      <Provider store={createAppStore({ api: createApiClient({}) })}>
        <MemoryRouter>
          <OrderActions detail={detail(actions)} onChanged={() => {}} />
        </MemoryRouter>
      </Provider>,
    );

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
