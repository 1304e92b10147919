import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store.js';
import { installLazyTexts } from '../../app/texts.js';
import { translator } from '../../i18n/index.js';
import { Shown } from './AuditLog.jsx';
import * as strings from './strings.js';

installLazyTexts('admin', strings);
const t = translator('zh');
const html = (field, value) =>
  renderToString(
    <Provider store={createAppStore()}>
      <Shown field={field} value={value} t={t} />
    </Provider>,
  );

describe('the audit log in words', () => {
  it('names actions, kinds and fields the owner meets', () => {
    expect(t('admin.audit.action.block')).toBe('停用顾客');
    expect(t('admin.audit.type.customer')).toBe('顾客');
    expect(t('admin.audit.action.export_customs')).toMatch(/报关单/);
    expect(t('admin.audit.field.shop_exchange_rate')).toBe('汇率');
  });

  it('shows order states, yes/no, lists and times as words, not raw values', () => {
    expect(html('status', 'completed')).toBe('已发货');
    expect(html('is_active', true)).toBe('是');
    expect(html('hosts', ['a.example', 'b.example'])).toBe('a.example、b.example');
    const time = html('paid_at', '2026-11-24T03:04:05+00:00');
    expect(time).toMatch(/<time dateTime="2026-11-24T03:04:05\+00:00">2026-11-24 \d{2}:04:05<\/time>/);
    expect(html('note', '')).toBe('—');
  });
});
