/**
 * A CMS picture: srcset + sizes from Sanity's image API, explicit width and height (no layout
 * shift), lazy unless it is the page's lead image, and the asset's blurred preview behind it.
 */
import { useRootData } from '../../lib/root-data';
import {
  imageConfigOf,
  imageSources,
  type ImageConfig,
  type ImageSourceOptions,
  type SanityImageValue,
} from '../../lib/sanity/image';

/** The image API settings the root loader passes to the browser (project, dataset, API host). */
export function useImageConfig(): ImageConfig | null {
  const env = useRootData()?.env;
  return env ? imageConfigOf(env) : null;
}

type Props = ImageSourceOptions & {
  image: SanityImageValue | null | undefined;
  /** The rendered width at each breakpoint, e.g. "(min-width: 960px) 560px, 100vw". */
  sizes: string;
  /** The page's lead image: loaded at once and first. */
  priority?: boolean;
  /** Show the asset's blurred preview until the picture arrives (off for transparent logos). */
  placeholder?: boolean;
  className?: string;
};

export function SanityImage({ image, sizes, priority = false, placeholder = true, className, ...options }: Props) {
  const config = useImageConfig();
  const sources = config && image ? imageSources(config, image, options) : null;
  if (!image || !sources) return null;
  const lqip = placeholder ? image.asset?.lqip : null;
  return (
    <img
      className={['sanity-image', className].filter(Boolean).join(' ')}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      width={sources.width}
      height={sources.height}
      alt={image.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={lqip ? { backgroundImage: `url("${lqip}")` } : undefined}
    />
  );
}
