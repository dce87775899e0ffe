import { data } from 'react-router';

/** Any path no route knows: the not-found screen with a 404 (rendered by routes/pages.tsx's error boundary). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NoSuchPage() {
  return null;
}
