/** docs/product.md §4: the image id is used only if non-empty and not the words null or undefined. */
export function usableImageId(imgId: string | null | undefined): string | null {
  const id = imgId?.trim();
  if (!id || id === 'null' || id === 'undefined') return null;
  return id;
}
