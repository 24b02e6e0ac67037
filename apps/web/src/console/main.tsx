// The operator console's entry (console.html, docs/product.md §15): its own bundle, so nothing of it loads
// on the visitor app's first screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';
import '../styles.css';
import './console.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
