/**
 * JSON-LD for data only a block knows (the Supabase rows it lists): drop
 * `<CourseJsonLd programs={rows} />` or `<EventJsonLd events={rows} />` next to the rendered rows.
 * Page-level JSON-LD (Organization, BreadcrumbList) goes through the routes' `meta` instead.
 */
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';
import {
  courseJsonLd,
  eventJsonLd,
  serializeJsonLd,
  type CourseSource,
  type EventSource,
  type JsonLd as JsonLdData,
  type JsonLdContext,
} from './json-ld';

export function JsonLd({ data }: { data: JsonLdData | readonly JsonLdData[] }) {
  if (Array.isArray(data) && data.length === 0) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/** The site's origin and name, from the root loader. */
export function useJsonLdContext(): JsonLdContext | undefined {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return root ? { siteUrl: root.env.siteUrl, instituteName: root.settings.instituteName } : undefined;
}

/** One Course per training program shown. */
export function CourseJsonLd({ programs }: { programs: readonly CourseSource[] }) {
  const context = useJsonLdContext();
  return context ? <JsonLd data={programs.map((program) => courseJsonLd(program, context))} /> : null;
}

/** One Event per event shown. */
export function EventJsonLd({ events }: { events: readonly EventSource[] }) {
  const context = useJsonLdContext();
  return context ? <JsonLd data={events.map((event) => eventJsonLd(event, context))} /> : null;
}
