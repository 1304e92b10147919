// The constant alone: redux-persist itself loads after hydration (entry-client.jsx).
import { REHYDRATE } from 'redux-persist/es/constants';
import { event } from '../../common/events.js';

// The search text is shared state (SPEC); the URL's ?q= mirrors it so a
// result page can be rendered on the server and shared.
export const searchTextChanged = event('search/textChanged');

export default function search(state = { text: '' }, action) {
  if (searchTextChanged.match(action)) return { ...state, text: String(action.payload ?? '') };
  // On a search page the URL's text wins over the one persisted earlier:
  // returning a new object tells redux-persist's merge to keep this slice.
  if (action.type === REHYDRATE) return state.text ? { ...state } : state;
  return state;
}

export const selectSearchText = (state) => state.search.text;
