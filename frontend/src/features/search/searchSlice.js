import { createSlice } from '@reduxjs/toolkit';

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
});

export const { searchTextChanged } = searchSlice.actions;
export const selectSearchText = (state) => state.search.text;
export default searchSlice.reducer;
