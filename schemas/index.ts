/** Every schema type of the studio: documents, reusable objects and the page-builder blocks. */
import { page } from './documents/page.ts';
import { service } from './documents/service.ts';
import { trainingModel } from './documents/training-model.ts';
import { siteSettings } from './documents/site-settings.ts';
import { navigation } from './documents/navigation.ts';
import { redirect } from './documents/redirect.ts';
import { galleryAlbum } from './documents/gallery-album.ts';
import { seo } from './objects/seo.ts';
import { link } from './objects/link.ts';
import { navItem } from './objects/nav-item.ts';
import { portableText } from './objects/portable-text.ts';
import { blockTypes } from './blocks/index.ts';

export const documentTypes = [page, service, trainingModel, siteSettings, navigation, redirect, galleryAlbum];

/** Documents with exactly one instance, whose `_id` equals the type name. */
export const singletonTypes = new Set<string>(['siteSettings', 'navigation']);

export const schemaTypes = [...documentTypes, seo, link, navItem, portableText, ...blockTypes];
