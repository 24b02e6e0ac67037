// Times as the console shows them: the API sends Unix seconds (docs/product.md §10).
const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(seconds: number): string {
  return format.format(new Date(seconds * 1000));
}
