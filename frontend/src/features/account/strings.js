// Account and sign-in texts. The Chinese validation texts are SPEC section 5's, word for word.
// What the header, the account menu and the session's notices say (every first load); the sign-in
// and profile pages' texts are in pageStrings.js, loaded with those pages.
// One module per language, so a page loads only its shop's (app/textLoader.js).
export { zh } from './strings.zh.js';
export { en } from './strings.en.js';
