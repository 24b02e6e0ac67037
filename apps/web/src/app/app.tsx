import { BrowserRouter } from 'react-router';
import { AlertProvider } from '../components/alert';
import { useLocale } from '../lib/i18n';
import { AppRoutes } from './routes';

export function App() {
  // A new language renders every screen again, in it (decision 037).
  const locale = useLocale();
  return (
    <BrowserRouter>
      <AlertProvider key={locale}>
        <AppRoutes />
      </AlertProvider>
    </BrowserRouter>
  );
}
