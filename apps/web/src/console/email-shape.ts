// What the console's e-mail fields accept before asking the server (which checks again): something@domain.tld.
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
