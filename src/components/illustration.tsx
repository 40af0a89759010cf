/**
 * A decorative illustration (alt="", hidden from assistive technology: the text beside it says
 * everything) from the illustration service, falling back to the bundled default when the
 * service's image does not load. Its box is fixed by width and height, so loading moves nothing.
 */
import { useState } from 'react';
import { config } from '../lib/config.ts';
import { bundledIllustrationUrl, illustrationUrl, type IllustrationName } from '../lib/illustrations.ts';

export interface IllustrationProps {
  name: IllustrationName;
  className?: string;
  /** The service's base address; default the build's VITE_ILLUSTRATIONS_BASE (null: the bundled ones). */
  base?: string | null;
}

export function Illustration({ name, className, base = config.illustrationsBase }: IllustrationProps) {
  const [failed, setFailed] = useState(false);
  const source = failed ? bundledIllustrationUrl(name) : illustrationUrl(name, base);
  return (
    <img
      className={className ? `illustration ${className}` : 'illustration'}
      src={source}
      alt=""
      aria-hidden="true"
      width={160}
      height={120}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
