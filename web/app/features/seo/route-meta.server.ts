/** What the root and the CMS page routes put in <head>: composed from the builders beside this file. */
import type { MetaDescriptor } from 'react-router';
import { breadcrumbJsonLd, courseJsonLd, organizationJsonLd, type CourseSource } from './json-ld.server';
import { breadcrumbTrail, type MenuForCrumbs } from './breadcrumbs.server';
import { mergeMeta, pageMeta, pageTitle } from './meta.server';
import type { SeoFields, SeoSettings } from './types';

/** Every page: the site-wide title and description (pages override them) and the Organization. */
export function rootMeta(settings: SeoSettings, siteUrl: string): MetaDescriptor[] {
  const defaults = settings.defaultSeo;
  return [
    { title: defaults?.title || settings.instituteName },
    { name: 'description', content: defaults?.description || settings.tagline || '' },
    { property: 'og:site_name', content: settings.instituteName },
    { 'script:ld+json': organizationJsonLd(settings, siteUrl) },
  ];
}

/** The maintenance page (503 or preview): never indexed. */
export function maintenanceMeta(instituteName: string): MetaDescriptor[] {
  return [{ title: pageTitle('Under Maintenance', instituteName) }, { name: 'robots', content: 'noindex' }];
}

/** A CMS document as the page loaders return it. */
export interface MetaDocument {
  title: string;
  path: string;
  seo?: SeoFields | null;
  summary?: string | null;
}

export interface DocumentMetaInput {
  document: MetaDocument;
  settings: SeoSettings;
  siteUrl: string;
  menu?: MenuForCrumbs;
  parent: readonly MetaDescriptor[];
}

/** A CMS page: its tags and BreadcrumbList over the root's Organization. */
export function documentMeta({ document, settings, siteUrl, menu, parent }: DocumentMetaInput): MetaDescriptor[] {
  const own = pageMeta({
    settings,
    siteUrl,
    path: document.path,
    title: document.title,
    summary: document.summary,
    seo: document.seo,
  });
  const crumbs = breadcrumbTrail(document.path, document.title, menu);
  return mergeMeta(parent, [...own, { 'script:ld+json': breadcrumbJsonLd(crumbs, siteUrl) }]);
}

/** An unknown path: a clear title, and no indexing of the error page. */
export function notFoundMeta(instituteName: string, parent: readonly MetaDescriptor[]): MetaDescriptor[] {
  return mergeMeta(parent, [
    { title: pageTitle('Page not found', instituteName) },
    { name: 'robots', content: 'noindex' },
  ]);
}

export interface ProgramMetaInput {
  program: CourseSource & { title: string; description: string; path: string };
  settings: SeoSettings;
  siteUrl: string;
  menu?: MenuForCrumbs;
  parent: readonly MetaDescriptor[];
}

/** A program's page (/training/<slug>): its tags, BreadcrumbList and Course with its intakes. */
export function programMeta({ program, settings, siteUrl, menu, parent }: ProgramMetaInput): MetaDescriptor[] {
  const tags = documentMeta({
    document: { title: program.title, path: program.path, summary: program.description },
    settings,
    siteUrl,
    menu,
    parent,
  });
  const context = { siteUrl, instituteName: settings.instituteName };
  return [...tags, { 'script:ld+json': courseJsonLd(program, context) }];
}

export interface ScreenMetaInput {
  title: string;
  path: string;
  description: string;
  settings: SeoSettings;
  siteUrl: string;
  parent: readonly MetaDescriptor[];
}

/**
 * A public screen of the app's own (the cart, the checkout): the same for every visitor until
 * their browser fills it in, so indexable like a CMS page, with its own description and canonical.
 */
export function appScreenMeta({
  title,
  path,
  description,
  settings,
  siteUrl,
  parent,
}: ScreenMetaInput): MetaDescriptor[] {
  return mergeMeta(parent, pageMeta({ settings, siteUrl, path, title, summary: description }));
}

/** Screens that carry one visitor's data (an order, a registration, a sign-up): never indexed. */
export function privateScreenMeta(
  title: string,
  instituteName: string,
  parent: readonly MetaDescriptor[],
): MetaDescriptor[] {
  return mergeMeta(parent, [{ title: pageTitle(title, instituteName) }, { name: 'robots', content: 'noindex' }]);
}
