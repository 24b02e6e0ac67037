// Sentences only the server says (decision 048): the web app words them by their code from its catalogs, so they
// are kept apart from the texts it shows itself (messages.ts); only the coded sentences' table
// (`@quackquest/contract/errors`, loaded with the signed-in screens) holds them, never the first screen.
import { UPLOAD_MAX_BYTES } from './constants';

export const serverMessages = {
  checkpointEnded: 'This checkpoint has ended.',
  checkpointCompleted: 'You have already completed this checkpoint.',
  checkpointNotFound: 'Checkpoint not found.',
  imageNotFound: 'Image not found.',
  scanMissing: 'The scanned QR code text is missing.',
  /** A kiosk's rotating code two windows old, or older (decision 083). */
  kioskCodeChanged: "This code has changed since it was shown. Scan the code on the kiosk's screen again.",
  tooManyInvalidScans: 'Too many invalid scans. Please wait a minute and try again.',
  tooManyInvalidCodes: 'Too many invalid codes today. Please try again later.',
  choiceUnknown: ({ choice, choices }: { choice: string; choices: string }) =>
    `"${choice}" is not one of the choices (${choices}).`,
  strNotText: 'The answer must be text.',
  strTooLong: ({ max }: { max: number }) => `The answer can be at most ${max} characters.`,
  /** "10 MB": the limit itself, so the text follows UPLOAD_MAX_BYTES. */
  uploadTooLarge: `The photo is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`,
  uploadEmpty: 'The photo is empty.',
  uploadNotImage: 'This file is not a valid image. Please choose a photo.',
  uploadNotFound: 'This photo was not found. Please upload it again.',
  uploadNotFinished: 'The photo has not finished uploading. Please upload it again.',
  uploadInterrupted: 'The upload was interrupted. Please try again.',
  uploadReplaced: 'This photo was already uploaded and cannot be replaced.',
  uploadNotPhotoCheckpoint: 'This checkpoint does not take a photo.',
  uploadLinkInvalid: 'This upload link is not valid.',
  uploadLinkExpired: 'This upload link has expired. Please try again.',
  uploadLinkType: ({ type }: { type: string }) => `This link takes only ${type} files.`,
  uploadNoSize: 'The photo was sent without its size (Content-Length).',
  uploadSizeMismatch: "The photo's size is not the one its upload link was made for.",
  sessionEnded: 'Your session has ended. Please log in again.',
  /** Any 5xx: never the cause, which is logged. */
  serverError: 'Something went wrong on our side. Please try again.',
  /** The database did not answer in time: a statement, a lock or a free connection (decision 067); a 503. */
  serverBusy: 'The game is very busy right now. Please try again in a moment.',
  /** A body slower than the slowest real connection (http/body-deadline.ts). */
  requestTimeout: 'The request took too long to arrive. Please try again.',
  emailInvalid: 'Please enter a valid email address',
  /** A push subscription at an address that is none of the push services the server sends to (decision 064). */
  pushServiceUnknown: 'This browser cannot receive reminders from us. Try another browser.',
} as const;
