// /signup (docs/product.md §2.3): the sign-up form, and where a sign-up link lands.
import { BackButton } from '../components/back-button';
import { EmailSignup } from '../features/auth/email-signup';
import { SignupIntro } from '../features/auth/signup-intro';
import { paths } from '../lib/paths';
import { use } from 'react';
import '../features/auth/auth.css';
import { signupTextsLoaded } from '../features/auth/signup-texts';

export default function SignupRoute() {
  // The form's texts in the visitor's language (decision 037).
  use(signupTextsLoaded);
  return (
    <main className="screen auth-screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
      </div>
      <SignupIntro />
      <EmailSignup />
    </main>
  );
}
