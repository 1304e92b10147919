import { createSlice } from '@reduxjs/toolkit';

export const TOAST_MS = 2000;
export const TOAST_TYPES = ['success', 'error', 'info'];

const toastSlice = createSlice({
  name: 'toast',
  initialState: { items: [], nextId: 1 },
  reducers: {
    toastShown: {
      reducer(state, { payload }) {
        // The same notice twice at once (a failure reported by the client and by the screen) shows once.
        if (state.items.some((t) => t.type === payload.type && t.message === payload.message)) return;
        state.items.push({ id: state.nextId, ...payload });
        state.nextId += 1;
      },
      prepare: (type, message) => ({ payload: { type: TOAST_TYPES.includes(type) ? type : 'info', message } }),
    },
    toastDismissed(state, { payload: id }) {
      state.items = state.items.filter((t) => t.id !== id);
    },
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const selectToasts = (state) => state.toast.items;
export default toastSlice.reducer;
