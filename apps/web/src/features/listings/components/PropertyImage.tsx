import type { PropertyImage as Image } from '@baan/contract';
import { useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../lib/format';

type Props = {
  image: Image | undefined;
  alt: string;
  sizes: string;
  className?: string;
  /** The first visible photo of a page loads eagerly, at high priority; others wait until scrolled near. */
  isEager?: boolean;
};

/** A listing photo: responsive WebP srcset with its size set (no layout shift), placeholder on failure. */
export function PropertyImage({ image, alt, sizes, className, isEager = false }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!image || failedSrc === image.image_path) {
    return <img src={PLACEHOLDER_IMAGE} alt={alt} width={640} height={427} className={className} />;
  }
  return (
    <img
      src={image.image_path}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={isEager ? 'eager' : 'lazy'}
      // The eager photo is usually the page's largest paint (the detail page's HTML preloads it the same way).
      fetchPriority={isEager ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={() => setFailedSrc(image.image_path)}
    />
  );
}
