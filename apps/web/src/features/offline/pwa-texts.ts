// Every text the installable, offline app shows a visitor (decision 035), in one place to translate.
export const pwaTexts = {
  /** Over a screen showing the visitor's last saved answers while the network is gone. */
  offlineSavedAt: (when: string) => `Offline — showing what you saw at ${when}`,
  /** Over a screen that has nothing saved yet on this phone. */
  offlineNothingSaved: 'Offline — this screen will load when you are back online.',
  installTitle: 'Keep QuackQuest on your phone',
  installText: 'Add it to your home screen: it opens like an app, even where the signal is weak.',
  installButton: 'Install',
  installDismiss: 'Not now',
} as const;
