import { event } from '../../common/events.js';

// Once closed the contact box stays closed (persisted with redux-persist).
export const contactBoxClosed = event('contact/boxClosed');

export default function contact(state = { closed: false }, action) {
  if (contactBoxClosed.match(action)) return { ...state, closed: true };
  return state;
}

export const selectContactClosed = (state) => state.contact.closed;
