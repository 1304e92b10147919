// Order states of SPEC section 4. `all` is a filter only.
export const ORDER_FILTERS = ['all', 'paid', 'unpaid', 'completed', 'cancelled'];
export const OPEN_STATUSES = ['unpaid', 'payment_failed'];
const KNOWN = ['unpaid', 'paid', 'completed', 'cancelled', 'payment_failed'];

export const statusLabelKey = (status) => `order.status.${KNOWN.includes(status) ? status : 'unpaid'}`;
/** The summary's thank-you text: unpaid asks to pay soon, paid is processing, completed shipped, cancelled cancelled, else thanks. */
export const thanksKey = (status) =>
  `order.thanks.${['unpaid', 'paid', 'completed', 'cancelled'].includes(status) ? status : 'other'}`;
/** Unpaid orders (also after a failed payment) can be paid and cancelled. */
export const isPayable = (status) => OPEN_STATUSES.includes(status);

/** Order progress bar width as a fraction: (stage value * 2 + 1) / 8. */
export function progressWidth(value) {
  const n = value === null || value === '' || typeof value === 'boolean' ? NaN : Number(value);
  return ((Number.isFinite(n) ? n : 0) * 2 + 1) / 8;
}

export const PROGRESS_BY_STATUS = { unpaid: 1, paid: 2, completed: 3.5 };
export const progressValue = (status) => PROGRESS_BY_STATUS[status] ?? 0;

/** Progress bar: width (value * 2 + 1) / 8 with values unpaid 1, paid 2, completed 3.5, others 0. */
export function orderProgress(status) {
  const value = progressValue(status);
  return {
    value,
    width: progressWidth(value),
    percent: `${(progressWidth(value) * 100).toFixed(2)}%`,
    cancelled: status === 'cancelled',
  };
}

/** Stages under the bar: order created, the current status, payment completed, shipped or awaiting shipment. */
export function progressStages(status) {
  return [
    { key: 'order.stage.created', reached: true },
    { key: statusLabelKey(status), reached: true, current: true },
    { key: 'order.stage.paid', reached: status === 'paid' || status === 'completed' },
    { key: status === 'completed' ? 'order.stage.shipped' : 'order.stage.awaiting', reached: status === 'completed' },
  ];
}

/** Parts of a line joined with " · ", the empty ones left out: an empty sender is no "— · —". */
export const joinParts = (...parts) =>
  parts
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(' · ');
