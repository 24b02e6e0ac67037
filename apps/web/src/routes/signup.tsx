// /signup (docs/product.md §2.3): the sign-up form, and where a sign-up link lands.
import { BackButton } from '../components/back-button';
import { EmailSignup } from '../features/auth/email-signup';
import { SignupIntro } from '../features/auth/signup-intro';
import { paths } from '../lib/paths';
import '../features/auth/auth.css';

export default function SignupRoute() {
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
