import { createSlice } from '@reduxjs/toolkit';

// A count of requests in flight; the overlay shows while it is above zero.
const loadingSlice = createSlice({
  name: 'loading',
  initialState: { pending: 0 },
  reducers: {
    requestStarted: (state) => {
      state.pending += 1;
    },
    requestFinished: (state) => {
      state.pending = Math.max(0, state.pending - 1);
    },
  },
});

export const { requestStarted, requestFinished } = loadingSlice.actions;
export const selectIsLoading = (state) => state.loading.pending > 0;
export default loadingSlice.reducer;
