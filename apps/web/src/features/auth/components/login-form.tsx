import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { PasswordInput } from '@scrapper/ui/password-input';
import { TextInput } from '@scrapper/ui/text-input';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSessionStore } from '@/stores/use-session-store.ts';
import type * as LoginApi from '../api/login.ts';
import { loginErrorMessage } from '../utils/login-error-message.ts';
import './auth.css';

interface FieldErrors {
  username?: string;
  password?: string;
}

export interface LoginFormProps {
  /** Called after the session is stored; the route decides where to go. */
  onSuccess: () => void;
}

/**
 * The login call and the body's schema (the API client, zod and the auth contract) load when
 * the form is first touched, not with the page: the login screen shows without them.
 */
const LOAD_FAILED_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.';
let loginModule: Promise<typeof LoginApi> | undefined;
function loadLogin() {
  loginModule ??= import('../api/login.ts').catch((error: unknown) => {
    loginModule = undefined;
    throw error;
  });
  return loginModule;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    let auth: Awaited<ReturnType<typeof loadLogin>>;
    try {
      auth = await loadLogin();
    } catch {
      setFormError(LOAD_FAILED_MESSAGE);
      return;
    }
    const parsed = auth.LoginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) {
          errors[field] = issue.message;
        }
      }
      setFieldErrors(errors);
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const { token, user } = await auth.login(parsed.data);
      useSessionStore.getState().login(token, user);
      onSuccess();
    } catch (error) {
      setFormError(loginErrorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <form
      className="login-form"
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void loadLogin().catch(() => undefined)}
      aria-label="Login"
    >
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextInput
        ref={usernameRef}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        error={fieldErrors.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordInput
        ref={passwordRef}
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="primary" block loading={submitting}>
        Login
      </Button>
    </form>
  );
}
