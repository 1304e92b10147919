import { createSlice } from '@reduxjs/toolkit';
// The constant alone: redux-persist itself loads after hydration (entry-client.jsx).
import { REHYDRATE } from 'redux-persist/es/constants';

// The search text is shared state (SPEC); the URL's ?q= mirrors it so a
// result page can be rendered on the server and shared.
const searchSlice = createSlice({
  name: 'search',
  initialState: { text: '' },
  reducers: {
    searchTextChanged: (state, { payload }) => {
      state.text = String(payload ?? '');
    },
  },
  extraReducers: (builder) => {
    // On a search page the URL's text wins over the one persisted earlier:
    // returning a new object tells redux-persist's merge to keep this slice.
    builder.addCase(REHYDRATE, (state) => (state.text ? { ...state } : state));
  },
});

export const { searchTextChanged } = searchSlice.actions;
export const selectSearchText = (state) => state.search.text;
export default searchSlice.reducer;
