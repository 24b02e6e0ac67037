// What the scan popup and the typed-code form say (docs/product.md §2.7, §5.4; decision 029).
// The English words are in src/locales/en/game.po under scan.<name> (decision 037).
import '../../lib/game-texts';
import { catalogTexts } from '../../lib/i18n';

export const scanTexts = catalogTexts('scan', [
  'valid',
  'invalid',
  'starting',
  'preparing',
  'scanning',
  'checking',
  'typeInstead',
]);
