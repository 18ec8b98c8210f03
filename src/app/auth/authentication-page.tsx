import { messages } from '@/domain/messages';
import { AuthLayout } from '@/app/auth/auth-layout';
import { LoginPage, type LoginAction } from '@/app/auth/login-page';
import { LogoutPage, type LogoutAction } from '@/app/auth/logout-page';

const loginActions: readonly string[] = [
  'login',
  'login-callback',
  'login-failed',
] satisfies LoginAction[];
const logoutActions: readonly string[] = [
  'logout',
  'logout-callback',
  'logged-out',
] satisfies LogoutAction[];

function isLoginAction(action: string): action is LoginAction {
  return loginActions.includes(action);
}
function isLogoutAction(action: string): action is LogoutAction {
  return logoutActions.includes(action);
}

/** /authentication/:action — dispatches to sign-in or sign-out handling; anything else is 'Invalid action'. */
export function AuthenticationPage({ action }: { readonly action: string }) {
  if (isLoginAction(action)) return <LoginPage key={action} action={action} />;
  if (isLogoutAction(action)) return <LogoutPage key={action} action={action} />;
  return <AuthLayout title="Sign in" error={messages.invalidAction} />;
}
