// Texts of the shared components and display rules (sort bar, pagination, stock).
// One module per language, so a page loads only its shop's (app/textLoader.js).
export { zh } from './strings.zh.js';
export { en } from './strings.en.js';
