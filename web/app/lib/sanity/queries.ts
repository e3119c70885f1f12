/**
 * GROQ queries of the website, written with defineQuery so `npm run typegen` types their results.
 * Fragments are `as const` and pathOf is generic, so each query's TYPE is its exact text: the key
 * under which typegen registers its result (SanityQueries), which is how fetchContent types it.
 */
import { defineQuery } from 'groq';

/**
 * The public path of a routable document: `prefix` is '' for the current document or a dereference
 * such as 'internal->'. Mirrors pathForDocument in app/config/routes-table.ts (schemas/README.md).
 */
const pathOf = <const Prefix extends string>(prefix: Prefix) =>
  `select(
  ${prefix}_type == "page" && ${prefix}slug.current == "home" => "/",
  ${prefix}_type == "page" => "/" + ${prefix}slug.current,
  ${prefix}_type == "service" => "/services/" + ${prefix}slug.current,
  ${prefix}_type == "trainingModel" && ${prefix}slug.current == "training-model" => "/training-model",
  ${prefix}_type == "trainingModel" => "/training-model/" + ${prefix}slug.current
)` as const;

/** An image with its asset's URL, size and blur placeholder. */
const IMAGE = `{
  alt,
  caption,
  hotspot,
  crop,
  "asset": asset->{
    _id,
    url,
    "width": metadata.dimensions.width,
    "height": metadata.dimensions.height,
    "lqip": metadata.lqip
  }
}`;

/** A link resolved to its label and href (internal links follow the target's current slug). */
const LINK_FIELDS = `
  kind,
  "label": coalesce(label, internal->title),
  "href": select(kind == "internal" => ${pathOf('internal->')}, href)
` as const;
const LINK = `{ ${LINK_FIELDS} }` as const;

/** Portable Text with internal links resolved to hrefs and inline images resolved. */
const PORTABLE_TEXT = `{
  ...,
  markDefs[]{
    ...,
    _type == "internalLink" => { "href": ${pathOf('reference->')} }
  },
  _type == "image" => ${IMAGE}
}` as const;

const SEO = `{ title, description, noIndex, shareImage ${IMAGE} }` as const;

/** Every block with references, links and images resolved. */
const PAGE_BUILDER = `{
  ...,
  _type == "hero" => { image ${IMAGE}, actions[]{ _key, ${LINK_FIELDS} } },
  _type == "richText" => { body[] ${PORTABLE_TEXT} },
  _type == "cardGrid" => { cards[]{ ..., image ${IMAGE}, link ${LINK} } },
  _type == "callToAction" => { action ${LINK} },
  _type == "logoCloud" => { logos[]{ ..., image ${IMAGE} } },
  _type == "faq" => { items[]{ ..., answer[] ${PORTABLE_TEXT} } },
  _type == "imageText" => { body[] ${PORTABLE_TEXT}, image ${IMAGE} },
  _type == "imageGallery" => {
    albums[]->{ _id, title, "slug": slug.current, date, description, images[] ${IMAGE} }
  }
}` as const;

const ROUTABLE_FIELDS = `
  _id,
  _type,
  title,
  "slug": slug.current,
  "path": ${pathOf('')},
  seo ${SEO},
  pageBuilder[] ${PAGE_BUILDER}
` as const;

export const PAGE_QUERY = defineQuery(`*[_type == "page" && slug.current == $slug][0]{ ${ROUTABLE_FIELDS} }`);

export const SERVICE_QUERY = defineQuery(
  `*[_type == "service" && slug.current == $slug][0]{ ${ROUTABLE_FIELDS}, summary }`,
);

export const TRAINING_MODEL_QUERY = defineQuery(
  `*[_type == "trainingModel" && slug.current == $slug][0]{ ${ROUTABLE_FIELDS}, summary }`,
);

export const SITE_SETTINGS_QUERY = defineQuery(`*[_id == "siteSettings"][0]{
  instituteName,
  tagline,
  logo ${IMAGE},
  phone,
  email,
  address,
  openingHours[]{ _key, days, hours, closed },
  socialLinks[]{ _key, platform, url },
  footerLinkGroups[]{ _key, title, links[]{ _key, ${LINK_FIELDS} } },
  newsletter,
  maintenance,
  defaultSeo ${SEO}
}`);

/** What the checkout and the order confirmation tell customers about paying (not on every page: only there). */
export const PAYMENT_SETTINGS_QUERY = defineQuery(`*[_id == "siteSettings"][0].payments{
  mpesaPaybill,
  bankAccounts[]{ _key, currency, bankName, branch, accountName, accountNumber, swiftCode }
}`);

export const NAVIGATION_QUERY = defineQuery(`*[_id == "navigation"][0]{
  mainMenu[]{
    _key,
    label,
    link ${LINK},
    children[]{ _key, label, link ${LINK} }
  }
}`);

export const REDIRECTS_QUERY = defineQuery(
  `*[_type == "redirect" && defined(source) && defined(destination)] | order(source asc){ source, destination, permanent }`,
);

/** Every routable document with its public path, for the sitemap and route checks. */
export const ROUTABLE_DOCUMENTS_QUERY = defineQuery(
  `*[_type in ["page", "service", "trainingModel"] && defined(slug.current)] | order(_type asc, slug.current asc){
    _type,
    "slug": slug.current,
    "path": ${pathOf('')},
    _updatedAt,
    "noIndex": seo.noIndex == true
  }`,
);
