/**
 * /training/<slug>: one training program, server-rendered from Supabase (the program and its
 * upcoming intakes) with its Course JSON-LD; an unknown or unpublished slug is the 404 page.
 */
import { data, isRouteErrorResponse, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { AddToCartButton } from '../blocks/add-to-cart';
import { formatPrice, modeLabel } from '../blocks/live/format';
import { programPath } from '../blocks/live/live-data.server';
import { CATALOGUE_PATH } from '../config/commerce-paths';
import { publicEnv } from '../config/env.server';
import { readIntakes, readProgram } from '../features/catalogue/catalogue.server';
import { earlyBirdIntakeItem, earlyBirdNote, priceThatApplies } from '../features/catalogue/early-bird';
import { ProgramDetails, type ProgramDetailsData } from '../features/catalogue/program-details';
import { notFoundMeta, programMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadNavigation, loadSiteSettings } from '../lib/sanity/site-settings.server';
import { convert, isCurrency } from '../lib/money';
import { unavailable } from '../lib/unavailable.server';
import type { Route } from './+types/program-page';
import { serverReadyLazy } from '../components/ui/server-ready-lazy';

/** Shown only on a 404: its code is not part of every page's JavaScript. */
const NotFound = serverReadyLazy(() => import('../shell/not-found').then((module) => module.NotFound));

/** A slug as training_programs allows it; anything else cannot name a program. */
const slugFormat = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The program's rows cannot be read (the database is down or silent): a 503, not a server error. */
function databaseUnavailable(error: unknown): never {
  throw unavailable('reading a training program failed', error);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const [settings, navigation, program] = await Promise.all([
    loadSiteSettings(),
    loadNavigation(),
    slugFormat.test(slug) && slug.length <= 200 ? readProgram(slug).catch(databaseUnavailable) : null,
  ]);
  const { siteUrl } = publicEnv();
  const parent = rootMeta(settings, siteUrl);
  if (!program) throw data({ meta: notFoundMeta(settings.instituteName, parent) }, { status: 404 });

  const intakes = (await readIntakes([program.id]).catch(databaseUnavailable)).map((row) =>
    earlyBirdIntakeItem(program, row),
  );
  // The price that applies now: an early-bird one says until when, and what it becomes.
  const applied = priceThatApplies(program);
  const { amount, until } = applied;
  const other = isCurrency(program.currency) ? convert(amount, program.currency) : null;
  const details: ProgramDetailsData = {
    title: program.title,
    category: program.category,
    focus: program.focus,
    description: program.description,
    duration: program.duration,
    mode: modeLabel(program.delivery_mode),
    price: formatPrice(amount, program.currency),
    otherPrice: other ? formatPrice(Math.round(other.amount), other.currency) : '',
    priceNote: earlyBirdNote(program, applied),
    currency: program.currency,
    imageUrl: program.image_url ?? null,
    intakes,
  };
  const path = programPath(program.slug);
  return {
    program: details,
    cartProgram: { id: program.id, title: program.title, price: details.price, ...(until ? { until } : {}) },
    meta: programMeta({
      program: {
        ...details,
        path,
        price: { amount, currency: program.currency },
        intakes: intakes.map((intake) => ({
          startDate: intake.startsOn,
          endDate: intake.endsOn,
          online: intake.isOnline,
          venue: intake.venue,
        })),
      },
      settings,
      siteUrl,
      menu: navigation,
      parent,
    }),
  };
}

/** A 503 (lib/unavailable.server.ts) keeps its Retry-After: this route's boundary shows it. */
export const headers: Route.HeadersFunction = ({ errorHeaders, parentHeaders }) => errorHeaders ?? parentHeaders;

export function meta({ data, error }: Route.MetaArgs) {
  if (data) return data.meta;
  if (isRouteErrorResponse(error) && error.status === 404) return (error.data as { meta: Route.MetaDescriptors }).meta;
  return [];
}

export default function ProgramPage() {
  const { program, cartProgram } = useLoaderData<typeof loader>();
  return (
    <ProgramDetails
      program={program}
      catalogueHref={`${CATALOGUE_PATH}#catalogue`}
      addToCart={<AddToCartButton program={cartProgram} className="button program-page__add" />}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <section className="container program-page">
      <h1>We couldn’t load this program just now</h1>
      <p>Please refresh the page or try again in a few minutes.</p>
    </section>
  );
}
