/**
 * The /training filter form: a text box and a category choice, submitted as a GET to the same
 * page, so the filter lives in the URL (shareable, rendered on the server, works before the app
 * has loaded). In the app it navigates without empty parameters and keeps the scroll position.
 */
import { useId, type FormEvent } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { filterSearch, isFiltered, MAX_FILTER_LENGTH, type CatalogueFilter } from './catalogue-filter';
import '../../components/ui/form-fields.css';
import './catalogue-filters.css';

interface Props {
  filter: CatalogueFilter;
  /** The categories to choose from (the chosen one is always offered). */
  categories: readonly string[];
}

export function CatalogueFilters({ filter, categories }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useId();
  const choices =
    filter.category && !categories.includes(filter.category) ? [...categories, filter.category] : categories;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = { q: String(data.get('q') ?? '').trim(), category: String(data.get('category') ?? '') };
    void navigate({ search: filterSearch(next) }, { preventScrollReset: true });
  }

  return (
    // Keyed by the filter: after a navigation the fields show the URL's filter again.
    <Form
      key={filterSearch(filter)}
      method="get"
      role="search"
      aria-label="Filter programs"
      className="catalogue-filters"
      onSubmit={submit}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-q`}>
          Search programs
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
          Show programs
        </button>
        {isFiltered(filter) ? (
          <Link to={pathname} preventScrollReset className="catalogue-filters__clear">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
