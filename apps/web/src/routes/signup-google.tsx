// /signup-google (docs/product.md §2.4): finish the profile after Google sign-in.
import { useScreens } from '../lib/campaign-api';
import { BackButton } from '../components/back-button';
import { ProviderSignup } from '../features/auth/provider-signup';
import { paths } from '../lib/paths';
import '../features/auth/auth.css';
import { use } from 'react';
import { signupTextsLoaded } from '../features/auth/signup-texts';
import { t } from '../lib/i18n';

export default function SignupGoogleRoute() {
  // The form's texts in the visitor's language (decision 037).
  use(signupTextsLoaded);
  return (
    <main className="screen auth-screen">
      <div className="screen__top">
        <BackButton to={paths.signup} />
        <h1 className="title title--small">{useScreens()?.signupGoogleTitle}</h1>
      </div>
      <p className="auth-screen__lead">{t('signup.tellUsMore')}</p>
      <ProviderSignup />
    </main>
  );
}
