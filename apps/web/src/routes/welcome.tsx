// / (docs/product.md §2.2): welcome and sign-in, and where an e-mail sign-in link lands.
import { LanguagePicker } from '../components/language-picker';
import { EmailLinkSignIn } from '../features/auth/email-link-sign-in';
import { TermsButton } from '../features/auth/terms';
import { useGoToSignup } from '../features/auth/use-sign-in';
import { WelcomeDescription, WelcomeHero } from '../features/auth/welcome-hero';
import { WelcomeSignIn } from '../features/auth/welcome-sign-in';
import { WelcomeSignedIn } from '../features/auth/welcome-signed-in';
import { WelcomeVideo } from '../features/auth/welcome-video';
import { useCampaignAnswered } from '../lib/campaign-api';
import { paths } from '../lib/paths';
import { isAuthenticated } from '../lib/storage';
import '../features/auth/auth.css';

export default function WelcomeRoute() {
  useCampaignAnswered();
  const signedIn = isAuthenticated();
  const goToSignup = useGoToSignup();
  return (
    <main className="screen welcome">
      <WelcomeVideo />
      <div className="welcome__shade" aria-hidden="true" />
      <div className="welcome__content">
        <LanguagePicker className="welcome__language" />
        <WelcomeHero prizeLink={signedIn ? paths.rewards : paths.signup} />
        {signedIn ? <WelcomeSignedIn /> : <WelcomeSignIn />}
        <WelcomeDescription />
        <TermsButton className="welcome__terms" />
      </div>
      <EmailLinkSignIn onNotFound={goToSignup} />
    </main>
  );
}
