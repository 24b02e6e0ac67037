// What the operator's terminal receives (decision 018): visitors choose their names, e-mails and answers,
// and a terminal obeys escape sequences (colours, cursor moves, window titles, OSC 52 clipboard writes,
// hyperlinks) and control characters. Everything the CLI prints passes through stripControls (text/controls.ts).
export { stripControls } from '../text/controls';

/** JSON for the terminal with its data intact: C1 controls and DEL, which JSON.stringify leaves raw, escaped. */
export function toTerminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
