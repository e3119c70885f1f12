/**
 * The search dialog (loaded on first use): a modal that searches events, training programs and
 * services together, shows a spinner while the reads run, and the grouped results or a message;
 * a group cut at the search's limit says how many matched and links to the rest.
 * It lives only while open, so closing clears the query and the results.
 */
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { searchCatalogue } from './search-catalogue';
import { SEARCH_MAX_LENGTH } from './search-limits';
import { foundText, initialSearchState, searchReducer } from './search-results';
import './search-dialog.css';

export const SEARCH_FAILED = 'Failed to perform search. Please try again.';
export const NO_RESULTS = 'No results found.';

interface Props {
  productName: string;
  onClose: () => void;
  /** The search button: focus goes back to it on close. */
  opener: RefObject<HTMLElement | null>;
}

export default function SearchDialog({ productName, onClose, opener }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // Focus starts in the text box (showModal alone would pick the close button).
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: input, opener });
  const [query, setQuery] = useState('');
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const ids = useId();

  // Start fetching supabase-js now, while the visitor types.
  useEffect(() => void getBrowserSupabase().catch(() => undefined), []);

  useEffect(() => () => inFlight.current?.abort(), []);

  function run(text: string) {
    inFlight.current?.abort();
    const id = ++sequence.current;
    if (text.trim() === '') {
      inFlight.current = null;
      dispatch({ type: 'reset', id });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    dispatch({ type: 'start', id });
    getBrowserSupabase()
      .then((client) => searchCatalogue(client, text, controller.signal))
      .then(
        (results) => dispatch({ type: 'success', id, query: text, results }),
        (error: unknown) => {
          if (!controller.signal.aborted) console.error('[search] failed:', error);
          dispatch({ type: 'failure', id });
        },
      );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(query);
  }

  const titleId = `${ids}-title`;
  const hintId = `${ids}-hint`;
  const inputId = `${ids}-input`;

  return (
    <dialog
      {...dialogProps}
      className="search-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={hintId}
    >
      <div className="search-panel">
        <div className="search-head">
          <h2 id={titleId}>Search {productName}</h2>
          <button type="button" className="search-close" aria-label="Close search" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p id={hintId} className="search-hint">
          Enter keywords to find events, programs, or services.
        </p>
        <form className="search-form" role="search" onSubmit={submit}>
          <label htmlFor={inputId} className="search-sr-only">
            Search keywords
          </label>
          <input
            ref={input}
            id={inputId}
            type="text"
            value={query}
            placeholder="Search..."
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              setQuery(event.target.value);
              if (event.target.value.trim() === '' && state.status !== 'idle') run('');
            }}
          />
          <button type="submit" className="search-submit">
            Search
          </button>
        </form>
        <div className="search-status" role="status">
          {state.status === 'loading' ? (
            <>
              <span className="search-spinner" aria-hidden="true" />
              Searching…
            </>
          ) : null}
          {state.status === 'results' && state.groups.length === 0 ? <p>{NO_RESULTS}</p> : null}
          {state.status === 'results' && state.groups.length > 0 ? (
            <span className="search-sr-only">{foundText(state.groups)}</span>
          ) : null}
        </div>
        {state.status === 'error' ? (
          <p className="search-error" role="alert">
            {SEARCH_FAILED}
          </p>
        ) : null}
        {state.status === 'results' && state.groups.length > 0 ? (
          <div className="search-results">
            {state.groups.map((group) => (
              <section key={group.key} aria-labelledby={`${ids}-${group.key}`}>
                <h3 id={`${ids}-${group.key}`}>{group.heading}</h3>
                {group.more ? (
                  <p className="search-group-count">
                    Showing {group.items.length} of {group.total} matches.
                  </p>
                ) : null}
                <ul>
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <Link to={item.href} onClick={onClose}>
                        {item.title}
                      </Link>
                      <p>{item.detail}</p>
                    </li>
                  ))}
                </ul>
                {group.more ? (
                  <p className="search-group-more">
                    <Link to={group.more.href} onClick={onClose}>
                      {group.more.label}
                    </Link>
                  </p>
                ) : null}
              </section>
            ))}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
