// A kiosk's rotating code scanned after it changed (decision 083): the server counts it as an invalid scan and says
// so (AttemptResult.codeChanged); the visitor is told to scan the kiosk's screen again, not that the code is wrong.
import { said } from '@quackquest/contract/errors';
import { apiLanguage } from './api-client';

export const codeChangedText = (): string => apiLanguage.refusalText(said('kioskCodeChanged'));
