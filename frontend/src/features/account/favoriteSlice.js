// The wish-list slice lives beside its screen (features/favorites); kept here for existing imports.
export * from '../favorites/favoriteSlice.js';
export { default } from '../favorites/favoriteSlice.js';
