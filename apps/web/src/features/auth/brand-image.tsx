// A picture from /brand that may not exist yet: when it fails, its fallback stands in.
import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

export function BrandImage({ fallback = null, ...image }: ImgHTMLAttributes<HTMLImageElement> & { fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return <img {...image} onError={() => setFailed(true)} />;
}
