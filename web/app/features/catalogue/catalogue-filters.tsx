/**
 * The /training filter form: a text box and a category choice, a plain GET form to the catalogue,
 * so the filter lives in the URL (shareable, rendered on the server, the same with or without the
 * app's JavaScript). The program list has the server render it and keeps its HTML in the browser
 * (blocks/server-parts.tsx): its code loads only for a list shown by a client-side navigation.
 * Its styles (catalogue-filters.css, form-fields.css) come with the page from blocks/registry.ts.
 */
import { useId } from 'react';
import { isFiltered, MAX_FILTER_LENGTH, type CatalogueFilter } from './catalogue-filter';

export interface CatalogueFiltersProps {
  filter: CatalogueFilter;
  /** The categories to choose from (the chosen one is always offered). */
  categories: readonly string[];
  /** Where the form goes: the catalogue's path and the list's anchor ('/training#catalogue'). */
  action: string;
}

export function CatalogueFilters({ filter, categories, action }: CatalogueFiltersProps) {
  const id = useId();
  const choices =
    filter.category && !categories.includes(filter.category) ? [...categories, filter.category] : categories;
  return (
    <form method="get" action={action} role="search" aria-label="Filter programs" className="catalogue-filters">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search programmes
        </label>
        <input
          id={`${id}-q`}
          className="field__input"
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={MAX_FILTER_LENGTH}
          placeholder="Title, topic or category"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-category`}>
          Category
        </label>
        <select id={`${id}-category`} className="field__input" name="category" defaultValue={filter.category}>
          <option value="">All categories</option>
          {choices.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="catalogue-filters__actions">
        <button type="submit" className="button button--small">
          Show programmes
        </button>
        {isFiltered(filter) ? (
          <a href={action} className="catalogue-filters__clear">
            Clear filters
          </a>
        ) : null}
      </div>
    </form>
  );
}
