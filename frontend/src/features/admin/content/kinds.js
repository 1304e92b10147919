// The console's categories, brands, banners and articles: what each form holds, the checks made
// before a save (the BFF makes them again: bff/catalog/admin_schemas.py, bff/content/admin_routes.py)
// and the body it sends. Field errors use the BFF's field names, so its 422 answers land on them.
import { formatDateTime } from '../../../common/dates.js';
import { integerRule, isBlank } from '../../../common/rules/forms.js';

export const POSITION_LIMIT = 1_000_000;
const MAX_ID = 2 ** 31 - 1;

// type: text | integer | flag | parent | link | moment | ids | rich; max: longest text.
const position = { name: 'position', type: 'integer', label: 'admin.content.field.position' };

export const KINDS = {
  categories: {
    title: 'admin.nav.categories',
    newTitle: 'admin.content.new.categories',
    label: (c) => c.name,
    picture: true,
    arrows: true, // listed whole: moved up and down in place
    fields: [
      { name: 'name', type: 'text', max: 120, required: true, label: 'admin.field.name' },
      { name: 'parent_id', type: 'parent', label: 'admin.content.field.parent' },
      position,
    ],
  },
  brands: {
    title: 'admin.nav.brands',
    newTitle: 'admin.content.new.brands',
    label: (b) => b.name,
    picture: true,
    arrows: true,
    fields: [
      { name: 'name', type: 'text', max: 120, required: true, label: 'admin.field.name' },
      { name: 'tagline', type: 'text', max: 255, label: 'admin.content.field.tagline' },
      { name: 'is_featured', type: 'flag', label: 'admin.content.field.featuredBrand' },
      position,
    ],
  },
  banners: {
    title: 'admin.nav.banners',
    newTitle: 'admin.content.new.banners',
    label: (b) => b.name,
    picture: true,
    fields: [
      { name: 'name', type: 'text', max: 120, required: true, label: 'admin.field.name' },
      { name: 'link_url', type: 'link', max: 500, label: 'admin.content.field.link' },
      { name: 'product_ids', type: 'ids', label: 'admin.content.field.products' },
      { name: 'is_active', type: 'flag', label: 'admin.content.field.active' },
      { name: 'starts_at', type: 'moment', label: 'admin.content.field.startsAt' },
      { name: 'ends_at', type: 'moment', label: 'admin.content.field.endsAt' },
      position,
    ],
  },
  articles: {
    title: 'admin.nav.articles',
    newTitle: 'admin.content.new.articles',
    label: (a) => a.title,
    picture: false,
    fields: [
      { name: 'title', type: 'text', max: 255, required: true, label: 'admin.content.field.title' },
      position,
      { name: 'long_text', type: 'rich', max: 200_000, label: 'admin.content.field.body' },
    ],
  },
};

export const kindNames = Object.keys(KINDS);

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An ISO moment of the BFF as a datetime-local input holds it: the wall clock of the shop's zone. */
export function toLocalInput(iso, timeZone) {
  const text = formatDateTime(iso, timeZone);
  return text ? text.slice(0, 16).replace(' ', 'T') : '';
}

/**
 * A datetime-local value read as the wall clock of the shop's zone, as ISO 8601 in UTC; null when
 * empty, undefined when not a time. The zone's offset is found by formatting a guess (twice, so a
 * change of daylight saving between the guess and the answer is followed).
 */
export function fromLocalInput(value, timeZone) {
  if (isBlank(value)) return null;
  const match = WALL.exec(String(value).trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const asWall = (ms) => {
    const text = formatDateTime(new Date(ms), timeZone);
    const [date, time] = text.split(' ');
    const [yy, mm, dd] = date.split('-').map(Number);
    const [hh, mn, ss] = time.split(':').map(Number);
    return Date.UTC(yy, mm - 1, dd, hh, mn, ss);
  };
  let utc = wall - (asWall(wall) - wall);
  utc = wall - (asWall(utc) - utc);
  return Number.isNaN(utc) ? undefined : new Date(utc).toISOString();
}

/** "3, 5 8" → [3, 5, 8]; null when a piece is not a whole number above 0. */
export function parseIds(value) {
  const pieces = String(value || '')
    .split(/[\s,，]+/)
    .filter(Boolean);
  const ids = pieces.map(Number);
  return ids.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID) ? [...new Set(ids)] : null;
}

/** The form's values (strings and flags) of an object the BFF answered, or of a new one. */
export function fromObject(kind, obj = null, timeZone = undefined) {
  const values = {};
  for (const field of KINDS[kind].fields) {
    const value = obj?.[field.name];
    if (field.type === 'flag') values[field.name] = obj ? Boolean(value) : field.name === 'is_active';
    else if (field.type === 'moment') values[field.name] = toLocalInput(value, timeZone);
    else if (field.type === 'ids') values[field.name] = (value || []).join(', ');
    else if (field.type === 'integer') values[field.name] = obj ? String(value ?? 0) : '0';
    else values[field.name] = value == null ? '' : String(value);
  }
  return values;
}

const LINK = /^(https?:\/\/|\/)/;

/** What stops a save: { field: message key }. */
export function validateContent(kind, values, timeZone = undefined) {
  const errors = {};
  for (const field of KINDS[kind].fields) {
    const value = values[field.name];
    if (field.required && isBlank(value)) errors[field.name] = 'admin.error.nameRequired';
    else if (field.max && [...String(value)].length > field.max) errors[field.name] = 'admin.error.tooLong';
    else if (field.type === 'integer') {
      const rule = integerRule(value, { min: -POSITION_LIMIT, max: POSITION_LIMIT });
      if (rule)
        errors[field.name] = rule === 'invalid' || rule === 'required' ? 'admin.error.integer' : 'admin.error.tooLarge';
    } else if (field.type === 'link' && !isBlank(value) && !LINK.test(value.trim())) {
      errors[field.name] = 'admin.content.error.link';
    } else if (field.type === 'moment' && fromLocalInput(value, timeZone) === undefined) {
      errors[field.name] = 'admin.content.error.moment';
    } else if (field.type === 'ids' && parseIds(value) === null) {
      errors[field.name] = 'admin.content.error.ids';
    }
  }
  if (kind === 'banners' && !errors.starts_at && !errors.ends_at && values.starts_at && values.ends_at) {
    if (fromLocalInput(values.ends_at, timeZone) <= fromLocalInput(values.starts_at, timeZone))
      errors.ends_at = 'admin.content.error.datesOrder';
  }
  return errors;
}

/** The body of a create or an edit: every field of the kind, typed as the BFF takes it. */
export function toBody(kind, values, timeZone = undefined) {
  const body = {};
  for (const field of KINDS[kind].fields) {
    const value = values[field.name];
    if (field.type === 'flag') body[field.name] = Boolean(value);
    else if (field.type === 'integer') body[field.name] = Number(String(value).trim());
    else if (field.type === 'parent') body[field.name] = value === '' ? null : Number(value);
    else if (field.type === 'link') body[field.name] = isBlank(value) ? null : value.trim();
    else if (field.type === 'moment') body[field.name] = fromLocalInput(value, timeZone);
    else if (field.type === 'ids') body[field.name] = parseIds(value) || [];
    else if (field.type === 'text') body[field.name] = value.trim();
    else body[field.name] = value;
  }
  return body;
}

/**
 * The categories as the two-level tree shows them: each top-level one followed by its children,
 * each level in the shop's order ({ category, depth }).
 */
export function categoryTree(categories) {
  const byOrder = (a, b) => a.position - b.position || a.id - b.id;
  const top = categories.filter((c) => !c.parent_id).sort(byOrder);
  return top.flatMap((parent) => [
    { category: parent, depth: 0 },
    ...categories
      .filter((c) => c.parent_id === parent.id)
      .sort(byOrder)
      .map((category) => ({ category, depth: 1 })),
  ]);
}

/**
 * Moving `item` one place up (-1) or down (+1) among its siblings: the position edits to send,
 * [{ id, version, position }], renumbering the siblings 10, 20, 30... so ties cannot hide the move.
 * Empty when it is already at that end.
 */
export function moveAmongSiblings(items, item, step, siblingOf = () => true) {
  const byOrder = (a, b) => a.position - b.position || a.id - b.id;
  const siblings = items.filter((other) => siblingOf(other, item)).sort(byOrder);
  const from = siblings.findIndex((other) => other.id === item.id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= siblings.length) return [];
  const order = [...siblings];
  [order[from], order[to]] = [order[to], order[from]];
  return order
    .map((other, i) => ({ id: other.id, version: other.version, position: (i + 1) * 10, was: other.position }))
    .filter((edit) => edit.position !== edit.was)
    .map(({ id, version, position }) => ({ id, version, position }));
}

/** Siblings in the category tree: the same parent. */
export const sameParent = (a, b) => (a.parent_id || null) === (b.parent_id || null);
