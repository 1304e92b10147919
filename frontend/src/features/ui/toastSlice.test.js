import { describe, expect, it } from 'vitest';
import reducer, { toastDismissed, toastShown } from './toastSlice.js';

describe('toasts', () => {
  it('shows the same notice once while it is visible (client and screen both report a failure)', () => {
    let state = reducer(undefined, toastShown('error', 'Failed to connect to server'));
    state = reducer(state, toastShown('error', 'Failed to connect to server'));
    state = reducer(state, toastShown('info', 'Failed to connect to server'));
    expect(state.items.map((t) => [t.type, t.message])).toEqual([
      ['error', 'Failed to connect to server'],
      ['info', 'Failed to connect to server'],
    ]);
    state = reducer(state, toastDismissed(state.items[0].id));
    state = reducer(state, toastShown('error', 'Failed to connect to server'));
    expect(state.items).toHaveLength(2);
  });
});
