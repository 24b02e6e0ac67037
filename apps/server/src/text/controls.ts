// Text that visitors wrote, made safe to show (decision 018): visitors choose their names, e-mails and answers,
// and a terminal (or a spreadsheet opening a CSV) obeys escape sequences (colours, cursor moves, window titles,
// OSC 52 clipboard writes, hyperlinks) and control characters. Everything the CLI prints (ops/terminal.ts) and
// every CSV cell (text/csv.ts) passes through stripControls.

/** ANSI escape sequences, whole, so that no "[31m" residue is left: CSI, OSC, DCS/SOS/PM/APC, 2-byte ESC. */
const ESCAPE_SEQUENCES = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]', // CSI: colours, cursor, erase
    '\\u009b[0-?]*[ -/]*[@-~]', // CSI in its 8-bit form
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d-\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?', // OSC, DCS, SOS, PM, APC
    '\\u001b[ -/]*[0-~]', // any other ESC sequence
  ].join('|'),
  'g',
);

/** C0 controls except tab and line feed, DEL, C1 controls; a carriage return is kept only before a line feed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/** The text without escape sequences or control characters; tabs, line breaks and CRLF are kept. */
export function stripControls(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '');
}
