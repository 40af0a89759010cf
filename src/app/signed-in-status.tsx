/**
 * The header's Sign out. Loaded only when a client is signed in, so anonymous visitors (most of
 * them) do not download the sign-out mutation.
 */
import { SignOutButton } from '../features/client/components/sign-out-button.tsx';

export default function SignedInStatus() {
  return <SignOutButton className="button button--secondary button--small" />;
}
