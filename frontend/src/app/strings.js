// Texts of the layout (header, menus, footer, contact box, toasts) and the error pages.
// One module per language, so a page loads only its shop's (app/textLoader.js).
export { zh } from './strings.zh.js';
export { en } from './strings.en.js';
