import { event } from '../../common/events.js';

export const TOAST_MS = 2000;
export const TOAST_TYPES = ['success', 'error', 'info'];

export const toastShown = event('toast/shown', (type, message) => ({
  payload: { type: TOAST_TYPES.includes(type) ? type : 'info', message },
}));
export const toastDismissed = event('toast/dismissed');

export default function toast(state = { items: [], nextId: 1 }, action) {
  if (toastShown.match(action)) {
    const { payload } = action;
    // The same notice twice at once (a failure reported by the client and by the screen) shows once.
    if (state.items.some((t) => t.type === payload.type && t.message === payload.message)) return state;
    return { ...state, items: [...state.items, { id: state.nextId, ...payload }], nextId: state.nextId + 1 };
  }
  if (toastDismissed.match(action)) return { ...state, items: state.items.filter((t) => t.id !== action.payload) };
  return state;
}

export const selectToasts = (state) => state.toast.items;
