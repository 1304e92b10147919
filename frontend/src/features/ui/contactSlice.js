import { createSlice } from '@reduxjs/toolkit';

// Once closed the contact box stays closed (persisted with redux-persist).
const contactSlice = createSlice({
  name: 'contact',
  initialState: { closed: false },
  reducers: {
    contactBoxClosed: (state) => {
      state.closed = true;
    },
  },
});

export const { contactBoxClosed } = contactSlice.actions;
export const selectContactClosed = (state) => state.contact.closed;
export default contactSlice.reducer;
