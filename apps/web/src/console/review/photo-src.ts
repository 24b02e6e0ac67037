import type { PhotoSize } from '@quackquest/contract/core';

/** A photo's URL in one of its sizes (decision 054): the server's `?size=`. */
export const photoSrc = (photoUrl: string, size: PhotoSize) => `${photoUrl}?size=${size}`;
