import { BrowserRouter } from 'react-router';
import { AlertProvider } from '../components/alert';
import { AppRoutes } from './routes';

export function App() {
  return (
    <BrowserRouter>
      <AlertProvider>
        <AppRoutes />
      </AlertProvider>
    </BrowserRouter>
  );
}
