import { createSlice } from '@reduxjs/toolkit';

// The recipient chosen on /choose-address for the next checkout (not persisted:
// checkout falls back to the default address).
const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: { recipient: null },
  reducers: {
    recipientChosen: (state, { payload }) => {
      state.recipient = payload || null;
    },
  },
});

export const { recipientChosen } = checkoutSlice.actions;
export const selectChosenRecipient = (state) => state.checkout?.recipient ?? null;
export default checkoutSlice.reducer;
