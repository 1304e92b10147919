// Texts of the search box and the search results.
// One module per language, so a page loads only its shop's (app/textLoader.js).
export { zh } from './strings.zh.js';
export { en } from './strings.en.js';
