import { event } from '../../common/events.js';

// The recipient chosen on /choose-address for the next checkout (not persisted:
// checkout falls back to the default address).
export const recipientChosen = event('checkout/recipientChosen');

export default function checkout(state = { recipient: null }, action) {
  if (recipientChosen.match(action)) return { ...state, recipient: action.payload || null };
  return state;
}

export const selectChosenRecipient = (state) => state.checkout?.recipient ?? null;
