/**
 * Training programs from Supabase (optionally one category, up to a limit), with prices in USD or
 * KES, each linking to its page and with Add to cart. On the catalogue page (/training) the list
 * follows the URL's filter (`?q=`, `?category=`) and shows the filter form above it.
 */
import { Link, useLocation } from 'react-router';
import {
  filterSearch,
  filterSummary,
  isFiltered,
  noMatches,
  type CatalogueFilter,
} from '../features/catalogue/catalogue-filter';
import { JsonLd } from '../features/seo/json-ld-script';
import { AddToCartButton } from './add-to-cart';
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import type { CatalogueState, ProgramItem } from './live/types';
import { useCatalogue, useLiveRows } from './page-context';
import { CatalogueFiltersPart, preloadFilters } from './server-parts';
import { itemHeading, type BlockProps } from './types';

/** The filter form, its action the catalogue's path and the list's anchor. */
function Filters({ catalogue, anchor }: { catalogue: CatalogueState; anchor: string | null | undefined }) {
  const { pathname } = useLocation();
  const action = anchor ? `${pathname}#${anchor}` : pathname;
  // Keyed by the filter: a new filter (a client-side navigation) mounts a form showing it.
  return (
    <CatalogueFiltersPart
      key={filterSearch(catalogue.filter)}
      filter={catalogue.filter}
      categories={catalogue.categories}
      action={action}
    />
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
          see every programme
        </Link>
        .
      </p>
    );
  return (
    <p>
      {category
        ? `There are no open ${category} programmes at the moment. `
        : 'There are no open programmes at the moment. '}
      Ask us about in-house training, or check back soon for new dates.
    </p>
  );
}

function ProgramCard({ program, heading: Heading }: { program: ProgramItem; heading: 'h2' | 'h3' }) {
  return (
    <li className="program">
      {program.imageUrl ? (
        <img
          className="program__image"
          src={program.imageUrl}
          alt={program.title}
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
        />
      ) : null}
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
            {program.price.note && <span className="program__early-bird">{program.price.note}</span>}
          </dd>
        </div>
      </dl>
      <AddToCartButton
        program={{ id: program.id, title: program.title, price: program.price.label, until: program.price.until }}
        className="button button--small program__add"
      />
    </li>
  );
}

function ProgramList({ _key, anchor, heading, intro, category }: BlockProps<'programList'>) {
  const rows = useLiveRows('programList', _key);
  const catalogue = useCatalogue(_key);
  const filter = catalogue?.filter;
  const titleTag = itemHeading(heading);
  return (
    <BlockSection blockKey={_key} name="program-list" anchor={anchor} heading={heading} intro={intro}>
      {catalogue ? <Filters catalogue={catalogue} anchor={anchor} /> : null}
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

/** The block; a client-side navigation to a page with it loads the filter form's code ahead. */
export const ProgramListBlock = Object.assign(ProgramList, { preload: preloadFilters });
