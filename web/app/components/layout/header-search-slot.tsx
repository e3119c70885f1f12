/**
 * SLOT for the site search (search dialog issue): render the search feature's `SearchButton`
 * from app/features/search here once it exists; it owns the button and the dialog. Until then
 * the header shows no search control rather than one that does nothing.
 */
export function HeaderSearchSlot() {
  return null;
}
