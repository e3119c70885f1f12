/**
 * A training program's own page: what it covers, its facts (duration, delivery, the fee in its
 * currency with the other one beside it) and its upcoming intakes with seats left. The Add to
 * cart control comes from above (the route composes it).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IntakeItem } from './intake-item';
import './program-details.css';

export interface ProgramDetailsData {
  title: string;
  category: string;
  focus: string;
  description: string;
  duration: string;
  mode: string;
  /** "USD 1,250". */
  price: string;
  /** "KES 161,450": the fee at 129.16 KES per USD. */
  otherPrice: string;
  /** "Early-bird price until 1 Feb 2027, 23:59 EAT, then USD 1,250", or empty. */
  priceNote: string;
  currency: string;
  /** The program's picture (an https URL or a site path), or null. */
  imageUrl: string | null;
  intakes: IntakeItem[];
}

interface Props {
  program: ProgramDetailsData;
  catalogueHref: string;
  addToCart: ReactNode;
}

export function ProgramDetails({ program, catalogueHref, addToCart }: Props) {
  const open = program.intakes.filter((intake) => intake.seatsLeft > 0);
  return (
    <article className="program-page container">
      <p className="program-page__back">
        <Link to={catalogueHref}>All training programs</Link>
      </p>
      <header className="program-page__header">
        <p className="program-page__category">
          <span className="tag">{program.category}</span>
        </p>
        <h1>{program.title}</h1>
        <p className="program-page__focus">{program.focus}</p>
      </header>
      <div className="program-page__body">
        <div className="program-page__text">
          {program.imageUrl ? (
            <img
              className="program-page__image"
              src={program.imageUrl}
              alt={program.title}
              width={960}
              height={540}
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <p>{program.description}</p>
          <section aria-labelledby="intakes-heading" className="program-page__intakes">
            <h2 id="intakes-heading">Upcoming intakes</h2>
            {program.intakes.length > 0 ? (
              <ul className="intake-list">
                {program.intakes.map((intake) => (
                  <li key={intake.id} className="intake" data-full={intake.seatsLeft <= 0 || undefined}>
                    {/* The commas keep the three apart when read aloud; the grid shows them apart. */}
                    <span className="intake__dates">{intake.dates}</span>
                    <span className="visually-hidden">, </span>
                    <span className="intake__place">{intake.place}</span>
                    <span className="visually-hidden">, </span>
                    <span className="intake__seats">{intake.seats}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {open.length === 0 ? (
              <p>
                No open dates are scheduled yet. Book now and choose “next available intake” at checkout: we will
                confirm your dates as soon as the next run is set.
              </p>
            ) : (
              <p className="program-page__hint">You choose the intake for each program at checkout.</p>
            )}
          </section>
        </div>
        <aside className="program-page__summary" aria-label="Fee and booking">
          <dl className="program-page__facts">
            <div>
              <dt>Duration</dt>
              <dd>{program.duration}</dd>
            </div>
            <div>
              <dt>Delivery</dt>
              <dd>{program.mode}</dd>
            </div>
            <div>
              <dt>Fee per participant</dt>
              <dd className="program-page__price" data-currency={program.currency}>
                {program.price} <span className="program-page__other-price">about {program.otherPrice}</span>
                {program.priceNote && <span className="program-page__early-bird">{program.priceNote}</span>}
              </dd>
            </div>
          </dl>
          {addToCart}
        </aside>
      </div>
    </article>
  );
}
