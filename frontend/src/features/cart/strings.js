// Texts of the cart. Chinese texts SPEC gives are used as written; the BFF answers the same ones.
// One module per language, so a page loads only its shop's (app/textLoader.js).
export { zh } from './strings.zh.js';
export { en } from './strings.en.js';
