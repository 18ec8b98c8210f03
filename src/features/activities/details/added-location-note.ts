/**
 * Said beside a place added with Search/Add: spec 001 has no call that adds a location to an
 * activity without an entry (its locations are those with entries), so the place is listed on
 * this screen only until an entry for it is saved
 * (docs/decisions/0060-search-add-locations-kept-with-entries.md).
 */
export const keptOnceAnEntryIsSaved =
  'It is listed on this screen only: it stays in the activity once an entry for it is saved.';
