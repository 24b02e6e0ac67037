// /login (docs/product.md §2.5): Google sign-in, and where the server's Google callback lands.
import { useScreens } from '../lib/campaign-api';
import { BackButton } from '../components/back-button';
import { ProviderSignIn } from '../features/auth/provider-sign-in';
import { paths } from '../lib/paths';
import '../features/auth/auth.css';

export default function LoginRoute() {
  return (
    <main className="screen auth-screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
        <h1 className="title title--small" data-pack>
          {useScreens()?.loginTitle}
        </h1>
      </div>
      <ProviderSignIn />
    </main>
  );
}
