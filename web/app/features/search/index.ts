/** The site search: the header places `SearchButton`, which owns its (lazily loaded) dialog. */
export { SearchButton } from './search-button';
