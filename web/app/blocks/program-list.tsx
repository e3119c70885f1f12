/**
 * Training programs from Supabase (optionally one category, up to a limit), with prices in USD or
 * KES, each linking to its page and with Add to cart. On the catalogue page (/training) the list
 * follows the URL's filter (`?q=`, `?category=`) and shows the filter form above it.
 */
import { Suspense } from 'react';
import { Await, Link, useLocation } from 'react-router';
import { CatalogueFilters } from '../features/catalogue/catalogue-filters';
import { filterSummary, isFiltered, noMatches, type CatalogueFilter } from '../features/catalogue/catalogue-filter';
import { JsonLd } from '../features/seo/json-ld-script';
import { AddToCartButton } from './add-to-cart';
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import type { CatalogueState, LiveResult, ProgramItem } from './live/types';
import { useCatalogue, useLiveRows } from './page-context';
import { itemHeading, type BlockProps } from './types';
import './program-list.css';

/** The filter form; its category choices stream in (until then it offers the chosen one). */
function Filters({ catalogue }: { catalogue: CatalogueState }) {
  const known = catalogue.filter.category ? [catalogue.filter.category] : [];
  const form = (categories: readonly string[]) => (
    <CatalogueFilters filter={catalogue.filter} categories={categories} />
  );
  return (
    <Suspense fallback={form(known)}>
      <Await resolve={catalogue.categories} errorElement={form(known)}>
        {(result: LiveResult<string[]>) => form('failed' in result ? known : result.rows)}
      </Await>
    </Suspense>
  );
}

function EmptyMessage({
  category,
  filter,
}: {
  category: string | null | undefined;
  filter: CatalogueFilter | undefined;
}) {
  const { pathname } = useLocation();
  if (filter && isFiltered(filter))
    return (
      <p>
        {noMatches(filter)} Try other words or another category, or{' '}
        <Link to={pathname} preventScrollReset>
          see every program
        </Link>
        .
      </p>
    );
  return (
    <p>
      {category
        ? `There are no open ${category} programs at the moment. `
        : 'There are no open programs at the moment. '}
      Ask us about in-house training, or check back soon for new dates.
    </p>
  );
}

function ProgramCard({ program, heading: Heading }: { program: ProgramItem; heading: 'h2' | 'h3' }) {
  return (
    <li className="program">
      <p className="program__category">
        <span className="tag">{program.category}</span>
      </p>
      <Heading className="program__title">
        <Link to={program.href}>{program.title}</Link>
      </Heading>
      <p className="program__focus">{program.focus}</p>
      <p className="program__description">{program.description}</p>
      <dl className="program__facts">
        <div>
          <dt>Duration</dt>
          <dd>{program.duration}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{program.mode}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd className="program__price" data-currency={program.price.currency}>
            {program.price.label}
          </dd>
        </div>
      </dl>
      <AddToCartButton
        program={{ id: program.id, title: program.title, price: program.price.label }}
        className="button button--small program__add"
      />
    </li>
  );
}

export function ProgramListBlock({ _key, anchor, heading, intro, category }: BlockProps<'programList'>) {
  const rows = useLiveRows('programList', _key);
  const catalogue = useCatalogue(_key);
  const filter = catalogue?.filter;
  const titleTag = itemHeading(heading);
  return (
    <BlockSection name="program-list" anchor={anchor} heading={heading} intro={intro}>
      {catalogue ? <Filters catalogue={catalogue} /> : null}
      <LiveRows
        rows={rows}
        what="training programs"
        empty={<EmptyMessage category={category} filter={filter} />}
        error={
          <p>
            <strong>We couldn’t load training programs just now.</strong> Please refresh the page or try again in a few
            minutes.
          </p>
        }
      >
        {(programs) => (
          <>
            {filter && isFiltered(filter) ? (
              <p className="catalogue-summary" role="status">
                {filterSummary(filter, programs.length)}
              </p>
            ) : null}
            <ul className="program-list">
              {programs.map((program) => (
                <ProgramCard key={program.id} program={program} heading={titleTag} />
              ))}
            </ul>
            <JsonLd data={programs.map((program) => program.jsonLd)} />
          </>
        )}
      </LiveRows>
    </BlockSection>
  );
}
