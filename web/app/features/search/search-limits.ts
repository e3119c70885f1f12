/** The longest text search_catalogue takes (it refuses longer, 22023 `query_too_long`); the search box stops there. */
export const SEARCH_MAX_LENGTH = 200;
