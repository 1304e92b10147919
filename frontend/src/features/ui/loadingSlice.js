import { event } from '../../common/events.js';

// A count of requests in flight; the overlay shows while it is above zero.
export const requestStarted = event('loading/requestStarted');
export const requestFinished = event('loading/requestFinished');

export default function loading(state = { pending: 0 }, action) {
  if (requestStarted.match(action)) return { ...state, pending: state.pending + 1 };
  if (requestFinished.match(action)) return { ...state, pending: Math.max(0, state.pending - 1) };
  return state;
}

export const selectIsLoading = (state) => state.loading.pending > 0;
