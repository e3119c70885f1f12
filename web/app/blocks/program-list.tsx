/** Training programs from Supabase (optionally one category, up to a limit), with prices in USD or KES. */
import { JsonLd } from '../features/seo/json-ld-script';
import { useAddToCart } from './add-to-cart';
import { BlockSection } from './block-section';
import { LiveRows } from './live/live-rows';
import { useLiveRows } from './page-context';
import type { BlockProps } from './types';
import './program-list.css';

export function ProgramListBlock({ _key, anchor, heading, intro, category }: BlockProps<'programList'>) {
  const rows = useLiveRows('programList', _key);
  const addToCart = useAddToCart();
  return (
    <BlockSection name="program-list" anchor={anchor} heading={heading} intro={intro}>
      <LiveRows
        rows={rows}
        what="training programs"
        empty={
          <p>
            {category
              ? `There are no open ${category} programs at the moment. `
              : 'There are no open programs at the moment. '}
            Ask us about in-house training, or check back soon for new dates.
          </p>
        }
        error={
          <p>
            <strong>We couldn’t load training programs just now.</strong> Please refresh the page or try again in a few
            minutes.
          </p>
        }
      >
        {(programs) => (
          <>
            <ul className="program-list">
              {programs.map((program) => (
                <li key={program.id} className="program">
                  <p className="program__category">
                    <span className="tag">{program.category}</span>
                  </p>
                  <h3 className="program__title">{program.title}</h3>
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
                  {addToCart ? (
                    <button
                      type="button"
                      className="button button--small program__add"
                      onClick={() => addToCart({ id: program.id, title: program.title, price: program.price.label })}
                    >
                      Add to cart<span className="visually-hidden">: {program.title}</span>
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <JsonLd data={programs.map((program) => program.jsonLd)} />
          </>
        )}
      </LiveRows>
    </BlockSection>
  );
}
