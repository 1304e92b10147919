import { describe, expect, it } from 'vitest';
import { installTexts, translator } from '../../i18n/index.js';
import * as texts from './strings.js';
import { isPayable, joinParts, orderProgress, progressStages, statusLabelKey, thanksKey } from './status.js';

installTexts([texts]);

const t = translator('zh');

describe('order status helpers (SPEC section 4)', () => {
  it.each([
    ['unpaid', '待付款'],
    ['paid', '已付款'],
    ['completed', '已发货'],
    ['cancelled', '已取消'],
    ['payment_failed', '支付失败'],
  ])('labels %s as %s', (status, label) => {
    expect(t(statusLabelKey(status))).toBe(label);
  });
  it('labels the all filter 全部', () => expect(t('order.status.all')).toBe('全部'));

  it.each([
    ['unpaid', 1, 3 / 8],
    ['paid', 2, 5 / 8],
    ['completed', 3.5, 1],
    ['cancelled', 0, 1 / 8],
    ['payment_failed', 0, 1 / 8],
    ['odd', 0, 1 / 8],
  ])('progress of %s is %s, width (v*2+1)/8 = %s', (status, value, width) => {
    expect(orderProgress(status)).toMatchObject({ value, width });
  });
  it('marks the cancelled variant', () => {
    expect(orderProgress('cancelled').cancelled).toBe(true);
    expect(orderProgress('paid').percent).toBe('62.50%');
  });

  it('names the stages: created, current, payment completed, shipped or awaiting', () => {
    expect(progressStages('paid').map((s) => t(s.key))).toEqual(['订单已创建', '已付款', '付款完成', '待发货']);
    expect(progressStages('completed').map((s) => t(s.key))).toEqual(['订单已创建', '已发货', '付款完成', '已发货']);
    expect(progressStages('unpaid').filter((s) => s.reached)).toHaveLength(2);
  });

  it('thanks by status', () => {
    expect(t(thanksKey('unpaid'))).toContain('付款');
    expect(thanksKey('paid')).toBe('order.thanks.paid');
    expect(thanksKey('completed')).toBe('order.thanks.completed');
    expect(thanksKey('cancelled')).toBe('order.thanks.cancelled');
    expect(thanksKey('payment_failed')).toBe('order.thanks.other');
  });

  it('lets unpaid and failed-payment orders be paid', () => {
    expect(isPayable('unpaid')).toBe(true);
    expect(isPayable('payment_failed')).toBe(true);
    expect(isPayable('paid')).toBe(false);
  });
});

describe('joinParts (issue 30.7: an empty sender shows nothing, not "— · —")', () => {
  it('joins what is there and leaves out what is empty', () => {
    expect(joinParts('Kiwi Shop', 'Auckland')).toBe('Kiwi Shop · Auckland');
    expect(joinParts('', 'Auckland')).toBe('Auckland');
    expect(joinParts('', null, '  ')).toBe('');
  });
});

describe("a refund's state for the shopper", () => {
  it('reads an abnormal refund (stuck at the provider, finished by the shop) as in progress', () => {
    for (const lang of ['zh', 'en']) {
      const say = translator(lang);
      expect(say('order.refundState.abnormal')).toBe(say('order.refundState.processing'));
    }
  });
});
