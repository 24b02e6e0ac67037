// What the scan popup and the typed-code form say (docs/product.md §2.7, §5.4; decision 029).
export const scanTexts = {
  valid: 'Valid QR Code',
  invalid: 'Invalid QR code',
  starting: 'Starting camera...',
  scanning: 'Point your camera at the QR code.',
  checking: 'Checking...',
  typeInstead: 'Type the code instead',
} as const;
